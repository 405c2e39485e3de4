//! An airport pick-up's flight against a local AeroAPI (the stand-in of `adapters::stand_ins`),
//! on SQLite and PostgreSQL. At booking: a flight the provider does not know, landing at the
//! plan's airport at the time given, is refused on its field, in words; a known one books; one
//! too far ahead for the provider to know yet books too. Once paid: two nodes follow it, one
//! question a look for both travellers on it, and a 40-minute delay moves both orders and the
//! driver's job once, however many looks see it, each told once.

use adapters::stand_ins::{AeroApiStandIn, BoardFlight};
use chrono::{Duration, NaiveDateTime, Utc};
use serde_json::json;

use super::changes::order_of;
use super::member::pay_in_vcoin;
use super::operations::operator_token;
use super::orders::{contact, create, field, shuttle, token_for};
use super::partners::{driver_record, invite, job_board, take};
use super::*;

/// A pick-up `days` ahead at 10:00 Vietnam time, as typed and as an instant.
fn landing(days: i64) -> (String, chrono::DateTime<Utc>) {
    let day = (Utc::now() + Duration::hours(7) + Duration::days(days)).format("%Y-%m-%d");
    let typed = format!("{day}T10:00");
    let local = NaiveDateTime::parse_from_str(&typed, "%Y-%m-%dT%H:%M").unwrap();
    (typed, local.and_utc() - Duration::hours(7))
}

async fn run(backend: Backend) {
    let board = AeroApiStandIn::start("fa-key").await;
    let api = board.url.clone();
    let app = TestApp::start_with(backend, move |c| {
        c.flights.api_key = Some("fa-key".into());
        c.flights.api_url = api;
    })
    .await;
    let ann = token_for(&app, "ann@example.com").await;
    let (tomorrow, at) = landing(1);
    board.board(BoardFlight::scheduled("VN123", "SGN", at));
    let book = async |flight: &str, start: &str| {
        let mut details = shuttle(2);
        details["flightNumber"] = json!(flight);
        details["start"] = json!(start);
        create(
            &app,
            &ann,
            None,
            json!({"details": details, "contact": contact()}),
        )
        .await
    };
    let (status, body) = book("ZZ 999", &tomorrow).await;
    assert_eq!(
        (status, field(&body)),
        (400, "details.flight_number"),
        "{body}"
    );
    let said = body["error"]["details"][0]["description"].as_str().unwrap();
    assert!(
        said.contains("查無 ZZ999") && said.contains("SGN"),
        "{said}"
    );
    let (status, body) = book("VN 123", &tomorrow).await;
    assert_eq!(status, 201, "{body}");
    // Five days ahead, the provider cannot know it yet: booked, to be followed later.
    let (status, body) = book("ZZ 999", &landing(5).0).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(board.calls("ZZ999"), 1);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flight_the_provider_does_not_know_is_said_at_booking_sqlite() {
    run(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flight_the_provider_does_not_know_is_said_at_booking_postgres() {
    run(Backend::Postgres).await;
}

/// A pick-up five hours ahead (the plan takes bookings four hours ahead; flights are followed
/// from six), to the minute: as typed in Vietnam time and as an instant.
fn in_five_hours() -> (String, chrono::DateTime<Utc>) {
    let local = (Utc::now() + Duration::hours(7 + 5))
        .format("%Y-%m-%dT%H:%M")
        .to_string();
    let at = NaiveDateTime::parse_from_str(&local, "%Y-%m-%dT%H:%M").unwrap();
    (local, at.and_utc() - Duration::hours(7))
}

fn shuttle_start(order: &pb::Order) -> String {
    match order.details.as_ref().and_then(|d| d.service.as_ref()) {
        Some(pb::order_details::Service::Shuttle(s)) => s.start.clone(),
        other => panic!("not a shuttle: {other:?}"),
    }
}

fn flight_moves(order: &pb::Order) -> usize {
    let moved = Some(pb::order_event::Why::Code("flight_moved".into()));
    order.events.iter().filter(|e| e.why == moved).count()
}

async fn queued(db: &sea_orm::DatabaseConnection, kind: &str) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let sql = format!("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = '{kind}'");
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

async fn follow(backend: Backend) {
    let board = AeroApiStandIn::start("fa-key").await;
    let api = board.url.clone();
    let settings = move |c: &mut Config| {
        c.flights.api_key = Some("fa-key".into());
        c.flights.api_url = api.clone();
    };
    let app = TestApp::start_with(backend, settings.clone()).await;
    let other = app.another_node_with(settings).await;
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    let admin = operator_token(&app).await;
    let minh = invite(
        &app,
        &admin,
        "minh@partners.example",
        driver_record("Minh", "hcm"),
    )
    .await;
    let (typed, at) = in_five_hours();
    let mut flight = BoardFlight::scheduled("VN123", "SGN", at);
    board.board(flight.clone());
    // Ann and Bob land on the same flight; Minh takes Ann's pick-up.
    let mut ids = Vec::new();
    for email in ["ann@example.com", "bob@example.com"] {
        let token = token_for(&app, email).await;
        let mut details = shuttle(2);
        details["flightNumber"] = json!("VN 123");
        details["start"] = json!(typed);
        let (status, body) = create(
            &app,
            &token,
            None,
            json!({"details": details, "contact": contact()}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let id = body["data"]["id"].as_str().unwrap().to_owned();
        let total = body["data"]["estimate"]["totalVnd"].as_i64().unwrap();
        pay_in_vcoin(&app, &token, "shuttle", &id, total).await;
        ids.push((token, id));
    }
    take(&app, &admin, &ids[0].1, (&minh.0, &minh.1)).await;
    let asked = |n: usize| {
        let board = &board;
        async move {
            for _ in 0..100 {
                if board.calls("VN123") >= n {
                    // The look's answer is kept and acted on just after the question.
                    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                    return;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            panic!("the flight was not asked about");
        }
    };
    // Two questions at booking; the first look follows within a beat, on time: nothing moves.
    asked(3).await;
    assert_eq!(
        shuttle_start(&order_of(&app, &ids[0].0, &ids[0].1).await),
        typed
    );
    // 40 minutes late. Three looks see it; both nodes look every 5 s.
    flight.estimated_in = Some(at + Duration::minutes(40));
    board.board(flight.clone());
    let due = "UPDATE followed_flights SET next_look_at_ms = 0";
    for look in 0..3 {
        use sea_orm::ConnectionTrait;
        db.execute_unprepared(due).await.unwrap();
        asked(4 + look).await;
    }
    let late = (NaiveDateTime::parse_from_str(&typed, "%Y-%m-%dT%H:%M").unwrap()
        + Duration::minutes(40))
    .format("%Y-%m-%dT%H:%M")
    .to_string();
    for (token, id) in &ids {
        let order = order_of(&app, token, id).await;
        assert_eq!(shuttle_start(&order), late, "{id}");
        assert_eq!(flight_moves(&order), 1, "{id} moved once");
    }
    let job = job_board(&app, &admin)
        .await
        .into_iter()
        .find(|j| j.order_id == ids[0].1)
        .unwrap();
    let starts = job.starts_at.unwrap().seconds;
    assert_eq!(starts, (at + Duration::minutes(40)).timestamp());
    assert_eq!(job.partner_id, minh.1.user_id, "Minh keeps it");
    // One question a look for both travellers, whichever node asked.
    assert_eq!(board.calls("VN123"), 6);
    // Each traveller told once, the driver once.
    assert_eq!(queued(&db, "order_flight_moved").await, 2);
    assert_eq!(queued(&db, "partner_flight_moved").await, 1);
    other.stop().await;
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flight_forty_minutes_late_moves_its_pick_ups_once_sqlite() {
    follow(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flight_forty_minutes_late_moves_its_pick_ups_once_postgres() {
    follow(Backend::Postgres).await;
}
