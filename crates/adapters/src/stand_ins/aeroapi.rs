//! FlightAware's AeroAPI as far as following a flight uses it: `GET /flights/{ident}` with the
//! key in `x-apikey` (401 without it), `ident_type=designator`, and `start` / `end` in ISO 8601
//! (400 when unread, or an ident that is not letters and digits); it answers the flights of that
//! designator whose scheduled landing falls between them, in AeroAPI's fields. Tests put the
//! flights in (`board`) and change them (a delay, a landing, a cancellation), and count the calls.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

/// One flight as AeroAPI describes it (the fields following reads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFlight {
    /// Its IATA designator, `VN123`.
    pub ident: String,
    pub destination: String,
    pub scheduled_in: DateTime<Utc>,
    pub estimated_in: Option<DateTime<Utc>>,
    pub actual_off: Option<DateTime<Utc>>,
    pub actual_in: Option<DateTime<Utc>>,
    pub cancelled: bool,
    pub diverted: bool,
}

impl BoardFlight {
    /// A flight landing at `destination` at `scheduled_in`, not yet departed.
    pub fn scheduled(ident: &str, destination: &str, scheduled_in: DateTime<Utc>) -> Self {
        Self {
            ident: ident.into(),
            destination: destination.into(),
            scheduled_in,
            estimated_in: None,
            actual_off: None,
            actual_in: None,
            cancelled: false,
            diverted: false,
        }
    }

    fn to_json(&self) -> Value {
        let t = |t: Option<DateTime<Utc>>| t.map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string());
        let airline: String = self.ident.chars().take(2).collect();
        json!({
            "ident": self.ident,
            "ident_iata": self.ident,
            "fa_flight_id": format!("{}-{}-airline-0001", self.ident, self.scheduled_in.timestamp()),
            "operator_iata": airline,
            "cancelled": self.cancelled,
            "diverted": self.diverted,
            "destination": {"code_iata": self.destination},
            "scheduled_in": t(Some(self.scheduled_in)),
            "estimated_in": t(self.estimated_in),
            "actual_in": t(self.actual_in),
            "scheduled_on": t(Some(self.scheduled_in)),
            "estimated_on": t(self.estimated_in),
            "actual_on": t(self.actual_in),
            "actual_off": t(self.actual_off),
            "status": if self.cancelled { "Cancelled" } else if self.actual_in.is_some() { "Arrived" } else { "Scheduled" },
        })
    }
}

#[derive(Default)]
struct Board {
    key: String,
    flights: Mutex<Vec<BoardFlight>>,
    calls: Mutex<HashMap<String, usize>>,
}

pub struct AeroApiStandIn {
    /// Its base address (`APP_FLIGHTS_API_URL`).
    pub url: String,
    board: Arc<Board>,
}

impl AeroApiStandIn {
    pub async fn start(key: &str) -> Self {
        let board = Arc::new(Board {
            key: key.into(),
            ..Board::default()
        });
        let router = axum::Router::new()
            .route("/flights/{ident}", axum::routing::get(flights))
            .with_state(board.clone());
        let url = super::serve(router).await;
        Self { url, board }
    }

    /// Puts `flight` on the board, in place of the same designator's flight at the same time.
    pub fn board(&self, flight: BoardFlight) {
        let mut all = self.board.flights.lock().expect("the board");
        all.retain(|f| !(f.ident == flight.ident && f.scheduled_in == flight.scheduled_in));
        all.push(flight);
    }

    /// How many times `ident` was asked about.
    pub fn calls(&self, ident: &str) -> usize {
        self.board
            .calls
            .lock()
            .expect("the calls")
            .get(ident)
            .copied()
            .unwrap_or(0)
    }
}

fn refused(status: StatusCode, title: &str, detail: &str) -> (StatusCode, Json<Value>) {
    (
        status,
        Json(
            json!({"title": title, "reason": "INVALID_ARGUMENT", "detail": detail, "status": status.as_u16()}),
        ),
    )
}

async fn flights(
    State(board): State<Arc<Board>>,
    Path(ident): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    if headers.get("x-apikey").and_then(|k| k.to_str().ok()) != Some(board.key.as_str()) {
        return refused(
            StatusCode::UNAUTHORIZED,
            "Unauthorized",
            "a valid x-apikey is required",
        );
    }
    *board
        .calls
        .lock()
        .expect("the calls")
        .entry(ident.clone())
        .or_default() += 1;
    let when = |name: &str| {
        query
            .get(name)
            .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
            .map(|t| t.with_timezone(&Utc))
    };
    let (Some(start), Some(end)) = (when("start"), when("end")) else {
        return refused(
            StatusCode::BAD_REQUEST,
            "Invalid argument",
            "start and end must be ISO 8601",
        );
    };
    if ident.is_empty()
        || !ident.chars().all(|c| c.is_ascii_alphanumeric())
        || query.get("ident_type").is_some_and(|t| t != "designator")
    {
        return refused(
            StatusCode::BAD_REQUEST,
            "Invalid argument",
            "not a flight designator",
        );
    }
    let flights: Vec<Value> = board
        .flights
        .lock()
        .expect("the board")
        .iter()
        .filter(|f| f.ident.eq_ignore_ascii_case(&ident))
        .filter(|f| (start..=end).contains(&f.scheduled_in))
        .map(BoardFlight::to_json)
        .collect();
    (
        StatusCode::OK,
        Json(json!({"flights": flights, "links": null, "num_pages": 1})),
    )
}
