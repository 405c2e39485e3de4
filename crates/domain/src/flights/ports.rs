//! What following a flight needs from outside: a flight-status provider.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::rules::FlightReport;
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
