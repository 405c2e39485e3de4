//! E-invoices against real databases and against the local stand-in of Viettel S-Invoice's
//! published contract (`adapters::stand_ins`), as Viettel itself cannot be reached from here.
//! An order's payment writes its invoice once, a refund its adjustment; eight nodes claiming at
//! once send each invoice once, an adjustment only after its original; a lost answer is found,
//! not issued again.

use std::sync::Arc;
use std::time::Duration as StdDuration;

use adapters::providers::einvoice::{ViettelConfig, ViettelInvoices};
use adapters::stand_ins::ViettelStandIn;
use adapters::{SqlInvoiceStore, on_both_databases};
use chrono::{DateTime, Duration, Utc};
use domain::DomainError;
use domain::invoicing::{
    Buyer, Company, Invoice, InvoiceKind, InvoiceProvider, InvoiceState, InvoiceStore, Issue,
    Issued, Receipt,
};
use domain::ordering::{Actor, StepReason};
use domain::shared::Money;
use sea_orm::DatabaseConnection;

use super::orders::now;
use super::payments::pending_order;

const SELLER: &str = "0100109106";

fn config(url: &str, password: &str) -> ViettelConfig {
    ViettelConfig {
        base_url: url.into(),
        username: "0100109106-215".into(),
        password: password.into(),
        tax_code: SELLER.into(),
        template: "1/001".into(),
        series: "C26TAA".into(),
        seller_name: "Công ty TNHH Du lịch Rồng".into(),
        seller_address: "12 Lê Lợi, Quận 1, TP. Hồ Chí Minh".into(),
        lookup_url: "https://vinvoice.viettel.vn/utilities/invoice-search".into(),
    }
}

fn issue(transaction: &str, company: bool) -> Issue {
    Issue {
        transaction: transaction.into(),
        kind: InvoiceKind::Original,
        original: None,
        at: now(),
        buyer: Buyer {
            name: "王小明".into(),
            email: "ming@example.com".into(),
            company: company.then(|| {
                Company::new("Công ty TNHH Rồng Việt", "0100233488", "5 Hai Bà Trưng").unwrap()
            }),
        },
        item: "Dịch vụ Đưa đón sân bay: SGN".into(),
        unit: "Lần".into(),
        note: String::new(),
        gross: Money::vnd(540_000),
        vat_percent: 8,
        vat: Money::vnd(40_000),
    }
}

async fn stand_in() -> (ViettelStandIn, ViettelInvoices) {
    let viettel = ViettelStandIn::start("0100109106-215", "secret", SELLER).await;
    let ours = ViettelInvoices::new(
        config(&viettel.url, "secret"),
        StdDuration::from_millis(400),
    );
    (viettel, ours)
}

fn receipt_of(answer: Issued) -> Receipt {
    match answer {
        Issued::Yes(r) => r,
        other => panic!("not issued: {other:?}"),
    }
}

#[tokio::test]
async fn an_invoice_is_issued_as_s_invoice_checks_it_and_its_adjustment_names_it() {
    let (viettel, ours) = stand_in().await;
    let first = receipt_of(ours.issue(&issue("IVBK-1-3", true)).await.unwrap());
    assert_eq!(first.number, "C26TAA1");
    assert!(first.lookup_url.contains("viettel"));
    {
        let books = viettel.books();
        let (_, _, body) = &books.issued["IVBK-1-3"];
        assert_eq!(body["buyerInfo"]["buyerTaxCode"], "0100233488");
        assert_eq!(body["itemInfo"][0]["itemTotalAmountWithoutTax"], 500_000);
        assert_eq!(body["generalInvoiceInfo"]["adjustmentType"], "1");
        assert_eq!(books.logins, 1);
    }
    // A decrease of 540,000 names the original and its issue date.
    let down = Issue {
        transaction: "IVBK-1-5".into(),
        kind: InvoiceKind::Decrease,
        original: Some((first.number.clone(), now())),
        ..issue("", false)
    };
    receipt_of(ours.issue(&down).await.unwrap());
    let books = viettel.books();
    let general = &books.issued["IVBK-1-5"].2["generalInvoiceInfo"];
    assert_eq!(general["adjustmentType"], "5");
    assert_eq!(general["originalInvoiceId"], "C26TAA1");
    assert_eq!(
        books.issued["IVBK-1-5"].2["itemInfo"][0]["isIncreaseItem"],
        false
    );
    assert_eq!(books.logins, 1, "the token is kept while it lasts");
}

#[tokio::test]
async fn refusals_are_said_in_the_providers_words_and_silence_is_unavailable() {
    let (viettel, ours) = stand_in().await;
    viettel.books().refuse = Some("Dải hóa đơn đã hết".into());
    assert_eq!(
        ours.issue(&issue("IV-a", false)).await,
        Ok(Issued::Refused("Dải hóa đơn đã hết".into()))
    );
    // An adjustment of an invoice it never issued.
    let stray = Issue {
        kind: InvoiceKind::Increase,
        original: Some(("C26TAA99".into(), now())),
        ..issue("IV-b", false)
    };
    assert!(
        matches!(ours.issue(&stray).await, Ok(Issued::Refused(w)) if w.contains("hóa đơn gốc"))
    );
    // A server error or a wrong password says nothing.
    viettel.books().down = true;
    assert!(matches!(
        ours.issue(&issue("IV-c", false)).await,
        Err(DomainError::Unavailable(_))
    ));
    let wrong = ViettelInvoices::new(config(&viettel.url, "nope"), StdDuration::from_millis(400));
    assert!(matches!(
        wrong.issue(&issue("IV-d", false)).await,
        Err(DomainError::Unavailable(_))
    ));
    assert!(viettel.books().issued.is_empty(), "nothing was issued");
    // A lapsed token: logged in again once, and the invoice goes.
    receipt_of(ours.issue(&issue("IV-e", false)).await.unwrap());
    viettel.expire_tokens();
    receipt_of(ours.issue(&issue("IV-f", false)).await.unwrap());
    assert_eq!(viettel.books().logins, 2);
}

#[tokio::test]
async fn a_late_answer_is_found_by_its_transaction_and_never_issued_twice() {
    let (viettel, ours) = stand_in().await;
    viettel.books().late = Some(StdDuration::from_secs(2));
    assert!(matches!(
        ours.issue(&issue("IV-late", false)).await,
        Err(DomainError::Unavailable(_))
    ));
    let found = ours
        .find("IV-late")
        .await
        .unwrap()
        .expect("the invoice it made");
    assert_eq!(found.number, "C26TAA1");
    assert_eq!(ours.find("IV-never").await.unwrap(), None);
    // Sent again anyway, S-Invoice refuses the transaction it knows.
    assert!(matches!(
        ours.issue(&issue("IV-late", false)).await,
        Ok(Issued::Refused(_))
    ));
    assert_eq!(viettel.books().issued.len(), 1);
}

/// Eight nodes' claims at `at`, at once: every invoice any of them took.
async fn claims(store: &Arc<SqlInvoiceStore>, at: DateTime<Utc>) -> Vec<Invoice> {
    let mut claiming = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let store = store.clone();
        claiming.spawn(async move {
            store
                .claim_due(at, at + Duration::minutes(3), 10)
                .await
                .unwrap()
        });
    }
    let mut taken = Vec::new();
    while let Some(done) = claiming.join_next().await {
        taken.extend(done.unwrap());
    }
    taken
}

on_both_databases!(
    a_paid_order_is_invoiced_once_and_its_refund_adjusts_it_after,
    |db: DatabaseConnection| async move {
        let (_payments, orders, mut o, owner) = pending_order(&db).await;
        let invoices = Arc::new(SqlInvoiceStore::new(db.clone()));
        // The customer asks for their company before paying.
        let company =
            Company::new("Công ty TNHH Rồng Việt", "0100233488", "5 Hai Bà Trưng").unwrap();
        assert!(
            invoices
                .set_company(&o.id, &owner, Some(&company), now())
                .await
                .unwrap()
        );
        o.state = domain::ordering::OrderState::PendingPayment;
        o.mark_paid(Actor::System("dev".into()), "paid: DEV PY1", now())
            .unwrap();
        orders.save(&o).await.unwrap();
        o.version += 1;
        let written = invoices.of_order(&o.id).await.unwrap();
        assert_eq!(written.len(), 1);
        let original = written[0].clone();
        assert_eq!(
            (original.kind, original.amount),
            (InvoiceKind::Original, o.estimate.total)
        );
        assert_eq!(original.buyer.company.as_ref(), Some(&company));
        assert_eq!(original.buyer.name, "王小明");
        // Saved again without a change of money: nothing more.
        orders.save(&o).await.unwrap();
        o.version += 1;
        assert_eq!(invoices.of_order(&o.id).await.unwrap().len(), 1);
        // Too late to change the buyer now.
        assert!(
            !invoices
                .set_company(&o.id, &owner, None, now())
                .await
                .unwrap()
        );

        // Refunded with a fee of 100,000 kept: a decrease to it, which waits for the original.
        let reason = StepReason::Refunded {
            fee: Money::vnd(100_000),
            refund: Money::vnd(o.estimate.total.amount() - 100_000),
            said: String::new(),
        };
        o.refund(
            Actor::System("t".into()),
            &reason.text(),
            now() + Duration::minutes(1),
        )
        .unwrap();
        orders.save(&o).await.unwrap();
        let all = invoices.of_order(&o.id).await.unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(
            (all[1].kind, all[1].amount),
            (
                InvoiceKind::Decrease,
                Money::vnd(o.estimate.total.amount() - 100_000)
            )
        );

        let at = now() + Duration::minutes(2);
        let taken = claims(&invoices, at).await;
        assert_eq!(
            taken.len(),
            1,
            "one node sends the original, the adjustment waits: {taken:?}"
        );
        assert_eq!(
            (taken[0].id.clone(), taken[0].attempts),
            (original.id.clone(), 1)
        );
        assert!(
            claims(&invoices, at + Duration::seconds(30))
                .await
                .is_empty(),
            "held"
        );
        let mut issued = taken[0].clone();
        issued.issued(
            Receipt {
                number: "C26TAA1".into(),
                lookup_code: "RC1".into(),
                lookup_url: "https://x/".into(),
            },
            at,
        );
        invoices.answered(&issued).await.unwrap();
        let mails = adapters::testing::mails_to(&db, "a@example.com").await;
        assert!(
            mails.iter().any(|(kind, _)| kind == "invoice_issued"),
            "{mails:?}"
        );
        // Now the adjustment goes, by one node.
        let next = claims(&invoices, at + Duration::seconds(1)).await;
        assert_eq!(next.len(), 1);
        assert_eq!(next[0].kind, InvoiceKind::Decrease);
        let mut failed = next[0].clone();
        failed.refused("Thuế suất không hợp lệ");
        invoices.answered(&failed).await.unwrap();
        let listed = invoices
            .failed(&domain::shared::PageRequest::first(10))
            .await
            .unwrap();
        assert_eq!(listed.items.len(), 1);
        assert_eq!(
            listed.items[0].reason.as_deref(),
            Some("Thuế suất không hợp lệ")
        );
        assert_eq!(
            invoices.get(&original.id).await.unwrap().unwrap().state,
            InvoiceState::Issued
        );
    }
);
