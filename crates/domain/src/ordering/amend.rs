//! Changing a paid order before its service: its time, addresses, flight, passengers (within the
//! vehicle) or a massage's time. Priced again on today's tariff, the promo code's discount kept;
//! what the difference means for money is the payment service's (`payment::service::amend`).

use chrono::{DateTime, Timelike, Utc};

use super::actions::OrderGroup;
use super::details::ServiceDetails;
use super::life::Actor;
use super::model::{Order, price};
use super::reason::StepReason;
use crate::catalog::{ChangePolicy, Plan};
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::{LocalTime, Money};

/// What a change did to the price: the total paid for before, the new details' total after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceChange {
    pub before: Money,
    pub after: Money,
}

impl PriceChange {
    /// Above nothing: the customer pays it; below: it goes back to them.
    pub fn difference(&self) -> i64 {
        self.after.amount() - self.before.amount()
    }
}

impl Order {
    /// Until when the paid order may still be changed, under `policy`.
    pub fn change_open_until(&self, policy: &ChangePolicy) -> DateTime<Utc> {
        policy.open_until(self.category, self.details.start())
    }

    /// The customer changes the paid order's details, priced again. Refused unless the order is
    /// paid and still to be served, and before the policy's time, in its words; the new time
    /// must leave as long ahead (a change is no way around the policy). Details the same as now
    /// change nothing (`None`), so a retried change is answered as the first.
    pub fn amend(
        &mut self,
        plan: &Plan,
        details: ServiceDetails,
        policy: &ChangePolicy,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> DomainResult<Option<PriceChange>> {
        self.require(
            self.state.group() == OrderGroup::Upcoming,
            "order.action.amend",
        )?;
        // A driver operators typed in is theirs to ask: the customer goes through customer
        // service. A partner who took the job follows it (`jobs::changes`).
        if self.driver.is_some() && !self.driver_from_partner() {
            return Err(DomainError::FailedPrecondition(msg(
                "order.change_assigned",
            )));
        }
        let until = self.change_open_until(policy);
        if now >= until {
            return Err(DomainError::FailedPrecondition(
                msg("order.change_closed").with(
                    "until",
                    LocalTime::of(until).naive().format("%Y-%m-%d %H:%M"),
                ),
            ));
        }
        let (details, estimate) = price(plan, details, now)?;
        if details == self.details {
            return Ok(None);
        }
        if now >= policy.open_until(self.category, details.start()) {
            let hours = (self.details.start().instant() - until).num_hours();
            return Err(DomainError::invalid(
                "details.start",
                msg("order.change_too_soon").with("hours", hours),
            ));
        }
        let estimate = match self.estimate.promo() {
            Some((code, off)) => {
                let code = code.to_owned();
                estimate.with_promo(&code, off)
            }
            None => estimate,
        };
        let change = PriceChange {
            before: self.estimate.total,
            after: estimate.total,
        };
        self.details = details;
        self.estimate = estimate;
        let reason = StepReason::Changed {
            before: change.before,
            after: change.after,
        };
        self.go(self.state, actor, &reason.text(), now);
        Ok(Some(change))
    }
}

/// The history's reason for a meeting moved to the flight's landing (its words are the
/// catalogue's; the traveller is told by `MailKind::OrderFlightMoved`).
pub const FLIGHT_MOVED: &str = "flight_moved";

impl Order {
    /// An airport pick-up still to come meets its flight where it now lands, not at the time
    /// booked: its start moves there, to the minute, with a step in its history. The price stays
    /// (the traveller changed nothing). Answers whether it moved.
    pub fn meet_flight(&mut self, landing: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        let upcoming = self.state.group() == OrderGroup::Upcoming;
        let ServiceDetails::Shuttle(s) = &mut self.details else {
            return false;
        };
        let at = LocalTime::of(landing);
        let at = LocalTime::from_naive(
            at.naive()
                .with_second(0)
                .and_then(|t| t.with_nanosecond(0))
                .unwrap_or(at.naive()),
        );
        if !upcoming || s.direction != super::details::Direction::PickUp || s.start == at {
            return false;
        }
        s.start = at;
        self.go(
            self.state,
            Actor::System("flight".into()),
            &StepReason::code(FLIGHT_MOVED).text(),
            now,
        );
        true
    }
}
