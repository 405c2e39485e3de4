//! Paying an order and topping up the wallet: the customer's side of a payment, up to the
//! settlement when money arrives.

use chrono::{DateTime, Utc};

use super::{
    ALREADY_PAID, INSUFFICIENT, PaymentService, fingerprint, paid_reason, payable, settle_error,
    top_up_entry,
};
use crate::catalog::Category;
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Actor, IdempotencyKey, Order, OrderId, OrderState};
use crate::payment::model::{Checkout, Method, Payment, PaymentState, Purpose};
use crate::payment::ports::{SettleError, Settlement};
use crate::payment::vietqr::memo_of;
use crate::payment::wallet::{Cause, EntryKind, LedgerEntry, check_top_up};
use crate::shared::{Money, UserId};

impl PaymentService {
    /// Pays an order. v-coin and the dev provider settle at once; VietQR and VNPay return the
    /// customer's next step and settle when the bank or VNPay says so. A retry with the same key
    /// gets the first answer.
    #[tracing::instrument(skip_all, fields(order = order_id.as_str(), method = method.code()))]
    pub async fn pay(
        &self,
        owner: &UserId,
        within: Option<Category>,
        order_id: &OrderId,
        method: Method,
        key: IdempotencyKey,
        client_ip: &str,
    ) -> DomainResult<Checkout> {
        let fingerprint = fingerprint(&["order", order_id.as_str(), method.code()]);
        if let Some(first) = self.store.by_key(owner, &key).await? {
            return self.replay(first, &fingerprint, client_ip);
        }
        let answer = async {
            self.require_offered(method)?;
            let order = self.orders.get(owner, order_id).await?;
            if within.is_some_and(|c| c != order.category) {
                return Err(DomainError::not_found("order"));
            }
            let now = self.clock.now();
            payable(&order, now)?;
            if method == Method::VietQr
                && let Some(open) = self.waiting_transfer(&order).await?
            {
                // One QR per order and amount: asking again shows the same transfer.
                return self.checkout(open, client_ip);
            }
            let payment = self.new_payment(
                owner,
                Purpose::Order(order.id.clone()),
                method,
                order.estimate.total,
                memo_of(order.id.as_str()),
                Some(key.clone()),
                fingerprint.clone(),
                now,
            );
            match method {
                Method::VCoin | Method::Dev => {
                    self.pay_at_once(payment, order, &fingerprint, now).await
                }
                Method::VietQr | Method::VnPay => {
                    // The order is fixed from now on, in the same write as the payment: an edit
                    // racing it is refused as stale, so the money pays what the customer saw.
                    let mut order = order;
                    let fixed = order.open_payment(now).then_some(order);
                    self.open(payment, fixed, client_ip, &fingerprint).await
                }
            }
        }
        .await;
        self.or_first_answer(answer, owner, &key, &fingerprint, client_ip)
            .await
    }

    /// The VietQR transfer an unpaid order still waits for, if one was asked for: the payment
    /// page shows it again after a reload, so the customer never opens a second one.
    pub async fn open_transfer(
        &self,
        owner: &UserId,
        order_id: &OrderId,
    ) -> DomainResult<Option<Checkout>> {
        let order = self.orders.get(owner, order_id).await?;
        if payable(&order, self.clock.now()).is_err() {
            return Ok(None);
        }
        match self.waiting_transfer(&order).await? {
            Some(open) => self.checkout(open, "").map(Some),
            None => Ok(None),
        }
    }

    /// One QR per order and amount: the pending VietQR payment for the order's total.
    async fn waiting_transfer(&self, order: &Order) -> DomainResult<Option<Payment>> {
        let known = self.store.by_reference(&memo_of(order.id.as_str())).await?;
        Ok(known.into_iter().find(|p| {
            p.state == PaymentState::Pending
                && p.method == Method::VietQr
                && p.amount == order.estimate.total
        }))
    }

    pub(super) async fn pay_at_once(
        &self,
        mut payment: Payment,
        mut order: Order,
        fingerprint: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<Checkout> {
        let (actor, entries) = if payment.method == Method::VCoin {
            let spend = LedgerEntry::new(
                &payment.owner,
                EntryKind::Spend,
                Money::vnd(-payment.amount.amount()),
                Cause::of_payment(&payment),
                msg("ledger.order_payment").with("order", order.id.as_str()),
                now,
            );
            (Actor::Customer(payment.owner.clone()), vec![spend])
        } else {
            (Actor::System("dev-payment".into()), vec![])
        };
        order.mark_paid(actor, &paid_reason(&payment), now)?;
        payment.settle(PaymentState::Succeeded, None, now);
        let settlement = Settlement {
            payment: Some(payment.clone()),
            new_payment: true,
            entries,
            ..Settlement::default()
        };
        match self.settle(&settlement, Some(&order)).await {
            Ok(()) => self.checkout(payment, ""),
            Err(SettleError::KeyTaken) => self.replay_key(&payment, fingerprint, "").await,
            Err(SettleError::Insufficient) => Err(DomainError::FailedPrecondition(INSUFFICIENT)),
            // Someone else moved the order first: say why as the order now stands.
            Err(SettleError::Stale) => match self.order_store.get(&order.id).await? {
                Some(o) if o.state.is_unpaid() => Err(DomainError::Conflict(msg("order.stale"))),
                _ => Err(DomainError::FailedPrecondition(ALREADY_PAID)),
            },
            Err(e) => Err(settle_error(e)),
        }
    }

    /// A pending payment that waits for the bank or VNPay; `order`, when its first such payment
    /// fixes it, is saved with it.
    pub(super) async fn open(
        &self,
        payment: Payment,
        order: Option<Order>,
        client_ip: &str,
        fingerprint: &str,
    ) -> DomainResult<Checkout> {
        let written = match order {
            None => self.store.insert(&payment).await,
            Some(order) => {
                let settlement = Settlement {
                    payment: Some(payment.clone()),
                    new_payment: true,
                    ..Settlement::default()
                };
                self.settle(&settlement, Some(&order)).await
            }
        };
        match written {
            Ok(()) => {}
            Err(SettleError::KeyTaken) => {
                return self.replay_key(&payment, fingerprint, client_ip).await;
            }
            Err(e) => return Err(settle_error(e)),
        }
        self.checkout(payment, client_ip)
    }

    /// Puts money into the wallet through another method; the dev provider credits at once.
    #[tracing::instrument(skip_all, fields(method = method.code()))]
    pub async fn top_up(
        &self,
        owner: &UserId,
        amount: Money,
        method: Method,
        key: IdempotencyKey,
        client_ip: &str,
    ) -> DomainResult<Checkout> {
        let amount_text = amount.amount().to_string();
        let fingerprint = fingerprint(&["top-up", &amount_text, method.code()]);
        if let Some(first) = self.store.by_key(owner, &key).await? {
            return self.replay(first, &fingerprint, client_ip);
        }
        let answer = async {
            if method == Method::VCoin {
                return Err(DomainError::invalid("method", msg("wallet.top_up_method")));
            }
            self.require_offered(method)?;
            check_top_up(amount)?;
            let now = self.clock.now();
            let id = self.new_id(now);
            let mut payment = self.new_payment(
                owner,
                Purpose::TopUp,
                method,
                amount,
                memo_of(id.as_str()),
                Some(key.clone()),
                fingerprint.clone(),
                now,
            );
            payment.id = id;
            if method != Method::Dev {
                return self.open(payment, None, client_ip, &fingerprint).await;
            }
            payment.settle(PaymentState::Succeeded, None, now);
            let credit = top_up_entry(&payment, amount, msg("ledger.top_up"), now);
            let settlement = Settlement {
                payment: Some(payment.clone()),
                new_payment: true,
                entries: vec![credit],
                ..Settlement::default()
            };
            match self.settle(&settlement, None).await {
                Ok(()) => self.checkout(payment, client_ip),
                Err(SettleError::KeyTaken) => {
                    self.replay_key(&payment, &fingerprint, client_ip).await
                }
                Err(e) => Err(settle_error(e)),
            }
        }
        .await;
        self.or_first_answer(answer, owner, &key, &fingerprint, client_ip)
            .await
    }

    /// Money arrived for a pending payment: it pays its order when the order still waits for
    /// exactly that amount (the order, paid, is given beside the settlement); otherwise it goes
    /// into the payer's wallet.
    pub(super) async fn completion(
        &self,
        mut payment: Payment,
        received: Money,
        provider_ref: String,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> DomainResult<(Settlement, Option<Order>)> {
        let order = match payment.purpose.order() {
            Some(id) => self.order_store.get(id).await?,
            None => None,
        };
        let mut settlement = Settlement::default();
        let mut paid = None;
        let credit_note = match (&payment.purpose, order) {
            (Purpose::TopUp, _) if received == payment.amount => None,
            (Purpose::TopUp, _) => Some(msg("ledger.top_up_differs")),
            (Purpose::Order(_), Some(mut order))
                if order.state == OrderState::PendingPayment
                    && received == order.estimate.total =>
            {
                order.mark_paid(actor, &paid_reason(&payment), now)?;
                paid = Some(order);
                None
            }
            (Purpose::Order(_), Some(order)) if order.state == OrderState::PendingPayment => {
                Some(msg("ledger.transfer_mismatch"))
            }
            (Purpose::Order(_), _) => Some(msg("ledger.order_closed")),
        };
        let state = match credit_note {
            None => PaymentState::Succeeded,
            Some(_) => PaymentState::Credited,
        };
        payment.settle(state, Some(provider_ref), now);
        if let Some(note) = credit_note {
            settlement
                .entries
                .push(top_up_entry(&payment, received, note, now));
        } else if payment.purpose == Purpose::TopUp {
            settlement
                .entries
                .push(top_up_entry(&payment, received, msg("ledger.top_up"), now));
        }
        settlement.payment = Some(payment);
        Ok((settlement, paid))
    }
}
