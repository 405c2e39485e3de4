//! Zalo's notification service (ZNS) for a partner who asks for it, through the real server to
//! the local stand-in of Zalo (`adapters::stand_ins::ZaloStandIn`: ZNS's send call and OAuth v4's
//! renewal). An offer reaches the driver's Zalo; a token Zalo refuses (-124) is tried again and
//! then sent; turned off, Zalo hears no more. With the app's refresh token, the site renews the
//! access token itself: two nodes, and six callers at once, spend each refresh token once. On
//! SQLite and PostgreSQL.

use adapters::providers::zalo::{ZaloApp, ZaloTokens};
use adapters::security::key_sealing::{Kek, Sealing};
use adapters::stand_ins::ZaloStandIn;
use sea_orm::ConnectionTrait;
use serde_json::Value;

use super::operations::{Cred, client, with};
use super::partners::{partners, scene};
use super::*;

const TOKEN: &str = "oa-access-token";
const TEMPLATE: &str = "412345";
const SITE: &str = "http://booking.test";
const APP_ID: &str = "4291763606161179100";
const SECRET: &str = "zalo-app-secret";
const FIRST_REFRESH: &str = "oa-refresh-0";

/// The one outbox row's tries and last error, once tried.
async fn tried(db: &sea_orm::DatabaseConnection) -> (i32, Option<String>) {
    for _ in 0..50 {
        let row = db
            .query_one_raw(sea_orm::Statement::from_string(
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
            });
        if let Some(row) = row.filter(|(attempts, _)| *attempts > 0) {
            return row;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the Zalo notice was not tried");
}

/// Minh, with Zalo notices on, is offered the scene's job.
async fn offered(app: &TestApp) -> super::partners::Scene {
    let s = scene(app).await;
    let set = signed(&s.minh.0, pb::SetZaloNoticesRequest { on: true });
    let me = partners(app)
        .await
        .set_zalo_notices(set)
        .await
        .unwrap()
        .into_inner();
    assert!(me.partner.unwrap().zalo_notices);
    offer(app, &s, &s.id).await;
    s
}

async fn offer(app: &TestApp, s: &super::partners::Scene, order_id: &str) {
    let offer = pb::OfferJobRequest {
        order_id: order_id.into(),
        partner_id: s.minh.1.user_id.clone(),
    };
    client(app)
        .await
        .offer_job(with(&Cred::Token(&s.admin), offer))
        .await
        .unwrap();
}

/// Ann pays for another pick-up, `days` ahead, and it is offered to Minh: a new notice (the
/// same offer made again would be the same notice, sent once).
async fn another_offer(app: &TestApp, s: &super::partners::Scene, days: i64) -> String {
    let id = super::member::pending(app, &s.ann, days).await;
    super::member::pay_with_vcoin(app, &s.ann, &id).await;
    offer(app, s, &id).await;
    id
}

fn is_the_offer(sent: &Value, order_id: &str) {
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
            .contains(order_id)
    );
    assert_eq!(
        sent["template_data"]["link"],
        format!("{SITE}/partner/jobs/{order_id}")
    );
}
async fn given(backend: Backend) {
    let zalo = ZaloStandIn::start(APP_ID, SECRET, FIRST_REFRESH, TEMPLATE).await;
    zalo.take(TOKEN);
    let api = zalo.url.clone();
    let app = TestApp::start_with(backend, move |c| {
        c.server.public_url = Some(SITE.into());
        c.zalo.access_token = Some(TOKEN.into());
        c.zalo.template_id = TEMPLATE.into();
        c.zalo.api_url = api;
    })
    .await;
    // The first answer says the token expired: tried again, it goes once.
    zalo.refuse(1);
    let s = offered(&app).await;
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    let (_, error) = tried(&db).await;
    assert!(error.unwrap_or_default().contains("-124"));
    db.execute_unprepared("UPDATE zalo_outbox SET next_attempt_at_ms = 0")
        .await
        .unwrap();
    is_the_offer(&zalo.message(1).await, &s.id);
    // A token given from outside is never renewed here.
    assert_eq!(zalo.renewals(), 0);

    // Turned off: another job offered, Zalo hears nothing more.
    let off = signed(&s.minh.0, pb::SetZaloNoticesRequest { on: false });
    partners(&app).await.set_zalo_notices(off).await.unwrap();
    another_offer(&app, &s, 3).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(zalo.taken().len(), 1);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_reaches_the_drivers_zalo_once_the_token_is_good_until_he_turns_it_off_sqlite() {
    given(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_reaches_the_drivers_zalo_once_the_token_is_good_until_he_turns_it_off_postgres() {
    given(Backend::Postgres).await;
}

/// Waits until the stand-in granted `n` renewals, then a beat more for a second one to show.
async fn renewed(zalo: &ZaloStandIn, n: usize) {
    for _ in 0..100 {
        if zalo.renewals() >= n {
            tokio::time::sleep(Duration::from_millis(1500)).await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the token was renewed {} times, not {n}", zalo.renewals());
}

async fn renewing(backend: Backend) {
    let zalo = ZaloStandIn::start(APP_ID, SECRET, FIRST_REFRESH, TEMPLATE).await;
    let url = zalo.url.clone();
    let settings = move |c: &mut Config| {
        c.server.public_url = Some(SITE.into());
        c.zalo.app_id = APP_ID.into();
        c.zalo.app_secret = Some(SECRET.into());
        c.zalo.refresh_token = Some(FIRST_REFRESH.into());
        c.zalo.template_id = TEMPLATE.into();
        c.zalo.api_url = url.clone();
        c.zalo.oauth_url = url.clone();
    };
    let app = TestApp::start_with(backend, settings.clone()).await;
    let other = app.another_node_with(settings).await;
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();

    // Both nodes start with no token: one renews, before any message needs it.
    renewed(&zalo, 1).await;
    assert_eq!(zalo.renewals(), 1);
    // Kept sealed, for every node.
    let kept = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            "SELECT access_token, refresh_token FROM zalo_tokens",
        ))
        .await
        .unwrap()
        .unwrap();
    for column in ["access_token", "refresh_token"] {
        let stored: String = kept.try_get("", column).unwrap();
        assert!(stored.starts_with("sealed:v1:"), "{column}");
        assert!(!stored.contains("oa-"), "{column}");
    }
    let s = offered(&app).await;
    is_the_offer(&zalo.message(1).await, &s.id);

    // A day on, Zalo takes none of its tokens: the refusal renews at once and the offer goes on
    // its first try, with no wait for the outbox's next round.
    zalo.lapse();
    let second = another_offer(&app, &s, 3).await;
    is_the_offer(&zalo.message(2).await, &second);
    renewed(&zalo, 2).await;
    assert_eq!(zalo.renewals(), 2);

    // Six callers at once on two connections (and the two nodes' rounds beside them), with the
    // kept token lapsed: one renewal, one token for all.
    db.execute_unprepared("UPDATE zalo_tokens SET expires_at_ms = 0")
        .await
        .unwrap();
    let kek = std::fs::read_to_string(app.web_dir.join("key-encryption.key")).unwrap();
    let app_of = || ZaloApp {
        oauth: zalo.url.clone(),
        app_id: APP_ID.into(),
        secret_key: SECRET.into(),
        refresh_token: FIRST_REFRESH.into(),
    };
    let second = adapters::sql::db::connect(&app.db.url).await.unwrap();
    let callers: Vec<ZaloTokens> = (0..6)
        .map(|i| {
            let db = if i % 2 == 0 { &db } else { &second };
            ZaloTokens::new(
                db.clone(),
                app_of(),
                Sealing::new(Kek::parse(&kek).unwrap(), None),
            )
        })
        .collect();
    let tokens = futures_util::future::join_all(callers.iter().map(ZaloTokens::current)).await;
    let tokens: Vec<String> = tokens.into_iter().map(Result::unwrap).collect();
    assert!(tokens.iter().all(|t| *t == tokens[0]), "{tokens:?}");
    assert_eq!(tokens[0], "oa-access-3");
    assert_eq!(zalo.renewals(), 3);
    assert_eq!(zalo.spent_again(), 0, "a refresh token was spent twice");
    other.stop().await;
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_renew_the_zalo_token_once_each_time_and_a_refused_one_at_once_sqlite() {
    renewing(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_renew_the_zalo_token_once_each_time_and_a_refused_one_at_once_postgres() {
    renewing(Backend::Postgres).await;
}
