//! VNPay's refund call (version 2.1.0: `POST {merchant_webapi}/api/transaction` with
//! `vnp_Command=refund`): a JSON body whose checksum is HMAC-SHA512 over its fields joined by `|`
//! in the order VNPay publishes, answered by JSON signed the same way over the answer's fields.
//! Amounts are đồng × 100, dates `yyyyMMddHHmmss` in GMT+7. An answer that is late, not JSON or
//! not signed by VNPay says nothing: the call is `Unavailable`, and sending the same request id
//! again is safe (VNPay answers `94`, asked before, once the first was taken).

use std::time::Duration;

use async_trait::async_trait;
use domain::payment::{VnPayRefund, VnPayRefundAnswer, VnPayRefunds};
use domain::{DomainError, DomainResult};
use hmac::Mac;
use serde_json::{Value, json};

use super::payments::{VnPayConfig, mac512, vnpay_time};

pub struct VnPayRefundClient {
    tmn_code: String,
    hash_secret: String,
    /// VNPay's `merchant_webapi/api/transaction` (the sandbox's or production's).
    api_url: String,
    /// This server's address, which VNPay records with the request.
    server_ip: String,
    http: reqwest::Client,
}

/// The answer's fields the checksum covers, in VNPay's order.
const ANSWER_SIGNED: [&str; 13] = [
    "vnp_ResponseId",
    "vnp_Command",
    "vnp_ResponseCode",
    "vnp_Message",
    "vnp_TmnCode",
    "vnp_TxnRef",
    "vnp_Amount",
    "vnp_BankCode",
    "vnp_PayDate",
    "vnp_TransactionNo",
    "vnp_TransactionType",
    "vnp_TransactionStatus",
    "vnp_OrderInfo",
];

impl VnPayRefundClient {
    /// `timeout`: how long an answer is waited for before the call says nothing is known.
    pub fn new(
        config: &VnPayConfig,
        api_url: String,
        server_ip: String,
        timeout: Duration,
    ) -> Self {
        super::install_tls_provider();
        Self {
            tmn_code: config.tmn_code.clone(),
            hash_secret: config.hash_secret.clone(),
            api_url,
            server_ip,
            http: reqwest::Client::builder()
                .timeout(timeout)
                .build()
                .unwrap_or_default(),
        }
    }

    fn sign(&self, fields: &[&str]) -> String {
        hex::encode(
            mac512(&self.hash_secret, fields.join("|").as_bytes())
                .finalize()
                .into_bytes(),
        )
    }

    /// Whether the answer carries VNPay's signature over its fields.
    fn signed_by_vnpay(&self, answer: &Value) -> bool {
        let fields: Vec<String> = ANSWER_SIGNED.iter().map(|k| text(answer, k)).collect();
        let Ok(hash) = hex::decode(text(answer, "vnp_SecureHash")) else {
            return false;
        };
        let data = fields.join("|");
        mac512(&self.hash_secret, data.as_bytes())
            .verify_slice(&hash)
            .is_ok()
    }
}

/// A field of the answer as text, whether VNPay sent it as a string or a number.
fn text(answer: &Value, key: &str) -> String {
    match answer.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn unavailable(what: impl std::fmt::Display) -> DomainError {
    DomainError::Unavailable(format!("VNPay refund: {what}"))
}

#[async_trait]
impl VnPayRefunds for VnPayRefundClient {
    async fn refund(&self, r: &VnPayRefund) -> DomainResult<VnPayRefundAnswer> {
        let amount = (r.amount.amount() * 100).to_string();
        let kind = if r.whole { "02" } else { "03" };
        let paid_at = vnpay_time(r.paid_at);
        let at = vnpay_time(r.at);
        // VNPay wants the description without diacritics.
        let info = format!("Hoan tien {}", r.payment.as_str());
        let fields = [
            r.request_id.as_str(),
            "2.1.0",
            "refund",
            &self.tmn_code,
            kind,
            r.payment.as_str(),
            &amount,
            &r.transaction_no,
            &paid_at,
            &r.by,
            &at,
            &self.server_ip,
            &info,
        ];
        let body = json!({
            "vnp_RequestId": r.request_id,
            "vnp_Version": "2.1.0",
            "vnp_Command": "refund",
            "vnp_TmnCode": self.tmn_code,
            "vnp_TransactionType": kind,
            "vnp_TxnRef": r.payment.as_str(),
            "vnp_Amount": amount,
            "vnp_TransactionNo": r.transaction_no,
            "vnp_TransactionDate": paid_at,
            "vnp_CreateBy": r.by,
            "vnp_CreateDate": at,
            "vnp_IpAddr": self.server_ip,
            "vnp_OrderInfo": info,
            "vnp_SecureHash": self.sign(&fields),
        });
        let response = self
            .http
            .post(&self.api_url)
            .json(&body)
            .send()
            .await
            .map_err(unavailable)?;
        if !response.status().is_success() {
            return Err(unavailable(response.status()));
        }
        let answer: Value = response.json().await.map_err(unavailable)?;
        if !self.signed_by_vnpay(&answer) {
            return Err(unavailable("an answer without VNPay's signature"));
        }
        Ok(match text(&answer, "vnp_ResponseCode").as_str() {
            "00" => VnPayRefundAnswer::Accepted,
            "94" => VnPayRefundAnswer::AskedBefore,
            code => VnPayRefundAnswer::Refused(code.to_owned()),
        })
    }
}
