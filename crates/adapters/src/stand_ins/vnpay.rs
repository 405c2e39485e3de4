//! VNPay's refund call (`POST merchant_webapi/api/transaction`, `vnp_Command=refund`, version
//! 2.1.0): a JSON body checked by its HMAC-SHA512 over `|`-joined fields in the published order
//! (`97` when it fails), `02` for another merchant's code, `03` for a malformed request, `91` for a
//! payment it does not know, `94` for a payment whose refund was asked before, `00` when taken;
//! every answer signed the same way over its own fields. It can also answer late, or unsigned.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use hmac::Mac;
use serde_json::{Value, json};

use crate::providers::payments::mac512;

/// What the stand-in knows and was asked.
#[derive(Default)]
pub struct VnPayBooks {
    /// Payments it settled, by our reference (`vnp_TxnRef`).
    pub paid: HashSet<String>,
    /// Payments whose refund was asked.
    pub refunded: HashSet<String>,
    /// What it took: (request id, type, amount as sent).
    pub asked: Vec<(String, String, String)>,
    /// The next answer comes this late (the request is still taken).
    pub late: Option<Duration>,
    /// The next answer carries no valid signature.
    pub unsigned: bool,
}

struct Merchant {
    tmn: String,
    secret: String,
    books: Mutex<VnPayBooks>,
}

/// VNPay's refund call on a local port, for one merchant.
pub struct VnPayStandIn {
    /// Where to send refunds (`APP_VNPAY_API_URL`).
    pub url: String,
    merchant: Arc<Merchant>,
}

const REQUEST_SIGNED: [&str; 13] = [
    "vnp_RequestId",
    "vnp_Version",
    "vnp_Command",
    "vnp_TmnCode",
    "vnp_TransactionType",
    "vnp_TxnRef",
    "vnp_Amount",
    "vnp_TransactionNo",
    "vnp_TransactionDate",
    "vnp_CreateBy",
    "vnp_CreateDate",
    "vnp_IpAddr",
    "vnp_OrderInfo",
];

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

impl VnPayStandIn {
    /// Listens on a free loopback port for merchant `tmn` with secret `secret`.
    pub async fn start(tmn: &str, secret: &str) -> Self {
        let merchant = Arc::new(Merchant {
            tmn: tmn.into(),
            secret: secret.into(),
            books: Mutex::default(),
        });
        let router = axum::Router::new()
            .route(
                "/merchant_webapi/api/transaction",
                axum::routing::post(transaction),
            )
            .with_state(merchant.clone());
        let url = format!(
            "{}/merchant_webapi/api/transaction",
            super::serve(router).await
        );
        Self { url, merchant }
    }

    /// Its books, to set up or read.
    pub fn books(&self) -> std::sync::MutexGuard<'_, VnPayBooks> {
        self.merchant.books.lock().expect("the stand-in's books")
    }
}

fn sign(secret: &str, fields: &[String]) -> String {
    hex::encode(
        mac512(secret, fields.join("|").as_bytes())
            .finalize()
            .into_bytes(),
    )
}

fn field(body: &Value, key: &str) -> String {
    body.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

async fn transaction(State(m): State<Arc<Merchant>>, Json(body): Json<Value>) -> Json<Value> {
    let request: Vec<String> = REQUEST_SIGNED.iter().map(|k| field(&body, k)).collect();
    let txn = field(&body, "vnp_TxnRef");
    let (code, late, unsigned) = {
        let mut v = m.books.lock().expect("the stand-in's books");
        let code = if sign(&m.secret, &request) != field(&body, "vnp_SecureHash") {
            "97"
        } else if field(&body, "vnp_TmnCode") != m.tmn {
            "02"
        } else if field(&body, "vnp_Command") != "refund" || field(&body, "vnp_Amount").is_empty() {
            "03"
        } else if !v.paid.contains(&txn) {
            "91"
        } else if !v.refunded.insert(txn.clone()) {
            "94"
        } else {
            v.asked.push((
                field(&body, "vnp_RequestId"),
                field(&body, "vnp_TransactionType"),
                field(&body, "vnp_Amount"),
            ));
            "00"
        };
        (code, v.late.take(), std::mem::take(&mut v.unsigned))
    };
    if let Some(wait) = late {
        tokio::time::sleep(wait).await;
    }
    let mut answer = json!({
        "vnp_ResponseId": "R1",
        "vnp_Command": "refund",
        "vnp_ResponseCode": code,
        "vnp_Message": "ok",
        "vnp_TmnCode": m.tmn,
        "vnp_TxnRef": txn,
        "vnp_Amount": field(&body, "vnp_Amount"),
        "vnp_BankCode": "NCB",
        "vnp_PayDate": "20261130120000",
        "vnp_TransactionNo": "14422574",
        "vnp_TransactionType": field(&body, "vnp_TransactionType"),
        "vnp_TransactionStatus": "05",
        "vnp_OrderInfo": field(&body, "vnp_OrderInfo"),
    });
    let signed: Vec<String> = ANSWER_SIGNED.iter().map(|k| field(&answer, k)).collect();
    answer["vnp_SecureHash"] = json!(if unsigned {
        "00".repeat(64)
    } else {
        sign(&m.secret, &signed)
    });
    Json(answer)
}
