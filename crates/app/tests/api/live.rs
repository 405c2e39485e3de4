//! Live events over gRPC: a stream opens at once, staff see every change and a customer only
//! their own, a dropped stream resumes after its cursor without losing what happened meanwhile,
//! and nobody without credentials watches; a stream ends as soon as its credentials are taken
//! back, however busy the site, and one account holds a bounded number open. Streams here are
//! opened side by side, and the changes made while they are open.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use gateway::pb::live_service_client::LiveServiceClient;
use serde_json::json;
use tonic::Code;
use tonic::Streaming;

use super::member::{pay_with_vcoin, pending};
use super::operations::{Cred, client, operator_token, service_key, staff_token, with};
use super::orders::token_for;
use super::*;

pub(super) async fn watch(
    app: &TestApp,
    token: Option<&str>,
    after: i64,
) -> Result<Streaming<pb::WatchEventsResponse>, tonic::Status> {
    let cred = token.map_or(Cred::Nothing, Cred::Token);
    watch_as(app, &cred, after).await
}

async fn watch_as(
    app: &TestApp,
    cred: &Cred<'_>,
    after: i64,
) -> Result<Streaming<pb::WatchEventsResponse>, tonic::Status> {
    let message = pb::WatchEventsRequest {
        after_id: after,
        ..Default::default()
    };
    watch_with(app, cred, message).await
}

/// A staff watch from now on that follows these orders' partners' readings.
pub(super) async fn watch_following(
    app: &TestApp,
    token: &str,
    orders: Vec<String>,
) -> Result<Streaming<pb::WatchEventsResponse>, tonic::Status> {
    let message = pb::WatchEventsRequest {
        after_id: 0,
        follow_orders: orders,
    };
    watch_with(app, &Cred::Token(token), message).await
}

async fn watch_with(
    app: &TestApp,
    cred: &Cred<'_>,
    message: pb::WatchEventsRequest,
) -> Result<Streaming<pb::WatchEventsResponse>, tonic::Status> {
    let mut client = LiveServiceClient::connect(app.url("")).await.unwrap();
    client
        .watch_events(with(cred, message))
        .await
        .map(tonic::Response::into_inner)
}

/// The next answer, which must come within a few seconds.
pub(super) async fn next(
    stream: &mut Streaming<pb::WatchEventsResponse>,
) -> pb::WatchEventsResponse {
    tokio::time::timeout(Duration::from_secs(5), stream.message())
        .await
        .expect("an answer within 5 s")
        .unwrap()
        .expect("the stream stays open")
}

/// Answers until one names `subject`; the subjects seen on the way.
async fn until(stream: &mut Streaming<pb::WatchEventsResponse>, subject: &str) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        let answer = next(stream).await;
        seen.extend(answer.events.iter().map(|e| e.subject.clone()));
        if seen.iter().any(|s| s == subject) {
            return seen;
        }
    }
}

api_test!(
    changes_reach_staff_and_their_owner_only,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let bob = token_for(app, "bob@example.com").await;
        let staff = operator_token(app).await;
        assert_eq!(
            watch(app, None, 0).await.err().map(|s| s.code()),
            Some(Code::Unauthenticated)
        );
        let (mut ann_s, mut bob_s, mut staff_s) = tokio::join!(
            async { watch(app, Some(&ann), 0).await.unwrap() },
            async { watch(app, Some(&bob), 0).await.unwrap() },
            async { watch(app, Some(&staff), 0).await.unwrap() },
        );
        // Each answers at once with where it stands.
        let (a0, b0, s0) = tokio::join!(next(&mut ann_s), next(&mut bob_s), next(&mut staff_s));
        assert!(!a0.reset && !b0.reset && !s0.reset);

        // Ann and Bob each order and pay at once.
        let (ann_order, bob_order) = tokio::join!(pending(app, &ann, 3), pending(app, &bob, 3));
        tokio::join!(
            pay_with_vcoin(app, &ann, &ann_order),
            pay_with_vcoin(app, &bob, &bob_order)
        );
        let (ann_seen, staff_seen) = tokio::join!(until(&mut ann_s, &ann_order), async {
            let mut seen = until(&mut staff_s, &ann_order).await;
            if !seen.contains(&bob_order) {
                seen.extend(until(&mut staff_s, &bob_order).await);
            }
            seen
        });
        assert!(!ann_seen.contains(&bob_order), "{ann_seen:?}");
        assert!(staff_seen.contains(&bob_order) && staff_seen.contains(&ann_order));
        let bob_seen = until(&mut bob_s, &bob_order).await;
        assert!(!bob_seen.contains(&ann_order), "{bob_seen:?}");

        // Ann's stream drops; what happens meanwhile comes when she resumes after her cursor.
        let mut cursor = a0.cursor;
        loop {
            let answer = tokio::time::timeout(Duration::from_millis(800), ann_s.message()).await;
            match answer {
                Ok(Ok(Some(a))) => cursor = a.cursor,
                _ => break,
            }
        }
        drop(ann_s);
        let missed = pending(app, &ann, 4).await;
        let mut resumed = watch(app, Some(&ann), cursor).await.unwrap();
        assert!(!next(&mut resumed).await.reset);
        assert!(until(&mut resumed, &missed).await.contains(&missed));
        // A cursor from nowhere starts afresh and says everything must be read again.
        let mut forged = watch(app, Some(&ann), i64::MAX).await.unwrap();
        assert!(next(&mut forged).await.reset);
    }
);

/// Reads `stream` until it ends with an error: that error, how long it took from `since`, and the
/// subjects of the events that came meanwhile.
async fn until_ended(
    stream: &mut Streaming<pb::WatchEventsResponse>,
    since: Instant,
) -> (Code, Duration, Vec<String>) {
    let mut seen = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(30), stream.message()).await {
            Ok(Ok(Some(answer))) => seen.extend(answer.events.into_iter().map(|e| e.subject)),
            Ok(Err(status)) => return (status.code(), since.elapsed(), seen),
            Ok(Ok(None)) => panic!("the stream ended without saying why"),
            Err(_) => panic!("still open 30 s after its credentials were taken back"),
        }
    }
}

api_test!(
    a_stream_ends_when_its_credentials_are_taken_back_however_busy_the_site,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let bob = token_for(app, "bob@example.com").await;
        let admin = operator_token(app).await;
        let lan = staff_token(app, "lan.ops@ops.example", "operator").await;
        let (key_id, key) = service_key(app, "board-screen").await;
        let admin = Cred::Token(&admin);
        let lan_id = client(app)
            .await
            .list_staff(with(&admin, pb::ListStaffRequest {}))
            .await
            .unwrap()
            .into_inner()
            .staff
            .into_iter()
            .find(|s| s.email == "lan.ops@ops.example")
            .unwrap()
            .account_id;
        let (mut ann_s, mut lan_s, mut key_s) = tokio::join!(
            async { watch(app, Some(&ann), 0).await.unwrap() },
            async { watch(app, Some(&lan), 0).await.unwrap() },
            async { watch_as(app, &Cred::Key(&key), 0).await.unwrap() },
        );
        // A busy site: Bob orders (and cancels) every 300 ms while the credentials are taken back, so every
        // stream of staff has a batch to send far more often than its beat.
        let quiet = AtomicBool::new(false);
        // Each order with when it was asked for.
        let ordered = Mutex::new(Vec::new());
        let busy = async {
            let mut days = 3;
            while !quiet.load(Ordering::Relaxed) {
                let asked = Instant::now();
                let id = pending(app, &bob, days).await;
                // Cancelled at once, so Bob stays under the cap of unpaid orders.
                let cancel = format!("/api/order/detail/{id}/cancel");
                let (status, body) = app.post(&cancel, json!({}), Some(&bob)).await;
                assert_eq!(status, 200, "{body}");
                ordered.lock().unwrap().push((asked, id));
                days = days % 20 + 1;
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        };
        let revoke = async {
            // The staff streams see the traffic before anything is taken back.
            for stream in [&mut lan_s, &mut key_s] {
                while next(stream).await.events.is_empty() {}
            }
            let _ = next(&mut ann_s).await;

            let at = Instant::now();
            let (status, _) = app.post("/api/auth/sign-out", json!({}), Some(&ann)).await;
            assert_eq!(status, 204);
            let signed_out = (at, until_ended(&mut ann_s, at).await);

            let at = Instant::now();
            client(app)
                .await
                .update_staff(with(
                    &admin,
                    pb::UpdateStaffRequest {
                        account_id: lan_id.clone(),
                        disabled: Some(true),
                        ..Default::default()
                    },
                ))
                .await
                .unwrap();
            let disabled = (at, until_ended(&mut lan_s, at).await);

            let at = Instant::now();
            client(app)
                .await
                .revoke_service_key(with(&admin, pb::RevokeServiceKeyRequest { key_id }))
                .await
                .unwrap();
            let revoked = (at, until_ended(&mut key_s, at).await);
            quiet.store(true, Ordering::Relaxed);
            [signed_out, disabled, revoked]
        };
        let ((), ended) = tokio::join!(busy, revoke);
        let ordered = ordered.into_inner().unwrap();
        assert!(
            ordered.len() >= 3,
            "the site was busy: {} orders",
            ordered.len()
        );
        for (who, (at, (code, took, seen))) in
            ["signed out", "disabled", "revoked key"].iter().zip(ended)
        {
            // A disabled account is refused as such; spent tokens and keys are unknown.
            let expected = if *who == "disabled" {
                Code::PermissionDenied
            } else {
                Code::Unauthenticated
            };
            assert_eq!(code, expected, "{who}");
            // One poll of the feed (250 ms) and a check; the beat alone would be 15 s.
            assert!(took < Duration::from_secs(3), "{who}: ended {took:?} after");
            // Nothing written after the credentials were taken back reaches their stream.
            let later: Vec<&String> = ordered
                .iter()
                .filter(|(asked, id)| *asked > at && seen.contains(id))
                .map(|(_, id)| id)
                .collect();
            assert!(later.is_empty(), "{who}: saw {later:?}, ordered after");
        }
    }
);

api_test!(
    one_account_holds_a_bounded_number_of_streams_open,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let bob = token_for(app, "bob@example.com").await;
        let max = domain::live::WATCHES_PER_HOLDER;
        // All at once, each on its own connection.
        let opened = join_all(
            (0..=max)
                .map(|_| {
                    let (url, ann) = (app.url(""), ann.clone());
                    async move {
                        let mut client = LiveServiceClient::connect(url).await.unwrap();
                        let request = signed(
                            &ann,
                            pb::WatchEventsRequest {
                                after_id: 0,
                                ..Default::default()
                            },
                        );
                        client
                            .watch_events(request)
                            .await
                            .map(tonic::Response::into_inner)
                    }
                })
                .collect(),
        )
        .await;
        let (mut open, refused): (Vec<_>, Vec<_>) = opened.into_iter().partition(Result::is_ok);
        assert_eq!((open.len(), refused.len()), (max, 1));
        let refused = refused.into_iter().next().unwrap().err().unwrap();
        assert_eq!(refused.code(), Code::ResourceExhausted);
        assert!(
            refused.message().contains("最多同時開著 16 個"),
            "{}",
            refused.message()
        );
        // Another account is not held back by Ann's.
        watch(app, Some(&bob), 0).await.unwrap();
        // A page closed gives its place back (once the server has seen it go).
        open.pop();
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match watch(app, Some(&ann), 0).await {
                Ok(_) => break,
                Err(e) if e.code() == Code::ResourceExhausted && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("a closed stream's place was not given back: {e:?}"),
            }
        }
    }
);

/// Answers until an event `found` picks: every event seen on the way, and how long it took.
pub(super) async fn until_event(
    stream: &mut Streaming<pb::WatchEventsResponse>,
    found: impl Fn(&pb::LiveEvent) -> bool,
) -> (Vec<pb::LiveEvent>, Duration) {
    let at = Instant::now();
    let mut seen = Vec::new();
    loop {
        let answer = next(stream).await;
        let done = answer.events.iter().any(&found);
        seen.extend(answer.events);
        if done {
            return (seen, at.elapsed());
        }
    }
}

api_test!(
    a_partner_hears_of_their_own_work_at_once_and_nobody_else_of_it,
    async |app: &TestApp| {
        use pb::send_traveller_message_request::Said;

        let super::partners::Scene {
            admin,
            minh: (minh, minh_p),
            lan: (lan, lan_p),
            ann,
            id,
        } = super::partners::scene(app).await;
        let bob = token_for(app, "bob@example.com").await;
        let (mut minh_s, mut lan_s, mut ann_s, mut bob_s, mut staff_s) = tokio::join!(
            async { watch(app, Some(&minh), 0).await.unwrap() },
            async { watch(app, Some(&lan), 0).await.unwrap() },
            async { watch(app, Some(&ann), 0).await.unwrap() },
            async { watch(app, Some(&bob), 0).await.unwrap() },
            async { watch(app, Some(&admin), 0).await.unwrap() },
        );
        for stream in [
            &mut minh_s,
            &mut lan_s,
            &mut ann_s,
            &mut bob_s,
            &mut staff_s,
        ] {
            next(stream).await;
        }
        let job = pb::LiveTopic::Job as i32;
        let his = |e: &pb::LiveEvent| e.topic == job && e.subject == id;
        let admin_cred = Cred::Token(&admin);

        // Offered to Minh: his open page hears of it.
        let at = Instant::now();
        let offer = pb::OfferJobRequest {
            order_id: id.clone(),
            partner_id: minh_p.user_id.clone(),
        };
        client(app)
            .await
            .offer_job(with(&admin_cred, offer))
            .await
            .unwrap();
        until_event(&mut minh_s, his).await;
        let offered = at.elapsed();

        // He takes it: Ann's order is confirmed with him, and his phone hears of it too.
        let accept = pb::AcceptJobRequest {
            order_id: id.clone(),
        };
        super::partners::dispatch(app)
            .await
            .accept_job(signed(&minh, accept))
            .await
            .unwrap();
        until_event(&mut minh_s, his).await;
        until_event(&mut ann_s, |e| e.subject == id).await;

        // Ann writes to him.
        let at = Instant::now();
        let say = pb::SendTravellerMessageRequest {
            order_id: id.clone(),
            said: Some(Said::Text("我穿藍色外套".into())),
            key: "t-1".into(),
        };
        super::partners::travellers(app)
            .await
            .send_traveller_message(signed(&ann, say))
            .await
            .unwrap();
        until_event(&mut minh_s, his).await;
        let message = at.elapsed();

        // Operators take it back from him.
        let at = Instant::now();
        let withdraw = pb::WithdrawJobRequest {
            order_id: id.clone(),
        };
        client(app)
            .await
            .withdraw_job(with(&admin_cred, withdraw))
            .await
            .unwrap();
        let (seen, _) = until_event(&mut minh_s, his).await;
        let withdrawn = at.elapsed();
        eprintln!(
            "the partner's stream heard: offer {offered:?}, message {message:?}, withdrawal {withdrawn:?}"
        );
        for (what, took) in [
            ("offer", offered),
            ("message", message),
            ("withdrawal", withdrawn),
        ] {
            assert!(took < Duration::from_secs(2), "{what}: {took:?}");
        }
        assert!(seen.iter().all(|e| e.topic == job), "{seen:?}");

        // Lan, paused, hears of her own record; of Minh's job, nothing came before it.
        let pause = pb::SetPartnerActiveRequest {
            user_id: lan_p.user_id.clone(),
            active: false,
        };
        client(app)
            .await
            .set_partner_active(with(&admin_cred, pause))
            .await
            .unwrap();
        let (lan_seen, _) = until_event(&mut lan_s, |e| e.subject == lan_p.user_id).await;
        assert!(
            lan_seen
                .iter()
                .all(|e| e.topic == job && e.customer_id == lan_p.user_id),
            "{lan_seen:?}"
        );
        // Bob and Ann order: up to their own orders, neither saw a partner's event nor Bob Ann's
        // order; staff saw Ann's order move and no partner's event.
        let (bob_order, ann_order) = tokio::join!(pending(app, &bob, 3), pending(app, &ann, 4));
        let (bob_seen, _) = until_event(&mut bob_s, |e| e.subject == bob_order).await;
        let (ann_seen, _) = until_event(&mut ann_s, |e| e.subject == ann_order).await;
        let (staff_seen, _) = until_event(&mut staff_s, |e| e.subject == bob_order).await;
        assert!(
            !bob_seen.iter().any(|e| e.topic == job || e.subject == id),
            "{bob_seen:?}"
        );
        assert!(!ann_seen.iter().any(|e| e.topic == job), "{ann_seen:?}");
        assert!(staff_seen.iter().any(|e| e.subject == id));
        assert!(!staff_seen.iter().any(|e| e.topic == job), "{staff_seen:?}");
    }
);
