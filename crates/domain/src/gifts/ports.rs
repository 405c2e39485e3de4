use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{GiftCode, GiftCodeId};
use crate::audit::AuditEntry;
use crate::error::{DomainError, DomainResult, Message};
use crate::ordering::IdempotencyKey;
use crate::shared::{Money, Unit, UserId};

/// A redemption that stood: made by this write, or by an earlier request of the same customer
/// with the same idempotency key (a retry, answered as the first was and crediting nothing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Redemption {
    First(GiftCode),
    Replay(GiftCode),
}

/// A batch as the console lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchSummary {
    pub name: String,
    pub codes: u32,
    pub redeemed: u32,
    /// What one code is worth.
    pub amount: Money,
    pub redeem_by: DateTime<Utc>,
    pub credit_days: Option<u32>,
    pub issued_at: DateTime<Utc>,
}

/// Why a code was not redeemed, as it stood in the write that tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RedeemError {
    /// No code of that name.
    Unknown,
    /// The rule it met, in words (redeemed already, or past its time).
    Refused(Message),
    Other(DomainError),
}

impl From<DomainError> for RedeemError {
    fn from(e: DomainError) -> Self {
        RedeemError::Other(e)
    }
}

/// Where gift codes are kept. Every method is one transaction, but `redeem`, which writes in the
/// unit the credit is written in.
#[async_trait]
pub trait GiftStore: Send + Sync {
    /// Adds a batch's codes with the admin's audit entry, all or none.
    async fn issue(
        &self,
        codes: &[GiftCode],
        audit: &AuditEntry,
        at: DateTime<Utc>,
    ) -> DomainResult<()>;
    async fn get(&self, code: &GiftCodeId) -> DomainResult<Option<GiftCode>>;
    /// A batch's codes in the order they were issued (its CSV).
    async fn batch(&self, name: &str) -> DomainResult<Vec<GiftCode>>;
    /// Every batch, the newest first.
    async fn batches(&self) -> DomainResult<Vec<BatchSummary>>;
    /// Marks `code` redeemed by `customer` with `key` in `unit` if nobody has and its time has
    /// not passed, as they stand in that write (one conditional update: of parallel redeemers,
    /// one has it); a code this customer redeemed with this key is a `Replay`.
    async fn redeem(
        &self,
        unit: &mut Unit,
        code: &GiftCodeId,
        customer: &UserId,
        key: &IdempotencyKey,
        at: DateTime<Utc>,
    ) -> Result<Redemption, RedeemError>;
}
