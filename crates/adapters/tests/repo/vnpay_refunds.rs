//! The VNPay refund client against the local stand-in of VNPay's published refund contract
//! (`adapters::stand_ins`), as VNPay itself cannot be reached from here: signed requests, each
//! answer code, late and unsigned answers.

use std::time::Duration;

use adapters::providers::payments::VnPayConfig;
use adapters::providers::vnpay_refunds::VnPayRefundClient;
use adapters::stand_ins::VnPayStandIn;
use chrono::TimeZone;
use domain::DomainError;
use domain::payment::{PaymentId, VnPayRefund, VnPayRefundAnswer, VnPayRefunds};
use domain::shared::Money;

const SECRET: &str = "VNPAYSECRETFORTESTS0123456789ABC";
const TMN: &str = "BOOKTEST";

async fn stand_in() -> VnPayStandIn {
    let vnpay = VnPayStandIn::start(TMN, SECRET).await;
    vnpay.books().paid.insert("PY261130VNPAY0000001".into());
    vnpay
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
    let vnpay = stand_in().await;
    let ours = client(&vnpay.url, SECRET);
    let first = refund("RF1", "PY261130VNPAY0000001", 480_000, true);
    assert_eq!(ours.refund(&first).await, Ok(VnPayRefundAnswer::Accepted));
    assert_eq!(
        vnpay.books().asked,
        [("RF1".to_owned(), "02".to_owned(), "48000000".to_owned())]
    );
    // The same request again (a retry after a lost answer): taken once.
    assert_eq!(
        ours.refund(&first).await,
        Ok(VnPayRefundAnswer::AskedBefore)
    );
    assert_eq!(vnpay.books().asked.len(), 1);
    // A payment VNPay does not know is refused with its code.
    let unknown = refund("RF2", "PY261130VNPAY0000009", 100_000, false);
    assert_eq!(
        ours.refund(&unknown).await,
        Ok(VnPayRefundAnswer::Refused("91".into()))
    );
}

#[tokio::test]
async fn a_late_or_unsigned_answer_says_nothing_and_the_retry_finds_it_taken() {
    let vnpay = stand_in().await;
    let ours = client(&vnpay.url, SECRET);
    let asked = refund("RF7", "PY261130VNPAY0000001", 240_000, false);
    vnpay.books().late = Some(Duration::from_secs(2));
    assert!(matches!(
        ours.refund(&asked).await,
        Err(DomainError::Unavailable(_))
    ));
    // VNPay took it all the same: the retry is told so.
    assert_eq!(
        ours.refund(&asked).await,
        Ok(VnPayRefundAnswer::AskedBefore)
    );
    assert_eq!(vnpay.books().asked[0].1, "03", "a part of the payment");
    // An answer not signed by VNPay is no answer.
    vnpay.books().unsigned = true;
    assert!(matches!(
        ours.refund(&asked).await,
        Err(DomainError::Unavailable(_))
    ));
    // Nor is one to a request signed with another secret: VNPay refuses it (97), and its answer
    // cannot be read as ours.
    let wrong = client(&vnpay.url, "ANOTHERSECRET");
    assert!(matches!(
        wrong.refund(&asked).await,
        Err(DomainError::Unavailable(_))
    ));
}
