//! VietQR bank transfers: the bank's signed notices, matched to payments by their memo, and
//! transfers an operator saw by hand.

use super::arrival::Moves;
use super::{ALREADY_PAID, PaymentService, settle_error};
use crate::audit::{AuditEntry, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Actor, Order, OrderId, OrderState, order_snapshot};
use crate::payment::model::{Method, Payment, PaymentState, Purpose};
use crate::payment::ports::{BankNotice, BankTransfer, SettleError, Settlement, TransferOutcome};
use crate::payment::vietqr::{memo_of, references_in};
use crate::payment::wallet::check_received;

impl PaymentService {
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
            return Err(DomainError::invalid(
                "transfer",
                msg("bank.reference_required"),
            ));
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

    pub(super) async fn apply_transfer(
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
        let (settlement, moves) = match (pending, known.last().cloned()) {
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
                let (settlement, moves) = self
                    .completion(extra, transfer.amount, bank_ref, actor, now)
                    .await?;
                let settlement = Settlement {
                    new_payment: true,
                    ..settlement
                };
                (settlement, moves)
            }
            (None, None) => (Settlement::default(), Moves::Nothing),
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
        match self.write(settlement, moves).await {
            // What the money did as written: a change or tip too late for it is credited.
            Ok(written) => Ok(written.transfer.map_or(outcome, |(_, o)| o)),
            Err(SettleError::Duplicate) => Ok(TransferOutcome::Duplicate),
            Err(e) => Err(e),
        }
    }

    /// An operator saw the transfer for this order arrive: it is paid as if the
    /// bank had said so.
    #[tracing::instrument(skip_all, fields(order = order_id.as_str()))]
    pub async fn confirm_transfer(
        &self,
        by: &Staff,
        order_id: &OrderId,
        bank_ref: &str,
    ) -> DomainResult<Order> {
        let actor = Actor::Operator(by.checked_name()?);
        let bank_ref = crate::shared::text("bank_ref", bank_ref, 64, msg("bank.ref_required"))?;
        let order = self
            .order_store
            .get(order_id)
            .await?
            .ok_or_else(|| DomainError::not_found("order"))?;
        let now = self.clock.now();
        if order.state != OrderState::PendingPayment {
            return Err(DomainError::FailedPrecondition(
                order.state.forbids("order.action.pay"),
            ));
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
        let (mut settlement, moves) = self
            .completion(payment, total, bank_ref.clone(), actor, now)
            .await?;
        let paid = match moves {
            Moves::Paid(order) => Some(order),
            _ => None,
        };
        if let Some(paid) = &paid {
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
        self.settle(&settlement, paid.as_ref())
            .await
            .map_err(settle_error)?;
        paid.ok_or(DomainError::FailedPrecondition(ALREADY_PAID))
    }
}
