//! When a partner works: weekly hours (Vietnam time) and days off. A therapist's are her record's
//! in the catalogue, where the massage finder reads them too; a driver's or guide's are their own
//! partner record's, and with no hours set they work any time. A change that would leave a job
//! they took without them is refused, naming the job.

use chrono::{Duration, NaiveDate};

use crate::catalog::{Shift, check_days_off};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::OrderId;
use crate::shared::LocalTime;

/// At most this many shifts a week.
pub const SHIFTS_MAX: usize = 14;
/// How far ahead a day off may be set.
pub const DAYS_OFF_AHEAD: i64 = 366;

/// Weekly shifts and days off.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Availability {
    pub hours: Vec<Shift>,
    /// Soonest first, none twice, none past.
    pub days_off: Vec<NaiveDate>,
}

impl Availability {
    /// Availability as a partner sets it on `today` (Vietnam): days gone by are dropped, the rest
    /// sorted; too many, too far ahead, or an empty or zero-length shift is refused.
    pub fn new(
        hours: Vec<Shift>,
        days_off: Vec<NaiveDate>,
        today: NaiveDate,
    ) -> DomainResult<Self> {
        if hours.len() > SHIFTS_MAX {
            return Err(DomainError::invalid(
                "hours",
                msg("availability.shifts_max").with("max", SHIFTS_MAX),
            ));
        }
        if hours.iter().any(|s| s.days.is_empty() || s.from == s.until) {
            return Err(DomainError::invalid("hours", msg("therapist.shifts")));
        }
        let mut days_off: Vec<NaiveDate> = days_off.into_iter().filter(|d| *d >= today).collect();
        days_off.sort_unstable();
        days_off.dedup();
        if days_off
            .last()
            .is_some_and(|d| *d > today + Duration::days(DAYS_OFF_AHEAD))
        {
            return Err(DomainError::invalid(
                "days_off",
                msg("availability.too_far").with("days", DAYS_OFF_AHEAD),
            ));
        }
        check_days_off(&days_off)?;
        Ok(Self { hours, days_off })
    }

    /// Whether a job of `minutes` from `start` falls in these hours (any time when none are set)
    /// and does not start on a day off.
    pub fn covers(&self, start: LocalTime, minutes: u32) -> bool {
        let begin = start.naive();
        let end = begin + Duration::minutes(i64::from(minutes));
        !self.days_off.contains(&begin.date())
            && (self.hours.is_empty() || self.hours.iter().any(|s| s.covers(begin, end)))
    }
}

/// A job a partner took and has not finished: the time it holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commitment {
    pub order_id: OrderId,
    pub start: LocalTime,
    /// From the start to the end of the service.
    pub minutes: u32,
}

/// The first of `taken` that `covered` says nobody would do, as the refusal naming it.
pub fn uncovered<'a>(
    taken: impl IntoIterator<Item = &'a Commitment>,
    covered: impl Fn(LocalTime, u32) -> bool,
) -> DomainResult<()> {
    match taken.into_iter().find(|c| !covered(c.start, c.minutes)) {
        None => Ok(()),
        Some(c) => Err(DomainError::FailedPrecondition(
            msg("availability.uncovers")
                .with("order", c.order_id.as_str())
                .with("start", c.start.naive().format("%Y/%m/%d %H:%M")),
        )),
    }
}
