//! Flight status from FlightAware's AeroAPI (v4): `GET /flights/{ident}` with the account's key
//! in `x-apikey`, between `start` and `end`, answers the dated flights of that designator with
//! their scheduled, estimated and actual times at the gate (`*_in`) and on the runway (`*_on`),
//! and whether each was cancelled or diverted. The one landing at the pick-up's airport nearest
//! its booked time is the one followed. Why AeroAPI: `docs/decisions/flights.md`.

use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::flights::{FlightReport, FlightState, FlightStatus};
use domain::{DomainError, DomainResult};
use serde::Deserialize;

/// How far either side of the booked landing the flights of a designator are asked for: a day's
/// delay is found, and the same number's flight of the next day is not mistaken for it.
const WINDOW_HOURS: i64 = 12;
const TIMEOUT: Duration = Duration::from_secs(10);

/// The account that asks.
#[derive(Clone)]
pub struct AeroApiAccount {
    /// `https://aeroapi.flightaware.com/aeroapi`, or a stand-in's address.
    pub api: String,
    pub key: String,
}

/// Shows where, never the key.
impl std::fmt::Debug for AeroApiAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AeroApiAccount")
            .field("api", &self.api)
            .finish_non_exhaustive()
    }
}

pub struct AeroApi {
    account: AeroApiAccount,
    http: reqwest::Client,
}

impl AeroApi {
    pub fn new(account: AeroApiAccount) -> Self {
        Self {
            account,
            http: reqwest::Client::new(),
        }
    }
}

#[derive(Deserialize)]
struct Flights {
    #[serde(default)]
    flights: Vec<Flight>,
}

#[derive(Deserialize)]
struct Airport {
    code_iata: Option<String>,
}

#[derive(Deserialize)]
struct Flight {
    #[serde(default)]
    cancelled: bool,
    #[serde(default)]
    diverted: bool,
    destination: Option<Airport>,
    scheduled_in: Option<String>,
    estimated_in: Option<String>,
    actual_in: Option<String>,
    scheduled_on: Option<String>,
    estimated_on: Option<String>,
    actual_on: Option<String>,
    actual_off: Option<String>,
}

/// An ISO 8601 time as AeroAPI writes them (`2026-12-05T03:00:00Z`); none when absent or unread.
fn time(raw: &Option<String>) -> Option<DateTime<Utc>> {
    raw.as_deref()
        .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
        .map(|t| t.with_timezone(&Utc))
}

impl Flight {
    /// Its report: times at the gate, else on the runway.
    fn report(&self) -> Option<FlightReport> {
        let scheduled = time(&self.scheduled_in).or(time(&self.scheduled_on))?;
        let actual = time(&self.actual_in).or(time(&self.actual_on));
        let state = if self.cancelled {
            FlightState::Cancelled
        } else if self.diverted {
            FlightState::Diverted
        } else if actual.is_some() {
            FlightState::Landed
        } else if time(&self.actual_off).is_some() {
            FlightState::EnRoute
        } else {
            FlightState::Scheduled
        };
        Some(FlightReport {
            state,
            scheduled_arrival: scheduled,
            estimated_arrival: time(&self.estimated_in).or(time(&self.estimated_on)),
            actual_arrival: actual,
        })
    }
}

fn unavailable(why: impl std::fmt::Display) -> DomainError {
    DomainError::Unavailable(format!("flight status: {why}"))
}

#[async_trait]
impl FlightStatus for AeroApi {
    async fn arrival(
        &self,
        number: &str,
        airport: &str,
        around: DateTime<Utc>,
    ) -> DomainResult<Option<FlightReport>> {
        let window = chrono::Duration::hours(WINDOW_HOURS);
        let stamp = |t: DateTime<Utc>| t.format("%Y-%m-%dT%H:%M:%SZ").to_string();
        // A designator is letters and digits: nothing else reaches the path.
        let ident: String = number.chars().filter(char::is_ascii_alphanumeric).collect();
        let url = format!(
            "{}/flights/{ident}?ident_type=designator&start={}&end={}",
            self.account.api,
            stamp(around - window),
            stamp(around + window)
        );
        let answer = self
            .http
            .get(url)
            .header("x-apikey", &self.account.key)
            .timeout(TIMEOUT)
            .send()
            .await
            .map_err(unavailable)?;
        match answer.status().as_u16() {
            200 => {}
            // A designator AeroAPI cannot read is one it does not know.
            400 | 404 => return Ok(None),
            status => return Err(unavailable(status)),
        }
        let flights: Flights = answer.json().await.map_err(unavailable)?;
        Ok(flights
            .flights
            .iter()
            .filter(|f| {
                f.destination
                    .as_ref()
                    .and_then(|d| d.code_iata.as_deref())
                    .is_some_and(|code| code.eq_ignore_ascii_case(airport))
            })
            .filter_map(Flight::report)
            .min_by_key(|r| (r.scheduled_arrival - around).num_seconds().abs()))
    }
}
