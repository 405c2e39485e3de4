//! VNPay's return and IPN parameters, as anyone can send them: first as they come (the signature
//! check must refuse without a panic), then signed with our secret, so the parsing behind the
//! signature check sees hostile values too.
#![no_main]

use adapters::providers::payments::{VnPay, VnPayConfig};
use domain::payment::VnPayGateway;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let vnpay = VnPay::new(VnPayConfig {
        tmn_code: "FUZZ0001".into(),
        hash_secret: "fuzz-secret".into(),
        pay_url: "https://sandbox.invalid/pay".into(),
        return_url: "https://booking.invalid/payment-complete".into(),
        expire_minutes: 15,
    });
    let text = String::from_utf8_lossy(data);
    let params: Vec<(String, String)> = text
        .split('&')
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (k.to_owned(), v.to_owned())
        })
        .collect();
    let _ = vnpay.verify(&params);
    // Signed as VNPay would sign them, so the parsing behind the check sees them too.
    let _ = vnpay.verify(&vnpay.with_signature(&params));
});
