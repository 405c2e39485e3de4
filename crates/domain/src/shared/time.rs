//! Service times are local to Vietnam: customers enter and read them as such, and every booking
//! rule (lead time, horizon, night surcharge) is about the wall clock where the service happens.

use chrono::{DateTime, Duration, NaiveDateTime, Utc};

use crate::error::{DomainError, DomainResult, msg};

/// Vietnam keeps UTC+7 all year (no daylight saving), so a fixed offset is exact.
const VIETNAM_OFFSET: Duration = Duration::hours(7);

/// A wall-clock time in Vietnam, minute precision, written `YYYY-MM-DDTHH:MM`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LocalTime(NaiveDateTime);

impl LocalTime {
    pub const FORMAT: &'static str = "%Y-%m-%dT%H:%M";

    pub fn parse(field: &str, raw: &str) -> DomainResult<Self> {
        NaiveDateTime::parse_from_str(raw.trim(), Self::FORMAT)
            .map(Self)
            .map_err(|_| DomainError::invalid(field, msg("time.local")))
    }

    pub fn from_naive(t: NaiveDateTime) -> Self {
        Self(t)
    }

    pub fn of(instant: DateTime<Utc>) -> Self {
        Self((instant + VIETNAM_OFFSET).naive_utc())
    }

    pub fn naive(self) -> NaiveDateTime {
        self.0
    }

    pub fn instant(self) -> DateTime<Utc> {
        (self.0 - VIETNAM_OFFSET).and_utc()
    }
}

impl std::fmt::Display for LocalTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.format(Self::FORMAT))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vietnam_is_seven_hours_ahead_of_utc() {
        let t = LocalTime::parse("t", "2026-12-01T08:30").unwrap();
        assert_eq!(t.instant().to_rfc3339(), "2026-12-01T01:30:00+00:00");
        assert_eq!(LocalTime::of(t.instant()), t);
        assert_eq!(t.to_string(), "2026-12-01T08:30");
    }

    #[test]
    fn bad_times_name_the_field() {
        for bad in ["", "2026-13-01T08:30", "2026-12-01 08:30:00", "tomorrow"] {
            assert!(matches!(
                LocalTime::parse("details.start", bad),
                Err(DomainError::InvalidArgument { field, .. }) if field == "details.start"
            ));
        }
    }
}
