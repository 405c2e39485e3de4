//! A traveller's tip: the wallet's debit and the partner's earning in one unit, so a tip is paid
//! once (the earning's key is the order's) and never without the partner receiving it.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::check_tip;
use crate::error::{DomainError, DomainResult, msg};
use crate::jobs::JobStore;
use crate::ordering::{Order, OrderId, OrderService, OrderStore};
use crate::partners::{Earning, EarningCause, PartnerStore, Week};
use crate::payment::{
    Cause, Checkout, EntryKind, LedgerEntry, Paying, Payment, PaymentService, Purpose, SettleError,
    TipOutcome, TipPayee,
};
use crate::shared::{Clock, Money, Unit, UserId};

/// A tip's standing on one order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TipStanding {
    /// What was tipped.
    pub given: Option<Money>,
    /// Until when a tip may be given; none when it may not (given, too late, not completed, or
    /// no partner of ours).
    pub until: Option<chrono::DateTime<chrono::Utc>>,
}

/// The partner's side of a tip: who receives it, and their earning's line, written once per order
/// (the line's key is the order's). Also what a tip paid by VietQR or VNPay reaches on arrival.
#[derive(Clone)]
pub struct TipEarnings {
    order_store: Arc<dyn OrderStore>,
    jobs: Arc<dyn JobStore>,
    partners: Arc<dyn PartnerStore>,
}

impl TipEarnings {
    pub fn new(
        order_store: Arc<dyn OrderStore>,
        jobs: Arc<dyn JobStore>,
        partners: Arc<dyn PartnerStore>,
    ) -> Self {
        Self {
            order_store,
            jobs,
            partners,
        }
    }

    /// The earning `amount` tipped on `order` makes, asked for at `asked` and written at `now`;
    /// refused in words when it may not be given (not completed, too late, no partner of ours,
    /// tipped already).
    async fn earning(
        &self,
        order: &Order,
        amount: Money,
        asked: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> DomainResult<Earning> {
        check_tip(order, amount, asked)?;
        let partner = self
            .jobs
            .job(&order.id)
            .await?
            .and_then(|job| job.partner)
            .ok_or_else(|| DomainError::FailedPrecondition(msg("tip.no_partner")))?;
        if self.tipped(&order.id, &partner).await?.is_some() {
            return Err(DomainError::FailedPrecondition(msg("tip.given")));
        }
        Ok(Earning {
            partner,
            cause: EarningCause::Tip,
            order_id: Some(order.id.clone()),
            service_at: Some(order.details.start().instant()),
            amount,
            week: Week::of(now),
            at: now,
            reference: String::new(),
            by: String::new(),
            request: None,
        })
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

#[async_trait]
impl TipPayee for TipEarnings {
    async fn receive(&self, unit: &mut Unit, payment: &Payment) -> Result<TipOutcome, SettleError> {
        let Purpose::Tip(id) = &payment.purpose else {
            return Ok(TipOutcome::Refused);
        };
        let order = match self.order_store.get(id).await? {
            Some(o) if o.owner == payment.owner => o,
            _ => return Ok(TipOutcome::Refused),
        };
        // Within the time when the customer asked, though the bank may say so later.
        let now = payment.settled_at.unwrap_or(payment.created_at);
        let earning = match self
            .earning(&order, payment.amount, payment.created_at, now)
            .await
        {
            Ok(mut e) => {
                e.reference = payment.id.as_str().to_owned();
                e
            }
            Err(e @ DomainError::Unavailable(_)) => return Err(e.into()),
            Err(_) => return Ok(TipOutcome::Refused),
        };
        // Of a tip from the wallet and this one at once, the second finds the key taken here.
        Ok(if self.partners.add_earning_in(unit, &earning).await? {
            TipOutcome::Given
        } else {
            TipOutcome::Refused
        })
    }
}

#[derive(Clone)]
pub struct TipService {
    orders: OrderService,
    order_store: Arc<dyn OrderStore>,
    earnings: TipEarnings,
    payments: PaymentService,
    clock: Arc<dyn Clock>,
}

impl TipService {
    pub fn new(
        orders: OrderService,
        order_store: Arc<dyn OrderStore>,
        earnings: TipEarnings,
        payments: PaymentService,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            orders,
            order_store,
            earnings,
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
        let earning = self.earnings.earning(&order, amount, now, now).await?;
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
        if !self
            .earnings
            .partners
            .add_earning_in(&mut unit, &earning)
            .await?
        {
            return Err(DomainError::FailedPrecondition(msg("tip.given")));
        }
        self.payments.post_in(&mut unit, &debit).await?;
        unit.commit().await?;
        Ok(amount)
    }

    /// The same tip paid by VietQR or VNPay: checked now as `tip` checks it, and the partner's
    /// when the money arrives; the answer is the customer's next step.
    pub async fn tip_by(
        &self,
        traveller: &UserId,
        id: &OrderId,
        amount: Money,
        paying: Paying,
    ) -> DomainResult<Checkout> {
        let order = self.orders.get(traveller, id).await?;
        let now = self.clock.now();
        self.earnings.earning(&order, amount, now, now).await?;
        self.payments.tip_by(traveller, id, amount, paying).await
    }

    /// Whether the traveller may tip on the order now, and what they tipped.
    pub async fn standing(&self, traveller: &UserId, id: &OrderId) -> DomainResult<TipStanding> {
        let order = self.orders.get(traveller, id).await?;
        let Some(partner) = self
            .earnings
            .jobs
            .job(id)
            .await?
            .and_then(|job| job.partner)
        else {
            return Ok(TipStanding::default());
        };
        let given = self.earnings.tipped(id, &partner).await?;
        let until = super::completed_at(&order)
            .map(|done| done + chrono::Duration::days(super::TIP_DAYS))
            .filter(|until| given.is_none() && *until >= self.clock.now());
        Ok(TipStanding { given, until })
    }
}
