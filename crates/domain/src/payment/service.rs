use std::sync::Arc;

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use super::model::{Checkout, Method, NextStep, Payment, PaymentId, PaymentState, Purpose};
use super::ports::{
    BankFeed, BankNotice, BankTransfer, PaymentStore, SettleError, Settlement, TransferOutcome,
    VnPayError, VnPayGateway,
};
use super::vietqr::{BankAccount, TransferInstructions, memo_of, references_in};
use super::wallet::{
    BALANCE_MAX, CancellationPolicy, Cause, EntryKind, LedgerEntry, RefundQuote, check_adjustment,
    check_received, check_top_up,
};
use crate::catalog::Category;
use crate::error::{DomainError, DomainResult};
use crate::identity::{Clock, Randomness, UserId};
use crate::operations::{AuditEntry, Staff, order_snapshot};
use crate::ordering::{
    Actor, IdempotencyKey, Order, OrderId, OrderService, OrderState, OrderStore,
};
use crate::shared::{LocalTime, Money, Page, PageRequest};

const INSUFFICIENT: &str = "v幣餘額不足，請先儲值";
const ALREADY_PAID: &str = "訂單已付款";

/// What is on offer and under which rules. From configuration.
#[derive(Debug, Clone, Default)]
pub struct PaymentSettings {
    /// The account VietQR transfers go to; without it, no VietQR.
    pub bank: Option<BankAccount>,
    /// The dev provider, which completes at once: the dev environment only.
    pub dev_provider: bool,
    pub cancellation: CancellationPolicy,
}

/// VNPay's IPN outcomes, each with its documented `RspCode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IpnOutcome {
    /// 00: applied (paid, failed, or credited to the wallet).
    Confirmed,
    /// 01
    NotFound,
    /// 02
    AlreadyConfirmed,
    /// 04
    WrongAmount,
    /// 97
    BadSignature,
    /// 99
    Unknown,
}

impl IpnOutcome {
    pub const fn rsp_code(self) -> &'static str {
        match self {
            IpnOutcome::Confirmed => "00",
            IpnOutcome::NotFound => "01",
            IpnOutcome::AlreadyConfirmed => "02",
            IpnOutcome::WrongAmount => "04",
            IpnOutcome::BadSignature => "97",
            IpnOutcome::Unknown => "99",
        }
    }

    pub const fn message(self) -> &'static str {
        match self {
            IpnOutcome::Confirmed => "Confirm Success",
            IpnOutcome::NotFound => "Order not found",
            IpnOutcome::AlreadyConfirmed => "Order already confirmed",
            IpnOutcome::WrongAmount => "Invalid amount",
            IpnOutcome::BadSignature => "Invalid signature",
            IpnOutcome::Unknown => "Unknown error",
        }
    }
}

/// A cancelled order and what went back into the wallet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cancellation {
    pub order: Order,
    pub refund: Option<RefundQuote>,
}

/// Payments and the v-coin wallet (DESIGN §5). An order becomes paid exactly once: the payment,
/// the ledger and the order move in one transaction, and a stale order refuses the second.
#[derive(Clone)]
pub struct PaymentService {
    orders: OrderService,
    order_store: Arc<dyn OrderStore>,
    store: Arc<dyn PaymentStore>,
    vnpay: Option<Arc<dyn VnPayGateway>>,
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
    pub vnpay: Option<Arc<dyn VnPayGateway>>,
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
            vnpay: ports.vnpay,
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
            Err(DomainError::invalid("method", "此付款方式目前無法使用"))
        }
    }

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
                && let Some(open) = self
                    .store
                    .by_reference(&memo_of(order_id.as_str()))
                    .await?
                    .into_iter()
                    .find(|p| {
                        p.state == PaymentState::Pending
                            && p.method == Method::VietQr
                            && p.amount == order.estimate.total
                    })
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
                Method::VietQr | Method::VnPay => self.open(payment, client_ip, &fingerprint).await,
            }
        }
        .await;
        self.or_first_answer(answer, owner, &key, &fingerprint, client_ip)
            .await
    }

    async fn pay_at_once(
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
                format!("支付訂單 {}", order.id.as_str()),
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
            order: Some(order.clone()),
            entries,
            ..Settlement::default()
        };
        match self.store.settle(&settlement).await {
            Ok(()) => self.checkout(payment, ""),
            Err(SettleError::KeyTaken) => self.replay_key(&payment, fingerprint, "").await,
            Err(SettleError::Insufficient) => {
                Err(DomainError::FailedPrecondition(INSUFFICIENT.into()))
            }
            // Someone else moved the order first: say why as the order now stands.
            Err(SettleError::Stale) => match self.order_store.get(&order.id).await? {
                Some(o) if o.state.is_unpaid() => Err(DomainError::Conflict(
                    "訂單剛被更新，請重新整理後再試".into(),
                )),
                _ => Err(DomainError::FailedPrecondition(ALREADY_PAID.into())),
            },
            Err(e) => Err(settle_error(e)),
        }
    }

    /// A pending payment that waits for the bank or VNPay.
    async fn open(
        &self,
        payment: Payment,
        client_ip: &str,
        fingerprint: &str,
    ) -> DomainResult<Checkout> {
        match self.store.insert(&payment).await {
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
                return Err(DomainError::invalid("method", "請選擇其他付款方式儲值"));
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
                return self.open(payment, client_ip, &fingerprint).await;
            }
            payment.settle(PaymentState::Succeeded, None, now);
            let credit = top_up_entry(&payment, amount, "儲值", now);
            let settlement = Settlement {
                payment: Some(payment.clone()),
                new_payment: true,
                entries: vec![credit],
                ..Settlement::default()
            };
            match self.store.settle(&settlement).await {
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

    /// A payment of the owner's, with the next step if it still waits.
    #[tracing::instrument(skip_all, fields(payment = id.as_str()))]
    pub async fn get(&self, owner: &UserId, id: &PaymentId) -> DomainResult<Checkout> {
        match self.store.get(id).await? {
            Some(p) if &p.owner == owner => self.checkout(p, ""),
            _ => Err(DomainError::not_found("payment")),
        }
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

    /// The bank's notice of a transfer. Only a notice signed with the shared secret counts; the
    /// memo must name a payment we opened, and only the exact amount pays an order: any other
    /// money that names a customer goes into their wallet, and the rest waits for an operator.
    #[tracing::instrument(skip_all)]
    pub async fn bank_notice(
        &self,
        body: &[u8],
        signature: &str,
        notice: BankNotice,
    ) -> DomainResult<TransferOutcome> {
        let signed = self
            .bank_feed
            .as_ref()
            .is_some_and(|feed| feed.verify(body, signature));
        if !signed {
            return Ok(TransferOutcome::BadSignature);
        }
        check_received(notice.amount)?;
        if notice.bank_ref.trim().is_empty() {
            return Err(DomainError::invalid("transfer", "reference required"));
        }
        let transfer = BankTransfer {
            bank_ref: notice.bank_ref,
            amount: notice.amount,
            memo: notice.memo,
            received_at: self.clock.now(),
        };
        // A notice delivered twice at once: the loser finds the payment settled, and a second
        // look reads the notice as the duplicate it is.
        match self.apply_transfer(&transfer).await {
            Err(SettleError::Stale) => self.apply_transfer(&transfer).await,
            other => other,
        }
        .map_err(settle_error)
    }

    async fn apply_transfer(
        &self,
        transfer: &BankTransfer,
    ) -> Result<TransferOutcome, SettleError> {
        let mut known = Vec::new();
        for reference in references_in(&transfer.memo) {
            known.extend(self.store.by_reference(&reference).await?);
        }
        // An order edited after its QR was shown has a waiting payment per amount: the one this
        // transfer's amount matches, else any.
        let waiting = |p: &&Payment| p.state == PaymentState::Pending && p.method == Method::VietQr;
        let pending = known
            .iter()
            .filter(waiting)
            .find(|p| p.amount == transfer.amount)
            .or_else(|| known.iter().find(waiting))
            .cloned();
        let actor = Actor::System("vietqr".into());
        let now = self.clock.now();
        let settlement = match (pending, known.last().cloned()) {
            // The amount a waiting payment asked for: it pays (or, if the order can no longer be
            // paid, is credited).
            (Some(payment), _) if payment.amount == transfer.amount => {
                let bank_ref = transfer.bank_ref.clone();
                self.completion(payment, transfer.amount, bank_ref, actor, now)
                    .await?
            }
            // Money that names a payment but not its amount, or one settled already (a second
            // transfer), or a VNPay attempt: a transfer of its own for the same purpose. It pays
            // an order still waiting for exactly that amount; otherwise it goes into the payer's
            // wallet, and any waiting payment stays open.
            (Some(named), _) | (None, Some(named)) => {
                let extra = self.new_payment(
                    &named.owner,
                    named.purpose.clone(),
                    Method::VietQr,
                    transfer.amount,
                    named.reference.clone(),
                    None,
                    String::new(),
                    now,
                );
                let bank_ref = transfer.bank_ref.clone();
                Settlement {
                    new_payment: true,
                    ..self
                        .completion(extra, transfer.amount, bank_ref, actor, now)
                        .await?
                }
            }
            (None, None) => Settlement::default(),
        };
        let outcome = match settlement.payment.as_ref().map(|p| p.state) {
            Some(PaymentState::Succeeded) => TransferOutcome::Paid,
            Some(_) => TransferOutcome::Credited,
            None => TransferOutcome::Unmatched,
        };
        let settlement = Settlement {
            transfer: Some((transfer.clone(), outcome)),
            ..settlement
        };
        match self.store.settle(&settlement).await {
            Ok(()) => Ok(outcome),
            Err(SettleError::Duplicate) => Ok(TransferOutcome::Duplicate),
            Err(e) => Err(e),
        }
    }

    /// An operator saw the transfer for this order arrive (DESIGN §5): it is paid as if the
    /// bank had said so.
    #[tracing::instrument(skip_all, fields(order = order_id.as_str()))]
    pub async fn confirm_transfer(
        &self,
        by: &Staff,
        order_id: &OrderId,
        bank_ref: &str,
    ) -> DomainResult<Order> {
        let actor = Actor::Operator(by.checked_name()?);
        let bank_ref = crate::shared::text("bank_ref", bank_ref, 64, "請輸入銀行交易序號")?;
        let order = self
            .order_store
            .get(order_id)
            .await?
            .ok_or_else(|| DomainError::not_found("order"))?;
        let now = self.clock.now();
        if order.state != OrderState::PendingPayment {
            return Err(DomainError::FailedPrecondition(format!(
                "訂單{}，無法付款",
                order.state.label()
            )));
        }
        let reference = memo_of(order_id.as_str());
        let pending = self
            .store
            .by_reference(&reference)
            .await?
            .into_iter()
            .find(|p| p.state == PaymentState::Pending && p.method == Method::VietQr);
        let payment = match pending {
            Some(p) => p,
            None => {
                let p = self.new_payment(
                    &order.owner,
                    Purpose::Order(order.id.clone()),
                    Method::VietQr,
                    order.estimate.total,
                    reference,
                    None,
                    String::new(),
                    now,
                );
                self.store.insert(&p).await.map_err(settle_error)?;
                p
            }
        };
        let total = order.estimate.total;
        let mut settlement = self
            .completion(payment, total, bank_ref.clone(), actor, now)
            .await?;
        if let Some(paid) = &settlement.order {
            settlement.audit = Some(AuditEntry::new(
                &*self.random,
                now,
                by,
                "order.mark_transfer_paid",
                format!("order:{}", order_id.as_str()),
                order_snapshot(&order),
                order_snapshot(paid),
                &bank_ref,
            ));
        }
        self.store.settle(&settlement).await.map_err(settle_error)?;
        settlement
            .order
            .ok_or_else(|| DomainError::FailedPrecondition(ALREADY_PAID.into()))
    }

    /// VNPay's server-to-server notice (IPN), or the customer's return with the same signed
    /// parameters: both apply the result once.
    #[tracing::instrument(skip_all)]
    pub async fn vnpay_notice(&self, params: &[(String, String)]) -> (IpnOutcome, Option<Payment>) {
        match self.apply_vnpay(params).await {
            Ok(done) => done,
            Err(e) => {
                tracing::warn!(error = %e, "vnpay notice failed");
                (IpnOutcome::Unknown, None)
            }
        }
    }

    async fn apply_vnpay(
        &self,
        params: &[(String, String)],
    ) -> DomainResult<(IpnOutcome, Option<Payment>)> {
        let Some(vnpay) = &self.vnpay else {
            return Ok((IpnOutcome::Unknown, None));
        };
        let result = match vnpay.verify(params) {
            Ok(r) => r,
            Err(VnPayError::BadSignature) => return Ok((IpnOutcome::BadSignature, None)),
            Err(VnPayError::Malformed) => return Ok((IpnOutcome::Unknown, None)),
        };
        let Ok(id) = PaymentId::parse(&result.payment_id) else {
            return Ok((IpnOutcome::NotFound, None));
        };
        let payment = match self.store.get(&id).await? {
            Some(p) if p.method == Method::VnPay => p,
            _ => return Ok((IpnOutcome::NotFound, None)),
        };
        if result.amount != payment.amount {
            return Ok((IpnOutcome::WrongAmount, Some(payment)));
        }
        if payment.state != PaymentState::Pending {
            return Ok((IpnOutcome::AlreadyConfirmed, Some(payment)));
        }
        let now = self.clock.now();
        let settlement = if result.success {
            let actor = Actor::System("vnpay".into());
            self.completion(payment, result.amount, result.transaction_no, actor, now)
                .await?
        } else {
            let mut failed = payment;
            failed.settle(PaymentState::Failed, Some(result.transaction_no), now);
            Settlement {
                payment: Some(failed),
                ..Settlement::default()
            }
        };
        match self.store.settle(&settlement).await {
            Ok(()) => Ok((IpnOutcome::Confirmed, settlement.payment)),
            // The IPN and the return raced: the other applied it.
            Err(SettleError::Stale) => {
                Ok((IpnOutcome::AlreadyConfirmed, self.store.get(&id).await?))
            }
            Err(e) => Err(settle_error(e)),
        }
    }

    /// The customer back from VNPay: applies the signed result like the IPN, then shows the
    /// payment, to its owner only.
    pub async fn vnpay_return(
        &self,
        owner: &UserId,
        params: &[(String, String)],
    ) -> DomainResult<Checkout> {
        match self.vnpay_notice(params).await {
            (IpnOutcome::BadSignature, _) => {
                Err(DomainError::invalid("vnp_SecureHash", "付款結果的簽章不符"))
            }
            (_, Some(p)) if &p.owner == owner => self.get(owner, &p.id).await,
            _ => Err(DomainError::not_found("payment")),
        }
    }

    /// What cancelling the order now would keep and give back, under the policy (nothing either
    /// way while it is unpaid); refused for an order that can no longer be cancelled.
    pub async fn refund_quote(&self, owner: &UserId, id: &OrderId) -> DomainResult<RefundQuote> {
        let order = self.orders.get(owner, id).await?;
        if !matches!(
            order.state,
            OrderState::Draft
                | OrderState::PendingPayment
                | OrderState::Paid
                | OrderState::Confirmed
        ) {
            return Err(DomainError::FailedPrecondition(format!(
                "訂單{}，無法取消",
                order.state.label()
            )));
        }
        self.settings.cancellation.quote(&order, self.clock.now())
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

    async fn cancel_once(
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
        let note = format!("客戶取消{}", parenthesised(reason));
        self.refund(
            &mut order,
            Actor::Customer(owner.clone()),
            &note,
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
        let note = format!("客服取消{}", parenthesised(reason));
        let mut order = before.clone();
        let action = if refund_override.is_some() {
            "order.cancel_override"
        } else {
            "order.cancel"
        };
        let audit = |after: &Order| {
            AuditEntry::new(
                &*self.random,
                now,
                by,
                action,
                format!("order:{}", id.as_str()),
                order_snapshot(&before),
                format!(
                    "{} refund={} fee={}",
                    order_snapshot(after),
                    quote.refund.amount(),
                    quote.fee.amount()
                ),
                reason,
            )
        };
        self.refund(&mut order, actor, &note, quote, now, Some(&audit))
            .await?;
        Ok(Cancellation {
            order,
            refund: Some(quote),
        })
    }

    /// Moves a paid order to REFUNDED and puts the refund into its owner's wallet, in one
    /// transaction with an operator's audit entry (made from the order after) when there is one.
    async fn refund(
        &self,
        order: &mut Order,
        actor: Actor,
        note: &str,
        quote: RefundQuote,
        now: DateTime<Utc>,
        audit: Option<&(dyn Fn(&Order) -> AuditEntry + Send + Sync)>,
    ) -> DomainResult<()> {
        let reason = format!("{note}；手續費 {}，退回 {}", quote.fee, quote.refund);
        order.refund(actor, &reason, now)?;
        let entries = if quote.refund > Money::ZERO {
            vec![LedgerEntry::new(
                &order.owner,
                EntryKind::Refund,
                quote.refund,
                Cause::Order(order.id.clone()),
                format!("訂單 {} 取消退款", order.id.as_str()),
                now,
            )]
        } else {
            vec![]
        };
        let settlement = Settlement {
            order: Some(order.clone()),
            entries,
            audit: audit.map(|audit| audit(order)),
            ..Settlement::default()
        };
        self.store.settle(&settlement).await.map_err(settle_error)?;
        order.version += 1;
        Ok(())
    }

    /// An operator's correction of a customer's balance (`amount` signed), with the reason kept
    /// on the ledger entry and in the audit log (with the balance as read before it, and that
    /// moved by the amount). Taking more than the balance is refused. Returns the balance after.
    #[tracing::instrument(skip_all)]
    pub async fn adjust(
        &self,
        by: &Staff,
        owner: &UserId,
        amount: Money,
        reason: &str,
    ) -> DomainResult<Money> {
        let who = by.checked_name()?;
        let reason = crate::shared::text("reason", reason, 200, "請說明調整的原因")?;
        check_adjustment(amount)?;
        let before = self.store.balance(owner).await?;
        let now = self.clock.now();
        let entry = LedgerEntry::new(
            owner,
            EntryKind::Adjustment,
            amount,
            Cause::Operator {
                who,
                reason: reason.clone(),
            },
            reason.clone(),
            now,
        );
        let audit = AuditEntry::new(
            &*self.random,
            now,
            by,
            "wallet.adjust",
            format!("wallet:{}", owner.as_str()),
            format!("balance={}", before.amount()),
            format!("balance={}", (before + amount).amount()),
            &reason,
        );
        let settlement = Settlement {
            entries: vec![entry],
            audit: Some(audit),
            ..Settlement::default()
        };
        self.store.settle(&settlement).await.map_err(settle_error)?;
        self.store.balance(owner).await
    }

    /// Money arrived for a pending payment: it pays its order when the order still waits for
    /// exactly that amount; otherwise it goes into the payer's wallet.
    async fn completion(
        &self,
        mut payment: Payment,
        received: Money,
        provider_ref: String,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> DomainResult<Settlement> {
        let order = match payment.purpose.order() {
            Some(id) => self.order_store.get(id).await?,
            None => None,
        };
        let mut settlement = Settlement::default();
        let credit_note = match (&payment.purpose, order) {
            (Purpose::TopUp, _) if received == payment.amount => None,
            (Purpose::TopUp, _) => Some("儲值（金額與申請不同）"),
            (Purpose::Order(_), Some(mut order))
                if order.state == OrderState::PendingPayment
                    && received == order.estimate.total =>
            {
                order.mark_paid(actor, &paid_reason(&payment), now)?;
                settlement.order = Some(order);
                None
            }
            (Purpose::Order(_), Some(order)) if order.state == OrderState::PendingPayment => {
                Some("轉帳金額與訂單不符，轉入v幣")
            }
            (Purpose::Order(_), _) => Some("訂單已無法付款，轉入v幣"),
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
                .push(top_up_entry(&payment, received, "儲值", now));
        }
        settlement.payment = Some(payment);
        Ok(settlement)
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
            return Err(DomainError::Conflict("重複的請求".into()));
        };
        match self.store.by_key(&payment.owner, key).await? {
            Some(first) => self.replay(first, fingerprint, client_ip),
            None => Err(DomainError::Conflict("同一個請求正在處理中".into())),
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
    match order.state {
        OrderState::PendingPayment if now < order.expires_at => Ok(()),
        OrderState::PendingPayment => Err(DomainError::FailedPrecondition(
            "訂單已逾期未付款，請重新下單".into(),
        )),
        OrderState::Draft => Err(DomainError::FailedPrecondition("請先填寫聯絡資料".into())),
        OrderState::Paid | OrderState::Confirmed | OrderState::Completed => {
            Err(DomainError::FailedPrecondition(ALREADY_PAID.into()))
        }
        other => Err(DomainError::FailedPrecondition(format!(
            "訂單{}，無法付款",
            other.label()
        ))),
    }
}

fn paid_reason(payment: &Payment) -> String {
    format!("paid: {} {}", payment.method.code(), payment.id.as_str())
}

fn top_up_entry(payment: &Payment, amount: Money, note: &str, now: DateTime<Utc>) -> LedgerEntry {
    LedgerEntry::new(
        &payment.owner,
        EntryKind::TopUp,
        amount,
        Cause::of_payment(payment),
        note,
        now,
    )
}

fn settle_error(e: SettleError) -> DomainError {
    match e {
        SettleError::Insufficient => DomainError::FailedPrecondition(INSUFFICIENT.into()),
        SettleError::BalanceLimit => {
            DomainError::FailedPrecondition(format!("v幣餘額不可超過 {BALANCE_MAX}，請聯絡客服"))
        }
        SettleError::Stale => DomainError::Conflict("訂單剛被更新，請重新整理後再試".into()),
        SettleError::KeyTaken | SettleError::Duplicate => {
            DomainError::Conflict("重複的請求".into())
        }
        SettleError::Other(e) => e,
    }
}

fn fingerprint(parts: &[&str]) -> String {
    let digest = Sha256::digest(parts.join("|").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// `（reason）` when there is one.
fn parenthesised(reason: &str) -> String {
    match reason.trim() {
        "" => String::new(),
        r => format!("（{r}）"),
    }
}
