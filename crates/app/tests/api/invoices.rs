//! E-invoices over the wire, with Viettel S-Invoice played by the local stand-in of its published
//! contract: a customer asks for a company invoice (its tax code checked), pays, and the worker
//! issues one invoice, mailed with its lookup code; a cancellation issues the adjustment naming
//! it; one the provider refuses is listed for staff with its reason and issued once retried.

use adapters::stand_ins::ViettelStandIn;
use gateway::pb::invoice_service_client::InvoiceServiceClient;
use gateway::pb::order_service_client::OrderServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use super::operations::staff_token;
use super::orders::token_for;
use super::payments::{pay, pending_order};
use super::*;

const SELLER: &str = "0100109106";

async fn invoicing(app: &TestApp) -> InvoiceServiceClient<Channel> {
    InvoiceServiceClient::connect(app.url("")).await.unwrap()
}

async fn invoices_of(app: &TestApp, token: &str, id: &str) -> pb::GetOrderInvoicesResponse {
    invoicing(app)
        .await
        .get_order_invoices(signed(
            token,
            pb::GetOrderInvoicesRequest {
                order_id: id.into(),
            },
        ))
        .await
        .unwrap()
        .into_inner()
}

/// The order's invoices once `n` are there and none is pending (the worker runs every half
/// second).
async fn issued(app: &TestApp, token: &str, id: &str, n: usize) -> Vec<pb::Invoice> {
    for _ in 0..100 {
        let invoices = invoices_of(app, token, id).await.invoices;
        if invoices.len() == n
            && invoices
                .iter()
                .all(|i| i.state() != pb::InvoiceState::Pending)
        {
            return invoices;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("still pending: {:?}", invoices_of(app, token, id).await);
}

fn company(tax_code: &str) -> pb::InvoiceCompany {
    pb::InvoiceCompany {
        name: "Công ty TNHH Rồng Việt".into(),
        tax_code: tax_code.into(),
        address: "5 Hai Bà Trưng, Quận 1".into(),
    }
}

async fn a_sale_is_invoiced_once_and_its_cancellation_adjusts_it(backend: Backend) {
    let viettel = ViettelStandIn::start("0100109106-215", "secret", SELLER).await;
    let url = viettel.url.clone();
    let app = TestApp::start_with(backend, move |c| {
        c.invoices.url = url;
        c.invoices.username = Some("0100109106-215".into());
        c.invoices.password = Some("secret".into());
        c.invoices.tax_code = SELLER.into();
        c.invoices.series = "C26TAA".into();
        c.invoices.seller_name = "Công ty TNHH Du lịch Rồng".into();
    })
    .await;
    let ann = token_for(&app, "ann@example.com").await;
    let bob = token_for(&app, "bob@example.com").await;
    let id = pending_order(&app, &ann).await;

    // A tax code whose check digit is wrong is refused in words; a right one is kept.
    let mut inv = invoicing(&app).await;
    let wrong = inv
        .set_invoice_company(signed(
            &ann,
            pb::SetInvoiceCompanyRequest {
                order_id: id.clone(),
                company: Some(company("0100233489")),
            },
        ))
        .await
        .unwrap_err();
    assert_eq!(wrong.code(), Code::InvalidArgument);
    assert_eq!(wrong.message(), "越南稅號的檢查碼不符，請再核對一次");
    let kept = inv
        .set_invoice_company(signed(
            &ann,
            pb::SetInvoiceCompanyRequest {
                order_id: id.clone(),
                company: Some(company("0100 233 488")),
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(kept.company.unwrap().tax_code, "0100233488");
    // Someone else's order is not found.
    let theirs = inv
        .get_order_invoices(signed(
            &bob,
            pb::GetOrderInvoicesRequest {
                order_id: id.clone(),
            },
        ))
        .await
        .unwrap_err();
    assert_eq!(theirs.code(), Code::NotFound);

    let (status, body) = pay(&app, &ann, &id, "DEV", "inv-1").await;
    assert_eq!(status, 200, "{body}");
    let invoices = issued(&app, &ann, &id, 1).await;
    let first = &invoices[0];
    assert_eq!(first.state(), pb::InvoiceState::Issued);
    assert_eq!(first.kind(), pb::InvoiceKind::Original);
    assert_eq!(first.amount_vnd, 480_000);
    assert_eq!(first.number, "C26TAA1");
    assert!(!first.lookup_code.is_empty() && first.lookup_url.contains("viettel"));
    assert_eq!(first.company.as_ref().unwrap().tax_code, "0100233488");
    {
        let books = viettel.books();
        assert_eq!(books.issued.len(), 1, "one invoice for one sale");
        let body = &books.issued[&first.id].2;
        assert_eq!(
            body["buyerInfo"]["buyerLegalName"],
            "Công ty TNHH Rồng Việt"
        );
        // 10% VAT included in 480,000.
        assert_eq!(body["itemInfo"][0]["taxAmount"], 43_636);
        assert_eq!(body["itemInfo"][0]["itemTotalAmountWithoutTax"], 436_364);
        assert!(
            body["itemInfo"][0]["itemName"]
                .as_str()
                .unwrap()
                .contains("Đưa đón sân bay")
        );
    }
    let mails = adapters::testing::mails_to(&app.db.db, "ann@example.com").await;
    assert!(
        mails.iter().any(|(k, _)| k == "invoice_issued"),
        "{mails:?}"
    );
    // Too late to change the company now.
    let late = inv
        .set_invoice_company(signed(
            &ann,
            pb::SetInvoiceCompanyRequest {
                order_id: id.clone(),
                company: None,
            },
        ))
        .await
        .unwrap_err();
    assert_eq!(late.code(), Code::FailedPrecondition);

    // Cancelled (free, to the wallet): a decrease of the whole, naming the original.
    OrderServiceClient::connect(app.url(""))
        .await
        .unwrap()
        .cancel_order(signed(
            &ann,
            pb::CancelOrderRequest {
                order_id: id.clone(),
                reason: "行程改變".into(),
                refund_to: pb::RefundTo::Wallet.into(),
                account: None,
            },
        ))
        .await
        .unwrap();
    let invoices = issued(&app, &ann, &id, 2).await;
    assert_eq!(
        (
            invoices[1].kind(),
            invoices[1].amount_vnd,
            invoices[1].state()
        ),
        (pb::InvoiceKind::Decrease, 480_000, pb::InvoiceState::Issued)
    );
    let books = viettel.books();
    let general = &books.issued[&invoices[1].id].2["generalInvoiceInfo"];
    assert_eq!(general["adjustmentType"], "5");
    assert_eq!(general["originalInvoiceId"], "C26TAA1");
}

async fn a_refused_invoice_is_listed_for_staff_and_issued_once_retried(backend: Backend) {
    let viettel = ViettelStandIn::start("u", "p", SELLER).await;
    viettel.books().refuse = Some("Dải hóa đơn đã hết".into());
    let url = viettel.url.clone();
    let app = TestApp::start_with(backend, move |c| {
        c.invoices.url = url;
        c.invoices.username = Some("u".into());
        c.invoices.password = Some("p".into());
        c.invoices.tax_code = SELLER.into();
        c.invoices.series = "C26TAA".into();
    })
    .await;
    let ann = token_for(&app, "ann@example.com").await;
    let id = pending_order(&app, &ann).await;
    let (status, body) = pay(&app, &ann, &id, "DEV", "inv-2").await;
    assert_eq!(status, 200, "{body}");
    let failed = issued(&app, &ann, &id, 1).await;
    assert_eq!(failed[0].state(), pb::InvoiceState::Failed);

    let op = staff_token(&app, "op@example.com", "operator").await;
    let mut inv = invoicing(&app).await;
    // A customer may not read staff's list.
    let refused = inv
        .list_failed_invoices(signed(&ann, pb::ListFailedInvoicesRequest::default()))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied);
    let listed = inv
        .list_failed_invoices(signed(&op, pb::ListFailedInvoicesRequest::default()))
        .await
        .unwrap()
        .into_inner()
        .invoices;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].reason, "Dải hóa đơn đã hết");
    // Two operators retry at once: one does, the other is told it is not failed any more.
    let retry = || {
        let mut inv = inv.clone();
        let req = signed(
            &op,
            pb::RetryInvoiceRequest {
                invoice_id: listed[0].id.clone(),
            },
        );
        async move { inv.retry_invoice(req).await }
    };
    let (a, b) = tokio::join!(retry(), retry());
    assert_eq!(
        [a.is_ok(), b.is_ok()].iter().filter(|ok| **ok).count(),
        1,
        "{a:?} {b:?}"
    );
    let invoices = issued(&app, &ann, &id, 1).await;
    assert_eq!(invoices[0].state(), pb::InvoiceState::Issued);
    assert_eq!(viettel.books().issued.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    a_sale_is_invoiced_once_and_its_cancellation_adjusts_it(Backend::Sqlite).await;
    a_refused_invoice_is_listed_for_staff_and_issued_once_retried(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    a_sale_is_invoiced_once_and_its_cancellation_adjusts_it(Backend::Postgres).await;
    a_refused_invoice_is_listed_for_staff_and_issued_once_retried(Backend::Postgres).await;
}
