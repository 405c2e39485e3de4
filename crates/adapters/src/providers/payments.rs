//! The payment providers' signatures: VNPay 2.1.0 (HMAC-SHA512 over the sorted, form-encoded
//! `vnp_*` parameters) and the bank's transfer notices (HMAC-SHA256 over the raw body). Secrets
//! come from configuration only.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, Utc};
use domain::payment::{BankFeed, Payment, VnPayError, VnPayGateway, VnPayResult};
use domain::shared::{LocalTime, Money};
use hmac::{Hmac, Mac};
use sha2::{Sha256, Sha512};

#[derive(Debug, Clone)]
pub struct VnPayConfig {
    pub tmn_code: String,
    pub hash_secret: String,
    /// VNPay's payment page, e.g. the sandbox's `https://sandbox.vnpayment.vn/paymentv2/vpcpay.html`.
    pub pay_url: String,
    /// Where VNPay sends the customer back (our `/payment-complete`).
    pub return_url: String,
    /// How long the payment page accepts the payment.
    pub expire_minutes: u32,
}

pub struct VnPay {
    config: VnPayConfig,
}

impl VnPay {
    pub fn new(config: VnPayConfig) -> Self {
        Self { config }
    }

    /// `params` as a signed query string, as VNPay sends them back (for tests and dev tools).
    pub fn signed_query(&self, params: &[(&str, &str)]) -> String {
        let sorted: BTreeMap<&str, &str> = params.iter().copied().collect();
        let query = signed_text(&sorted);
        let hash = self.sign(&query);
        format!("{query}&vnp_SecureHash={hash}")
    }

    /// `params` with the signature VNPay would give them in place of any they carry: the fields
    /// `verify` counts, signed with our secret (for the fuzz target, which must get past the check).
    pub fn with_signature(&self, params: &[(String, String)]) -> Vec<(String, String)> {
        let hash = self.sign(&signed_text(&counted(params)));
        params
            .iter()
            .filter(|(k, _)| k != "vnp_SecureHash")
            .cloned()
            .chain([("vnp_SecureHash".to_owned(), hash)])
            .collect()
    }

    fn sign(&self, data: &str) -> String {
        hex::encode(
            mac512(&self.config.hash_secret, data.as_bytes())
                .finalize()
                .into_bytes(),
        )
    }
}

pub(crate) fn mac512(secret: &str, data: &[u8]) -> Hmac<Sha512> {
    // HMAC takes a key of any length; this cannot fail.
    let mut mac = <Hmac<Sha512> as Mac>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
    mac.update(data);
    mac
}

/// The parameters VNPay's signature covers: every `vnp_` field with a value, but the hash and its
/// type; a field given twice counts with its last value.
fn counted(params: &[(String, String)]) -> BTreeMap<&str, &str> {
    params
        .iter()
        .filter(|(k, v)| {
            k.starts_with("vnp_")
                && k != "vnp_SecureHash"
                && k != "vnp_SecureHashType"
                && !v.is_empty()
        })
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// `k=v&k=v` over the parameters in key order, each form-encoded as VNPay's reference code does
/// (space as `+`). This exact string is what is signed.
fn signed_text(params: &BTreeMap<&str, &str>) -> String {
    params
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                form_urlencoded::byte_serialize(k.as_bytes()).collect::<String>(),
                form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>()
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// `yyyyMMddHHmmss` in GMT+7, as VNPay wants its dates.
pub(crate) fn vnpay_time(at: DateTime<Utc>) -> String {
    LocalTime::of(at).naive().format("%Y%m%d%H%M%S").to_string()
}

impl VnPayGateway for VnPay {
    fn checkout_url(&self, payment: &Payment, client_ip: &str, now: DateTime<Utc>) -> String {
        let amount = (payment.amount.amount() * 100).to_string();
        let created = vnpay_time(now);
        let expires = vnpay_time(now + Duration::minutes(i64::from(self.config.expire_minutes)));
        let info = format!("Thanh toan {}", payment.reference);
        let ip = if client_ip.is_empty() {
            "127.0.0.1"
        } else {
            client_ip
        };
        let params = BTreeMap::from([
            ("vnp_Amount", amount.as_str()),
            ("vnp_Command", "pay"),
            ("vnp_CreateDate", created.as_str()),
            ("vnp_CurrCode", "VND"),
            ("vnp_ExpireDate", expires.as_str()),
            ("vnp_IpAddr", ip),
            ("vnp_Locale", "vn"),
            ("vnp_OrderInfo", info.as_str()),
            ("vnp_OrderType", "other"),
            ("vnp_ReturnUrl", self.config.return_url.as_str()),
            ("vnp_TmnCode", self.config.tmn_code.as_str()),
            ("vnp_TxnRef", payment.id.as_str()),
            ("vnp_Version", "2.1.0"),
        ]);
        let query = signed_text(&params);
        let hash = self.sign(&query);
        format!("{}?{query}&vnp_SecureHash={hash}", self.config.pay_url)
    }

    fn verify(&self, params: &[(String, String)]) -> Result<VnPayResult, VnPayError> {
        let given = params
            .iter()
            .rfind(|(k, _)| k == "vnp_SecureHash")
            .map(|(_, v)| v.as_str());
        let signed = counted(params);
        let given = given
            .and_then(|h| hex::decode(h).ok())
            .ok_or(VnPayError::BadSignature)?;
        mac512(&self.config.hash_secret, signed_text(&signed).as_bytes())
            .verify_slice(&given)
            .map_err(|_| VnPayError::BadSignature)?;
        let field = |name: &str| signed.get(name).copied().unwrap_or_default();
        if field("vnp_TmnCode") != self.config.tmn_code {
            return Err(VnPayError::Malformed);
        }
        let hundredths: i64 = field("vnp_Amount")
            .parse()
            .map_err(|_| VnPayError::Malformed)?;
        if hundredths % 100 != 0 {
            return Err(VnPayError::Malformed);
        }
        Ok(VnPayResult {
            payment_id: field("vnp_TxnRef").to_owned(),
            amount: Money::vnd(hundredths / 100),
            success: field("vnp_ResponseCode") == "00" && field("vnp_TransactionStatus") == "00",
            transaction_no: field("vnp_TransactionNo").to_owned(),
        })
    }
}

/// The bank's notices carry `hex(HMAC-SHA256(secret, body))`.
pub struct HmacBankFeed {
    secret: String,
}

impl HmacBankFeed {
    pub fn new(secret: String) -> Self {
        Self { secret }
    }

    /// The signature a notice with this body carries (for tests and the dev tools).
    pub fn sign(&self, body: &[u8]) -> String {
        hex::encode(self.mac(body).finalize().into_bytes())
    }

    fn mac(&self, body: &[u8]) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(self.secret.as_bytes())
            .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
        mac.update(body);
        mac
    }
}

impl BankFeed for HmacBankFeed {
    fn verify(&self, body: &[u8], signature: &str) -> bool {
        let hex_text = signature.trim().trim_start_matches("sha256=");
        match hex::decode(hex_text) {
            Ok(given) => self.mac(body).verify_slice(&given).is_ok(),
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use domain::ordering::OrderId;
    use domain::payment::{Method, PaymentId, PaymentState, Purpose};

    use super::*;
    use domain::shared::UserId;

    /// Vectors computed outside this code (Python's `hmac`, `hashlib` and `quote_plus`).
    const SECRET: &str = "SECRETKEY123";
    const URL_HASH: &str = "6145b71df15641bfba096493b8f6ce4c17730893d0c16ab9f4f9808179bf801bc8e06eef48b81d620d4b0d2c21d6d23d73ec97929c43264c8d9194060957a452";
    const IPN_HASH: &str = "fea696cd36c1107f850d289fc097ddb771c5100565240c567504e73cc148b3bb04ed77258c944c6378a1b677c5d61cc8d033dd23d661a7bbcb07dc5a6947ac97";

    fn vnpay() -> VnPay {
        VnPay::new(VnPayConfig {
            tmn_code: "DEMOV210".into(),
            hash_secret: SECRET.into(),
            pay_url: "https://sandbox.vnpayment.vn/paymentv2/vpcpay.html".into(),
            return_url: "http://localhost:8080/payment-complete".into(),
            expire_minutes: 15,
        })
    }

    fn payment() -> Payment {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 3, 0, 0).unwrap();
        Payment {
            id: PaymentId::parse("PY261122ABCDEFGH1234").unwrap(),
            owner: UserId::parse("u1").unwrap(),
            purpose: Purpose::Order(OrderId::parse("BK261122-ABCDEFGH1234").unwrap()),
            method: Method::VnPay,
            amount: Money::vnd(480_000),
            state: PaymentState::Pending,
            reference: "BK261122ABCDEFGH1234".into(),
            key: None,
            fingerprint: String::new(),
            provider_ref: None,
            created_at: now,
            settled_at: None,
        }
    }

    fn ipn(hash: &str) -> Vec<(String, String)> {
        [
            ("vnp_Amount", "48000000"),
            ("vnp_BankCode", "NCB"),
            ("vnp_BankTranNo", "VNP14226112"),
            ("vnp_CardType", "ATM"),
            ("vnp_OrderInfo", "Thanh toan BK261122ABCDEFGH1234"),
            ("vnp_PayDate", "20261122100512"),
            ("vnp_ResponseCode", "00"),
            ("vnp_TmnCode", "DEMOV210"),
            ("vnp_TransactionNo", "14226112"),
            ("vnp_TransactionStatus", "00"),
            ("vnp_TxnRef", "PY261122ABCDEFGH1234"),
            ("vnp_SecureHashType", "HmacSHA512"),
            ("vnp_SecureHash", hash),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
    }

    #[test]
    fn the_payment_url_is_signed_over_sorted_encoded_parameters() {
        let p = payment();
        let url = vnpay().checkout_url(&p, "127.0.0.1", p.created_at);
        assert_eq!(
            url,
            format!(
                "https://sandbox.vnpayment.vn/paymentv2/vpcpay.html?vnp_Amount=48000000&vnp_Command=pay\
                 &vnp_CreateDate=20261122100000&vnp_CurrCode=VND&vnp_ExpireDate=20261122101500\
                 &vnp_IpAddr=127.0.0.1&vnp_Locale=vn&vnp_OrderInfo=Thanh+toan+BK261122ABCDEFGH1234\
                 &vnp_OrderType=other&vnp_ReturnUrl=http%3A%2F%2Flocalhost%3A8080%2Fpayment-complete\
                 &vnp_TmnCode=DEMOV210&vnp_TxnRef=PY261122ABCDEFGH1234&vnp_Version=2.1.0\
                 &vnp_SecureHash={URL_HASH}"
            )
        );
    }

    #[test]
    fn an_ipn_is_read_only_when_its_signature_holds() {
        let result = vnpay().verify(&ipn(IPN_HASH)).unwrap();
        assert_eq!(result.payment_id, "PY261122ABCDEFGH1234");
        assert_eq!(result.amount, Money::vnd(480_000));
        assert!(result.success);
        assert_eq!(result.transaction_no, "14226112");
        assert_eq!(
            vnpay()
                .verify(&ipn(&IPN_HASH.to_uppercase()))
                .map(|r| r.amount),
            Ok(Money::vnd(480_000)),
            "hex case does not matter"
        );

        let mut tampered = ipn(IPN_HASH);
        tampered[0].1 = "4800000".into();
        assert_eq!(vnpay().verify(&tampered), Err(VnPayError::BadSignature));
        let mut unsigned = ipn(IPN_HASH);
        unsigned.pop();
        assert_eq!(vnpay().verify(&unsigned), Err(VnPayError::BadSignature));
        let other_key = VnPay::new(VnPayConfig {
            hash_secret: "another".into(),
            ..vnpay().config
        });
        assert_eq!(
            other_key.verify(&ipn(IPN_HASH)),
            Err(VnPayError::BadSignature)
        );
    }

    #[test]
    fn our_own_signature_is_the_one_verify_checks() {
        let forged = ipn("00");
        assert_eq!(vnpay().verify(&forged), Err(VnPayError::BadSignature));
        let signed = vnpay().with_signature(&forged);
        assert_eq!(signed, ipn(IPN_HASH), "the same hash as VNPay's own");
        assert!(vnpay().verify(&signed).is_ok());
    }

    #[test]
    fn bank_notices_need_the_shared_secret() {
        let feed = HmacBankFeed::new("bank-secret".into());
        let body = br#"{"transactionId":"FT1","amount":480000,"description":"x"}"#;
        let sig = "f49ef84b48ba88ed00af219398c412200016b8229d2bfff17f9741a45066052d";
        assert_eq!(feed.sign(body), sig);
        assert!(feed.verify(body, sig));
        assert!(feed.verify(body, &format!("sha256={sig}")));
        assert!(!feed.verify(b"{}", sig));
        assert!(!feed.verify(body, "zz"));
        assert!(!HmacBankFeed::new("other".into()).verify(body, sig));
    }
}
