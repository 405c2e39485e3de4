//! Tips: after a completed service, its traveller may tip the partner who delivered it, from the
//! wallet or by VietQR or VNPay, once, within a set time; the tip reaches the partner's earnings in full. Decided here:
//! when and how much; the store counts a tip once per order in the write that pays it.

mod service;
#[cfg(test)]
mod tests;

use chrono::{DateTime, Duration, Utc};

use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Order, OrderState};
use crate::shared::Money;

pub use service::{TipEarnings, TipService, TipStanding};

/// How long after the service is completed a tip may be given.
pub const TIP_DAYS: i64 = 7;
pub const TIP_MIN: Money = Money::vnd(10_000);
pub const TIP_MAX: Money = Money::vnd(2_000_000);

/// When `order` was completed, if it is.
pub fn completed_at(order: &Order) -> Option<DateTime<Utc>> {
    if order.state != OrderState::Completed {
        return None;
    }
    order
        .history
        .iter()
        .rev()
        .find(|t| t.to == OrderState::Completed)
        .map(|t| t.at)
}

/// Whether `amount` may be tipped on `order` at `now`: a completed order, within `TIP_DAYS` of its
/// completion, whole thousands between the bounds.
pub fn check_tip(order: &Order, amount: Money, now: DateTime<Utc>) -> DomainResult<()> {
    let Some(done) = completed_at(order) else {
        return Err(DomainError::FailedPrecondition(msg("tip.not_completed")));
    };
    if now > done + Duration::days(TIP_DAYS) {
        return Err(DomainError::FailedPrecondition(
            msg("tip.too_late").with("days", TIP_DAYS),
        ));
    }
    if amount < TIP_MIN || amount > TIP_MAX || amount.amount() % 1_000 != 0 {
        return Err(DomainError::invalid(
            "amount_vnd",
            msg("tip.range").money("min", TIP_MIN).money("max", TIP_MAX),
        ));
    }
    Ok(())
}
