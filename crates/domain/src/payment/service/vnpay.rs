//! VNPay: its server-to-server notice (IPN) and the customer's return to our page.

use super::arrival::Moves;
use super::{PaymentService, settle_error};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::Actor;
use crate::payment::model::{Checkout, Method, Payment, PaymentId, PaymentState};
use crate::payment::ports::{SettleError, Settlement, VnPayError};
use crate::shared::UserId;

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

impl PaymentService {
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

    pub(super) async fn apply_vnpay(
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
        let (settlement, moves) = if result.success {
            let actor = Actor::System("vnpay".into());
            self.completion(payment, result.amount, result.transaction_no, actor, now)
                .await?
        } else {
            let mut failed = payment;
            failed.settle(PaymentState::Failed, Some(result.transaction_no), now);
            let settlement = Settlement {
                payment: Some(failed),
                ..Settlement::default()
            };
            (settlement, Moves::Nothing)
        };
        match self.write(settlement, moves).await {
            Ok(written) => Ok((IpnOutcome::Confirmed, written.payment)),
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
            (IpnOutcome::BadSignature, _) => Err(DomainError::invalid(
                "vnp_SecureHash",
                msg("vnpay.signature"),
            )),
            (_, Some(p)) if &p.owner == owner => self.get(owner, &p.id).await,
            _ => Err(DomainError::not_found("payment")),
        }
    }
}
