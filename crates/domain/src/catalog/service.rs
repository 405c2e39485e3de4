use std::sync::Arc;

use super::category::Category;
use super::model::{CancellationPolicy, CategorySummary, Plan, PlanId};
use super::ports::CatalogRepository;
use super::price_rules::Season;
use super::therapist::Therapist;
use crate::audit::AuditEntry;
use crate::error::{DomainError, DomainResult};
use crate::shared::{Page, PageRequest};

/// What customers and operators can do with the catalogue.
#[derive(Clone)]
pub struct CatalogService {
    repo: Arc<dyn CatalogRepository>,
    cancellation: CancellationPolicy,
}

impl CatalogService {
    pub fn new(repo: Arc<dyn CatalogRepository>) -> Self {
        Self {
            repo,
            cancellation: CancellationPolicy::default(),
        }
    }

    /// The configured cancellation terms, shown on every plan before it is booked.
    pub fn with_cancellation(mut self, cancellation: CancellationPolicy) -> Self {
        self.cancellation = cancellation;
        self
    }

    pub fn cancellation(&self) -> CancellationPolicy {
        self.cancellation
    }

    fn stamped(&self, mut plan: Plan) -> Plan {
        plan.cancellation = self.cancellation;
        plan
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
        let page = self.repo.list_plans(category, page).await?;
        Ok(Page {
            items: page.items.into_iter().map(|p| self.stamped(p)).collect(),
            next_token: page.next_token,
        })
    }

    /// Every active plan of a category, following the pages.
    pub async fn all_plans(&self, category: Category) -> DomainResult<Vec<Plan>> {
        let mut plans = Vec::new();
        let mut page = PageRequest::first(PageRequest::MAX_SIZE);
        loop {
            let Page { items, next_token } = self.list_plans(category, &page).await?;
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
            .map(|p| self.stamped(p))
            .ok_or_else(|| DomainError::not_found(format!("plan {}", id.as_str())))
    }

    /// A plan addressed under a category (`/plan/{category}/{planId}`) exists only under its own.
    pub async fn get_plan_in(&self, category: Category, id: &PlanId) -> DomainResult<Plan> {
        match self.get_plan(id).await {
            Ok(plan) if plan.category == category => Ok(plan),
            Ok(_) => Err(DomainError::not_found(format!("plan {}", id.as_str()))),
            Err(e) => Err(e),
        }
    }

    pub async fn list_therapists(&self) -> DomainResult<Vec<Therapist>> {
        self.repo.list_therapists().await
    }

    /// Every plan and therapist, inactive ones too (for operators).
    pub async fn everything(&self) -> DomainResult<(Vec<Plan>, Vec<Therapist>)> {
        self.repo.everything().await
    }

    /// Takes a plan off sale or puts it back, recorded by `audit` (of the plan before and
    /// after) in the same transaction. Plans are never deleted: orders point at them.
    pub async fn set_plan_active(
        &self,
        id: &PlanId,
        active: bool,
        audit: impl FnOnce(&Plan, &Plan) -> AuditEntry,
    ) -> DomainResult<Plan> {
        self.change_plan(id, |p| p.active = active, audit).await
    }

    /// Changes a plan, checked like an imported one and recorded by `audit` in the same
    /// transaction. Orders already made keep the price they were made at (their estimate is
    /// theirs); only new orders see the change.
    pub async fn change_plan(
        &self,
        id: &PlanId,
        change: impl FnOnce(&mut Plan),
        audit: impl FnOnce(&Plan, &Plan) -> AuditEntry,
    ) -> DomainResult<Plan> {
        let before = self.get_plan(id).await?;
        let mut after = before.clone();
        change(&mut after);
        if after != before {
            let entry = audit(&before, &after);
            self.import_audited(std::slice::from_ref(&after), &[], Some(&entry))
                .await?;
        }
        Ok(after)
    }

    /// A therapist by id, active or not.
    pub async fn therapist(&self, id: &str) -> DomainResult<Therapist> {
        self.everything()
            .await?
            .1
            .into_iter()
            .find(|t| t.id == id.trim())
            .ok_or_else(|| DomainError::not_found(format!("therapist {}", id.trim())))
    }

    /// Changes a therapist (her hours, or whether she takes bookings), recorded by `audit` in
    /// the same transaction; she is checked like an imported one. Deactivated, she leaves the
    /// finder; bookings she has keep her.
    pub async fn change_therapist(
        &self,
        id: &str,
        change: impl FnOnce(&mut Therapist),
        audit: impl FnOnce(&Therapist, &Therapist) -> AuditEntry,
    ) -> DomainResult<Therapist> {
        let before = self.therapist(id).await?;
        let mut after = before.clone();
        change(&mut after);
        if after != before {
            let entry = audit(&before, &after);
            self.import_audited(&[], std::slice::from_ref(&after), Some(&entry))
                .await?;
        }
        Ok(after)
    }

    /// Validates every entry first, so a bad file changes nothing.
    pub async fn import(&self, plans: &[Plan], therapists: &[Therapist]) -> DomainResult<()> {
        self.import_audited(plans, therapists, None).await
    }

    /// Each category's seasons (a category without any is left out).
    pub async fn category_seasons(&self) -> DomainResult<Vec<(Category, Vec<Season>)>> {
        self.repo.category_seasons().await
    }

    /// Replaces `category`'s seasons, with the admin's audit entry.
    pub(crate) async fn set_category_seasons(
        &self,
        category: Category,
        seasons: &[Season],
        audit: &AuditEntry,
    ) -> DomainResult<()> {
        self.repo
            .set_category_seasons(category, seasons, audit)
            .await
    }

    /// `import`, with the operator's action in the audit log in the same transaction.
    pub async fn import_audited(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
        audit: Option<&AuditEntry>,
    ) -> DomainResult<()> {
        self.import_file(plans, therapists, &[], audit).await
    }

    /// `import_audited`, with the seasons of each category the file names.
    pub async fn import_file(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
        category_seasons: &[(Category, Vec<Season>)],
        audit: Option<&AuditEntry>,
    ) -> DomainResult<()> {
        for (_, seasons) in category_seasons {
            super::check_seasons(seasons)?;
        }
        for t in therapists {
            t.validate().map_err(|e| match e {
                DomainError::InvalidArgument { field, message } => {
                    DomainError::invalid(format!("therapists[{}].{field}", t.id), message)
                }
                other => other,
            })?;
        }
        for plan in plans {
            plan.validate().map_err(|e| match e {
                DomainError::InvalidArgument { field, message } => {
                    DomainError::invalid(format!("plans[{}].{field}", plan.id.as_str()), message)
                }
                other => other,
            })?;
        }
        self.repo
            .import_file(plans, therapists, category_seasons, audit)
            .await
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

#[cfg(test)]
mod tests {

    use super::*;
    use crate::error::msg;

    fn charter(id: &str, price: i64) -> Plan {
        crate::testing::plan(id, Category::Charter, price)
    }

    fn service() -> CatalogService {
        CatalogService::new(Arc::new(crate::testing::Catalog::default()))
    }

    #[tokio::test]
    async fn every_category_is_listed_in_home_page_order() {
        let s = service();
        s.import(&[charter("charter-4h", 1_200_000)], &[])
            .await
            .unwrap();
        let list = s.list_categories().await.unwrap();
        let order: Vec<Category> = list.iter().map(|c| c.category).collect();
        assert_eq!(order, Category::ALL);
        assert_eq!(list[1].plan_count, 1);
        assert_eq!(list[0].from_price, None);
    }

    #[tokio::test]
    async fn every_plan_handed_out_carries_the_configured_cancellation_terms() {
        let terms = CancellationPolicy {
            free_until_hours: 48,
            late_fee_percent: 30,
        };
        let s = service().with_cancellation(terms);
        s.import(&[charter("charter-4h", 1_200_000)], &[])
            .await
            .unwrap();
        let id = PlanId::parse("charter-4h").unwrap();
        assert_eq!(s.get_plan(&id).await.unwrap().cancellation, terms);
        let listed = s.all_plans(Category::Charter).await.unwrap();
        assert_eq!(listed[0].cancellation, terms);
    }

    #[tokio::test]
    async fn all_plans_follows_every_page() {
        let s = service();
        let plans: Vec<Plan> = (0..250)
            .map(|i| charter(&format!("c-{i}"), 1_000))
            .collect();
        s.import(&plans, &[]).await.unwrap();
        assert_eq!(s.all_plans(Category::Charter).await.unwrap().len(), 250);
    }

    #[tokio::test]
    async fn a_plan_is_found_only_under_its_own_category() {
        let s = service();
        s.import(&[charter("charter-4h", 1_200_000)], &[])
            .await
            .unwrap();
        let id = PlanId::parse("charter-4h").unwrap();
        assert!(s.get_plan_in(Category::Charter, &id).await.is_ok());
        assert!(matches!(
            s.get_plan_in(Category::Shuttle, &id).await,
            Err(DomainError::NotFound { .. })
        ));
        assert!(matches!(
            s.get_plan(&PlanId::parse("nope").unwrap()).await,
            Err(DomainError::NotFound { .. })
        ));
    }

    #[tokio::test]
    async fn an_import_with_one_bad_plan_stores_nothing_and_names_it() {
        let s = service();
        let mut bad = charter("charter-bad", 1_000);
        bad.vehicle = None;
        let err = s
            .import(&[charter("charter-ok", 1_000), bad], &[])
            .await
            .unwrap_err();
        assert_eq!(
            err,
            DomainError::invalid("plans[charter-bad].vehicle", msg("catalog.vehicle"))
        );
        assert!(s.all_plans(Category::Charter).await.unwrap().is_empty());
        assert!(
            s.seed_if_empty(&[charter("charter-ok", 1_000)], &[])
                .await
                .unwrap()
        );
        assert!(
            !s.seed_if_empty(&[charter("charter-2", 1_000)], &[])
                .await
                .unwrap()
        );
    }
}
