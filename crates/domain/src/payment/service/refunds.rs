//! Cancelling a paid order under the cancellation policy, by the customer or an operator, and
//! its refund: into the wallet, or back where the money came from (`payment::refund`).

use chrono::{DateTime, Utc};

use super::{PaymentService, settle_error};
use crate::audit::{AuditEntry, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Actor, Order, OrderId, OrderState, StaffStep, StepReason};
use crate::payment::ports::Settlement;
use crate::payment::refund::{self, RefundChoice, RefundId, RefundPart, RefundTo};
use crate::payment::wallet::{Cause, EntryKind, LedgerEntry, RefundQuote};
use crate::shared::{Money, UserId};

/// A cancelled order, what the policy kept and gave back, and where it goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cancellation {
    pub order: Order,
    pub refund: Option<RefundQuote>,
    pub parts: Vec<RefundPart>,
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
        choice: &RefundChoice,
    ) -> DomainResult<Cancellation> {
        let reason = &crate::ordering::reason(reason)?;
        // Cancelling is idempotent: when a parallel request moved the order first, the cancel is
        // made again on the order as it now stands, which answers as that request was answered.
        let mut attempts = 0;
        loop {
            attempts += 1;
            match self.cancel_once(owner, id, reason, choice).await {
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
        choice: &RefundChoice,
    ) -> DomainResult<Cancellation> {
        let mut order = self.orders.get(owner, id).await?;
        if order.state.is_unpaid() || order.state == OrderState::Cancelled {
            let order = self.orders.cancel(owner, id, reason).await?;
            return Ok(Cancellation {
                order,
                refund: None,
                parts: vec![],
            });
        }
        if order.state == OrderState::Refunded {
            return self.cancelled_before(order).await;
        }
        let now = self.clock.now();
        let quote = self.settings.cancellation.quote(&order, now)?;
        let parts = self
            .refund(
                &mut order,
                Actor::Customer(owner.clone()),
                reason,
                quote,
                choice,
                now,
                None,
            )
            .await?;
        Ok(Cancellation {
            order,
            refund: Some(quote),
            parts,
        })
    }

    /// The answer to a cancellation made before: what it kept and where its refund went.
    async fn cancelled_before(&self, order: Order) -> DomainResult<Cancellation> {
        let parts: Vec<RefundPart> = self
            .refunds
            .of_order(&order.id)
            .await?
            .into_iter()
            .filter(|p| p.cause == refund::CANCEL)
            .collect();
        // Refunds made before refunds had parts are the ledger's.
        let refunded = if parts.is_empty() {
            self.store.refunded(&order.id).await?
        } else {
            Money::vnd(parts.iter().map(|p| p.amount.amount()).sum())
        };
        Ok(Cancellation {
            refund: Some(self.settings.cancellation.settled(&order, refunded)),
            order,
            parts,
        })
    }

    /// Where "back to what paid" would send the order's refund: the routes of its payments.
    pub async fn refund_sources(
        &self,
        owner: &UserId,
        id: &OrderId,
    ) -> DomainResult<Vec<refund::Route>> {
        let order = self.orders.get(owner, id).await?;
        Ok(refund::sources(
            &order.id,
            &self.store.of_order(&order.id).await?,
        ))
    }

    /// `refund_sources` of any order, for staff.
    pub async fn refund_sources_for_staff(&self, id: &OrderId) -> DomainResult<Vec<refund::Route>> {
        let order = self.orders.find(id).await?;
        Ok(refund::sources(
            &order.id,
            &self.store.of_order(&order.id).await?,
        ))
    }

    /// An order's refund parts, for its owner.
    pub async fn refunds_of(&self, owner: &UserId, id: &OrderId) -> DomainResult<Vec<RefundPart>> {
        let order = self.orders.get(owner, id).await?;
        self.refunds.of_order(&order.id).await
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
        choice: &RefundChoice,
    ) -> DomainResult<Cancellation> {
        let reason = &crate::ordering::reason(reason)?;
        let before = self.orders.find(id).await?;
        if before.state.is_unpaid() || before.state == OrderState::Cancelled {
            let order = self.orders.cancel_unpaid(by, id, reason).await?;
            return Ok(Cancellation {
                order,
                refund: None,
                parts: vec![],
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
        let parts = self
            .refund(&mut order, actor, reason, quote, choice, now, Some(&audit))
            .await?;
        Ok(Cancellation {
            order,
            refund: Some(quote),
            parts,
        })
    }

    /// Moves a paid order to REFUNDED and records its refund's parts, the wallet's part credited,
    /// in one transaction with an operator's audit entry (made from the order after) when there
    /// is one.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn refund(
        &self,
        order: &mut Order,
        actor: Actor,
        stated: &str,
        quote: RefundQuote,
        choice: &RefundChoice,
        now: DateTime<Utc>,
        audit: Option<&(dyn Fn(&Order) -> AuditEntry + Send + Sync)>,
    ) -> DomainResult<Vec<RefundPart>> {
        let payments = match choice.to {
            RefundTo::Wallet => vec![],
            RefundTo::Source => self.store.of_order(&order.id).await?,
        };
        let given = match choice.to {
            RefundTo::Wallet => vec![],
            RefundTo::Source => self.refunds.of_order(&order.id).await?,
        };
        let of = refund::Refunding {
            order: &order.id,
            owner: &order.owner,
            cause: refund::CANCEL,
            given: &given,
        };
        let plan = refund::plan(
            of,
            &payments,
            quote.refund,
            choice,
            || RefundId::generated(now, &self.random.id()),
            now,
        )?;
        // The edge says it in words, with who cancelled from the transition's actor.
        let reason = StepReason::Refunded {
            fee: quote.fee,
            refund: quote.refund,
            said: stated.to_owned(),
        }
        .text();
        order.refund(actor, &reason, now)?;
        let entries = if plan.to_wallet > Money::ZERO {
            vec![LedgerEntry::new(
                &order.owner,
                EntryKind::Refund,
                plan.to_wallet,
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
            refunds: plan.parts.clone(),
            ..Settlement::default()
        };
        self.settle(&settlement, Some(order))
            .await
            .map_err(settle_error)?;
        order.version += 1;
        Ok(plan.parts)
    }
}
