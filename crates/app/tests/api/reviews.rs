//! Reviews over native gRPC: only the customer of a completed order rates it, once however many
//! requests race, editable for 14 days; travellers read the shown ones with their count on the
//! plan's card and page; operators hide one once, audited, and the customer is mailed why.
//! Every case on SQLite and PostgreSQL.

use gateway::pb::review_service_client::ReviewServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use super::member::{pay_with_vcoin, pending};
use super::operations::{Cred, client, operator_token, with};
use super::orders::token_for;
use super::*;

async fn reviews(app: &TestApp) -> ReviewServiceClient<Channel> {
    ReviewServiceClient::connect(app.url("")).await.unwrap()
}

fn submit(order: &str, rating: u32, comment: &str) -> pb::SubmitReviewRequest {
    pb::SubmitReviewRequest {
        order_id: order.into(),
        rating,
        comment: comment.into(),
    }
}

async fn plan_reviews(app: &TestApp) -> pb::ListReviewsResponse {
    let request = pb::ListReviewsRequest {
        subject: Some(pb::list_reviews_request::Subject::PlanId(
            "shuttle-sgn-4".into(),
        )),
        ..Default::default()
    };
    reviews(app)
        .await
        .list_reviews(request)
        .await
        .unwrap()
        .into_inner()
}

async fn card_count(app: &TestApp) -> (u32, u32) {
    let plans = plans_over_grpc(app.url(""), pb::Category::Shuttle).await;
    let plan = plans.iter().find(|p| p.id == "shuttle-sgn-4").unwrap();
    let s = plan.reviews.unwrap();
    (s.count, s.average_tenths)
}

api_test!(reviews_of_completed_orders, async |app: &TestApp| {
    let email = "review@example.com";
    let customer = token_for(app, email).await;
    let stranger = token_for(app, "other@example.com").await;
    let op = operator_token(app).await;
    let staff = Cred::Token(&op);
    let id = pending(app, &customer, 3).await;
    pay_with_vcoin(app, &customer, &id).await;
    let mut r = reviews(app).await;

    let err = r
        .submit_review(signed(&customer, submit(&id, 5, "")))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::FailedPrecondition, "{err:?}");
    assert_eq!(err.message(), "服務完成後才能評價");
    let mut ops = client(app).await;
    ops.confirm_order(with(
        &staff,
        pb::ConfirmOrderRequest {
            order_id: id.clone(),
            ..Default::default()
        },
    ))
    .await
    .unwrap();
    adapters::testing::serve_order(&app.db.db, &id).await;
    ops.complete_order(with(
        &staff,
        pb::CompleteOrderRequest {
            order_id: id.clone(),
            seen_version: None,
        },
    ))
    .await
    .unwrap();

    // Nobody reviews what they did not buy; hostile text is refused with the field's words.
    for call in [
        r.submit_review(signed(&stranger, submit(&id, 5, ""))).await,
        r.submit_review(tonic::Request::new(submit(&id, 5, "")))
            .await,
    ] {
        assert!(matches!(
            call.map_err(|e| e.code()),
            Err(Code::NotFound | Code::Unauthenticated)
        ));
    }
    let err = r
        .get_order_review(signed(
            &stranger,
            pb::GetOrderReviewRequest {
                order_id: id.clone(),
            },
        ))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::NotFound);
    for (stars, comment) in [
        (0, ""),
        (6, ""),
        (5, "好\u{202e}評"),
        (5, &*"長".repeat(1001)),
    ] {
        let err = r
            .submit_review(signed(&customer, submit(&id, stars, comment)))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{stars} {comment:?}");
    }

    // Eight at once: one review, the others its edits.
    let calls = (1..=8).map(|i| {
        let mut r = r.clone();
        let token = customer.clone();
        let id = id.clone();
        tokio::spawn(async move {
            r.submit_review(signed(&token, submit(&id, 1 + i % 5, "司機準時")))
                .await
                .map(|_| ())
        })
    });
    for done in futures_util::future::join_all(calls).await {
        done.unwrap().unwrap();
    }
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    assert_eq!(adapters::testing::count(&db, "reviews").await, 1);
    let mine = r
        .submit_review(signed(&customer, submit(&id, 4, "  司機準時，車很乾淨  ")))
        .await
        .unwrap()
        .into_inner()
        .review
        .unwrap();
    assert_eq!(
        (mine.rating, mine.comment.as_str(), mine.author.as_str()),
        (4, "司機準時，車很乾淨", "王**")
    );
    assert_eq!(mine.order_id, id);
    assert!(mine.editable, "its customer may change it");

    // Travellers see it on the card and the page, without the order's id.
    let listed = plan_reviews(app).await;
    assert_eq!(listed.reviews.len(), 1);
    assert_eq!(
        listed.reviews[0].order_id, "",
        "an order's id is its customer's"
    );
    assert!(listed.reviews[0].id.starts_with("rv-"), "its own id");
    assert!(listed.reviews[0].editable_until.is_none());
    assert_eq!(listed.summary.unwrap().count, 1);
    assert_eq!(card_count(app).await, (1, 40));

    // Past 14 days it no longer changes.
    adapters::testing::backdate_reviews(&db, 14).await;
    let past = r
        .get_order_review(signed(
            &customer,
            pb::GetOrderReviewRequest {
                order_id: id.clone(),
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .review
        .unwrap();
    assert!(!past.editable, "past its 14 days");
    let err = r
        .submit_review(signed(&customer, submit(&id, 5, "")))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::FailedPrecondition);
    assert_eq!(err.message(), "評價只能在撰寫後 14 天內修改");

    // Two operators hide it at once: one audit entry, one mail; it leaves the page and the card.
    let err = ops
        .hide_review(with(
            &staff,
            pb::HideReviewRequest {
                order_id: id.clone(),
                reason: " ".into(),
            },
        ))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    let hides = (0..2).map(|_| {
        let mut ops = ops.clone();
        let request = with(
            &staff,
            pb::HideReviewRequest {
                order_id: id.clone(),
                reason: "含有其他旅客的個人資料".into(),
            },
        );
        tokio::spawn(async move { ops.hide_review(request).await.map(|r| r.into_inner()) })
    });
    for done in futures_util::future::join_all(hides).await {
        let review = done.unwrap().unwrap().review.unwrap();
        assert!(review.hidden);
        assert_eq!(review.hidden_reason, "含有其他旅客的個人資料");
    }
    let entries = ops
        .list_audit_entries(with(
            &staff,
            pb::ListAuditEntriesRequest {
                target: format!("review:{id}"),
                ..Default::default()
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .entries;
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0].action, "review.hide");
    let hidden_mails: Vec<_> = adapters::testing::mails_to(&db, email)
        .await
        .into_iter()
        .filter(|(kind, _)| kind == "review_hidden")
        .collect();
    assert_eq!(hidden_mails.len(), 1);
    assert!(plan_reviews(app).await.reviews.is_empty());
    assert_eq!(card_count(app).await, (0, 0));
    let all = ops
        .list_all_reviews(with(
            &staff,
            pb::ListAllReviewsRequest {
                view: pb::ReviewView::Hidden as i32,
                ..Default::default()
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .reviews;
    assert_eq!(all.len(), 1);

    // Its customer still sees it, and why it is hidden.
    let own = r
        .get_order_review(signed(
            &customer,
            pb::GetOrderReviewRequest {
                order_id: id.clone(),
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .review
        .unwrap();
    assert!(own.hidden);
    assert_eq!(own.hidden_reason, "含有其他旅客的個人資料");
});
