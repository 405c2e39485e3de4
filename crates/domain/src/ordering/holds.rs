//! A therapist booked for a massage is held for its time, so no second customer can book them for
//! an overlapping one. The hold is a set of quarter-hour slots: stores keep one row per slot under
//! a unique (therapist, slot) key, which makes two overlapping bookings impossible even when they
//! race, on any database, with no locking of our own.

use chrono::{DateTime, Duration, DurationRound, Utc};

use super::details::{ServiceDetails, TherapistChoice};
use super::life::OrderState;
use super::model::Order;
use crate::catalog::Slot;

/// The grid holds are kept on.
pub const SLOT_MINUTES: i64 = 15;
/// The time a therapist needs after a massage to reach the next hotel.
pub const TRAVEL_MINUTES: i64 = 30;

/// The slots a massage takes: from its start, rounded down to the grid, until its end plus the
/// travel time, rounded up. Two holds share a slot exactly when the massages are closer than the
/// travel time.
pub fn slots(slot: Slot) -> Vec<DateTime<Utc>> {
    let start = slot.start.instant();
    grid(
        start,
        start + Duration::minutes(i64::from(slot.minutes) + TRAVEL_MINUTES),
    )
}

/// The quarter hours that `[start, end)` touches: from `start` rounded down to the grid, each up
/// to the last before `end`. Partners' jobs are held on the same grid.
pub fn grid(start: DateTime<Utc>, end: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let step = Duration::minutes(SLOT_MINUTES);
    // Rounding a UTC instant to 15 minutes cannot overflow for dates a booking can have.
    let mut at = start.duration_trunc(step).unwrap_or(start);
    let mut out = Vec::new();
    while at < end {
        out.push(at);
        at += step;
    }
    out
}

/// A therapist held for an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TherapistHold {
    pub therapist_id: String,
    pub slots: Vec<DateTime<Utc>>,
}

impl Order {
    /// The hold this order keeps: a named therapist, until the order is cancelled, lapses or is
    /// refunded.
    pub fn therapist_hold(&self) -> Option<TherapistHold> {
        let ServiceDetails::Massage(m) = &self.details else {
            return None;
        };
        let TherapistChoice::Specific(id) = &m.therapist else {
            return None;
        };
        let released = matches!(
            self.state,
            OrderState::Cancelled | OrderState::Expired | OrderState::Refunded
        );
        (!released).then(|| TherapistHold {
            therapist_id: id.clone(),
            slots: slots(Slot {
                start: m.start,
                minutes: m.duration_minutes,
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::LocalTime;

    fn slot(start: &str, minutes: u32) -> Vec<DateTime<Utc>> {
        slots(Slot::new(LocalTime::parse("t", start).unwrap(), minutes).unwrap())
    }

    fn overlap(a: &[DateTime<Utc>], b: &[DateTime<Utc>]) -> bool {
        a.iter().any(|x| b.contains(x))
    }

    #[test]
    fn a_hold_runs_from_the_start_until_the_travel_time_is_over() {
        let s = slot("2026-12-05T20:00", 90);
        assert_eq!(s.len(), 8);
        assert_eq!(s[0].to_rfc3339(), "2026-12-05T13:00:00+00:00");
        assert_eq!(s[7].to_rfc3339(), "2026-12-05T14:45:00+00:00");
        // Off-grid times widen the hold to the grid around them.
        assert_eq!(slot("2026-12-05T20:10", 60).len(), 7);
    }

    #[test]
    fn massages_closer_than_the_travel_time_overlap_and_others_do_not() {
        let first = slot("2026-12-05T20:00", 60);
        assert!(overlap(&first, &slot("2026-12-05T21:15", 60)));
        assert!(overlap(&first, &slot("2026-12-05T19:00", 60)));
        assert!(!overlap(&first, &slot("2026-12-05T21:30", 60)));
        assert!(!overlap(&first, &slot("2026-12-05T18:30", 60)));
    }
}
