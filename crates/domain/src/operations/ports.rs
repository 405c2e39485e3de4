use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{AuditFilter, CustomerCard, CustomerFilter, ServiceKey};
use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::identity::{Account, TokenHash};
use crate::shared::{Page, PageRequest, UserId};

/// Service accounts' keys. Each change is written with its audit entry, in one transaction.
#[async_trait]
pub trait StaffStore: Send + Sync {
    async fn insert_key(&self, key: &ServiceKey, audit: &AuditEntry) -> DomainResult<()>;
    async fn key_by_hash(&self, hash: &TokenHash) -> DomainResult<Option<ServiceKey>>;
    async fn key(&self, id: &str) -> DomainResult<Option<ServiceKey>>;
    /// Marks the key revoked unless it already is.
    async fn revoke_key(&self, id: &str, at: DateTime<Utc>, audit: &AuditEntry)
    -> DomainResult<()>;
    /// Every key, newest first.
    async fn keys(&self) -> DomainResult<Vec<ServiceKey>>;
}

/// The append-only record of operator actions. Entries are written by the stores, each in the
/// transaction of the change it records, so there is no change without its entry nor an entry
/// without its change.
#[async_trait]
pub trait AuditLog: Send + Sync {
    /// Writes an entry that stands for itself (an internal note), with no change beside it.
    async fn record(&self, entry: &AuditEntry) -> DomainResult<()>;
    /// Newest first, those the filter lets through.
    async fn list(
        &self,
        filter: &AuditFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<AuditEntry>>;
}

/// The accounts as operators look them up: customers, and apart from them the staff.
#[async_trait]
pub trait AccountDirectory: Send + Sync {
    /// Every operator's and admin's account, oldest first.
    async fn staff(&self) -> DomainResult<Vec<Account>>;
    /// Newest sign-ups first.
    async fn find(
        &self,
        filter: &CustomerFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<CustomerCard>>;
    async fn card(&self, id: &UserId) -> DomainResult<Option<CustomerCard>>;
}
