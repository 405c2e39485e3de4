//! Web Push through the real server to a local receiver that plays the push service: it checks
//! the VAPID token (signed for its own origin, with the key the server hands browsers) and
//! decrypts each message with the subscription's private key (RFC 8291), as a browser would. A
//! traveller adds her phone; an operator's reply reaches it, in her language, with a link to the
//! thread; turned off, support replies stop while order notices go on; a device the push service
//! no longer knows (410) is forgotten. On SQLite and PostgreSQL.

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use gateway::pb::notification_service_client::NotificationServiceClient;
use gateway::pb::support_service_client::SupportServiceClient;
use serde_json::Value;
use tonic::Code;
use web_push_native::Auth;
use web_push_native::p256::SecretKey;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;

use super::member::{open, pay_with_vcoin, pending};
use super::operations::{Cred, client, operator_token, with};
use super::orders::token_for;
use super::*;

/// A phone's subscription: its keys, and what its push service received (device, decrypted).
struct Phone {
    secret: SecretKey,
    auth: [u8; 16],
}

impl Phone {
    fn new() -> Self {
        let key = URL_SAFE_NO_PAD
            .decode(adapters::providers::push::VapidKey::generate())
            .unwrap();
        let mut auth = [0u8; 16];
        auth.copy_from_slice(&key[..16]);
        Self {
            secret: SecretKey::from_slice(&key).unwrap(),
            auth,
        }
    }

    fn p256dh(&self) -> String {
        let point = self.secret.public_key().as_affine().to_encoded_point(false);
        URL_SAFE_NO_PAD.encode(point.as_bytes())
    }
}

/// The local push service: every message it took, as (device, headers, body).
type Inbox = Arc<Mutex<Vec<(String, HeaderMap, Vec<u8>)>>>;

async fn take(
    State(inbox): State<Inbox>,
    Path(device): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    inbox
        .lock()
        .unwrap()
        .push((device.clone(), headers, body.to_vec()));
    // A device whose subscription expired: RFC 8030's answer.
    if device == "gone" {
        StatusCode::GONE
    } else {
        StatusCode::CREATED
    }
}

/// Starts the receiver: its origin and inbox.
async fn push_service() -> (String, Inbox) {
    let inbox = Inbox::default();
    let router = axum::Router::new()
        .route("/push/{device}", axum::routing::post(take))
        .with_state(inbox.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (origin, inbox)
}

/// Checks a message as a push service and its browser would: the VAPID token is ES256 over our
/// origin with the server's public key, the body is aes128gcm for `phone`; the notice's JSON.
fn open_message(
    phone: &Phone,
    origin: &str,
    server_key: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Value {
    assert_eq!(headers["content-encoding"], "aes128gcm");
    assert!(headers.contains_key("ttl"));
    // RFC 8030's topic: at most 32 URL-safe characters.
    let topic = headers["topic"].to_str().unwrap();
    assert!(
        topic.len() <= 32
            && topic
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    );
    let authorization = headers["authorization"].to_str().unwrap();
    let (token, key) = authorization
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .expect("a VAPID authorization");
    assert_eq!(key, server_key);
    let point = URL_SAFE_NO_PAD.decode(key).unwrap();
    assert_eq!((point.len(), point[0]), (65, 4));
    let (x, y) = (
        URL_SAFE_NO_PAD.encode(&point[1..33]),
        URL_SAFE_NO_PAD.encode(&point[33..]),
    );
    let decoding = jsonwebtoken::DecodingKey::from_ec_components(&x, &y).unwrap();
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
    validation.set_audience(&[origin]);
    validation.set_required_spec_claims(&["exp", "aud", "sub"]);
    let claims = jsonwebtoken::decode::<Value>(token, &decoding, &validation)
        .unwrap()
        .claims;
    let exp = claims["exp"].as_i64().unwrap() - chrono::Utc::now().timestamp();
    assert!(
        (0..=24 * 3600).contains(&exp),
        "a token good for at most a day: {exp}"
    );
    let plain =
        web_push_native::decrypt(body.to_vec(), &phone.secret, &Auth::from(phone.auth)).unwrap();
    serde_json::from_slice(&plain).unwrap()
}

/// Waits for the `n`-th message the push service takes (counting from 1).
async fn nth(inbox: &Inbox, n: usize) -> (String, HeaderMap, Vec<u8>) {
    for _ in 0..100 {
        if let Some(m) = inbox.lock().unwrap().get(n - 1) {
            return m.clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the push service took fewer than {n} messages");
}

/// `token`'s new support thread asking `text`, and a way for an admin to answer it: the thread's
/// id, and `answer(text)` to send.
pub(super) async fn thread_with_answers(
    app: &TestApp,
    token: &str,
    text: &str,
) -> (String, impl AsyncFnMut(&str) + use<>) {
    let admin = operator_token(app).await;
    let mut support = SupportServiceClient::connect(app.url("")).await.unwrap();
    let thread = support
        .open_thread(signed(token, open("", text, "q-notice")))
        .await
        .unwrap()
        .into_inner()
        .thread
        .unwrap();
    let mut ops = client(app).await;
    let id = thread.id.clone();
    let answer = async move |text: &str| {
        let request = pb::ReplyToThreadRequest {
            thread_id: thread.id.clone(),
            message: text.into(),
        };
        ops.reply_to_thread(with(&Cred::Token(&admin), request))
            .await
            .unwrap();
    };
    (id, answer)
}

async fn notifications(app: &TestApp) -> NotificationServiceClient<tonic::transport::Channel> {
    NotificationServiceClient::connect(app.url(""))
        .await
        .unwrap()
}

api_test_beside!(
    an_operators_reply_reaches_the_travellers_phone_until_she_turns_it_off,
    push_service,
    async |app: &TestApp, origin: String, inbox: Inbox| {
        let ann = token_for(app, "ann@example.com").await;
        let mut n = notifications(app).await;
        let key = n
            .get_push_key(signed(&ann, pb::GetPushKeyRequest {}))
            .await
            .unwrap()
            .into_inner()
            .public_key;
        let phone = Phone::new();
        let add = |endpoint: String, p256dh: String| pb::AddPushDeviceRequest {
            endpoint,
            p256dh,
            auth: URL_SAFE_NO_PAD.encode(phone.auth),
        };
        let endpoint = format!("{origin}/push/ann-phone");
        n.add_push_device(signed(&ann, add(endpoint.clone(), phone.p256dh())))
            .await
            .unwrap();
        // Sent again (the page does, each visit), it is the same device.
        n.add_push_device(signed(&ann, add(endpoint.clone(), phone.p256dh())))
            .await
            .unwrap();
        // Not a push service, or keys of the wrong size: refused, by field.
        let bad = n
            .add_push_device(signed(
                &ann,
                add("http://push.example/x".into(), phone.p256dh()),
            ))
            .await
            .unwrap_err();
        assert_eq!(
            (bad.code(), refused_field(&bad)),
            (Code::InvalidArgument, "endpoint".into())
        );
        let bad = n
            .add_push_device(signed(&ann, add(endpoint.clone(), "AAAA".into())))
            .await
            .unwrap_err();
        assert_eq!(refused_field(&bad), "p256dh");

        // Ann asks; the operator answers: her phone has it, in her language, linking the thread.
        let (thread, mut answer) = thread_with_answers(app, &ann, "請問接機要等多久？").await;
        answer("司機會等 60 分鐘").await;
        let (device, headers, body) = nth(&inbox, 1).await;
        assert_eq!(device, "ann-phone");
        let notice = open_message(&phone, &origin, &key, &headers, &body);
        assert_eq!(notice["title"], "客服回覆了您的訊息");
        assert_eq!(notice["body"], "司機會等 60 分鐘");
        assert_eq!(
            notice["url"],
            format!("/member/customer-service?thread={thread}")
        );

        // She turns support replies off: the next reply does not reach the phone, and her
        // order's receipt, paid after it, does.
        let choices = n
            .set_notice_choice(signed(
                &ann,
                pb::SetNoticeChoiceRequest {
                    kind: pb::NoticeKind::Support.into(),
                    on: false,
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .choices;
        let off: Vec<_> = choices.iter().filter(|c| !c.on).map(|c| c.kind()).collect();
        assert_eq!(off, [pb::NoticeKind::Support]);
        answer("已為您安排").await;
        let id = pending(app, &ann, 3).await;
        pay_with_vcoin(app, &ann, &id).await;
        let (_, headers, body) = nth(&inbox, 2).await;
        let notice = open_message(&phone, &origin, &key, &headers, &body);
        assert_eq!(notice["title"], "付款成功，訂單已成立");
        assert_eq!(notice["url"], format!("/member/order?id={id}"));
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(
            inbox.lock().unwrap().len(),
            2,
            "the second reply was not pushed"
        );

        // A phone whose subscription expired: the push service says 410 once, and the device is
        // forgotten (the next notice goes to Ann's phone only).
        let gone = Phone::new();
        let gone_device = pb::AddPushDeviceRequest {
            endpoint: format!("{origin}/push/gone"),
            p256dh: gone.p256dh(),
            auth: URL_SAFE_NO_PAD.encode(gone.auth),
        };
        n.add_push_device(signed(&ann, gone_device)).await.unwrap();
        let choose = |on| pb::SetNoticeChoiceRequest {
            kind: pb::NoticeKind::Support.into(),
            on,
        };
        n.set_notice_choice(signed(&ann, choose(true)))
            .await
            .unwrap();
        answer("還有問題嗎？").await;
        nth(&inbox, 4).await;
        answer("祝旅途愉快").await;
        let (device, _, _) = nth(&inbox, 5).await;
        assert_eq!(device, "ann-phone");
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let devices: Vec<String> = inbox.lock().unwrap().iter().map(|m| m.0.clone()).collect();
        assert_eq!(
            devices.iter().filter(|d| *d == "gone").count(),
            1,
            "{devices:?}"
        );
        assert_eq!(devices.len(), 5, "{devices:?}");

        // Another person's token cannot remove her device; she can.
        let bob = token_for(app, "bob@example.com").await;
        let remove = |token: &str| {
            signed(
                token,
                pb::RemovePushDeviceRequest {
                    endpoint: endpoint.clone(),
                },
            )
        };
        n.remove_push_device(remove(&bob)).await.unwrap();
        answer("再見").await;
        nth(&inbox, 6).await;
        n.remove_push_device(remove(&ann)).await.unwrap();
        answer("不會收到").await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(inbox.lock().unwrap().len(), 6);
    }
);

/// A listener on loopback that counts the connections it is offered: a port the server must
/// never reach.
async fn counting_listener() -> (String, Arc<std::sync::atomic::AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let count = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = count.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            drop(socket);
        }
    });
    (addr.to_string(), count)
}

api_test_beside!(
    a_push_endpoint_on_this_machine_is_refused_and_never_called,
    push_service,
    async |app: &TestApp, origin: String, inbox: Inbox| {
        let (target, connections) = counting_listener().await;
        let ann = token_for(app, "ann@example.com").await;
        let mut n = notifications(app).await;
        let phone = Phone::new();
        let add = |endpoint: String| {
            signed(
                &ann,
                pb::AddPushDeviceRequest {
                    endpoint,
                    p256dh: phone.p256dh(),
                    auth: URL_SAFE_NO_PAD.encode(phone.auth),
                },
            )
        };
        let named = origin.trim_start_matches("http://");
        for endpoint in [
            // The report's: a named origin's prefix with another host behind the userinfo.
            format!("http://{named}@{target}/x"),
            format!("http://127.0.0.1:1@{target}/x"),
            format!("http://{target}/push/x"),
            format!("https://{target}/push/x"),
            format!("https://localhost:{}/x", target.rsplit(':').next().unwrap()),
            "https://[::1]/x".into(),
            "https://169.254.169.254/latest/meta-data".into(),
            "https://10.0.0.1/x".into(),
            "https://[fd00::1]/x".into(),
            "https://0.0.0.0/x".into(),
            format!("{origin}/push/a b"),
            format!("https://fcm.googleapis.com/{}", "a".repeat(1000)),
        ] {
            let refused = n.add_push_device(add(endpoint.clone())).await.unwrap_err();
            assert_eq!(
                (refused.code(), refused_field(&refused)),
                (Code::InvalidArgument, "endpoint".into()),
                "{endpoint}"
            );
        }
        // A key of the right size that is not a point on the curve.
        let off_curve = pb::AddPushDeviceRequest {
            endpoint: format!("{origin}/push/x"),
            p256dh: format!("BA{}", "A".repeat(85)),
            auth: URL_SAFE_NO_PAD.encode(phone.auth),
        };
        let refused = n
            .add_push_device(signed(&ann, off_curve))
            .await
            .unwrap_err();
        assert_eq!(refused_field(&refused), "p256dh");

        // A device kept before the rule (written straight to the store) at a port on this
        // machine: the sender refuses it at connection time and forgets it; the named receiver
        // still gets Ann's phone's message.
        let endpoint = format!("{origin}/push/ann-phone");
        n.add_push_device(add(endpoint.clone())).await.unwrap();
        let stale = format!("http://{target}/push/old");
        adapters::testing::copy_push_device(&app.db.db, &endpoint, &stale).await;
        let (_thread, mut answer) = thread_with_answers(app, &ann, "有人在嗎？").await;
        answer("您好").await;
        let (device, _, _) = nth(&inbox, 1).await;
        assert_eq!(device, "ann-phone");
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(
            connections.load(std::sync::atomic::Ordering::SeqCst),
            0,
            "nothing on this machine but the named receiver was reached"
        );
        let left = adapters::testing::push_endpoints(&app.db.db).await;
        assert!(
            !left.contains(&stale),
            "the unsafe device is forgotten: {left:?}"
        );
    }
);

api_test_beside!(
    an_offer_reaches_the_partners_phone_at_once_and_urgent_until_they_mute_offers,
    push_service,
    async |app: &TestApp, origin: String, inbox: Inbox| {
        let s = super::partners::scene(app).await;
        let minh = &s.minh.0;
        let mut n = notifications(app).await;
        let key = n
            .get_push_key(signed(minh, pb::GetPushKeyRequest {}))
            .await
            .unwrap()
            .into_inner()
            .public_key;
        let phone = Phone::new();
        let device = pb::AddPushDeviceRequest {
            endpoint: format!("{origin}/push/minh-phone"),
            p256dh: phone.p256dh(),
            auth: URL_SAFE_NO_PAD.encode(phone.auth),
        };
        n.add_push_device(signed(minh, device)).await.unwrap();
        let offer = || pb::OfferJobRequest {
            order_id: s.id.clone(),
            partner_id: s.minh.1.user_id.clone(),
        };
        client(app)
            .await
            .offer_job(with(&Cred::Token(&s.admin), offer()))
            .await
            .unwrap();
        let (device, headers, body) = nth(&inbox, 1).await;
        assert_eq!(device, "minh-phone");
        // Woken for, and of no use past an offer's longest window.
        assert_eq!(headers["urgency"], "high");
        assert_eq!(headers["ttl"], "900");
        let notice = open_message(&phone, &origin, &key, &headers, &body);
        // In his language: a partner's is Vietnamese until he says otherwise.
        assert_eq!(notice["title"], "Có chuyến mới cho bạn: hãy trả lời sớm");
        assert!(notice["body"].as_str().unwrap().contains(&s.id), "{notice}");
        assert!(notice["url"].as_str().unwrap().contains(&s.id), "{notice}");
        // On the phone only: no mail of it.
        let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
        let mails = adapters::testing::mails_to(&db, "minh@partners.example").await;
        assert!(
            mails.iter().all(|(kind, _)| kind != "partner_job_offered"),
            "{mails:?}"
        );

        // He mutes offers; declined and offered again, his phone hears nothing.
        n.set_notice_choice(signed(
            minh,
            pb::SetNoticeChoiceRequest {
                kind: pb::NoticeKind::Offers.into(),
                on: false,
            },
        ))
        .await
        .unwrap();
        let decline = pb::DeclineJobRequest {
            order_id: s.id.clone(),
            reason: "Xe đang sửa".into(),
        };
        super::partners::dispatch(app)
            .await
            .decline_job(signed(minh, decline))
            .await
            .unwrap();
        client(app)
            .await
            .offer_job(with(&Cred::Token(&s.admin), offer()))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(inbox.lock().unwrap().len(), 1, "muted");

        // He takes it, and operators take it back: that he hears of, by mail and on his phone.
        let accept = pb::AcceptJobRequest {
            order_id: s.id.clone(),
        };
        super::partners::dispatch(app)
            .await
            .accept_job(signed(minh, accept))
            .await
            .unwrap();
        let withdraw = pb::WithdrawJobRequest {
            order_id: s.id.clone(),
        };
        client(app)
            .await
            .withdraw_job(with(&Cred::Token(&s.admin), withdraw))
            .await
            .unwrap();
        let (_, headers, body) = nth(&inbox, 2).await;
        assert_eq!(headers["urgency"], "normal");
        let notice = open_message(&phone, &origin, &key, &headers, &body);
        assert_eq!(notice["title"], "Một chuyến của bạn đã được thu hồi");
        let mails = adapters::testing::mails_to(&db, "minh@partners.example").await;
        assert!(
            mails
                .iter()
                .any(|(kind, _)| kind == "partner_job_taken_back"),
            "{mails:?}"
        );
    }
);
