//! The VietQR payload from any account, amount and memo, and the references found in any memo a
//! bank sends back: an error is fine, a panic is not, and a payload must carry its own checksum.
#![no_main]

use domain::payment::{BankAccount, payload, references_in};
use domain::shared::Money;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = references_in(&text);
    let mut parts = text.splitn(4, '\u{1f}');
    let (bin, number, memo) = (
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
    );
    let amount = data
        .iter()
        .fold(0i64, |a, b| a.wrapping_mul(31).wrapping_add(i64::from(*b)));
    let account = BankAccount {
        bin: bin.to_owned(),
        number: number.to_owned(),
        holder: String::new(),
        bank_name: String::new(),
    };
    if let Ok(qr) = payload(&account, Money::vnd(amount), memo) {
        assert!(
            qr.len() > 8 && qr[qr.len() - 8..].starts_with("6304"),
            "{qr}"
        );
    }
});
