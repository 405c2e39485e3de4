//! Promo codes over the wire: admins keep them; a customer puts one on an unpaid order at the
//! confirm step, where it is a line of its own; its uses are counted in the order's write.

use gateway::pb::operator_service_client::OperatorServiceClient;
use gateway::pb::order_service_client::OrderServiceClient;
use gateway::pb::promo_code::Discount;
use serde_json::json;
use tonic::Code;
use tonic::transport::Channel;

use super::member::{pay_in_vcoin, pending};
use super::operations::{Cred, operator_token, with};
use super::orders::token_for;
use super::*;

async fn orders(app: &TestApp) -> OrderServiceClient<Channel> {
    OrderServiceClient::connect(app.url("")).await.unwrap()
}

/// `percent` off any shuttle, valid from a week ago for a month, `total` uses in all.
fn shuttle_code(name: &str, percent: u32, total: u32) -> pb::PromoCode {
    let vietnam = |days: i64| {
        (chrono::Utc::now() + chrono::Duration::hours(7) + chrono::Duration::days(days))
            .format("%Y-%m-%dT00:00")
            .to_string()
    };
    pb::PromoCode {
        code: name.into(),
        discount: Some(Discount::PercentOff(pb::PercentOff {
            percent,
            cap_vnd: 0,
        })),
        min_spend_vnd: 0,
        categories: vec![pb::Category::Shuttle.into()],
        plan_ids: vec![],
        valid_from: vietnam(-7),
        valid_until: vietnam(30),
        total_uses: total,
        uses_per_customer: 1,
        first_order_only: false,
        active: true,
    }
}

async fn create(app: &TestApp, admin: &str, code: pb::PromoCode) {
    OperatorServiceClient::connect(app.url(""))
        .await
        .unwrap()
        .create_promo_code(with(
            &Cred::Token(admin),
            pb::CreatePromoCodeRequest { code: Some(code) },
        ))
        .await
        .unwrap();
}

/// Each code's uses and cost, as the console lists them.
async fn listed(app: &TestApp, admin: &str) -> Vec<(String, u32, i64)> {
    let r = OperatorServiceClient::connect(app.url(""))
        .await
        .unwrap()
        .list_promo_codes(with(&Cred::Token(admin), pb::ListPromoCodesRequest {}))
        .await
        .unwrap()
        .into_inner();
    r.codes
        .into_iter()
        .map(|s| (s.code.unwrap().code, s.used, s.cost_vnd))
        .collect()
}

async fn apply(
    app: &TestApp,
    token: &str,
    order: &str,
    code: &str,
) -> Result<pb::Order, tonic::Status> {
    let request = pb::ApplyPromoCodeRequest {
        order_id: order.into(),
        code: code.into(),
    };
    let r = orders(app)
        .await
        .apply_promo_code(signed(token, request))
        .await?;
    Ok(r.into_inner().order.unwrap())
}

/// Twenty customers sign up from the test's one address: more than the hourly throttle allows.
fn a_crowd(c: &mut Config) {
    c.accounts.sign_ups_per_address_hour = 100;
}

api_test_with!(
    the_last_use_of_a_code_goes_to_one_of_twenty_checkouts_at_once,
    a_crowd,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        create(app, &admin, shuttle_code("LASTONE", 10, 1)).await;
        // Twenty customers, each at the confirm step of an order of their own.
        let mut buyers = Vec::new();
        for i in 0..20 {
            let token = token_for(app, &format!("buyer{i}@example.com")).await;
            let order = pending(app, &token, 2).await;
            buyers.push((token, order));
        }
        let tries: Vec<_> = buyers
            .iter()
            .cloned()
            .map(|(token, order)| {
                let url = app.url("");
                tokio::spawn(async move {
                    let request = pb::ApplyPromoCodeRequest {
                        order_id: order,
                        code: "lastone".into(),
                    };
                    let mut c = OrderServiceClient::connect(url).await.unwrap();
                    c.apply_promo_code(signed(&token, request)).await
                })
            })
            .collect();
        let mut won = Vec::new();
        for (i, t) in tries.into_iter().enumerate() {
            match t.await.unwrap() {
                Ok(r) => won.push((i, r.into_inner().order.unwrap())),
                Err(s) => {
                    assert_eq!(s.code(), Code::FailedPrecondition, "{s:?}");
                    assert_eq!(s.message(), "優惠碼 LASTONE 已被使用完畢");
                }
            }
        }
        assert_eq!(won.len(), 1, "one of twenty has the last use");
        let (winner, order) = &won[0];
        let line = order.estimate.as_ref().unwrap().lines.last().unwrap();
        assert_eq!((line.code.as_str(), line.amount_vnd), ("promo", -48_000));
        assert_eq!(order.estimate.as_ref().unwrap().total_vnd, 432_000);
        assert_eq!(listed(app, &admin).await, [("LASTONE".into(), 1, 48_000)]);

        // The winner calls the order off unpaid: the use is back, and another buyer has it.
        let (token, id) = &buyers[*winner];
        let (status, body) = app
            .post(
                &format!("/api/order/detail/{id}/cancel"),
                json!({"reason": "plans changed"}),
                Some(token),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(listed(app, &admin).await, [("LASTONE".into(), 0, 0)]);
        let (token, id) = &buyers[(*winner + 1) % 20];
        apply(app, token, id, "LASTONE").await.unwrap();
        assert_eq!(listed(app, &admin).await, [("LASTONE".into(), 1, 48_000)]);
    }
);

api_test!(
    a_code_is_a_line_of_the_price_that_is_paid_and_refusals_are_in_the_customer_s_words,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        create(app, &admin, shuttle_code("TENOFF", 10, 0)).await;
        let mut past = shuttle_code("OLDIE", 10, 0);
        past.valid_until = past.valid_from.clone();
        past.valid_from = "2025-01-01T00:00".into();
        create(app, &admin, past).await;
        // Only admins keep codes: an operator is refused.
        let operator = super::operations::staff_token(app, "ops@example.com", "operator").await;
        let refused = OperatorServiceClient::connect(app.url(""))
            .await
            .unwrap()
            .create_promo_code(with(
                &Cred::Token(&operator),
                pb::CreatePromoCodeRequest {
                    code: Some(shuttle_code("MINE", 50, 0)),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied);

        let ann = token_for(app, "ann@example.com").await;
        let id = pending(app, &ann, 2).await;
        // An expired code, asked in Vietnamese, is refused in Vietnamese; a code that is none too.
        let mut request = signed(
            &ann,
            pb::ApplyPromoCodeRequest {
                order_id: id.clone(),
                code: "oldie".into(),
            },
        );
        request
            .metadata_mut()
            .insert("accept-language", "vi".parse().unwrap());
        let expired = orders(app)
            .await
            .apply_promo_code(request)
            .await
            .unwrap_err();
        assert_eq!(
            (expired.code(), expired.message()),
            (Code::FailedPrecondition, "Mã ưu đãi OLDIE đã hết hạn")
        );
        let unknown = apply(app, &ann, &id, "NOSUCH").await.unwrap_err();
        assert_eq!(unknown.message(), "優惠碼 NOSUCH 無效");
        // Another customer's order is not found.
        let bob = token_for(app, "bob@example.com").await;
        let theirs = apply(app, &bob, &id, "TENOFF").await.unwrap_err();
        assert_eq!(theirs.code(), Code::NotFound);

        // Applied twice (a retry), it is one line and one use; the order as read has it too.
        apply(app, &ann, &id, "TENOFF").await.unwrap();
        let order = apply(app, &ann, &id, " tenoff ").await.unwrap();
        let estimate = order.estimate.unwrap();
        let promo: Vec<_> = estimate
            .lines
            .iter()
            .filter(|l| l.code == "promo")
            .collect();
        assert_eq!(promo.len(), 1);
        assert_eq!(promo[0].label, "優惠碼 TENOFF");
        assert_eq!(estimate.total_vnd, 432_000);
        assert!(
            listed(app, &admin)
                .await
                .contains(&("TENOFF".into(), 1, 48_000))
        );

        // Taken off, the use is back; put on again, the order takes it anew.
        orders(app)
            .await
            .remove_promo_code(signed(
                &ann,
                pb::RemovePromoCodeRequest {
                    order_id: id.clone(),
                },
            ))
            .await
            .unwrap();
        assert!(listed(app, &admin).await.contains(&("TENOFF".into(), 0, 0)));
        let again = apply(app, &ann, &id, "TENOFF").await.unwrap();
        assert_eq!(again.estimate.unwrap().total_vnd, 432_000);
        assert!(
            listed(app, &admin)
                .await
                .contains(&("TENOFF".into(), 1, 48_000))
        );

        // Paid with exactly what is left: the v-coin payment is the discounted total, and a
        // cancellation is quoted on it.
        pay_in_vcoin(app, &ann, "shuttle", &id, 432_000).await;
        let (status, body, _) = app
            .call(
                reqwest::Method::GET,
                &format!("/api/order/detail/{id}"),
                None,
                Some(&ann),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["state"], "PAID", "{body}");
        let quote = orders(app)
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
        assert_eq!(quote.paid_vnd, 432_000);
        // Paid, its price is fixed: the code stays and no other goes on.
        let late = apply(app, &ann, &id, "OLDIE").await.unwrap_err();
        assert_eq!(late.code(), Code::FailedPrecondition);
        assert!(
            listed(app, &admin)
                .await
                .contains(&("TENOFF".into(), 1, 48_000))
        );
    }
);
