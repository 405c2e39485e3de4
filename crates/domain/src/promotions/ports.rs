use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{PromoCode, PromoCodeId, Uses};
use crate::audit::AuditEntry;
use crate::error::{DomainError, DomainResult};
use crate::ordering::OrderId;
use crate::shared::{Money, Unit, UserId};

/// A code, with what it has given so far (uses not given back, and their discounts' sum).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoSummary {
    pub code: PromoCode,
    pub used: u32,
    pub cost: Money,
}

/// Why a use was not taken: the limits as they stood in the write that tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TakeError {
    /// No code of that name, or switched off.
    Unknown,
    /// Its uses in all are taken.
    UsedUp,
    /// The customer has taken theirs.
    AlreadyUsed,
    Other(DomainError),
}

impl From<DomainError> for TakeError {
    fn from(e: DomainError) -> Self {
        TakeError::Other(e)
    }
}

/// One use: which order took it, for whom, and what it took off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoUse {
    pub code: PromoCodeId,
    pub order: OrderId,
    pub customer: UserId,
    pub discount: Money,
    pub at: DateTime<Utc>,
}

/// Where codes and their uses are kept. Every method is one transaction, but `take` and
/// `give_back`, which write in the unit their order is written in.
#[async_trait]
pub trait PromoStore: Send + Sync {
    /// Adds a code with its audit entry; `false` if one of that name exists.
    async fn create(
        &self,
        code: &PromoCode,
        audit: &AuditEntry,
        at: DateTime<Utc>,
    ) -> DomainResult<bool>;
    /// Saves a code's rules and switch with its audit entry; `false` if there is none.
    async fn save(
        &self,
        code: &PromoCode,
        audit: &AuditEntry,
        at: DateTime<Utc>,
    ) -> DomainResult<bool>;
    async fn get(&self, code: &PromoCodeId) -> DomainResult<Option<PromoCode>>;
    /// Every code, newest first, with its uses and cost.
    async fn list(&self) -> DomainResult<Vec<PromoSummary>>;
    /// What is used of `code`, and by `customer`, as it stands (a quote; `take` decides).
    async fn uses(&self, code: &PromoCodeId, customer: &UserId) -> DomainResult<Uses>;
    /// Takes one use of `code` for `used.order` in `unit`, if the code's limits allow it as they
    /// stand in that write: the code's row is locked before anything is counted, so of parallel
    /// takers exactly as many as are left get one, on any node.
    async fn take(&self, unit: &mut Unit, used: &PromoUse) -> Result<(), TakeError>;
    /// Gives `order`'s use back in `unit` (its order lapsed, or was cancelled unpaid); `false` if it
    /// had none, or gave it back already.
    async fn give_back(
        &self,
        unit: &mut Unit,
        order: &OrderId,
        at: DateTime<Utc>,
    ) -> DomainResult<bool>;
}
