//! Refund parts on their way back: the worker that asks VNPay for each VNPay part, and the
//! operators' tasks (bank transfers to make, VNPay parts that failed), closed with the bank's
//! reference of the transfer they made.

use chrono::Duration;

use super::PaymentService;
use crate::audit::Staff;
use crate::error::{DomainError, DomainResult};
use crate::payment::ports::{VnPayRefund, VnPayRefundAnswer};
use crate::payment::refund::{RefundId, RefundPart, RefundState};
use crate::shared::{Page, PageRequest};

/// How long a node holds the parts it claimed: longer than VNPay's answer may take.
const LEASE: Duration = Duration::minutes(2);

impl PaymentService {
    /// One pass of the refund worker: sends each VNPay part that is due, at most `limit`, and
    /// writes what VNPay said. Taken (`00`) or taken before (`94`) is done; refused is an
    /// operator's task; no answer is tried again later, then becomes a task. A part another node
    /// holds is left to it. Returns how many were sent.
    pub async fn send_refunds(&self, limit: u32) -> DomainResult<usize> {
        let Some(vnpay) = &self.vnpay_refunds else {
            return Ok(0);
        };
        let now = self.clock.now();
        let parts = self.refunds.claim_due(now, now + LEASE, limit).await?;
        let sent = parts.len();
        for mut part in parts {
            // A part whose payment cannot be read is counted as unanswered like any other, so it
            // reaches staff after its tries rather than holding up the parts after it.
            let answer = match self.vnpay_refund_of(&part).await {
                Ok(ask) => vnpay.refund(&ask).await,
                Err(e) => Err(e),
            };
            match answer {
                Ok(VnPayRefundAnswer::Accepted) => part.taken("00", now),
                Ok(VnPayRefundAnswer::AskedBefore) => part.taken("94", now),
                Ok(VnPayRefundAnswer::Refused(code)) => part.refused(&code),
                Err(e) => {
                    tracing::warn!(refund = part.id.as_str(), error = %e, "VNPay did not answer a refund");
                    part.unanswered(now);
                }
            }
            self.refunds.answered(&part).await?;
        }
        Ok(sent)
    }

    /// What VNPay is asked for a part: its payment's number and time, the whole payment or part.
    async fn vnpay_refund_of(&self, part: &RefundPart) -> DomainResult<VnPayRefund> {
        let payment = match &part.payment {
            Some(id) => self.store.get(id).await?,
            None => None,
        }
        .ok_or_else(|| {
            DomainError::Unavailable(format!("refund {} has no payment", part.id.as_str()))
        })?;
        Ok(VnPayRefund {
            request_id: part.id.as_str().to_owned(),
            whole: part.amount == payment.amount,
            payment: payment.id,
            amount: part.amount,
            transaction_no: payment.provider_ref.unwrap_or_default(),
            paid_at: payment.settled_at.unwrap_or(payment.created_at),
            by: "system".into(),
            at: self.clock.now(),
        })
    }

    /// Refunds waiting for staff: bank transfers to make and VNPay refunds that failed, oldest
    /// first.
    pub async fn refund_tasks(
        &self,
        _by: &Staff,
        page: &PageRequest,
    ) -> DomainResult<Page<RefundPart>> {
        self.refunds.tasks(page).await
    }

    /// Staff close a task with the bank's reference of the transfer they made, audited. A task
    /// closed already (by another operator, at once) is FAILED_PRECONDITION.
    pub async fn close_refund(
        &self,
        by: &Staff,
        id: &RefundId,
        bank_ref: &str,
    ) -> DomainResult<RefundPart> {
        let by_name = by.checked_name()?;
        let before = self
            .refunds
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("refund"))?;
        let now = self.clock.now();
        let mut part = before.clone();
        part.close(bank_ref, &by_name, now)?;
        let audit = self.auditor().entry(
            by,
            "refund.close",
            format!("refund:{}", part.id.as_str()),
            format!(
                "state={} amount={}",
                before.state.code(),
                before.amount.amount()
            ),
            format!(
                "state={} bank_ref={}",
                RefundState::Done.code(),
                part.answer.clone().unwrap_or_default()
            ),
            "",
        );
        if !self.refunds.close(&part, &audit).await? {
            return Err(DomainError::FailedPrecondition(crate::error::msg(
                "refund.not_open",
            )));
        }
        Ok(part)
    }
}
