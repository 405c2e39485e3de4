//! Zalo's notification service (ZNS) for a partner who asks for it, through the real server to a
//! local server that holds to ZNS's send call (`POST /message/template`): the Official Account's
//! `access_token` header, the approved template's id, its three parameters, the phone number in
//! `84…` digits and a tracking id; it answers with ZNS's own codes in a 200. An offer reaches
//! the driver's Zalo; an expired token (-124) is tried again and then sent; turned off, Zalo
//! hears no more. On SQLite and PostgreSQL.

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde_json::{Value, json};

use super::operations::{Cred, client, with};
use super::partners::{dispatch, partners, scene};
use super::*;

const TOKEN: &str = "oa-access-token";
const TEMPLATE: &str = "412345";
const SITE: &str = "http://booking.test";

/// What the stand-in took, and how many answers are still to say the token expired.
#[derive(Default)]
struct Zns {
    taken: Mutex<Vec<Value>>,
    expired: Mutex<u32>,
}

async fn send(
    State(zns): State<Arc<Zns>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Json<Value> {
    let token = headers.get("access_token").and_then(|v| v.to_str().ok());
    let mut expired = zns.expired.lock().unwrap();
    if token != Some(TOKEN) || *expired > 0 {
        *expired = expired.saturating_sub(1);
        return Json(json!({"error": -124, "message": "Access token is invalid"}));
    }
    let phone = body["phone"].as_str().unwrap_or_default();
    if !(phone.starts_with("84") && phone.len() >= 10 && phone.bytes().all(|b| b.is_ascii_digit()))
    {
        return Json(json!({"error": -108, "message": "Phone number invalid"}));
    }
    if body["template_id"] != TEMPLATE {
        return Json(json!({"error": -109, "message": "Template ID invalid"}));
    }
    let data = &body["template_data"];
    let fits = |key: &str, max: usize| {
        data[key]
            .as_str()
            .is_some_and(|t| !t.is_empty() && t.chars().count() <= max)
    };
    if !(fits("title", 100) && fits("content", 400) && fits("link", 1000)) {
        return Json(json!({"error": -112, "message": "Template data invalid"}));
    }
    if !body["tracking_id"]
        .as_str()
        .is_some_and(|t| !t.is_empty() && t.len() <= 48)
    {
        return Json(json!({"error": -111, "message": "Tracking id invalid"}));
    }
    zns.taken.lock().unwrap().push(body.clone());
    Json(json!({
        "error": 0,
        "message": "Success",
        "data": {"msg_id": format!("m{}", zns.taken.lock().unwrap().len()), "sent_time": "1764547200000",
                 "quota": {"dailyQuota": "500", "remainingQuota": "499"}}
    }))
}

async fn stand_in() -> (String, Arc<Zns>) {
    let zns = Arc::new(Zns::default());
    let router = axum::Router::new()
        .route("/message/template", axum::routing::post(send))
        .with_state(zns.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (origin, zns)
}

async fn taken(zns: &Zns, n: usize) -> Value {
    for _ in 0..100 {
        if let Some(m) = zns.taken.lock().unwrap().get(n - 1) {
            return m.clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("Zalo took fewer than {n} messages");
}

async fn run(backend: Backend) {
    let (api, zns) = stand_in().await;
    let app = TestApp::start_with(backend, move |c| {
        c.server.public_url = Some(SITE.into());
        c.zalo.access_token = Some(TOKEN.into());
        c.zalo.template_id = TEMPLATE.into();
        c.zalo.api_url = api;
    })
    .await;
    let s = scene(&app).await;
    let minh = &s.minh.0;
    let set = |on| signed(minh, pb::SetZaloNoticesRequest { on });
    let me = partners(&app)
        .await
        .set_zalo_notices(set(true))
        .await
        .unwrap()
        .into_inner();
    assert!(me.partner.unwrap().zalo_notices);

    // The first answer says the token expired: tried again, it goes once.
    *zns.expired.lock().unwrap() = 1;
    let offer = || pb::OfferJobRequest {
        order_id: s.id.clone(),
        partner_id: s.minh.1.user_id.clone(),
    };
    client(&app)
        .await
        .offer_job(with(&Cred::Token(&s.admin), offer()))
        .await
        .unwrap();
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    let row = |db: &sea_orm::DatabaseConnection| {
        let db = db.clone();
        async move {
            use sea_orm::{ConnectionTrait, Statement};
            db.query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT attempts, last_error FROM zalo_outbox",
            ))
            .await
            .unwrap()
            .map(|r| {
                (
                    r.try_get::<i32>("", "attempts").unwrap(),
                    r.try_get::<Option<String>>("", "last_error").unwrap(),
                )
            })
        }
    };
    let mut tried = None;
    for _ in 0..50 {
        tried = row(&db).await.filter(|(attempts, _)| *attempts > 0);
        if tried.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_, error) = tried.expect("tried once");
    assert!(error.unwrap_or_default().contains("-124"));
    {
        use sea_orm::ConnectionTrait;
        db.execute_unprepared("UPDATE zalo_outbox SET next_attempt_at_ms = 0")
            .await
            .unwrap();
    }
    let sent = taken(&zns, 1).await;
    assert_eq!(sent["phone"], "84901234567");
    assert_eq!(sent["template_id"], TEMPLATE);
    // In his language, with the job's page behind the button.
    assert_eq!(
        sent["template_data"]["title"],
        "Có chuyến mới cho bạn: hãy trả lời sớm"
    );
    assert!(
        sent["template_data"]["content"]
            .as_str()
            .unwrap()
            .contains(&s.id)
    );
    assert_eq!(
        sent["template_data"]["link"],
        format!("{SITE}/partner/jobs/{}", s.id)
    );

    // Turned off: declined and offered again, Zalo hears nothing more.
    partners(&app)
        .await
        .set_zalo_notices(set(false))
        .await
        .unwrap();
    let decline = pb::DeclineJobRequest {
        order_id: s.id.clone(),
        reason: "Xe đang sửa".into(),
    };
    dispatch(&app)
        .await
        .decline_job(signed(minh, decline))
        .await
        .unwrap();
    client(&app)
        .await
        .offer_job(with(&Cred::Token(&s.admin), offer()))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(zns.taken.lock().unwrap().len(), 1);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_reaches_the_drivers_zalo_once_the_token_is_good_until_he_turns_it_off_sqlite() {
    run(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_reaches_the_drivers_zalo_once_the_token_is_good_until_he_turns_it_off_postgres() {
    run(Backend::Postgres).await;
}
