//! A traveller's tip: the wallet's debit and the partner's earning in one unit, so a tip is paid
//! once (the earning's key is the order's) and never without the partner receiving it.

use std::sync::Arc;

use super::check_tip;
use crate::error::{DomainError, DomainResult, msg};
use crate::jobs::JobStore;
use crate::ordering::{OrderId, OrderService, OrderStore};
use crate::partners::{Earning, EarningCause, PartnerStore, Week};
use crate::payment::{Cause, EntryKind, LedgerEntry, PaymentService};
use crate::shared::{Clock, Money, UserId};

/// A tip's standing on one order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TipStanding {
    /// What was tipped.
    pub given: Option<Money>,
    /// Until when a tip may be given; none when it may not (given, too late, not completed, or
    /// no partner of ours).
    pub until: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(Clone)]
pub struct TipService {
    orders: OrderService,
    order_store: Arc<dyn OrderStore>,
    jobs: Arc<dyn JobStore>,
    partners: Arc<dyn PartnerStore>,
    payments: PaymentService,
    clock: Arc<dyn Clock>,
}

impl TipService {
    pub fn new(
        orders: OrderService,
        order_store: Arc<dyn OrderStore>,
        jobs: Arc<dyn JobStore>,
        partners: Arc<dyn PartnerStore>,
        payments: PaymentService,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            orders,
            order_store,
            jobs,
            partners,
            payments,
            clock,
        }
    }

    /// Tips the partner who delivered the traveller's completed order, from the wallet. Refused
    /// in words for an order not completed, too long ago, with no partner of ours, tipped
    /// already, or a wallet short of it.
    pub async fn tip(
        &self,
        traveller: &UserId,
        id: &OrderId,
        amount: Money,
    ) -> DomainResult<Money> {
        let order = self.orders.get(traveller, id).await?;
        let now = self.clock.now();
        check_tip(&order, amount, now)?;
        let partner = self
            .jobs
            .job(id)
            .await?
            .and_then(|job| job.partner)
            .ok_or_else(|| DomainError::FailedPrecondition(msg("tip.no_partner")))?;
        if self.tipped(id, &partner).await?.is_some() {
            return Err(DomainError::FailedPrecondition(msg("tip.given")));
        }
        let earning = Earning {
            partner,
            cause: EarningCause::Tip,
            order_id: Some(id.clone()),
            service_at: Some(order.details.start().instant()),
            amount,
            week: Week::of(now),
            at: now,
            reference: String::new(),
            by: String::new(),
            request: None,
        };
        let debit = LedgerEntry::new(
            traveller,
            EntryKind::Tip,
            Money::vnd(-amount.amount()),
            Cause::Order(id.clone()),
            msg("ledger.tip").with("order", id.as_str()),
            now,
        );
        let mut unit = self.order_store.begin().await?;
        // The earning first: of two tips at once, the second finds its key taken here.
        if !self.partners.add_earning_in(&mut unit, &earning).await? {
            return Err(DomainError::FailedPrecondition(msg("tip.given")));
        }
        self.payments.post_in(&mut unit, &debit).await?;
        unit.commit().await?;
        Ok(amount)
    }

    /// Whether the traveller may tip on the order now, and what they tipped.
    pub async fn standing(&self, traveller: &UserId, id: &OrderId) -> DomainResult<TipStanding> {
        let order = self.orders.get(traveller, id).await?;
        let Some(partner) = self.jobs.job(id).await?.and_then(|job| job.partner) else {
            return Ok(TipStanding::default());
        };
        let given = self.tipped(id, &partner).await?;
        let until = super::completed_at(&order)
            .map(|done| done + chrono::Duration::days(super::TIP_DAYS))
            .filter(|until| given.is_none() && *until >= self.clock.now());
        Ok(TipStanding { given, until })
    }

    /// The tip on the order, read by its ledger line's key (one per order).
    async fn tipped(&self, id: &OrderId, partner: &UserId) -> DomainResult<Option<Money>> {
        let key = Earning::tip_key(id);
        Ok(self
            .partners
            .earning(&key)
            .await?
            .filter(|e| &e.partner == partner)
            .map(|e| e.amount))
    }
}
