//! Changing a paid order, with the money its new price moves: more is paid from the wallet in the
//! change's own write (a customer short of it tops up first, by any method), less goes back by the
//! refund rule (v-coin at once, or back to what paid), in one unit with the order, whose save
//! moves a massage's therapist hold with it.

use chrono::{DateTime, Utc};

use super::checkout::{Opening, Paying};
use super::{PaymentService, settle_error};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Amended, Order, OrderId, PriceChange, ServiceDetails};
use crate::payment::model::{Checkout, Method, PaymentState, Purpose};
use crate::payment::ports::{RequestedChange, SettleError, Settlement};
use crate::payment::refund::{self, RefundChoice, RefundId, RefundPart, RefundTo};
use crate::payment::wallet::{Cause, EntryKind, LedgerEntry};
use crate::shared::{Money, UserId};

/// A change made, or waiting for its difference to arrive (the payment says how to pay it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Amending {
    Done(Box<Amendment>),
    Awaiting(Box<AwaitedChange>),
}

/// A change paid by VietQR or VNPay: its payment, and the order and its totals as they stand
/// (asked again after the money arrived, the change is made and the totals say so).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AwaitedChange {
    pub checkout: Checkout,
    pub order: Order,
    /// Whether the money arrived and made the change.
    pub made: bool,
    pub before: Money,
    pub after: Money,
}

/// A changed order, what the change did to its price, and where a lower price's difference went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Amendment {
    pub order: Order,
    /// None when the details were those of the order already.
    pub change: Option<PriceChange>,
    pub parts: Vec<RefundPart>,
}

impl PaymentService {
    /// The customer changes their paid order's details (`ordering::Order::amend` says when and
    /// how): a higher price is paid from the wallet at once (FAILED_PRECONDITION with the
    /// amount when it holds too little), a lower one refunded as `choice` says; the change, its
    /// figures and who made it are the order's step and an audit entry, written with it. Sending
    /// the same details again changes nothing and pays nothing.
    #[tracing::instrument(skip_all, fields(order = id.as_str()))]
    pub async fn amend(
        &self,
        owner: &UserId,
        id: &OrderId,
        details: ServiceDetails,
        choice: &RefundChoice,
    ) -> DomainResult<Amendment> {
        let Amended {
            before,
            after: order,
            change,
            ..
        } = self.orders.amended(owner, id, details).await?;
        let Some(change) = change else {
            return Ok(Amendment {
                order,
                change: None,
                parts: vec![],
            });
        };
        let now = self.clock.now();
        let difference = change.difference();
        let mut settlement = Settlement {
            audit: Some(self.auditor().entry_by(
                format!("customer:{}", owner.as_str()),
                "order.change",
                format!("order:{}", id.as_str()),
                snapshot(&before),
                snapshot(&order),
            )),
            ..Settlement::default()
        };
        let mut parts = Vec::new();
        if difference > 0 {
            settlement.entries.push(LedgerEntry::new(
                owner,
                EntryKind::Spend,
                Money::vnd(-difference),
                Cause::Order(id.clone()),
                msg("ledger.order_change").with("order", id.as_str()),
                now,
            ));
        } else if difference < 0 {
            let (payments, given) = match choice.to {
                RefundTo::Wallet => (vec![], vec![]),
                RefundTo::Source => (
                    self.store.of_order(id).await?,
                    self.refunds.of_order(id).await?,
                ),
            };
            // One change's refund per version of the order it was made on.
            let cause = refund::change_cause(before.version);
            let of = refund::Refunding {
                order: id,
                owner,
                cause: &cause,
                given: &given,
            };
            let plan = refund::plan(
                of,
                &payments,
                Money::vnd(-difference),
                choice,
                || RefundId::generated(now, &self.random.id()),
                now,
            )?;
            if plan.to_wallet > Money::ZERO {
                settlement.entries.push(LedgerEntry::new(
                    owner,
                    EntryKind::Refund,
                    plan.to_wallet,
                    Cause::Order(id.clone()),
                    msg("ledger.change_refund").with("order", id.as_str()),
                    now,
                ));
            }
            parts = plan.parts;
            settlement.refunds = parts.clone();
        }
        let mut order = order;
        let written = async {
            let mut unit = self.order_store.begin().await?;
            self.store.settle(&mut unit, &settlement).await?;
            // The job follows (its partner's time moved, or the job back on the board and the
            // order without its driver) before the order is saved with it.
            if let Some(follows) = &self.follows {
                follows.follow(&mut unit, &mut order).await?;
            }
            self.close(unit, &settlement, Some(&order)).await
        };
        match written.await {
            Ok(()) => {}
            Err(SettleError::Insufficient) => {
                return Err(DomainError::FailedPrecondition(
                    msg("order.change_short").money("amount", difference),
                ));
            }
            Err(SettleError::Stale) => {
                return Err(DomainError::Conflict(msg("order.stale")));
            }
            Err(e) => return Err(settle_error(e)),
        }
        order.version += 1;
        Ok(Amendment {
            order,
            change: Some(change),
            parts,
        })
    }

    /// `amend`, with a higher price's difference paid by `method`: from the wallet at once, or by
    /// VietQR or VNPay, when the change waits for the money and is made as it arrives (if the
    /// order has not moved meanwhile and the change still costs that; else the money goes into
    /// the wallet). A lower price, or the same details, is `amend`'s. A retry with the same key
    /// gets the first answer.
    #[tracing::instrument(skip_all, fields(order = id.as_str(), method = paying.method.code()))]
    pub async fn amend_by(
        &self,
        owner: &UserId,
        id: &OrderId,
        details: ServiceDetails,
        choice: &RefundChoice,
        paying: Paying,
    ) -> DomainResult<Amending> {
        let Paying {
            method,
            key,
            client_ip,
        } = paying;
        match method {
            Method::VCoin => {
                let done = self.amend(owner, id, details, choice).await?;
                return Ok(Amending::Done(Box::new(done)));
            }
            // The dev provider pays orders and top-ups only.
            Method::Dev => {
                return Err(DomainError::invalid(
                    "method",
                    msg("payment.method_unavailable"),
                ));
            }
            Method::VietQr | Method::VnPay => {}
        }
        let asked = format!("{details:?}");
        let fingerprint = super::fingerprint(&["change", id.as_str(), method.code(), &asked]);
        if let Some(first) = self.store.by_key(owner, &key).await? {
            let checkout = self.replay(first, &fingerprint, &client_ip)?;
            return self.awaited(owner, id, checkout).await;
        }
        let a = self.orders.amended(owner, id, details.clone()).await?;
        let difference = a.change.as_ref().map_or(0, |c| c.difference());
        if difference <= 0 {
            return Ok(Amending::Done(Box::new(
                self.amend(owner, id, details, choice).await?,
            )));
        }
        self.require_offered(method)?;
        let now = self.clock.now();
        let payment_id = self.new_id(now);
        let change = RequestedChange {
            payment: payment_id.clone(),
            order: id.clone(),
            version: a.before.version,
            details: a.after.details,
        };
        let opening = Opening {
            purpose: Purpose::Change(id.clone()),
            amount: Money::vnd(difference),
            change: Some(change),
        };
        let answer = self
            .open_for(
                owner,
                payment_id,
                opening,
                (method, &key, &client_ip),
                &fingerprint,
            )
            .await;
        let checkout = self
            .or_first_answer(answer, owner, &key, &fingerprint, &client_ip)
            .await?;
        self.awaited(owner, id, checkout).await
    }

    /// A change's payment with the order as it stands: until the money arrives the order is as it
    /// was and costs the payment more; once it made the change, the order is the changed one.
    async fn awaited(
        &self,
        owner: &UserId,
        id: &OrderId,
        checkout: Checkout,
    ) -> DomainResult<Amending> {
        let order = self.orders.get(owner, id).await?;
        let total = order.estimate.total;
        let extra = checkout.payment.amount;
        let (made, before, after) = match checkout.payment.state {
            PaymentState::Pending => (false, total, total + extra),
            PaymentState::Succeeded => (true, Money::vnd(total.amount() - extra.amount()), total),
            PaymentState::Credited | PaymentState::Failed => (false, total, total),
        };
        Ok(Amending::Awaiting(Box::new(AwaitedChange {
            checkout,
            order,
            made,
            before,
            after,
        })))
    }

    /// Until when the customer's paid order may change and, with `details`, what that change
    /// would do to its price (refused as `amend` would refuse it); nothing is saved.
    pub async fn quote_amend(
        &self,
        owner: &UserId,
        id: &OrderId,
        details: Option<ServiceDetails>,
    ) -> DomainResult<(DateTime<Utc>, Order, Option<PriceChange>)> {
        match details {
            None => {
                let order = self.orders.get(owner, id).await?;
                Ok((self.orders.change_open_until(&order), order, None))
            }
            Some(details) => {
                let a = self.orders.amended(owner, id, details).await?;
                Ok((a.until, a.after, a.change))
            }
        }
    }

    pub(super) fn auditor(&self) -> crate::audit::Auditor {
        crate::audit::Auditor::new(self.clock.clone(), self.random.clone())
    }
}

/// What the audit log keeps of an order a change moved: its state, its service's start, its total.
pub(super) fn snapshot(o: &Order) -> String {
    format!(
        "{} start={} total={}",
        crate::ordering::order_snapshot(o),
        o.details.start().naive().format("%Y-%m-%dT%H:%M"),
        o.estimate.total.amount()
    )
}
