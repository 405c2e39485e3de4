use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{Program, Referral, ReferralCode};
use crate::audit::AuditEntry;
use crate::error::{DomainError, DomainResult};
use crate::shared::{Unit, UserId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimError {
    /// This customer, or another of the same e-mail, has claimed a code before.
    Claimed,
    Other(DomainError),
}

impl From<DomainError> for ClaimError {
    fn from(e: DomainError) -> Self {
        ClaimError::Other(e)
    }
}

/// How a customer's invitations stand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Standing {
    /// New customers who claimed their code.
    pub invited: u32,
    /// Of those, the ones whose first order was completed, who earned them their credit.
    pub rewarded: u32,
}

/// Where referrals are kept. Every method is one transaction, but `mark_rewarded`, which writes in
/// the unit the credit is written in.
#[async_trait]
pub trait ReferralStore: Send + Sync {
    /// The customer's code; `fresh` becomes it if they have none yet (a code taken by another is
    /// refused as a conflict, and the caller may try another).
    async fn code_of(&self, owner: &UserId, fresh: &ReferralCode) -> DomainResult<ReferralCode>;
    async fn owner_of(&self, code: &ReferralCode) -> DomainResult<Option<UserId>>;
    async fn email_of(&self, account: &UserId) -> DomainResult<Option<String>>;
    /// Whether the customer has an order that was bought, or may still be.
    async fn has_ordered(&self, customer: &UserId) -> DomainResult<bool>;
    async fn standing(&self, referrer: &UserId) -> DomainResult<Standing>;
    /// The claim, once per new customer and per e-mail key.
    async fn claim(&self, referral: &Referral) -> Result<(), ClaimError>;
    async fn program(&self) -> DomainResult<Program>;
    async fn save_program(
        &self,
        program: &Program,
        audit: &AuditEntry,
        at: DateTime<Utc>,
    ) -> DomainResult<()>;
    /// Claims not yet rewarded whose new customer has a completed order, at most `limit`.
    async fn due(&self, limit: u32) -> DomainResult<Vec<Referral>>;
    /// Marks the claim rewarded in `unit` if it was not (one conditional update: of parallel
    /// passes, one does).
    async fn mark_rewarded(
        &self,
        unit: &mut Unit,
        id: &str,
        at: DateTime<Utc>,
    ) -> DomainResult<bool>;
}
