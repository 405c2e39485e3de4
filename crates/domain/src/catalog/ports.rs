use async_trait::async_trait;

use super::category::Category;
use super::model::{CategorySummary, Plan, PlanId};
use super::price_rules::Season;
use super::therapist::Therapist;
use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::shared::{Page, PageRequest, UserId};

/// Where the catalogue is kept. Lists return active entries only, ordered by `sort_order` then id.
#[async_trait]
pub trait CatalogRepository: Send + Sync {
    /// One summary per category that has active plans.
    async fn summarize(&self) -> DomainResult<Vec<CategorySummary>>;
    async fn list_plans(&self, category: Category, page: &PageRequest) -> DomainResult<Page<Plan>>;
    async fn get_plan(&self, id: &PlanId) -> DomainResult<Option<Plan>>;
    async fn list_therapists(&self) -> DomainResult<Vec<Therapist>>;
    /// Inserts or replaces plans and therapists by id, and the seasons of each category named,
    /// all in one transaction, with the operator's action in the audit log when there is one.
    async fn import_file(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
        category_seasons: &[(Category, Vec<Season>)],
        audit: Option<&AuditEntry>,
    ) -> DomainResult<()>;
    /// `import_file` of plans and therapists alone.
    async fn import(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
        audit: Option<&AuditEntry>,
    ) -> DomainResult<()> {
        self.import_file(plans, therapists, &[], audit).await
    }
    async fn is_empty(&self) -> DomainResult<bool>;
    /// Every plan and therapist, inactive ones too, by id: what an export writes.
    async fn everything(&self) -> DomainResult<(Vec<Plan>, Vec<Therapist>)>;
    /// Each category's seasons, by `Category::ALL`'s order (one without any left out). A plan
    /// read carries its category's (`PriceRules::category_seasons`).
    async fn category_seasons(&self) -> DomainResult<Vec<(Category, Vec<Season>)>>;
    /// Replaces `category`'s seasons, with the audit entry, in one transaction; the catalogue's
    /// version moves.
    async fn set_category_seasons(
        &self,
        category: Category,
        seasons: &[Season],
        audit: &AuditEntry,
    ) -> DomainResult<()>;
}

/// The catalogue as a file operators edit (prices, hours, texts) and load again.
pub trait CatalogCodec: Send + Sync {
    /// Reads a file into checked plans and therapists; the first bad entry is named.
    fn parse(&self, text: &str) -> DomainResult<(Vec<Plan>, Vec<Therapist>)>;
    /// The seasons of the categories a file names, checked.
    fn parse_seasons(&self, text: &str) -> DomainResult<Vec<(Category, Vec<Season>)>>;
    fn render(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
        category_seasons: &[(Category, Vec<Season>)],
    ) -> DomainResult<String>;
}

/// Where each customer's favourites are kept, in the order the customer gave them.
#[async_trait]
pub trait FavoriteStore: Send + Sync {
    async fn get(&self, owner: &UserId) -> DomainResult<Vec<String>>;
    /// Replaces the whole set in one transaction.
    async fn replace(&self, owner: &UserId, therapist_ids: &[String]) -> DomainResult<()>;
}
