//! A job following its order's change: the new time, length and pay; its partner told, their time
//! moved with it, or the job back on the board when they hold another job then; and the partner's
//! right to turn down a change that no longer fits their hours, before they set off.

use chrono::{DateTime, Utc};

use super::model::{Job, JobStatus, Pay, service_minutes};
use crate::catalog::Payout;
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::Order;
use crate::shared::UserId;

impl Job {
    /// The order changed: the job's time, length and pay follow it. Refused once the service has
    /// begun or is over (the order's change policy closes long before).
    pub fn follow(
        &mut self,
        order: &Order,
        payout: Payout,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        if matches!(
            self.status,
            JobStatus::Started | JobStatus::Completed | JobStatus::NoShow
        ) {
            return Err(DomainError::FailedPrecondition(msg("job.over")));
        }
        self.start = order.details.start();
        self.minutes = service_minutes(&order.details);
        self.pay = Pay::of(payout, order.estimate.total);
        if self.partner.is_some() {
            self.changed_at = Some(now);
        }
        Ok(())
    }

    /// Its partner may turn the change down: it changed since they took it, and they have not
    /// set off.
    pub fn may_decline_change(&self) -> bool {
        self.changed_at.is_some() && self.status == JobStatus::Accepted
    }

    /// The partner turns the change down: the job goes back to the board, as when operators take
    /// it back. Another's job is NOT_FOUND.
    pub fn decline_change(&mut self, partner: &UserId, now: DateTime<Utc>) -> DomainResult<()> {
        self.require_partner(partner)?;
        if !self.may_decline_change() {
            return Err(DomainError::FailedPrecondition(msg("job.no_change")));
        }
        self.changed_at = None;
        self.withdraw(&format!("partner:{}", partner.as_str()), now)?;
        Ok(())
    }
}
