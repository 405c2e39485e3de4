//! Wallet adjustments made by staff, each with its reason and an audit entry.

use super::{PaymentService, settle_error};
use crate::audit::{AuditEntry, Staff};
use crate::error::{DomainResult, msg};
use crate::payment::ports::Settlement;
use crate::payment::wallet::{Cause, EntryKind, LedgerEntry, check_adjustment};
use crate::shared::{Money, UserId};

impl PaymentService {
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
        let reason = crate::shared::text("reason", reason, 200, msg("wallet.adjustment_reason"))?;
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
            msg("text.as_is").with("text", &reason),
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
        self.settle(&settlement, None).await.map_err(settle_error)?;
        self.store.balance(owner).await
    }
}
