//! Changing a paid order over the wire: the new details priced, the difference paid from the
//! wallet or given back, once however many identical changes arrive at once; the change in the
//! order's timeline; a cancellation afterwards refunds what the order costs now.

use futures_util::future::join_all;
use gateway::pb::order_service_client::OrderServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use super::massage::massage;
use super::orders::{shuttle, token_for};
use super::payments::{balance, pay, pending_order, top_up};
use super::*;

const MASSAGE_ORDER: &str = "/api/plan/dragon-massage/massage-classic/order";

async fn orders(app: &TestApp) -> OrderServiceClient<Channel> {
    OrderServiceClient::connect(app.url("")).await.unwrap()
}

/// The order as its owner reads it.
pub(super) async fn order_of(app: &TestApp, token: &str, id: &str) -> pb::Order {
    orders(app)
        .await
        .get_order(signed(
            token,
            pb::GetOrderRequest {
                order_id: id.into(),
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .order
        .unwrap()
}

/// The test's shuttle (three passengers, two days ahead) with `seats` child seats.
fn with_seats(seats: u32) -> pb::OrderDetails {
    pb::OrderDetails {
        service: Some(pb::order_details::Service::Shuttle(pb::ShuttleDetails {
            child_seats: seats,
            ..serde_json::from_value(shuttle(3)).unwrap()
        })),
    }
}

fn change(id: &str, seats: u32) -> pb::ChangePaidOrderRequest {
    pb::ChangePaidOrderRequest {
        order_id: id.into(),
        details: Some(with_seats(seats)),
        ..Default::default()
    }
}

api_test!(
    a_paid_order_changes_once_its_difference_paid_or_given_back,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        assert_eq!(top_up(app, &ann, 1_000_000, "top").await.0, 200);
        let id = pending_order(app, &ann).await;
        assert_eq!(pay(app, &ann, &id, "VCOIN", "pay").await.0, 200);
        assert_eq!(balance(app, &ann).await, 520_000);

        // The quote: until when, and what a second child seat costs.
        let quote = orders(app)
            .await
            .quote_order_change(signed(
                &ann,
                pb::QuoteOrderChangeRequest {
                    order_id: id.clone(),
                    details: Some(with_seats(2)),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!((quote.before_vnd, quote.after_vnd), (480_000, 580_000));
        assert!(quote.change_until.is_some());

        // Five identical changes at once: one pays the difference, the rest find it made.
        let sends: Vec<_> = (0..5)
            .map(|_| async {
                orders(app)
                    .await
                    .change_paid_order(signed(&ann, change(&id, 2)))
                    .await
            })
            .collect();
        let answers = join_all(sends).await;
        let changed = answers
            .iter()
            .filter(|a| a.as_ref().is_ok_and(|r| r.get_ref().changed))
            .count();
        assert_eq!(changed, 1, "{answers:?}");
        for a in &answers {
            if let Err(e) = a {
                assert_eq!(e.code(), Code::Aborted, "{e:?}");
            }
        }
        assert_eq!(balance(app, &ann).await, 420_000, "paid once");
        let order = order_of(app, &ann, &id).await;
        assert_eq!(order.estimate.as_ref().unwrap().total_vnd, 580_000);
        assert_eq!(order.state(), pb::OrderState::Paid);
        let step = order.events.last().unwrap();
        assert_eq!(
            step.why,
            Some(pb::order_event::Why::Changed(pb::ChangedStep {
                before_vnd: 480_000,
                after_vnd: 580_000
            }))
        );
        assert!(order.actions.contains(&i32::from(pb::OrderAction::Amend)));

        // No seat at all: 200,000 back to v-coin at once.
        let less = orders(app)
            .await
            .change_paid_order(signed(&ann, change(&id, 0)))
            .await
            .unwrap()
            .into_inner();
        assert_eq!((less.before_vnd, less.after_vnd), (580_000, 380_000));
        assert_eq!(less.refunds.len(), 1);
        assert_eq!(less.refunds[0].route(), pb::RefundRoute::Wallet);
        assert_eq!(balance(app, &ann).await, 620_000);

        // Cancelled now, what it costs now comes back: the wallet is whole again.
        let path = format!("/api/order/detail/{id}/cancel");
        let (status, body) = app.post(&path, serde_json::json!({}), Some(&ann)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["refundVnd"], 380_000);
        assert_eq!(balance(app, &ann).await, 1_000_000);

        // Someone else's order is not found; an unpaid one cannot be changed this way.
        let bob = token_for(app, "bob@example.com").await;
        let other = orders(app)
            .await
            .change_paid_order(signed(&bob, change(&id, 1)))
            .await
            .unwrap_err();
        assert_eq!(other.code(), Code::NotFound);
        let unpaid = pending_order(app, &ann).await;
        let refused = orders(app)
            .await
            .change_paid_order(signed(&ann, change(&unpaid, 2)))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::FailedPrecondition);
    }
);

api_test!(
    a_massage_moved_to_another_time_moves_its_therapist_with_it,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        assert_eq!(top_up(app, &ann, 2_000_000, "top").await.0, 200);
        let booking = serde_json::json!({
            "details": massage("t-lan", &[])["details"],
            "contact": super::orders::contact(),
        });
        let (status, body) = app.post(MASSAGE_ORDER, booking, Some(&ann)).await;
        assert_eq!(status, 201, "{body}");
        let id = body["data"]["id"].as_str().unwrap().to_owned();
        let mut paying = signed(
            &ann,
            pb::PayOrderRequest {
                order_id: id.clone(),
                method: pb::PaymentMethod::Vcoin.into(),
            },
        );
        paying
            .metadata_mut()
            .insert("idempotency-key", "pay-massage".parse().unwrap());
        gateway::pb::payment_service_client::PaymentServiceClient::connect(app.url(""))
            .await
            .unwrap()
            .pay_order(paying)
            .await
            .unwrap();

        // From 10:00 to 14:00 the same day: Lan goes with it.
        let ten = super::orders::day_slot();
        let two = ten.replace("T10:00", "T14:00");
        let moved: pb::MassageDetails =
            serde_json::from_value(massage("t-lan", &[])["details"].clone()).unwrap();
        let moved = pb::MassageDetails {
            start: two.clone(),
            ..moved
        };
        let done = orders(app)
            .await
            .change_paid_order(signed(
                &ann,
                pb::ChangePaidOrderRequest {
                    order_id: id.clone(),
                    details: Some(pb::OrderDetails {
                        service: Some(pb::order_details::Service::Massage(moved)),
                    }),
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert!(done.changed);
        let free = |at: &str| format!("/api/plan/dragon-massage/therapist?start={at}&duration=90");
        let (_, at_ten) = app.get(&free(&ten)).await;
        let (_, at_two) = app.get(&free(&two)).await;
        let has_lan = |v: &serde_json::Value| {
            v["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == "t-lan")
        };
        assert!(has_lan(&at_ten), "free again at ten");
        assert!(!has_lan(&at_two), "held at two");
        // Someone else may now book her at ten, not at two.
        let bob = token_for(app, "bob@example.com").await;
        let (status, body) = app
            .post(MASSAGE_ORDER, massage("t-lan", &[]), Some(&bob))
            .await;
        assert_eq!(status, 201, "{body}");
        let mut at_two_order = massage("t-lan", &[]);
        at_two_order["details"]["start"] = serde_json::json!(two);
        let (status, body) = app.post(MASSAGE_ORDER, at_two_order, Some(&bob)).await;
        assert!(status == 400 || status == 409, "{status} {body}");
    }
);

/// The order's details with its start moved by `days`, as its owner reads them.
async fn moved(app: &TestApp, token: &str, id: &str, days: i64) -> pb::OrderDetails {
    let order = order_of(app, token, id).await;
    let mut details = order.details.unwrap();
    let Some(pb::order_details::Service::Shuttle(s)) = &mut details.service else {
        panic!("a shuttle")
    };
    let start = chrono::NaiveDateTime::parse_from_str(&s.start, "%Y-%m-%dT%H:%M").unwrap();
    s.start = (start + chrono::Duration::days(days))
        .format("%Y-%m-%dT%H:%M")
        .to_string();
    details
}

async fn change_to(app: &TestApp, token: &str, id: &str, details: pb::OrderDetails) {
    let done = orders(app)
        .await
        .change_paid_order(signed(
            token,
            pb::ChangePaidOrderRequest {
                order_id: id.into(),
                details: Some(details),
                ..Default::default()
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert!(done.changed);
}

api_test!(
    a_change_reaches_the_partner_who_took_the_job_who_may_turn_it_down,
    async |app: &TestApp| {
        use super::partners::{Scene, dispatch, job_as, job_board, scene, take};
        let Scene {
            admin,
            minh,
            lan,
            ann,
            id,
        } = scene(app).await;
        take(app, &admin, &id, (&minh.0, &minh.1)).await;
        let before = job_as(app, &minh.0, &id).await;
        assert!(before.changed_at.is_none() && !before.can_decline_change);

        // Ann moves the pick-up a day later: Minh keeps it at the new time, told it changed on
        // his phone's stream at once.
        let mut minh_hears = super::live::watch(app, Some(&minh.0), 0).await.unwrap();
        let later = moved(app, &ann, &id, 1).await;
        change_to(app, &ann, &id, later).await;
        let (_, took) = super::live::until_event(&mut minh_hears, |e| {
            e.topic() == pb::LiveTopic::Job && e.subject == id
        })
        .await;
        assert!(took < std::time::Duration::from_secs(2), "{took:?}");
        let after = job_as(app, &minh.0, &id).await;
        let day = 86_400;
        assert_eq!(
            after.starts_at.unwrap().seconds,
            before.starts_at.unwrap().seconds + day
        );
        assert!(after.changed_at.is_some() && after.can_decline_change);
        // And by mail, in his language, with the way to his job.
        let mail = super::languages::delivered(app, "minh@partners.example", |s| {
            s.starts_with("Khách đã thay đổi chuyến của bạn")
        })
        .await;
        assert!(
            mail.mail
                .link
                .unwrap()
                .ends_with(&format!("/partner/jobs/{id}"))
        );

        // Another driver cannot turn it down for him.
        let decline = |order_id: &str| pb::DeclineJobChangeRequest {
            order_id: order_id.into(),
        };
        let other = dispatch(app)
            .await
            .decline_job_change(signed(&lan.0, decline(&id)))
            .await
            .unwrap_err();
        assert_eq!(other.code(), Code::NotFound);
        // He turns it down: the job is back on the board, the order paid without its driver.
        dispatch(app)
            .await
            .decline_job_change(signed(&minh.0, decline(&id)))
            .await
            .unwrap();
        let board = job_board(app, &admin).await;
        let job = board.iter().find(|j| j.order_id == id).unwrap();
        assert_eq!(job.status(), pb::JobStatus::Open);
        assert!(job.partner_id.is_empty() && job.can_offer);
        let order = order_of(app, &ann, &id).await;
        assert_eq!(order.state(), pb::OrderState::Paid);
        assert!(order.driver.is_none());
        // Twice: it is no longer his.
        let again = dispatch(app)
            .await
            .decline_job_change(signed(&minh.0, decline(&id)))
            .await
            .unwrap_err();
        assert_eq!(again.code(), Code::NotFound);
    }
);

api_test!(
    a_change_into_another_job_of_the_partners_puts_the_job_back_on_the_board,
    async |app: &TestApp| {
        use super::member::{pay_with_vcoin, pending};
        use super::partners::{Scene, job_board, scene, take};
        let Scene {
            admin,
            minh,
            ann,
            id,
            ..
        } = scene(app).await;
        take(app, &admin, &id, (&minh.0, &minh.1)).await;
        // Minh also takes Bob's pick-up the day after at the same hour.
        let bob = token_for(app, "bob@example.com").await;
        let bobs = pending(app, &bob, 3).await;
        pay_with_vcoin(app, &bob, &bobs).await;
        take(app, &admin, &bobs, (&minh.0, &minh.1)).await;
        // Ann moves hers onto Bob's time: Minh cannot be in both, so hers goes back to the board.
        let onto = moved(app, &ann, &id, 1).await;
        change_to(app, &ann, &id, onto).await;
        let board = job_board(app, &admin).await;
        let hers = board.iter().find(|j| j.order_id == id).unwrap();
        assert_eq!(hers.status(), pb::JobStatus::Open);
        assert!(hers.partner_id.is_empty());
        let his = board.iter().find(|j| j.order_id == bobs).unwrap();
        assert_eq!(his.partner_id, minh.1.user_id, "Bob's stays his");
        // Minh is told by mail, in his language, that hers is no longer his.
        let mail = super::languages::delivered(app, "minh@partners.example", |s| {
            s.starts_with("Một chuyến không còn là của bạn")
        })
        .await;
        assert!(
            mail.mail
                .link
                .unwrap()
                .ends_with(&format!("/partner/jobs/{id}"))
        );
    }
);

/// Ann's change request paid by `method` under `key`, with its answer.
async fn change_by(
    app: &TestApp,
    token: &str,
    id: &str,
    details: pb::OrderDetails,
    (method, key): (pb::PaymentMethod, &str),
) -> pb::ChangePaidOrderResponse {
    let mut request = signed(
        token,
        pb::ChangePaidOrderRequest {
            order_id: id.into(),
            details: Some(details),
            pay_by: method.into(),
            ..Default::default()
        },
    );
    request
        .metadata_mut()
        .insert("idempotency-key", key.parse().unwrap());
    orders(app)
        .await
        .change_paid_order(request)
        .await
        .unwrap()
        .into_inner()
}

api_test!(
    a_change_paid_by_transfer_is_made_when_the_bank_says_so_and_reaches_the_driver,
    async |app: &TestApp| {
        use super::partners::{Scene, job_as, scene, take};
        use super::payments::{bank, notify};
        let Scene {
            admin,
            minh,
            ann,
            id,
            ..
        } = scene(app).await;
        take(app, &admin, &id, (&minh.0, &minh.1)).await;
        let before = job_as(app, &minh.0, &id).await;
        let start = order_of(app, &ann, &id).await;
        let total = start.estimate.as_ref().unwrap().total_vnd;

        // A day later with one child seat more, paid by VietQR: nothing changes until it arrives.
        let mut wanted = moved(app, &ann, &id, 1).await;
        let Some(pb::order_details::Service::Shuttle(s)) = &mut wanted.service else {
            unreachable!()
        };
        s.child_seats += 1;
        let qr = (pb::PaymentMethod::Vietqr, "change-qr-1");
        let asked = change_by(app, &ann, &id, wanted.clone(), qr).await;
        assert!(!asked.changed);
        assert_eq!(
            (asked.before_vnd, asked.after_vnd),
            (total, total + 100_000)
        );
        let payment = asked.payment.unwrap();
        assert_eq!(payment.purpose(), pb::PaymentPurpose::Change);
        assert_eq!(
            (payment.amount_vnd, payment.state()),
            (100_000, pb::PaymentState::Pending)
        );
        let memo = payment.transfer.as_ref().unwrap().memo.clone();
        assert_eq!(order_of(app, &ann, &id).await, start);
        // The same request again is the same transfer; another is a payment of its own.
        let again = change_by(app, &ann, &id, wanted.clone(), qr).await;
        assert_eq!(again.payment.unwrap().id, payment.id);
        let other = change_by(
            app,
            &ann,
            &id,
            wanted.clone(),
            (pb::PaymentMethod::Vietqr, "change-qr-2"),
        )
        .await;
        let other = other.payment.unwrap();
        assert_ne!(other.id, payment.id);

        // The bank's notice: the order changes, and the driver's phone hears it.
        let mut minh_hears = super::live::watch(app, Some(&minh.0), 0).await.unwrap();
        let notice = |txn: &str, memo: &str| serde_json::json!({"transactionId": txn, "amount": 100_000, "description": memo, "accountNumber": "0000000000"});
        let (status, body) = notify(app, notice("FT-CHG-1", &memo), &bank()).await;
        assert_eq!(
            (status, &body["data"]["outcome"]),
            (200, &serde_json::json!("PAID")),
            "{body}"
        );
        let (_, took) = super::live::until_event(&mut minh_hears, |e| {
            e.topic() == pb::LiveTopic::Job && e.subject == id
        })
        .await;
        assert!(took < std::time::Duration::from_secs(2), "{took:?}");
        let changed = order_of(app, &ann, &id).await;
        assert_eq!(
            changed.estimate.as_ref().unwrap().total_vnd,
            total + 100_000
        );
        assert_eq!(changed.details, Some(wanted));
        let after = job_as(app, &minh.0, &id).await;
        assert_eq!(
            after.starts_at.unwrap().seconds,
            before.starts_at.unwrap().seconds + 86_400
        );
        assert!(after.changed_at.is_some());
        let wallet = balance(app, &ann).await;

        // The other transfer was priced on the order before: its money goes into the wallet.
        let other_memo = other.transfer.unwrap().memo;
        let (_, body) = notify(app, notice("FT-CHG-2", &other_memo), &bank()).await;
        assert_eq!(body["data"]["outcome"], "CREDITED", "{body}");
        assert_eq!(balance(app, &ann).await, wallet + 100_000);
        assert_eq!(order_of(app, &ann, &id).await.version, changed.version);
    }
);

api_test!(
    a_change_racing_a_cancellation_is_either_made_and_refunded_or_refused,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        assert_eq!(top_up(app, &ann, 1_000_000, "top").await.0, 200);
        let mut outcomes = Vec::new();
        for round in 0..6 {
            let id = pending_order(app, &ann).await;
            assert_eq!(
                pay(app, &ann, &id, "VCOIN", &format!("pay-{round}"))
                    .await
                    .0,
                200
            );
            let path = format!("/api/order/detail/{id}/cancel");
            // A second child seat and the cancellation, sent at once (the client connected
            // first, so neither starts late).
            let mut client = orders(app).await;
            let (changed, (status, body)) = tokio::join!(
                client.change_paid_order(signed(&ann, change(&id, 2))),
                app.post(&path, serde_json::json!({}), Some(&ann))
            );
            // The cancellation never fails for good: if the change moved the order under it, it
            // is asked again and refunds what the order costs then.
            let refund = match status {
                200 => body["data"]["refundVnd"].as_i64().unwrap(),
                409 => {
                    let (status, body) = app.post(&path, serde_json::json!({}), Some(&ann)).await;
                    assert_eq!(status, 200, "{body}");
                    body["data"]["refundVnd"].as_i64().unwrap()
                }
                _ => panic!("{status} {body}"),
            };
            match &changed {
                // Made first: its 100,000 came from the wallet and goes back with the rest.
                Ok(r) if r.get_ref().changed => assert_eq!(refund, 580_000),
                // Cancelled first: the change is refused, nothing paid for it.
                Ok(r) => panic!("the same details? {r:?}"),
                Err(e) => {
                    assert!(
                        matches!(e.code(), Code::FailedPrecondition | Code::Aborted),
                        "{e:?}"
                    );
                    assert_eq!(refund, 480_000);
                }
            }
            outcomes.push(changed.is_ok());
            // Whichever came first, the wallet is whole again.
            assert_eq!(balance(app, &ann).await, 1_000_000, "round {round}");
            let order = order_of(app, &ann, &id).await;
            assert_eq!(order.state(), pb::OrderState::Refunded);
        }
        println!("changes made before the cancellation: {outcomes:?}");
    }
);
