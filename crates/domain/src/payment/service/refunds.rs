//! Cancelling a paid order under the cancellation policy, by the customer or an operator, and
//! the refund into the wallet.

use chrono::{DateTime, Utc};

use super::{PaymentService, settle_error};
use crate::audit::{AuditEntry, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Actor, Order, OrderId, OrderState, StaffStep, StepReason};
use crate::payment::ports::Settlement;
use crate::payment::wallet::{Cause, EntryKind, LedgerEntry, RefundQuote};
use crate::shared::{Money, UserId};

/// A cancelled order and what went back into the wallet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cancellation {
    pub order: Order,
    pub refund: Option<RefundQuote>,
}

impl PaymentService {
    /// What cancelling the order now would keep and give back, under the policy (nothing either
    /// way while it is unpaid); refused for an order that can no longer be cancelled.
    pub async fn refund_quote(&self, owner: &UserId, id: &OrderId) -> DomainResult<RefundQuote> {
        self.quote_of(&self.orders.get(owner, id).await?)
    }

    /// `refund_quote` of any customer's order, for operators (who may then choose another refund).
    pub async fn refund_quote_for_staff(&self, id: &OrderId) -> DomainResult<RefundQuote> {
        self.quote_of(&self.orders.find(id).await?)
    }

    fn quote_of(&self, order: &Order) -> DomainResult<RefundQuote> {
        if !matches!(
            order.state,
            OrderState::Draft
                | OrderState::PendingPayment
                | OrderState::Paid
                | OrderState::Confirmed
        ) {
            return Err(DomainError::FailedPrecondition(
                order.state.forbids("order.action.cancel"),
            ));
        }
        self.settings.cancellation.quote(order, self.clock.now())
    }

    /// Cancels an order: an unpaid one simply; a paid one under the cancellation policy, with
    /// the refund put into the wallet in the same transaction.
    #[tracing::instrument(skip_all, fields(order = id.as_str()))]
    pub async fn cancel(
        &self,
        owner: &UserId,
        id: &OrderId,
        reason: &str,
    ) -> DomainResult<Cancellation> {
        let reason = &crate::ordering::reason(reason)?;
        // Cancelling is idempotent: when a parallel request moved the order first, the cancel is
        // made again on the order as it now stands, which answers as that request was answered.
        let mut attempts = 0;
        loop {
            attempts += 1;
            match self.cancel_once(owner, id, reason).await {
                Err(DomainError::Conflict(_)) if attempts < 3 => continue,
                done => return done,
            }
        }
    }

    pub(super) async fn cancel_once(
        &self,
        owner: &UserId,
        id: &OrderId,
        reason: &str,
    ) -> DomainResult<Cancellation> {
        let mut order = self.orders.get(owner, id).await?;
        if order.state.is_unpaid() || order.state == OrderState::Cancelled {
            let order = self.orders.cancel(owner, id, reason).await?;
            return Ok(Cancellation {
                order,
                refund: None,
            });
        }
        if order.state == OrderState::Refunded {
            let refunded = self.store.refunded(&order.id).await?;
            return Ok(Cancellation {
                refund: Some(self.settings.cancellation.settled(&order, refunded)),
                order,
            });
        }
        let now = self.clock.now();
        let quote = self.settings.cancellation.quote(&order, now)?;
        self.refund(
            &mut order,
            Actor::Customer(owner.clone()),
            reason,
            quote,
            now,
            None,
        )
        .await?;
        Ok(Cancellation {
            order,
            refund: Some(quote),
        })
    }

    /// An operator calls off any order: an unpaid one simply; a paid or confirmed one with its
    /// refund into the wallet, under the policy or, with `refund_override`, of the amount the
    /// operator sets (at most what was paid, with a reason; also once the service has started).
    /// The action is in the audit log with the refund it gave.
    #[tracing::instrument(skip_all, fields(order = id.as_str()))]
    pub async fn cancel_as_operator(
        &self,
        by: &Staff,
        id: &OrderId,
        reason: &str,
        refund_override: Option<Money>,
    ) -> DomainResult<Cancellation> {
        let reason = &crate::ordering::reason(reason)?;
        let before = self.orders.find(id).await?;
        if before.state.is_unpaid() || before.state == OrderState::Cancelled {
            let order = self.orders.cancel_unpaid(by, id, reason).await?;
            return Ok(Cancellation {
                order,
                refund: None,
            });
        }
        let actor = Actor::Operator(by.checked_name()?);
        let now = self.clock.now();
        let policy = &self.settings.cancellation;
        let quote = match refund_override {
            None => policy.quote(&before, now)?,
            Some(refund) => policy.overridden(&before, refund, reason)?,
        };
        let mut order = before.clone();
        let action = if refund_override.is_some() {
            "order.cancel_override"
        } else {
            "order.cancel"
        };
        let step = StaffStep {
            by,
            action,
            reason,
            before: &before,
        };
        let figures = format!(
            "refund={} fee={}",
            quote.refund.amount(),
            quote.fee.amount()
        );
        let audit = |after: &Order| step.entry(&*self.random, now, after, &figures);
        self.refund(&mut order, actor, reason, quote, now, Some(&audit))
            .await?;
        Ok(Cancellation {
            order,
            refund: Some(quote),
        })
    }

    /// Moves a paid order to REFUNDED and puts the refund into its owner's wallet, in one
    /// transaction with an operator's audit entry (made from the order after) when there is one.
    pub(super) async fn refund(
        &self,
        order: &mut Order,
        actor: Actor,
        stated: &str,
        quote: RefundQuote,
        now: DateTime<Utc>,
        audit: Option<&(dyn Fn(&Order) -> AuditEntry + Send + Sync)>,
    ) -> DomainResult<()> {
        // The edge says it in words, with who cancelled from the transition's actor.
        let reason = StepReason::Refunded {
            fee: quote.fee,
            refund: quote.refund,
            said: stated.to_owned(),
        }
        .text();
        order.refund(actor, &reason, now)?;
        let entries = if quote.refund > Money::ZERO {
            vec![LedgerEntry::new(
                &order.owner,
                EntryKind::Refund,
                quote.refund,
                Cause::Order(order.id.clone()),
                msg("ledger.refund").with("order", order.id.as_str()),
                now,
            )]
        } else {
            vec![]
        };
        let settlement = Settlement {
            entries,
            audit: audit.map(|audit| audit(order)),
            ..Settlement::default()
        };
        self.settle(&settlement, Some(order))
            .await
            .map_err(settle_error)?;
        order.version += 1;
        Ok(())
    }
}
