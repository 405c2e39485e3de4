use std::sync::Arc;

use super::model::{Category, CategorySummary, Plan, PlanId, Therapist};
use super::ports::CatalogRepository;
use crate::error::{DomainError, DomainResult};
use crate::shared::{Page, PageRequest};

/// What customers and operators can do with the catalogue.
#[derive(Clone)]
pub struct CatalogService {
    repo: Arc<dyn CatalogRepository>,
}

impl CatalogService {
    pub fn new(repo: Arc<dyn CatalogRepository>) -> Self {
        Self { repo }
    }

    /// Every category, in the fixed order of the home page, even one with no plans yet.
    pub async fn list_categories(&self) -> DomainResult<Vec<CategorySummary>> {
        let known = self.repo.summarize().await?;
        Ok(Category::ALL
            .into_iter()
            .map(|category| {
                known
                    .iter()
                    .find(|s| s.category == category)
                    .cloned()
                    .unwrap_or(CategorySummary {
                        category,
                        plan_count: 0,
                        from_price: None,
                    })
            })
            .collect())
    }

    pub async fn list_plans(
        &self,
        category: Category,
        page: &PageRequest,
    ) -> DomainResult<Page<Plan>> {
        self.repo.list_plans(category, page).await
    }

    /// Every active plan of a category, following the pages.
    pub async fn all_plans(&self, category: Category) -> DomainResult<Vec<Plan>> {
        let mut plans = Vec::new();
        let mut page = PageRequest::first(PageRequest::MAX_SIZE);
        loop {
            let Page { items, next_token } = self.repo.list_plans(category, &page).await?;
            plans.extend(items);
            match next_token {
                Some(token) => page = PageRequest::new(PageRequest::MAX_SIZE, Some(token))?,
                None => return Ok(plans),
            }
        }
    }

    /// An inactive plan is still found by id: orders made for it must keep showing it.
    pub async fn get_plan(&self, id: &PlanId) -> DomainResult<Plan> {
        self.repo
            .get_plan(id)
            .await?
            .ok_or_else(|| DomainError::not_found(format!("plan {}", id.as_str())))
    }

    pub async fn list_therapists(&self) -> DomainResult<Vec<Therapist>> {
        self.repo.list_therapists().await
    }

    /// Validates every entry first, so a bad file changes nothing.
    pub async fn import(&self, plans: &[Plan], therapists: &[Therapist]) -> DomainResult<()> {
        for plan in plans {
            plan.validate().map_err(|e| match e {
                DomainError::InvalidArgument { field, message } => {
                    DomainError::invalid(format!("plans[{}].{field}", plan.id.as_str()), message)
                }
                other => other,
            })?;
        }
        self.repo.import(plans, therapists).await
    }

    /// Loads the catalogue only into an empty database, so a restart never overwrites edits.
    pub async fn seed_if_empty(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
    ) -> DomainResult<bool> {
        if !self.repo.is_empty().await? {
            return Ok(false);
        }
        self.import(plans, therapists).await?;
        Ok(true)
    }
}
