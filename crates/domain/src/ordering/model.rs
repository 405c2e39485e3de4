use chrono::{DateTime, Duration, Utc};

use super::assignment::Driver;
use super::details::{Contact, ServiceDetails, TherapistChoice};
use super::life::{Actor, OrderState, Transition};
use super::reason::StepReason;
use crate::catalog::{Category, Plan, PlanId};
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::pricing::{Estimate, estimate};
use crate::shared::{LocalTime, Money, UserId};

pub(crate) const NOT_SOLD: Message = msg("order.not_sold");

/// An order's id: unguessable, since it appears in links and only the owner may see the order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrderId(String);

impl OrderId {
    pub const MAX_LEN: usize = 40;

    pub fn parse(raw: &str) -> DomainResult<Self> {
        let ok = !raw.is_empty()
            && raw.len() <= Self::MAX_LEN
            && raw
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(DomainError::not_found("order"))
        }
    }

    /// A new id: the prefix, then twelve letters and digits: the second of the day it was made
    /// (three base-62 digits, which sort as the seconds do), then nine of random text (about 53
    /// bits). The ids of a day thus sort in the order they were made, so every index on them
    /// takes new orders at its end, in pages already cached, instead of one random page an order
    /// (measured on SQLite: two of the three pages an order wrote to the log).
    pub(super) fn generated(prefix: &str, second_of_day: u32, random: &str) -> Self {
        const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        let second =
            [62 * 62, 62, 1].map(|unit| char::from(DIGITS[(second_of_day / unit % 62) as usize]));
        let second: String = second.iter().collect();
        Self(format!(
            "{prefix}-{second}{}",
            crate::shared::id_tail(random, 9)
        ))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub id: OrderId,
    pub owner: UserId,
    pub category: Category,
    pub plan_id: PlanId,
    /// The plan's name when ordered, so the order reads the same after the catalogue changes.
    pub plan_name: String,
    pub details: ServiceDetails,
    pub contact: Option<Contact>,
    pub note: String,
    pub estimate: Estimate,
    pub state: OrderState,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When an unpaid order lapses.
    pub expires_at: DateTime<Utc>,
    pub history: Vec<Transition>,
    /// Who drives (or guides), once operators have assigned someone.
    pub driver: Option<Driver>,
    /// When the customer first opened a payment that settles later (a VietQR transfer, VNPay):
    /// from then on the service and its price are fixed, so the money pays what was shown.
    pub payment_opened_at: Option<DateTime<Utc>>,
    /// Bumped by every save; a save against an older version is refused.
    pub version: i64,
}

/// What step2 (and later edits) may change. `None` keeps the current value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Revision {
    pub details: Option<ServiceDetails>,
    pub contact: Option<Contact>,
    pub note: Option<String>,
}

/// A plan's booking window: no sooner than its lead time, no later than its horizon.
pub fn check_window(plan: &Plan, start: LocalTime, now: DateTime<Utc>) -> DomainResult<()> {
    let window = plan.pricing.booking;
    let at = start.instant();
    let earliest = now + Duration::minutes(i64::from(window.lead_time_minutes));
    if at < earliest {
        let hours = window.lead_time_minutes.div_ceil(60);
        return Err(DomainError::invalid(
            "details.start",
            msg("order.lead_time").with("hours", hours),
        ));
    }
    if at > now + Duration::days(i64::from(window.horizon_days)) {
        return Err(DomainError::invalid(
            "details.start",
            msg("order.horizon").with("days", window.horizon_days),
        ));
    }
    Ok(())
}

/// Checks details against the plan and the clock, and prices them.
pub fn price(
    plan: &Plan,
    details: ServiceDetails,
    now: DateTime<Utc>,
) -> DomainResult<(ServiceDetails, Estimate)> {
    let details = details.checked(plan)?;
    check_window(plan, details.start(), now)?;
    let estimate = estimate(plan.category, &plan.pricing, &details.quote())?;
    Ok((details, estimate))
}

impl Order {
    /// Whether someone serves it: a driver or guide, or for a massage a named therapist (the
    /// customer's choice, held at booking, or the one operators assigned). Operators' board lists
    /// the orders soon to start that are not.
    pub fn is_assigned(&self) -> bool {
        match &self.details {
            ServiceDetails::Massage(m) => !m.therapist.therapist_id().is_empty(),
            _ => self.driver.is_some(),
        }
    }

    /// Step1: a draft with the server's price. With a contact it is complete, and waits for
    /// payment straight away.
    #[allow(clippy::too_many_arguments)]
    pub fn create(
        id: OrderId,
        owner: UserId,
        plan: &Plan,
        details: ServiceDetails,
        contact: Option<Contact>,
        note: String,
        now: DateTime<Utc>,
        payment_window: Duration,
    ) -> DomainResult<Self> {
        if !plan.active {
            return Err(DomainError::FailedPrecondition(NOT_SOLD));
        }
        let (details, estimate) = price(plan, details, now)?;
        let actor = Actor::Customer(owner.clone());
        let mut order = Order {
            id,
            owner,
            category: plan.category,
            plan_id: plan.id.clone(),
            plan_name: plan.name.clone(),
            details,
            contact: None,
            note,
            estimate,
            state: OrderState::Draft,
            created_at: now,
            updated_at: now,
            expires_at: now + payment_window,
            history: vec![Transition {
                from: None,
                to: OrderState::Draft,
                at: now,
                actor: actor.clone(),
                reason: "created".into(),
            }],
            driver: None,
            payment_opened_at: None,
            version: 0,
        };
        if let Some(contact) = contact {
            order.contact = Some(contact);
            order.go(OrderState::PendingPayment, actor, "submitted", now);
        }
        Ok(order)
    }

    /// Step2 and later edits, while nothing is paid. Details are priced again; the first complete
    /// contact moves a draft to pending payment.
    pub fn revise(
        &mut self,
        plan: &Plan,
        revision: Revision,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require(self.state.is_unpaid(), "order.action.revise")?;
        if now >= self.expires_at {
            return Err(DomainError::FailedPrecondition(msg("order.lapsed")));
        }
        if let Some(details) = revision.details {
            let (details, estimate) = price(plan, details, now)?;
            if self.payment_opened_at.is_none() {
                // Other details are another purchase: a code is entered again for it (its use is
                // given back with the write). The same details keep theirs, on today's price.
                self.estimate = match self.estimate.promo() {
                    Some((code, off)) if details == self.details => estimate.with_promo(code, off),
                    _ => estimate,
                };
                self.details = details;
            } else if details != self.details {
                // Sent unchanged (step2 sends them again), they change nothing, price included.
                return Err(DomainError::FailedPrecondition(msg("order.payment_open")));
            }
        }
        if let Some(note) = revision.note {
            self.note = note;
        }
        if let Some(contact) = revision.contact {
            self.contact = Some(contact);
        }
        self.updated_at = now;
        if self.state == OrderState::Draft && self.contact.is_some() {
            self.go(OrderState::PendingPayment, actor, "submitted", now);
        }
        Ok(())
    }

    /// Puts `code`'s discount `off` on the unpaid order's price, in place of another code's (the
    /// breakdown keeps the total at least `pricing::LEAST_TOTAL`). Refused once the order is paid
    /// or over, has lapsed, or has a payment open (its price is then fixed).
    pub fn apply_promo(&mut self, code: &str, off: Money, now: DateTime<Utc>) -> DomainResult<()> {
        self.require_price_open(now)?;
        self.estimate = self.estimate.clone().with_promo(code, off);
        self.updated_at = now;
        Ok(())
    }

    /// Takes the code off the unpaid order's price; `false` if it had none.
    pub fn remove_promo(&mut self, now: DateTime<Utc>) -> DomainResult<bool> {
        if self.estimate.promo().is_none() {
            return Ok(false);
        }
        self.require_price_open(now)?;
        self.estimate = self.estimate.clone().without_promo();
        self.updated_at = now;
        Ok(true)
    }

    /// Whether the order's price may still change: unpaid, not lapsed, no payment open.
    pub fn require_price_open(&self, now: DateTime<Utc>) -> DomainResult<()> {
        self.require(self.state.is_unpaid(), "order.action.promo")?;
        if now >= self.expires_at {
            return Err(DomainError::FailedPrecondition(msg("order.lapsed")));
        }
        if self.payment_opened_at.is_some() {
            return Err(DomainError::FailedPrecondition(msg("order.payment_open")));
        }
        Ok(())
    }

    /// The customer (or an operator) calls it off before payment. Cancelling twice is a no-op,
    /// so a retried request gets the same answer.
    pub fn cancel(&mut self, actor: Actor, reason: &str, now: DateTime<Utc>) -> DomainResult<()> {
        if self.state == OrderState::Cancelled {
            return Ok(());
        }
        self.require(self.state.is_unpaid(), "order.action.cancel")?;
        let reason = if reason.trim().is_empty() {
            "cancelled"
        } else {
            reason.trim()
        };
        self.go(OrderState::Cancelled, actor, reason, now);
        Ok(())
    }

    /// Unpaid past its window.
    pub fn expire(&mut self, now: DateTime<Utc>) -> DomainResult<()> {
        self.require(
            self.state.is_unpaid() && now >= self.expires_at,
            "order.action.expire",
        )?;
        self.go(
            OrderState::Expired,
            Actor::System("expiry".into()),
            "unpaid",
            now,
        );
        Ok(())
    }

    /// A payment that settles later was opened for the order: its service and price are fixed
    /// from now on. Says whether the order changed (it had none open before).
    pub fn open_payment(&mut self, now: DateTime<Utc>) -> bool {
        if self.payment_opened_at.is_some() {
            return false;
        }
        self.payment_opened_at = Some(now);
        self.updated_at = now;
        true
    }

    pub fn mark_paid(
        &mut self,
        actor: Actor,
        reason: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require(self.state == OrderState::PendingPayment, "order.action.pay")?;
        self.go(OrderState::Paid, actor, reason, now);
        Ok(())
    }

    /// Confirming a confirmed order again changes nothing (operators' calls are retried).
    pub fn confirm(&mut self, actor: Actor, now: DateTime<Utc>) -> DomainResult<()> {
        if self.state == OrderState::Confirmed {
            return Ok(());
        }
        self.require(self.state == OrderState::Paid, "order.action.confirm")?;
        self.go(OrderState::Confirmed, actor, "confirmed", now);
        Ok(())
    }

    /// Operators put a driver on a paid order, which confirms it; a confirmed order may get
    /// another driver. Each assignment is a step of the history the customer sees.
    pub fn assign_driver(
        &mut self,
        driver: Driver,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require(
            matches!(self.state, OrderState::Paid | OrderState::Confirmed),
            "order.action.assign_driver",
        )?;
        if self.state == OrderState::Confirmed && self.driver.as_ref() == Some(&driver) {
            return Ok(());
        }
        // A driver typed in never replaces the partner who accepted the job: operators take the
        // job back from them first (which releases the order).
        if !matches!(actor, Actor::Partner(_)) && self.driver_from_partner() {
            return Err(DomainError::FailedPrecondition(msg(
                "order.driver_is_partner",
            )));
        }
        let reason = StepReason::Driver {
            name: driver.name.clone(),
        }
        .text();
        self.driver = Some(driver);
        self.go(OrderState::Confirmed, actor, &reason, now);
        Ok(())
    }

    /// Whether the order's driver is the partner who accepted its job (their account stands
    /// behind them), rather than one operators typed in.
    pub fn driver_from_partner(&self) -> bool {
        self.driver.is_some()
            && self
                .history
                .iter()
                .rev()
                .find(|t| matches!(t.why(), StepReason::Driver { .. }))
                .is_some_and(|t| matches!(t.actor, Actor::Partner(_)))
    }

    /// Operators name the therapist of a paid massage order, which confirms it; a confirmed
    /// order may get another.
    pub fn assign_therapist(
        &mut self,
        therapist_id: &str,
        name: &str,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require(
            matches!(self.state, OrderState::Paid | OrderState::Confirmed),
            "order.action.assign_therapist",
        )?;
        let ServiceDetails::Massage(m) = &mut self.details else {
            return Err(DomainError::invalid(
                "therapist_id",
                msg("order.therapist_massage_only"),
            ));
        };
        let chosen = TherapistChoice::Specific(therapist_id.to_owned());
        if self.state == OrderState::Confirmed && m.therapist == chosen {
            return Ok(());
        }
        m.therapist = chosen;
        self.go(
            OrderState::Confirmed,
            actor,
            &StepReason::Therapist { name: name.into() }.text(),
            now,
        );
        Ok(())
    }

    /// Operators took its driver, guide or therapist off a confirmed order (the partner was
    /// disabled, or is not coming): it is paid and waits for someone new. The customer's step
    /// says so; a therapist the customer had picked is no longer promised. Retried, a paid order
    /// stays as it is.
    pub fn release(&mut self, actor: Actor, now: DateTime<Utc>) -> DomainResult<()> {
        if self.state == OrderState::Paid {
            return Ok(());
        }
        self.require(self.state == OrderState::Confirmed, "order.action.release")?;
        self.driver = None;
        if let ServiceDetails::Massage(m) = &mut self.details {
            m.therapist = TherapistChoice::Any;
        }
        self.go(OrderState::Paid, actor, "released", now);
        Ok(())
    }

    pub fn complete(&mut self, actor: Actor, now: DateTime<Utc>) -> DomainResult<()> {
        if self.state == OrderState::Completed {
            return Ok(());
        }
        self.require(self.state == OrderState::Confirmed, "order.action.complete")?;
        self.require_served(now)?;
        self.go(OrderState::Completed, actor, "completed", now);
        Ok(())
    }

    /// The partner who served it says it is done. Their job began (the traveller was met and
    /// checked in), so the booked time no longer holds it back: an early flight's pick-up ends
    /// early.
    pub fn complete_served(&mut self, partner: UserId, now: DateTime<Utc>) -> DomainResult<()> {
        if self.state == OrderState::Completed {
            return Ok(());
        }
        self.require(self.state == OrderState::Confirmed, "order.action.complete")?;
        self.go(
            OrderState::Completed,
            Actor::Partner(partner),
            "completed",
            now,
        );
        Ok(())
    }

    /// Whether the partner who served it completed it (rather than operators, by the clock).
    pub fn completed_by_partner(&self) -> bool {
        self.state == OrderState::Completed
            && self
                .history
                .iter()
                .rev()
                .find(|t| t.to == OrderState::Completed)
                .is_some_and(|t| matches!(t.actor, Actor::Partner(_)))
    }

    pub fn refund(&mut self, actor: Actor, reason: &str, now: DateTime<Utc>) -> DomainResult<()> {
        self.require(
            matches!(self.state, OrderState::Paid | OrderState::Confirmed),
            "order.action.refund",
        )?;
        self.go(OrderState::Refunded, actor, reason, now);
        Ok(())
    }

    /// A service is done (completed, then reviewed) only once its time has come.
    pub fn require_served(&self, now: DateTime<Utc>) -> DomainResult<()> {
        let start = self.details.start();
        if now < start.instant() {
            let at = start.naive().format("%Y/%m/%d %H:%M");
            return Err(DomainError::FailedPrecondition(
                msg("order.not_served").with("start", at),
            ));
        }
        Ok(())
    }

    /// `action`: the term of what was asked, for the refusal.
    pub(super) fn require(&self, allowed: bool, action: &'static str) -> DomainResult<()> {
        if allowed {
            Ok(())
        } else {
            Err(DomainError::FailedPrecondition(self.state.forbids(action)))
        }
    }

    pub(super) fn go(&mut self, to: OrderState, actor: Actor, reason: &str, now: DateTime<Utc>) {
        self.history.push(Transition {
            from: Some(self.state),
            to,
            at: now,
            actor,
            reason: reason.to_owned(),
        });
        self.state = to;
        self.updated_at = now;
    }
}
