//! Paying an order and topping up the wallet: the customer's side of a payment, up to the
//! settlement when money arrives.

use chrono::{DateTime, Utc};

use super::{
    ALREADY_PAID, INSUFFICIENT, PaymentService, fingerprint, paid_reason, payable, settle_error,
    top_up_entry,
};
use crate::catalog::Category;
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Actor, IdempotencyKey, Order, OrderId};
use crate::payment::model::{Checkout, Method, Payment, PaymentId, PaymentState, Purpose};
use crate::payment::ports::{RequestedChange, SettleError, Settlement};
use crate::payment::vietqr::memo_of;
use crate::payment::wallet::{Cause, EntryKind, LedgerEntry, check_top_up};
use crate::shared::{Money, UserId};

/// How money beyond an order's price (a change's difference, a tip) is paid, and the request's
/// idempotency key.
#[derive(Debug, Clone)]
pub struct Paying {
    pub method: Method,
    pub key: IdempotencyKey,
    pub client_ip: String,
}

/// What a payment that waits for VietQR or VNPay is opened for.
pub(super) struct Opening {
    pub purpose: Purpose,
    pub amount: Money,
    /// The change it makes when it arrives.
    pub change: Option<RequestedChange>,
}

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

    /// Opens a pending VietQR or VNPay payment of `opening`'s (a change's difference, a tip) under
    /// `id`, its memo its own, with the customer's next step.
    pub(super) async fn open_for(
        &self,
        owner: &UserId,
        id: PaymentId,
        opening: Opening,
        (method, key, client_ip): (Method, &IdempotencyKey, &str),
        fingerprint: &str,
    ) -> DomainResult<Checkout> {
        let now = self.clock.now();
        let mut payment = self.new_payment(
            owner,
            opening.purpose,
            method,
            opening.amount,
            memo_of(id.as_str()),
            Some(key.clone()),
            fingerprint.to_owned(),
            now,
        );
        payment.id = id;
        let settlement = Settlement {
            payment: Some(payment.clone()),
            new_payment: true,
            change: opening.change,
            ..Settlement::default()
        };
        match self.settle(&settlement, None).await {
            Ok(()) => self.checkout(payment, client_ip),
            Err(SettleError::KeyTaken) => self.replay_key(&payment, fingerprint, client_ip).await,
            Err(e) => Err(settle_error(e)),
        }
    }

    /// A tip for the partner of the customer's order, paid by VietQR or VNPay: it is theirs when
    /// the money arrives (the caller checked it may be given; if it no longer may then, the money
    /// goes into the wallet). A retry with the same key gets the first answer.
    pub async fn tip_by(
        &self,
        owner: &UserId,
        order: &OrderId,
        amount: Money,
        paying: Paying,
    ) -> DomainResult<Checkout> {
        let Paying {
            method,
            key,
            client_ip,
        } = paying;
        let amount_text = amount.amount().to_string();
        let fingerprint = fingerprint(&["tip", order.as_str(), &amount_text, method.code()]);
        if let Some(first) = self.store.by_key(owner, &key).await? {
            return self.replay(first, &fingerprint, &client_ip);
        }
        let answer = async {
            if matches!(method, Method::VCoin | Method::Dev) {
                return Err(DomainError::invalid("method", msg("tip.method")));
            }
            self.require_offered(method)?;
            let id = self.new_id(self.clock.now());
            let opening = Opening {
                purpose: Purpose::Tip(order.clone()),
                amount,
                change: None,
            };
            self.open_for(owner, id, opening, (method, &key, &client_ip), &fingerprint)
                .await
        }
        .await;
        self.or_first_answer(answer, owner, &key, &fingerprint, &client_ip)
            .await
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
}
