//! The payment service, one file per subject: checkout and top-ups, bank transfers, VNPay,
//! cancellation and refunds, wallet adjustments, credit that expires. This file holds what they share.

mod adjustments;
mod amend;
mod arrival;
mod bank;
mod checkout;
mod credit;
mod refunds;
mod returns;
#[cfg(test)]
mod tests;
mod vnpay;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use super::model::{Checkout, Method, NextStep, Payment, PaymentId, PaymentState, Purpose};
use super::ports::{
    BankFeed, PaymentStore, RefundStore, SettleError, Settlement, TipPayee, VnPayGateway,
    VnPayRefunds,
};
use super::vietqr::{BankAccount, TransferInstructions};
use super::wallet::{BALANCE_MAX, CancellationPolicy, Cause, EntryKind, LedgerEntry};
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::ordering::{
    FollowsChanges, IdempotencyKey, Order, OrderId, OrderService, OrderState, OrderStore,
    StepReason,
};
use crate::shared::{Clock, LocalTime, Money, Page, PageRequest, Randomness, UserId};

pub use amend::{Amending, Amendment, AwaitedChange};
pub use checkout::Paying;
pub use refunds::Cancellation;
pub use vnpay::IpnOutcome;

const INSUFFICIENT: Message = msg("wallet.insufficient");
const ALREADY_PAID: Message = msg("order.already_paid");

/// What is on offer and under which rules. From configuration.
#[derive(Debug, Clone, Default)]
pub struct PaymentSettings {
    /// The account VietQR transfers go to; without it, no VietQR.
    pub bank: Option<BankAccount>,
    /// The dev provider, which completes at once: the dev environment only.
    pub dev_provider: bool,
    pub cancellation: CancellationPolicy,
}

/// Payments and the v-coin wallet. An order becomes paid exactly once: the payment,
/// the ledger and the order move in one transaction, and a stale order refuses the second.
#[derive(Clone)]
pub struct PaymentService {
    orders: OrderService,
    order_store: Arc<dyn OrderStore>,
    store: Arc<dyn PaymentStore>,
    refunds: Arc<dyn RefundStore>,
    vnpay: Option<Arc<dyn VnPayGateway>>,
    vnpay_refunds: Option<Arc<dyn VnPayRefunds>>,
    follows: Option<Arc<dyn FollowsChanges>>,
    tips: Option<Arc<dyn TipPayee>>,
    bank_feed: Option<Arc<dyn BankFeed>>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
    settings: PaymentSettings,
}

/// The ports a payment service is built from.
pub struct PaymentPorts {
    pub orders: OrderService,
    pub order_store: Arc<dyn OrderStore>,
    pub store: Arc<dyn PaymentStore>,
    pub refunds: Arc<dyn RefundStore>,
    pub vnpay: Option<Arc<dyn VnPayGateway>>,
    /// VNPay's refund call; without it, refunds to VNPay wait for an operator.
    pub vnpay_refunds: Option<Arc<dyn VnPayRefunds>>,
    /// What follows a paid order's change in its unit (its job).
    pub follows: Option<Arc<dyn FollowsChanges>>,
    /// Where a tip paid by VietQR or VNPay goes when it arrives (the partner's earnings).
    pub tips: Option<Arc<dyn TipPayee>>,
    pub bank_feed: Option<Arc<dyn BankFeed>>,
    pub clock: Arc<dyn Clock>,
    pub random: Arc<dyn Randomness>,
}
impl PaymentService {
    pub fn new(ports: PaymentPorts, settings: PaymentSettings) -> Self {
        Self {
            orders: ports.orders,
            order_store: ports.order_store,
            store: ports.store,
            refunds: ports.refunds,
            vnpay: ports.vnpay,
            vnpay_refunds: ports.vnpay_refunds,
            follows: ports.follows,
            tips: ports.tips,
            bank_feed: ports.bank_feed,
            clock: ports.clock,
            random: ports.random,
            settings,
        }
    }

    /// The methods on offer here, in the order the payment page lists them.
    pub fn methods(&self) -> Vec<Method> {
        Method::ALL
            .into_iter()
            .filter(|m| self.offers(*m))
            .collect()
    }

    fn offers(&self, method: Method) -> bool {
        match method {
            Method::VCoin => true,
            Method::VietQr => self.settings.bank.is_some(),
            Method::VnPay => self.vnpay.is_some(),
            Method::Dev => self.settings.dev_provider,
        }
    }

    fn require_offered(&self, method: Method) -> DomainResult<()> {
        if self.offers(method) {
            Ok(())
        } else {
            Err(DomainError::invalid(
                "method",
                msg("payment.method_unavailable"),
            ))
        }
    }

    /// A payment of the owner's, with the next step if it still waits.
    #[tracing::instrument(skip_all, fields(payment = id.as_str()))]
    pub async fn get(&self, owner: &UserId, id: &PaymentId) -> DomainResult<Checkout> {
        match self.store.get(id).await? {
            Some(p) if &p.owner == owner => self.checkout(p, ""),
            _ => Err(DomainError::not_found("payment")),
        }
    }

    /// Any order's payments, for operators: every attempt, oldest first (an unknown order is
    /// NOT_FOUND, not an empty list).
    pub async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<Payment>> {
        self.orders.find(order).await?;
        self.store.of_order(order).await
    }

    /// The terms cancellations are priced by (mails and pages state them).
    pub fn cancellation(&self) -> CancellationPolicy {
        self.settings.cancellation
    }

    pub async fn balance(&self, owner: &UserId) -> DomainResult<Money> {
        self.store.balance(owner).await
    }

    pub async fn entries(
        &self,
        owner: &UserId,
        page: &PageRequest,
    ) -> DomainResult<Page<LedgerEntry>> {
        self.store.entries(owner, page).await
    }

    /// A payment with the customer's next step: the transfer to make, or VNPay's page (signed
    /// afresh, so a retried request still leads there).
    fn checkout(&self, payment: Payment, client_ip: &str) -> DomainResult<Checkout> {
        let next = match (
            payment.state,
            payment.method,
            &self.settings.bank,
            &self.vnpay,
        ) {
            (PaymentState::Pending, Method::VietQr, Some(bank), _) => NextStep::Transfer(
                TransferInstructions::new(bank, payment.amount, &payment.reference)?,
            ),
            (PaymentState::Pending, Method::VnPay, _, Some(vnpay)) => {
                NextStep::Redirect(vnpay.checkout_url(&payment, client_ip, self.clock.now()))
            }
            _ => NextStep::None,
        };
        Ok(Checkout { payment, next })
    }

    fn replay(&self, first: Payment, fingerprint: &str, client_ip: &str) -> DomainResult<Checkout> {
        if first.fingerprint != fingerprint {
            return Err(DomainError::KeyReused);
        }
        self.checkout(first, client_ip)
    }

    /// A request whose key was taken meanwhile by another that succeeded gets that request's
    /// answer, whatever made this one fail (the order it would pay is paid by then): a key once
    /// seen always answers as the first time.
    async fn or_first_answer(
        &self,
        answer: DomainResult<Checkout>,
        owner: &UserId,
        key: &IdempotencyKey,
        fingerprint: &str,
        client_ip: &str,
    ) -> DomainResult<Checkout> {
        match answer {
            Err(e) => match self.store.by_key(owner, key).await? {
                Some(first) => self.replay(first, fingerprint, client_ip),
                None => Err(e),
            },
            ok => ok,
        }
    }

    async fn replay_key(
        &self,
        payment: &Payment,
        fingerprint: &str,
        client_ip: &str,
    ) -> DomainResult<Checkout> {
        let Some(key) = &payment.key else {
            return Err(DomainError::Conflict(msg("request.repeated")));
        };
        match self.store.by_key(&payment.owner, key).await? {
            Some(first) => self.replay(first, fingerprint, client_ip),
            None => Err(DomainError::Conflict(msg("request.in_progress"))),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn new_payment(
        &self,
        owner: &UserId,
        purpose: Purpose,
        method: Method,
        amount: Money,
        reference: String,
        key: Option<IdempotencyKey>,
        fingerprint: String,
        now: DateTime<Utc>,
    ) -> Payment {
        Payment {
            id: self.new_id(now),
            owner: owner.clone(),
            purpose,
            method,
            amount,
            state: PaymentState::Pending,
            reference,
            key,
            fingerprint,
            provider_ref: None,
            created_at: now,
            settled_at: None,
        }
    }

    fn new_id(&self, now: DateTime<Utc>) -> PaymentId {
        let date = LocalTime::of(now).naive().format("%y%m%d").to_string();
        PaymentId::generated(&date, &self.random.id())
    }
}

/// An order can be paid while it waits for payment and its window is open.
pub(super) fn payable(order: &Order, now: DateTime<Utc>) -> DomainResult<()> {
    // Nothing to pay (an order priced before free plans were refused) is no payment: staff
    // settle such an order by hand.
    if order.state.is_unpaid() && order.estimate.total.amount() <= 0 {
        return Err(DomainError::FailedPrecondition(msg("order.nothing_to_pay")));
    }
    match order.state {
        OrderState::PendingPayment if now < order.expires_at => Ok(()),
        OrderState::PendingPayment => Err(DomainError::FailedPrecondition(msg("order.lapsed"))),
        OrderState::Draft => Err(DomainError::FailedPrecondition(msg("order.contact_first"))),
        OrderState::Paid | OrderState::Confirmed | OrderState::Completed => {
            Err(DomainError::FailedPrecondition(ALREADY_PAID))
        }
        other => Err(DomainError::FailedPrecondition(
            other.forbids("order.action.pay"),
        )),
    }
}

fn paid_reason(payment: &Payment) -> String {
    StepReason::Paid {
        method: payment.method.code().to_owned(),
        payment: payment.id.as_str().to_owned(),
    }
    .text()
}

fn top_up_entry(
    payment: &Payment,
    amount: Money,
    note: Message,
    now: DateTime<Utc>,
) -> LedgerEntry {
    LedgerEntry::new(
        &payment.owner,
        EntryKind::TopUp,
        amount,
        Cause::of_payment(payment),
        note,
        now,
    )
}

impl PaymentService {
    /// Writes the books of a settlement and the order it moves (the ordering port's to write)
    /// in one unit, or nothing.
    pub(super) async fn settle(
        &self,
        settlement: &Settlement,
        order: Option<&Order>,
    ) -> Result<(), SettleError> {
        let mut unit = self.order_store.begin().await?;
        self.store.settle(&mut unit, settlement).await?;
        self.close(unit, settlement, order).await
    }

    /// The rest of a settlement's unit, in its order: the order it moves saved, then the ledger
    /// posted last (a wallet's row is held the shortest time), then the commit.
    pub(super) async fn close(
        &self,
        mut unit: crate::shared::Unit,
        settlement: &Settlement,
        order: Option<&Order>,
    ) -> Result<(), SettleError> {
        if let Some(order) = order {
            self.order_store.save_in(&mut unit, order).await?;
        }
        self.store.post(&mut unit, &settlement.entries).await?;
        unit.commit().await?;
        Ok(())
    }
}

fn settle_error(e: SettleError) -> DomainError {
    match e {
        SettleError::Insufficient => DomainError::FailedPrecondition(INSUFFICIENT),
        SettleError::BalanceLimit => {
            DomainError::FailedPrecondition(msg("wallet.balance_max").money("max", BALANCE_MAX))
        }
        SettleError::Stale => DomainError::Conflict(msg("order.stale")),
        SettleError::KeyTaken | SettleError::Duplicate => {
            DomainError::Conflict(msg("request.repeated"))
        }
        SettleError::Other(e) => e,
    }
}

fn fingerprint(parts: &[&str]) -> String {
    let digest = Sha256::digest(parts.join("|").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
