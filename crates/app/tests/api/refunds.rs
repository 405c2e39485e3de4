//! Refunds back where the money came from, over the wire, with VNPay's refund call played by the
//! local stand-in of its published contract: a VNPay-paid order cancelled "back to VNPay" is
//! refunded once however many cancels arrive at once, the worker sends it and the order's refund
//! reads done; a refund VNPay refuses becomes an operator's task, closed once with the bank's
//! reference; a bank transfer refund without an account is refused in words.

use adapters::stand_ins::VnPayStandIn;
use futures_util::future::join_all;
use gateway::pb::operator_service_client::OperatorServiceClient;
use gateway::pb::order_service_client::OrderServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use super::operations::{Cred, operator_token, with};
use super::orders::token_for;
use super::payments::{balance, ipn, pay, pending_order, vnpay_result};
use super::*;

async fn orders(app: &TestApp) -> OrderServiceClient<Channel> {
    OrderServiceClient::connect(app.url("")).await.unwrap()
}

async fn ops(app: &TestApp) -> OperatorServiceClient<Channel> {
    OperatorServiceClient::connect(app.url("")).await.unwrap()
}

/// An order of `token`'s paid through VNPay (its IPN), and the payment's id.
async fn paid_by_vnpay(app: &TestApp, token: &str, key: &str) -> (String, String) {
    let id = pending_order(app, token).await;
    let (status, body) = pay(app, token, &id, "VNPAY", key).await;
    assert_eq!(status, 200, "{body}");
    let txn = body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(ipn(app, &vnpay_result(&txn, "48000000", "00")).await, "00");
    (id, txn)
}

fn back_to_source(id: &str) -> pb::CancelOrderRequest {
    pb::CancelOrderRequest {
        order_id: id.into(),
        reason: "行程改變".into(),
        refund_to: pb::RefundTo::Source.into(),
        account: None,
    }
}

async fn refunds(app: &TestApp, token: &str, id: &str) -> Vec<pb::RefundPart> {
    orders(app)
        .await
        .list_order_refunds(signed(
            token,
            pb::ListOrderRefundsRequest {
                order_id: id.into(),
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .refunds
}

/// The order's refunds once none is pending any more (the worker runs every half second).
async fn settled(app: &TestApp, token: &str, id: &str) -> Vec<pb::RefundPart> {
    for _ in 0..100 {
        let parts = refunds(app, token, id).await;
        if parts.iter().all(|p| p.state() != pb::RefundState::Pending) {
            return parts;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!(
        "the refund stayed pending: {:?}",
        refunds(app, token, id).await
    );
}

async fn refunds_go_back_where_the_money_came_from(backend: Backend) {
    let vnpay = VnPayStandIn::start(VNPAY_TMN, VNPAY_SECRET).await;
    let url = vnpay.url.clone();
    let app = TestApp::start_with(backend, move |c| c.payments.vnpay.api_url = url).await;
    let ann = token_for(&app, "ann@example.com").await;
    let (id, txn) = paid_by_vnpay(&app, &ann, "vn-r1").await;
    vnpay.books().paid.insert(txn.clone());

    // The quote says where "back to what paid" would go.
    let quote = orders(&app)
        .await
        .quote_cancellation(signed(
            &ann,
            pb::QuoteCancellationRequest {
                order_id: id.clone(),
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        quote.sources().collect::<Vec<_>>(),
        [pb::RefundRoute::Vnpay]
    );

    // Six cancels at once, back to VNPay: one refund of one part, the same answer to each.
    let cancels: Vec<_> = (0..6)
        .map(|_| async {
            orders(&app)
                .await
                .cancel_order(signed(&ann, back_to_source(&id)))
                .await
                .map(|r| r.into_inner())
        })
        .collect();
    let answers: Vec<_> = join_all(cancels).await;
    let first = answers[0].as_ref().expect("cancelled").clone();
    assert_eq!(first.refund_vnd, 480_000);
    for answer in &answers {
        let answer = answer.as_ref().expect("cancelled");
        assert_eq!(answer.refunds.len(), 1, "{answer:?}");
        assert_eq!(answer.refunds[0].id, first.refunds[0].id);
    }
    assert_eq!(first.refunds[0].route(), pb::RefundRoute::Vnpay);
    assert_eq!(balance(&app, &ann).await, 0, "nothing went to v-coin");

    // The worker sends it once: the whole payment (type 02), in VNPay's hundredths.
    let parts = settled(&app, &ann, &id).await;
    assert_eq!(parts.len(), 1);
    assert_eq!(
        (parts[0].state(), parts[0].answer.as_str()),
        (pb::RefundState::Done, "00")
    );
    assert!(parts[0].done_at.is_some());
    assert_eq!(
        vnpay.books().asked,
        [(
            first.refunds[0].id.clone(),
            "02".to_owned(),
            "48000000".to_owned()
        )]
    );

    // A payment VNPay does not know: refused (91), left to staff, who close it once.
    let (other, _) = paid_by_vnpay(&app, &ann, "vn-r2").await;
    orders(&app)
        .await
        .cancel_order(signed(&ann, back_to_source(&other)))
        .await
        .unwrap();
    let parts = settled(&app, &ann, &other).await;
    assert_eq!(
        (parts[0].state(), parts[0].answer.as_str()),
        (pb::RefundState::Failed, "91")
    );
    let admin = operator_token(&app).await;
    let cred = Cred::Token(&admin);
    let tasks = ops(&app)
        .await
        .list_refund_tasks(with(&cred, pb::ListRefundTasksRequest::default()))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        tasks
            .refunds
            .iter()
            .map(|p| p.order_id.as_str())
            .collect::<Vec<_>>(),
        [other.as_str()]
    );
    let close = |bank_ref: &str| pb::CloseRefundRequest {
        refund_id: parts[0].id.clone(),
        bank_ref: bank_ref.into(),
    };
    let closing: Vec<_> = (0..4)
        .map(|n| {
            let request = close(&format!("FT-BACK-{n}"));
            let (app, cred) = (&app, &cred);
            async move { ops(app).await.close_refund(with(cred, request)).await }
        })
        .collect();
    let closed = join_all(closing).await;
    assert_eq!(closed.iter().filter(|c| c.is_ok()).count(), 1, "{closed:?}");
    for refused in closed.iter().filter_map(|c| c.as_ref().err()) {
        assert_eq!(refused.code(), Code::FailedPrecondition);
    }
    let read = refunds(&app, &ann, &other).await;
    assert_eq!(read[0].state(), pb::RefundState::Done);
    assert!(read[0].bank_ref.starts_with("FT-BACK-"));
    let empty = pb::CloseRefundRequest {
        refund_id: parts[0].id.clone(),
        bank_ref: " ".into(),
    };
    let refused = ops(&app)
        .await
        .close_refund(with(&cred, empty))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::FailedPrecondition, "closed already");

    // Someone else's order's refunds are not found.
    let bob = token_for(&app, "bob@example.com").await;
    let hidden = orders(&app)
        .await
        .list_order_refunds(signed(
            &bob,
            pb::ListOrderRefundsRequest {
                order_id: id.clone(),
            },
        ))
        .await
        .unwrap_err();
    assert_eq!(hidden.code(), Code::NotFound);

    // An operator cancelling for the customer may send it back to VNPay too.
    let (fourth, txn) = paid_by_vnpay(&app, &ann, "vn-r4").await;
    vnpay.books().paid.insert(txn);
    let by_staff = ops(&app)
        .await
        .cancel_order(with(
            &cred,
            pb::OperatorServiceCancelOrderRequest {
                order_id: fourth.clone(),
                reason: "司機無法前往".into(),
                refund_to: pb::RefundTo::Source.into(),
                ..Default::default()
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(by_staff.refunds.len(), 1);
    assert_eq!(by_staff.refunds[0].route(), pb::RefundRoute::Vnpay);
    assert_eq!(settled(&app, &ann, &fourth).await[0].answer, "00");

    // A bad account is refused in words before anything is cancelled.
    let (third, _) = paid_by_vnpay(&app, &ann, "vn-r3").await;
    let bad = pb::CancelOrderRequest {
        account: Some(pb::PayeeAccount {
            bank: "ACB".into(),
            number: "12".into(),
            holder: "Ann".into(),
        }),
        ..back_to_source(&third)
    };
    let refused = orders(&app)
        .await
        .cancel_order(signed(&ann, bad))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(refused.message(), "帳號須為 6 至 19 位英數字");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    refunds_go_back_where_the_money_came_from(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    refunds_go_back_where_the_money_came_from(Backend::Postgres).await;
}
