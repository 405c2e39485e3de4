//! An airport pick-up's flight checked at booking against a local AeroAPI (the stand-in of
//! `adapters::stand_ins`): a flight the provider does not know, landing at the plan's airport at
//! the time given, is refused on its field, in words; a known one books; one too far ahead for
//! the provider to know yet books too. On SQLite and PostgreSQL.

use adapters::stand_ins::{AeroApiStandIn, BoardFlight};
use chrono::{Duration, NaiveDateTime, Utc};
use serde_json::json;

use super::orders::{contact, create, field, shuttle, token_for};
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
