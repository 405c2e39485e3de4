//! What following a flight needs from outside: a flight-status provider, and a keeper of the
//! flights followed.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::rules::{FlightReport, Followed};
use crate::error::DomainResult;

#[async_trait]
pub trait FlightStatus: Send + Sync {
    /// Flight `number` (its IATA designator, `VN123`) landing at `airport` (IATA, `SGN`) near
    /// `around` (its scheduled landing as booked): where it stands, or `None` when the provider
    /// knows no such flight. A provider that cannot answer now is `Unavailable`.
    async fn arrival(
        &self,
        number: &str,
        airport: &str,
        around: DateTime<Utc>,
    ) -> DomainResult<Option<FlightReport>>;
}

/// Where followed flights are kept, one row per flight (`FlightKey::code`).
#[async_trait]
pub trait FlightStore: Send + Sync {
    /// The flights of these keys that are kept.
    async fn followed(&self, keys: &[String]) -> DomainResult<Vec<Followed>>;
    /// Claims the next look at flight `key` until `until`, against the version read (`None`: not
    /// kept yet, and kept now): of nodes claiming at once, one gets the new version, the others
    /// `None`.
    async fn claim(
        &self,
        key: &str,
        read: Option<i64>,
        until: DateTime<Utc>,
    ) -> DomainResult<Option<i64>>;
    /// Keeps what the claimed look learnt: the answer (none when the provider could not give
    /// one, keeping the last), when to look next, and one more look.
    async fn record(
        &self,
        key: &str,
        version: i64,
        report: Option<&FlightReport>,
        next_look: Option<DateTime<Utc>>,
    ) -> DomainResult<()>;
}
