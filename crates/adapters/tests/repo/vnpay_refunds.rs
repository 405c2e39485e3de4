//! The VNPay refund client against a local stand-in that holds to VNPay's published contract for
//! `vnp_Command=refund` (version 2.1.0), as VNPay itself cannot be reached from here: a JSON POST
//! checked by its HMAC-SHA512 over `|`-joined fields in the published order (`97` when it fails),
//! `02` for another merchant's code, `91` for a payment it does not know, `94` for a payment whose
//! refund was asked before, `00` when taken; every answer signed the same way over its own fields.
//! It can also answer late, or unsigned.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use adapters::providers::payments::VnPayConfig;
use adapters::providers::vnpay_refunds::VnPayRefundClient;
use axum::Json;
use axum::extract::State;
use chrono::TimeZone;
use domain::DomainError;
use domain::payment::{PaymentId, VnPayRefund, VnPayRefundAnswer, VnPayRefunds};
use domain::shared::Money;
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha512;

const SECRET: &str = "VNPAYSECRETFORTESTS0123456789ABC";
const TMN: &str = "BOOKTEST";

#[derive(Default)]
struct Vnpay {
    /// Payments it settled: their refs.
    paid: HashSet<String>,
    /// Payments whose refund was asked.
    refunded: HashSet<String>,
    /// What it took: (request id, type, amount as sent).
    asked: Vec<(String, String, String)>,
    /// The next answer comes this late (the request is still taken).
    late: Option<Duration>,
    /// The next answer carries no valid signature.
    unsigned: bool,
}

type Shared = Arc<Mutex<Vnpay>>;

fn sign(fields: &[String]) -> String {
    let mut mac = <Hmac<Sha512> as Mac>::new_from_slice(SECRET.as_bytes()).unwrap();
    mac.update(fields.join("|").as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

fn field(body: &Value, key: &str) -> String {
    body.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

async fn transaction(State(vnpay): State<Shared>, Json(body): Json<Value>) -> Json<Value> {
    let request: Vec<String> = [
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
    ]
    .iter()
    .map(|k| field(&body, k))
    .collect();
    let txn = field(&body, "vnp_TxnRef");
    let (code, late, unsigned) = {
        let mut v = vnpay.lock().unwrap();
        let code = if sign(&request) != field(&body, "vnp_SecureHash") {
            "97"
        } else if field(&body, "vnp_TmnCode") != TMN {
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
        "vnp_TmnCode": TMN,
        "vnp_TxnRef": txn,
        "vnp_Amount": field(&body, "vnp_Amount"),
        "vnp_BankCode": "NCB",
        "vnp_PayDate": "20261130120000",
        "vnp_TransactionNo": "14422574",
        "vnp_TransactionType": field(&body, "vnp_TransactionType"),
        "vnp_TransactionStatus": "05",
        "vnp_OrderInfo": field(&body, "vnp_OrderInfo"),
    });
    let signed: Vec<String> = [
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
    ]
    .iter()
    .map(|k| field(&answer, k))
    .collect();
    answer["vnp_SecureHash"] = json!(if unsigned {
        "00".repeat(64)
    } else {
        sign(&signed)
    });
    Json(answer)
}

async fn stand_in() -> (String, Shared) {
    let vnpay: Shared = Arc::default();
    vnpay
        .lock()
        .unwrap()
        .paid
        .insert("PY261130VNPAY0000001".into());
    let router = axum::Router::new()
        .route(
            "/merchant_webapi/api/transaction",
            axum::routing::post(transaction),
        )
        .with_state(vnpay.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!(
        "http://{}/merchant_webapi/api/transaction",
        listener.local_addr().unwrap()
    );
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (url, vnpay)
}

fn client(url: &str, secret: &str) -> VnPayRefundClient {
    let config = VnPayConfig {
        tmn_code: TMN.into(),
        hash_secret: secret.into(),
        pay_url: String::new(),
        return_url: String::new(),
        expire_minutes: 15,
    };
    VnPayRefundClient::new(
        &config,
        url.into(),
        "10.0.0.5".into(),
        Duration::from_millis(400),
    )
}

fn refund(request_id: &str, payment: &str, amount: i64, whole: bool) -> VnPayRefund {
    let at = chrono::Utc.with_ymd_and_hms(2026, 11, 30, 5, 0, 0).unwrap();
    VnPayRefund {
        request_id: request_id.into(),
        payment: PaymentId::parse(payment).unwrap(),
        amount: Money::vnd(amount),
        whole,
        transaction_no: "14422574".into(),
        paid_at: at - chrono::Duration::days(2),
        by: "system".into(),
        at,
    }
}

#[tokio::test]
async fn a_refund_is_signed_as_vnpay_checks_and_a_retry_is_answered_as_asked_before() {
    let (url, vnpay) = stand_in().await;
    let ours = client(&url, SECRET);
    let first = refund("RF1", "PY261130VNPAY0000001", 480_000, true);
    assert_eq!(ours.refund(&first).await, Ok(VnPayRefundAnswer::Accepted));
    assert_eq!(
        vnpay.lock().unwrap().asked,
        [("RF1".to_owned(), "02".to_owned(), "48000000".to_owned())]
    );
    // The same request again (a retry after a lost answer): taken once.
    assert_eq!(
        ours.refund(&first).await,
        Ok(VnPayRefundAnswer::AskedBefore)
    );
    assert_eq!(vnpay.lock().unwrap().asked.len(), 1);
    // A payment VNPay does not know is refused with its code.
    let unknown = refund("RF2", "PY261130VNPAY0000009", 100_000, false);
    assert_eq!(
        ours.refund(&unknown).await,
        Ok(VnPayRefundAnswer::Refused("91".into()))
    );
}

#[tokio::test]
async fn a_late_or_unsigned_answer_says_nothing_and_the_retry_finds_it_taken() {
    let (url, vnpay) = stand_in().await;
    let ours = client(&url, SECRET);
    let asked = refund("RF7", "PY261130VNPAY0000001", 240_000, false);
    vnpay.lock().unwrap().late = Some(Duration::from_secs(2));
    assert!(matches!(
        ours.refund(&asked).await,
        Err(DomainError::Unavailable(_))
    ));
    // VNPay took it all the same: the retry is told so.
    assert_eq!(
        ours.refund(&asked).await,
        Ok(VnPayRefundAnswer::AskedBefore)
    );
    assert_eq!(
        vnpay.lock().unwrap().asked[0].1,
        "03",
        "a part of the payment"
    );
    // An answer not signed by VNPay is no answer.
    vnpay.lock().unwrap().unsigned = true;
    assert!(matches!(
        ours.refund(&asked).await,
        Err(DomainError::Unavailable(_))
    ));
    // Nor is one to a request signed with another secret: VNPay refuses it (97), and its answer
    // cannot be read as ours.
    let wrong = client(&url, "ANOTHERSECRET");
    assert!(matches!(
        wrong.refund(&asked).await,
        Err(DomainError::Unavailable(_))
    ));
}
