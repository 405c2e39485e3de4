//! The member area over the wire: the order list's tabs and upcoming orders, the refund preview,
//! a driver assigned by the operators' command, the ledger behind paid and cancelled orders, and
//! customer-service threads; nobody reads another member's orders, ledger or threads. Every case
//! on SQLite and PostgreSQL.

use gateway::pb::order_service_client::OrderServiceClient;
use gateway::pb::payment_service_client::PaymentServiceClient;
use gateway::pb::support_service_client::SupportServiceClient;
use serde_json::json;
use tonic::Code;

use super::orders::{contact, shuttle, token_for};
use super::*;

/// The operators' command (`booking …`) against the test server's database.
pub(super) async fn operator(app: &TestApp, args: &[&str]) -> String {
    super::operations::booking(app, args, "").await
}

/// A shuttle order waiting for payment (480,000 VND), `days` ahead at 10:00.
pub(super) async fn pending(app: &TestApp, token: &str, days: i64) -> String {
    let mut details = shuttle(3);
    let day = (chrono::Utc::now() + chrono::Duration::hours(7) + chrono::Duration::days(days))
        .format("%Y-%m-%d");
    details["start"] = json!(format!("{day}T10:00"));
    let (status, body) = app
        .post(
            "/api/plan/shuttle/shuttle-sgn-4/order",
            json!({"details": details, "contact": contact()}),
            Some(token),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_str().unwrap().to_owned()
}

/// Pays with v-coin after topping up exactly the price with the dev provider.
pub(super) async fn pay_with_vcoin(app: &TestApp, token: &str, id: &str) {
    pay_in_vcoin(app, token, "shuttle", id, 480_000).await;
}

/// Tops up `amount` with the dev provider, then pays the `category` order `id` with v-coin.
pub(super) async fn pay_in_vcoin(
    app: &TestApp,
    token: &str,
    category: &str,
    id: &str,
    amount: i64,
) {
    for (path, body) in [
        (
            "/api/v-coin/top-up".to_owned(),
            json!({"amountVnd": amount, "method": "DEV"}),
        ),
        (
            format!("/api/plan/{category}/order/{id}/payment"),
            json!({"method": "VCOIN"}),
        ),
    ] {
        let r = app
            .http
            .post(app.url(&path))
            .header("authorization-firebase", token)
            .header("idempotency-key", format!("{id}-{path}"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{path}");
    }
}

fn ids(orders: &[pb::Order]) -> Vec<&str> {
    orders.iter().map(|o| o.id.as_str()).collect()
}

api_test!(
    orders_tabs_upcoming_refund_preview_and_driver,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let bob = token_for(app, "bob@example.com").await;
        let later = pending(app, &ann, 5).await;
        let paid = pending(app, &ann, 3).await;
        let cancelled = pending(app, &ann, 2).await;
        pay_with_vcoin(app, &ann, &paid).await;
        pay_with_vcoin(app, &ann, &cancelled).await;
        let mut orders = OrderServiceClient::connect(app.url("")).await.unwrap();

        // The preview before cancelling: free this far ahead, the whole price back.
        let quote = orders
            .quote_cancellation(signed(
                &ann,
                pb::QuoteCancellationRequest {
                    order_id: cancelled.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(
            (quote.paid_vnd, quote.fee_vnd, quote.refund_vnd),
            (480_000, 0, 480_000)
        );
        let (status, rest_quote) = app
            .get_as(&format!("/api/order/detail/{cancelled}/cancel"), &ann)
            .await;
        assert_eq!(status, 200);
        assert_eq!(rest_quote["data"]["refundVnd"], 480_000);
        assert!(
            rest_quote["data"]["freeUntil"]
                .as_str()
                .unwrap()
                .ends_with("+00:00")
        );
        let unpaid = orders
            .quote_cancellation(signed(
                &ann,
                pb::QuoteCancellationRequest {
                    order_id: later.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!((unpaid.paid_vnd, unpaid.refund_vnd), (0, 0), "nothing paid");
        let (status, body) = app
            .post(
                &format!("/api/order/detail/{cancelled}/cancel"),
                json!({}),
                Some(&ann),
            )
            .await;
        assert_eq!(
            (status, body["data"]["refundVnd"].as_i64()),
            (200, Some(480_000))
        );
        let err = orders
            .quote_cancellation(signed(
                &ann,
                pb::QuoteCancellationRequest {
                    order_id: cancelled.clone(),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::FailedPrecondition, "refunded already");

        // Tabs: the states asked for, newest first; upcoming: soonest first, the refunded left out.
        let list = |token: &str, states: Vec<pb::OrderState>, upcoming: bool| {
            signed(
                token,
                pb::ListOrdersRequest {
                    states: states.into_iter().map(Into::into).collect(),
                    upcoming,
                    ..Default::default()
                },
            )
        };
        let closed = vec![
            pb::OrderState::Cancelled,
            pb::OrderState::Expired,
            pb::OrderState::Refunded,
        ];
        let page = orders
            .list_orders(list(&ann, closed.clone(), false))
            .await
            .unwrap();
        assert_eq!(ids(&page.get_ref().orders), [cancelled.as_str()]);
        // The same tab by the server's group, which says what it may do with each: nothing with
        // a refunded order; pay, change or cancel an unpaid one.
        let group = |g: pb::OrderGroup| {
            signed(
                &ann,
                pb::ListOrdersRequest {
                    group: g.into(),
                    states: vec![pb::OrderState::Paid.into()],
                    ..Default::default()
                },
            )
        };
        let page = orders
            .list_orders(group(pb::OrderGroup::Closed))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(ids(&page.orders), [cancelled.as_str()]);
        assert_eq!(page.orders[0].group, i32::from(pb::OrderGroup::Closed));
        assert!(page.orders[0].actions.is_empty());
        assert!(!page.orders[0].paid, "refunded: its payment does not stand");
        let page = orders
            .list_orders(group(pb::OrderGroup::Unpaid))
            .await
            .unwrap()
            .into_inner();
        let unpaid = page
            .orders
            .iter()
            .find(|o| o.state == i32::from(pb::OrderState::PendingPayment));
        let actions = &unpaid.expect("an order waiting for payment").actions;
        use pb::OrderAction as A;
        assert_eq!(
            actions,
            &[A::Pay as i32, A::Change as i32, A::Cancel as i32]
        );
        let page = orders.list_orders(list(&ann, vec![], true)).await.unwrap();
        assert_eq!(ids(&page.get_ref().orders), [paid.as_str(), later.as_str()]);
        let (_, body) = app
            .get_as("/api/order/detail?upcoming=true&pageSize=1", &ann)
            .await;
        assert_eq!(body["data"][0]["id"], paid.as_str());
        assert!(body["nextPageToken"].is_string());

        // The operators' command puts a driver on the paid order; the customer sees him.
        let out = operator(
            app,
            &[
                "assign-driver",
                &paid,
                "--operator",
                "ops-lan",
                "--name",
                "阮文明",
                "--phone",
                "0901 234 567",
                "--plate",
                "51a-123.45",
            ],
        )
        .await;
        assert_eq!(out.trim(), format!("{paid} CONFIRMED"));
        let order = orders
            .get_order(signed(
                &ann,
                pb::GetOrderRequest {
                    order_id: paid.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .order
            .unwrap();
        let driver = order.driver.unwrap();
        assert_eq!(
            (
                driver.name.as_str(),
                driver.phone_number.as_str(),
                driver.plate.as_str()
            ),
            ("阮文明", "901234567", "51A-123.45")
        );
        assert_eq!(order.events.last().unwrap().actor, "operator:ops-lan");
        let (_, body) = app.get_as(&format!("/api/order/detail/{paid}"), &ann).await;
        assert_eq!(body["data"]["driver"]["phoneCountryCode"], "84");
        assert_eq!(body["data"]["state"], "CONFIRMED");

        // Nobody else sees any of it.
        let page = orders.list_orders(list(&bob, vec![], false)).await.unwrap();
        assert!(page.get_ref().orders.is_empty());
        for id in [&paid, &cancelled] {
            let err = orders
                .get_order(signed(
                    &bob,
                    pb::GetOrderRequest {
                        order_id: id.clone(),
                    },
                ))
                .await
                .unwrap_err();
            assert_eq!(err.code(), Code::NotFound);
            let err = orders
                .quote_cancellation(signed(
                    &bob,
                    pb::QuoteCancellationRequest {
                        order_id: id.clone(),
                    },
                ))
                .await
                .unwrap_err();
            assert_eq!(err.code(), Code::NotFound);
            let (status, _) = app.get_as(&format!("/api/order/detail/{id}"), &bob).await;
            assert_eq!(status, 404);
        }
        let err = orders
            .list_orders(pb::ListOrdersRequest::default())
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::Unauthenticated);

        // The ledger: top-ups, spends and the refund, each pointing at its cause; Bob's is empty.
        let mut payments = PaymentServiceClient::connect(app.url("")).await.unwrap();
        let entries = payments
            .list_ledger_entries(signed(&ann, pb::ListLedgerEntriesRequest::default()))
            .await
            .unwrap()
            .into_inner()
            .entries;
        let kinds: Vec<(&str, i64, &str)> = entries
            .iter()
            .map(|e| (e.kind.as_str(), e.amount_vnd, e.order_id.as_str()))
            .collect();
        assert_eq!(kinds[0], ("REFUND", 480_000, cancelled.as_str()));
        let mut spent: Vec<&str> = kinds
            .iter()
            .filter(|k| k.0 == "SPEND")
            .map(|k| k.2)
            .collect();
        spent.sort_unstable();
        let mut both = [paid.as_str(), cancelled.as_str()];
        both.sort_unstable();
        assert_eq!(spent, both, "each spend names the order it paid");
        assert_eq!(kinds.iter().filter(|k| k.0 == "TOP_UP").count(), 2);
        assert_eq!(entries[0].balance_after_vnd, 480_000);
        let theirs = payments
            .list_ledger_entries(signed(&bob, pb::ListLedgerEntriesRequest::default()))
            .await
            .unwrap()
            .into_inner();
        assert!(theirs.entries.is_empty());
        let (_, body) = app.get_as("/api/v-coin/entries", &bob).await;
        assert_eq!(body["data"].as_array().map(Vec::len), Some(0));
    }
);

pub(super) fn open(order_id: &str, body: &str, request_id: &str) -> pb::OpenThreadRequest {
    pb::OpenThreadRequest {
        subject: String::new(),
        order_id: order_id.into(),
        body: body.into(),
        request_id: request_id.into(),
    }
}

api_test!(
    support_threads_replies_and_unread_markers,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let bob = token_for(app, "bob@example.com").await;
        let order = pending(app, &ann, 2).await;
        let mut support = SupportServiceClient::connect(app.url("")).await.unwrap();

        let thread = support
            .open_thread(signed(&ann, open(&order, "請問可以改時間嗎？", "open-1")))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        assert_eq!(thread.subject, format!("訂單 {order}"));
        assert_eq!(thread.order_id, order);
        let again = support
            .open_thread(signed(&ann, open(&order, "請問可以改時間嗎？", "open-1")))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        assert_eq!(again.id, thread.id, "a retried open opens nothing more");
        for _ in 0..2 {
            support
                .send_message(signed(
                    &ann,
                    pb::SendMessageRequest {
                        thread_id: thread.id.clone(),
                        body: "改到下午三點".into(),
                        request_id: "msg-1".into(),
                    },
                ))
                .await
                .unwrap();
        }
        let out = operator(
            app,
            &[
                "support-reply",
                &thread.id,
                "--operator",
                "小美",
                "--message",
                "可以，已為您改到 15:00",
            ],
        )
        .await;
        assert_eq!(
            out.trim(),
            format!("{} 3", thread.id),
            "the retried message once"
        );

        let unread = support
            .get_unread_count(signed(&ann, pb::GetUnreadCountRequest {}))
            .await
            .unwrap()
            .into_inner()
            .unread_count;
        assert_eq!(unread, 1);
        let listed = support
            .list_threads(signed(&ann, pb::ListThreadsRequest::default()))
            .await
            .unwrap()
            .into_inner()
            .threads;
        assert_eq!(listed.len(), 1);
        assert_eq!((listed[0].unread_count, listed[0].message_count), (1, 3));
        assert_eq!(listed[0].preview, "可以，已為您改到 15:00");
        let got = support
            .get_thread(signed(
                &ann,
                pb::GetThreadRequest {
                    thread_id: thread.id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        let said: Vec<(bool, &str)> = got
            .messages
            .iter()
            .map(|m| (m.from_customer, m.author_name.as_str()))
            .collect();
        assert_eq!(said, [(true, ""), (true, ""), (false, "小美")]);
        assert_eq!(
            got.thread.unwrap().unread_count,
            1,
            "reading is not marking read"
        );
        let read = support
            .mark_thread_read(signed(
                &ann,
                pb::MarkThreadReadRequest {
                    thread_id: thread.id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(read.thread.unwrap().unread_count, 0);
        let unread = support
            .get_unread_count(signed(&ann, pb::GetUnreadCountRequest {}))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(unread.unread_count, 0);

        // Bob can neither read, write to nor mark Ann's thread, nor ask about her order.
        let not_found = [
            support
                .get_thread(signed(
                    &bob,
                    pb::GetThreadRequest {
                        thread_id: thread.id.clone(),
                    },
                ))
                .await
                .map(|_| ())
                .unwrap_err(),
            support
                .send_message(signed(
                    &bob,
                    pb::SendMessageRequest {
                        thread_id: thread.id.clone(),
                        body: "hi".into(),
                        request_id: String::new(),
                    },
                ))
                .await
                .map(|_| ())
                .unwrap_err(),
            support
                .mark_thread_read(signed(
                    &bob,
                    pb::MarkThreadReadRequest {
                        thread_id: thread.id.clone(),
                    },
                ))
                .await
                .map(|_| ())
                .unwrap_err(),
        ];
        assert!(not_found.iter().all(|e| e.code() == Code::NotFound));
        let err = support
            .open_thread(signed(&bob, open(&order, "這是誰的訂單", "")))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument);
        let bobs = support
            .list_threads(signed(&bob, pb::ListThreadsRequest::default()))
            .await
            .unwrap()
            .into_inner();
        assert!(bobs.threads.is_empty());
        let err = support
            .list_threads(pb::ListThreadsRequest::default())
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::Unauthenticated);
        let err = support
            .open_thread(signed(&ann, open("", "   ", "")))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument);
        assert!(
            err.message().contains("請輸入訊息內容"),
            "{}",
            err.message()
        );

        // Ten new threads a day (the retried open counted too), then RESOURCE_EXHAUSTED with when.
        let mut refused = None;
        for i in 0..10 {
            let r = support
                .open_thread(signed(&ann, open("", &format!("問題 {i}"), "")))
                .await;
            if let Err(e) = r {
                refused = Some((i, e));
                break;
            }
        }
        let (at, err) = refused.expect("a refusal");
        assert_eq!((at, err.code()), (8, Code::ResourceExhausted));
        assert!(err.message().contains("分鐘後再試"), "{}", err.message());
        let wait: u64 = err
            .metadata()
            .get("retry-after")
            .unwrap()
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!(wait > 0 && wait <= 86_400, "{wait}");

        // The other channels need no sign-in; the browser reaches them over gRPC-Web.
        let (status, channels) = app
            .grpc_web::<pb::GetContactChannelsResponse>(
                "SupportService/GetContactChannels",
                &pb::GetContactChannelsRequest {},
            )
            .await;
        assert_eq!(status, 0);
        let channels = channels.unwrap().channels.unwrap();
        assert_eq!(channels.line_id, "@booking-demo", "dev's demo values");
        assert!(channels.hours.contains("越南時間"));
        assert!(
            channels.company_name.contains("示範"),
            "dev's demo company is labelled"
        );
        assert!(!channels.company_registration.is_empty());
    }
);

/// The `Cache-Control` of one gRPC-Web call (an encoded message) as `token`.
async fn grpc_web_cache(app: &TestApp, path: &str, token: &str, payload: Vec<u8>) -> String {
    let mut frame = vec![0u8];
    frame.extend_from_slice(&u32::try_from(payload.len()).unwrap().to_be_bytes());
    frame.extend_from_slice(&payload);
    let r = app
        .http
        .post(app.url(path))
        .header("content-type", "application/grpc-web+proto")
        .header("authorization-firebase", token)
        .body(frame)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{path}");
    r.headers()["cache-control"].to_str().unwrap().to_owned()
}

api_test!(personal_answers_are_never_stored, async |app: &TestApp| {
    let (status, body, headers) = app
        .call(
            reqwest::Method::POST,
            "/api/auth/sign-up",
            Some(json!({"email": "cache@example.com", "password": "secret1"})),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(headers["cache-control"], "no-store", "sign-up");
    let token = body["data"]["idToken"].as_str().unwrap().to_owned();
    let refresh = body["data"]["refreshToken"].as_str().unwrap().to_owned();
    let id = pending(app, &token, 2).await;
    for path in [
        "/api/v-coin".to_owned(),
        "/api/v-coin/entries".to_owned(),
        "/api/user".to_owned(),
        "/api/order/detail".to_owned(),
        format!("/api/order/detail/{id}"),
    ] {
        let (status, _, headers) = app
            .call(reqwest::Method::GET, &path, None, Some(&token))
            .await;
        assert_eq!(
            (status, &headers["cache-control"]),
            (200, &"no-store".parse().unwrap()),
            "{path}"
        );
    }
    for (path, body) in [
        (
            "/api/auth/sign-in",
            json!({"email": "cache@example.com", "password": "secret1"}),
        ),
        ("/api/auth/refresh", json!({"refreshToken": refresh})),
    ] {
        let (status, _, headers) = app
            .call(reqwest::Method::POST, path, Some(body), None)
            .await;
        assert_eq!(
            (status, &headers["cache-control"]),
            (200, &"no-store".parse().unwrap()),
            "{path}"
        );
    }
    // A 401 is no one's to keep either.
    let (status, _, headers) = app
        .call(reqwest::Method::GET, "/api/v-coin", None, None)
        .await;
    assert_eq!(
        (status, &headers["cache-control"]),
        (401, &"no-store".parse().unwrap())
    );
    // gRPC-Web: the same.
    for (path, message) in [
        (
            "/booking.v1.PaymentService/GetWallet",
            pb::GetWalletRequest::default().encode_to_vec(),
        ),
        (
            "/booking.v1.UserService/GetUser",
            pb::GetUserRequest::default().encode_to_vec(),
        ),
    ] {
        assert_eq!(
            grpc_web_cache(app, path, &token, message).await,
            "no-store",
            "{path}"
        );
    }
    // The catalogue is everyone's: stored, and checked again.
    let (_, _, headers) = app
        .call(reqwest::Method::GET, "/api/plan/shuttle", None, None)
        .await;
    assert_eq!(headers["cache-control"], "no-cache");
    let list = pb::ListCategoriesRequest {}.encode_to_vec();
    let cache = grpc_web_cache(app, "/booking.v1.CatalogService/ListCategories", "", list).await;
    assert_eq!(cache, "no-cache");
});
