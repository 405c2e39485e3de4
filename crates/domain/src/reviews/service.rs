use std::collections::HashMap;
use std::sync::Arc;

use super::model::{Hidden, RatingSummary, Review, Subject, rating};
use super::ports::ReviewStore;
use crate::audit::{AuditEntry, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Order, OrderId, OrderStore};
use crate::shared::{Clock, Page, PageRequest, Randomness, UserId, lines, required_lines};

#[derive(Clone)]
pub struct ReviewService {
    orders: Arc<dyn OrderStore>,
    store: Arc<dyn ReviewStore>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
}

impl ReviewService {
    pub fn new(
        orders: Arc<dyn OrderStore>,
        store: Arc<dyn ReviewStore>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
    ) -> Self {
        Self {
            orders,
            store,
            clock,
            random,
        }
    }

    /// Rates one of the customer's completed orders, or changes the rating while it may change.
    /// Sent twice at once, the order still has one review: the later is taken as its edit.
    #[tracing::instrument(skip_all, fields(order = order_id.as_str()))]
    pub async fn submit(
        &self,
        owner: &UserId,
        order_id: &OrderId,
        stars: u32,
        comment: &str,
    ) -> DomainResult<Review> {
        let stars = rating(stars)?;
        let comment = lines("comment", comment, Review::COMMENT_MAX)?;
        let order = self.own_order(owner, order_id).await?;
        let now = self.clock.now();
        if self.store.get(order_id).await?.is_none() {
            let review = Review::first(&order, stars, comment.clone(), now, &self.random.id())?;
            if self.store.insert(&review).await? {
                return Ok(review);
            }
        }
        let current = self
            .store
            .get(order_id)
            .await?
            .ok_or_else(|| DomainError::not_found("review"))?;
        let review = current.edited(stars, comment, now)?;
        if !self.store.update(&review).await? {
            return Err(DomainError::FailedPrecondition(msg("review.hidden")));
        }
        Ok(review)
    }

    /// The customer's review of their order, if written.
    pub async fn of_order(
        &self,
        owner: &UserId,
        order_id: &OrderId,
    ) -> DomainResult<Option<Review>> {
        self.own_order(owner, order_id).await?;
        self.store.get(order_id).await
    }

    /// Whether its customer may change it now (the order page offers the form only then).
    pub fn editable(&self, review: &Review) -> bool {
        review.editable(self.clock.now())
    }

    /// What other travellers read: the shown reviews, newest first.
    pub async fn list(&self, subject: &Subject, page: &PageRequest) -> DomainResult<Page<Review>> {
        self.store.list(subject, page).await
    }

    /// The count and average of what `list` shows.
    pub async fn summary(&self, subject: &Subject) -> DomainResult<RatingSummary> {
        let (table, id) = match subject {
            Subject::Plan(p) => (self.store.plan_summaries().await?, p.as_str()),
            Subject::Therapist(t) => (self.store.therapist_summaries().await?, t.as_str()),
        };
        Ok(table.get(id).copied().unwrap_or_default())
    }

    pub async fn plan_summaries(&self) -> DomainResult<HashMap<String, RatingSummary>> {
        self.store.plan_summaries().await
    }

    pub async fn therapist_summaries(&self) -> DomainResult<HashMap<String, RatingSummary>> {
        self.store.therapist_summaries().await
    }

    /// Every review, for operators.
    pub async fn all(
        &self,
        hidden: Option<bool>,
        page: &PageRequest,
    ) -> DomainResult<Page<Review>> {
        self.store.all(hidden, page).await
    }

    /// Takes a review off the pages. The reason is required: the customer is told it. Hiding a
    /// hidden review changes nothing and writes nothing.
    #[tracing::instrument(skip_all, fields(order = order_id.as_str()))]
    pub async fn hide(&self, by: &Staff, order_id: &OrderId, reason: &str) -> DomainResult<Review> {
        let reason = required_lines(
            "reason",
            reason,
            Review::REASON_MAX,
            msg("review.reason_required"),
        )?;
        let review = self
            .store
            .get(order_id)
            .await?
            .ok_or_else(|| DomainError::not_found("review"))?;
        if review.hidden.is_some() {
            return Ok(review);
        }
        let order = self
            .orders
            .get(order_id)
            .await?
            .ok_or_else(|| DomainError::not_found("order"))?;
        let now = self.clock.now();
        let hidden = Review {
            hidden: Some(Hidden {
                at: now,
                reason: reason.clone(),
            }),
            ..review.clone()
        };
        let audit = AuditEntry::new(
            self.random.as_ref(),
            now,
            by,
            "review.hide",
            format!("review:{}", order_id.as_str()),
            format!("{}★ {}", review.rating, review.comment),
            "hidden".to_owned(),
            &reason,
        );
        if !self.store.hide(&hidden, &order.plan_name, &audit).await? {
            return self
                .store
                .get(order_id)
                .await?
                .ok_or_else(|| DomainError::not_found("review"));
        }
        Ok(hidden)
    }

    /// Someone else's order is not found, as if it did not exist.
    async fn own_order(&self, owner: &UserId, id: &OrderId) -> DomainResult<Order> {
        match self.orders.get(id).await? {
            Some(order) if &order.owner == owner => Ok(order),
            _ => Err(DomainError::not_found("order")),
        }
    }
}
