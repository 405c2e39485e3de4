use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::availability::Commitment;
use super::earnings::{Earning, Week};
use super::model::Partner;
use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::shared::{Money, Unit, UserId};

#[async_trait]
pub trait PartnerStore: Send + Sync {
    async fn partner(&self, id: &UserId) -> DomainResult<Option<Partner>>;
    /// Every partner, active or not, by name.
    async fn partners(&self) -> DomainResult<Vec<Partner>>;
    /// Creates or replaces a partner, with the admin's audit entry, and tells their phone
    /// (`live::Change::partner`).
    async fn save_partner(&self, partner: &Partner, audit: &AuditEntry) -> DomainResult<()>;
    /// Ledger entries of the weeks `[from, until)`: one partner's, or every partner's.
    async fn ledger(
        &self,
        partner: Option<&UserId>,
        from: Week,
        until: Week,
    ) -> DomainResult<Vec<Earning>>;
    /// The ledger line under `key` (`Earning::key`), if there is one.
    async fn earning(&self, key: &str) -> DomainResult<Option<Earning>>;
    /// What a partner's ledger adds up to: earned and not yet paid.
    async fn owed(&self, partner: &UserId) -> DomainResult<Money>;
    /// Writes a week's payout with the admin's audit entry; `false` when that week was paid
    /// already (its key is taken), and nothing is written.
    async fn add_payout(&self, payout: &Earning, audit: &AuditEntry) -> DomainResult<bool>;
    /// Writes an admin's ledger line (a correction) with their audit entry; `false` when its key
    /// is taken (the same request before), and nothing is written.
    async fn add_earning(&self, line: &Earning, audit: &AuditEntry) -> DomainResult<bool>;
    /// Writes a line in `unit` (a tip, beside the traveller's debit); `false` when its key is
    /// taken, and nothing is written.
    async fn add_earning_in(&self, unit: &mut Unit, line: &Earning) -> DomainResult<bool>;
}

/// The jobs a partner took and has not finished, from `from` to `until`: what their hours and days
/// off may not uncover. The jobs' subject answers it (`jobs::TakenJobs`), so partners know of no
/// job.
#[async_trait]
pub trait Commitments: Send + Sync {
    async fn commitments(
        &self,
        partner: &UserId,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<Commitment>>;
}
