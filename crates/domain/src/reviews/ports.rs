use std::collections::HashMap;

use async_trait::async_trait;

use super::model::{RatingSummary, Review, Subject};
use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::ordering::OrderId;
use crate::shared::{Page, PageRequest};

/// The reviews, one per order at most.
#[async_trait]
pub trait ReviewStore: Send + Sync {
    async fn get(&self, order: &OrderId) -> DomainResult<Option<Review>>;
    /// Writes an order's first review; `false` when the order already has one (another request
    /// got there first), and nothing is written.
    async fn insert(&self, review: &Review) -> DomainResult<bool>;
    /// Writes a review's new rating, comment and time; `false` when it is hidden meanwhile, and
    /// nothing is written.
    async fn update(&self, review: &Review) -> DomainResult<bool>;
    /// Hides a shown review with its audit entry and the notice that tells its customer (about
    /// `plan_name`), in one transaction; `false` when it already is hidden, and nothing is
    /// written.
    async fn hide(
        &self,
        review: &Review,
        plan_name: &str,
        audit: &AuditEntry,
    ) -> DomainResult<bool>;
    /// The shown reviews of a plan or therapist, newest first.
    async fn list(&self, subject: &Subject, page: &PageRequest) -> DomainResult<Page<Review>>;
    /// Every review for operators, newest first; `hidden` keeps only the hidden or the shown.
    async fn all(&self, hidden: Option<bool>, page: &PageRequest) -> DomainResult<Page<Review>>;
    /// The shown reviews counted per plan id.
    async fn plan_summaries(&self) -> DomainResult<HashMap<String, RatingSummary>>;
    /// The shown reviews counted per therapist id.
    async fn therapist_summaries(&self) -> DomainResult<HashMap<String, RatingSummary>>;
}
