//! Reviews in memory, with the SQL store's conditional writes.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;

use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::ordering::OrderId;
use crate::reviews::{RatingSummary, Review, ReviewStore, Subject};
use crate::shared::{Page, PageRequest};

#[derive(Default)]
pub(crate) struct MemoryReviews {
    pub reviews: Mutex<HashMap<OrderId, Review>>,
    /// What hiding wrote beside the review: its audit entry and the notice's plan name.
    pub hidings: Mutex<Vec<(AuditEntry, String)>>,
}

impl MemoryReviews {
    fn newest_first(&self, keep: impl Fn(&Review) -> bool, page: &PageRequest) -> Page<Review> {
        let mut items: Vec<Review> = self
            .reviews
            .lock()
            .unwrap()
            .values()
            .filter(|r| keep(r))
            .cloned()
            .collect();
        items.sort_by_key(|r| std::cmp::Reverse(r.created_at));
        items.truncate(page.size() as usize);
        Page {
            items,
            next_token: None,
        }
    }

    fn summaries(&self, key: impl Fn(&Review) -> &str) -> HashMap<String, RatingSummary> {
        let mut out: HashMap<String, RatingSummary> = HashMap::new();
        for r in self.reviews.lock().unwrap().values() {
            if r.hidden.is_none() && !key(r).is_empty() {
                let s = out.entry(key(r).to_owned()).or_default();
                s.count += 1;
                s.stars += u32::from(r.rating);
            }
        }
        out
    }
}

#[async_trait]
impl ReviewStore for MemoryReviews {
    async fn get(&self, order: &OrderId) -> DomainResult<Option<Review>> {
        Ok(self.reviews.lock().unwrap().get(order).cloned())
    }
    async fn insert(&self, review: &Review) -> DomainResult<bool> {
        let mut all = self.reviews.lock().unwrap();
        if all.contains_key(&review.order_id) {
            return Ok(false);
        }
        all.insert(review.order_id.clone(), review.clone());
        Ok(true)
    }
    async fn update(&self, review: &Review) -> DomainResult<bool> {
        let mut all = self.reviews.lock().unwrap();
        match all.get_mut(&review.order_id) {
            Some(r) if r.hidden.is_none() => {
                *r = review.clone();
                Ok(true)
            }
            _ => Ok(false),
        }
    }
    async fn hide(
        &self,
        review: &Review,
        plan_name: &str,
        audit: &AuditEntry,
    ) -> DomainResult<bool> {
        let mut all = self.reviews.lock().unwrap();
        match all.get_mut(&review.order_id) {
            Some(r) if r.hidden.is_none() => {
                r.hidden = review.hidden.clone();
                self.hidings
                    .lock()
                    .unwrap()
                    .push((audit.clone(), plan_name.to_owned()));
                Ok(true)
            }
            _ => Ok(false),
        }
    }
    async fn list(&self, subject: &Subject, page: &PageRequest) -> DomainResult<Page<Review>> {
        Ok(self.newest_first(
            |r| {
                r.hidden.is_none()
                    && match subject {
                        Subject::Plan(p) => &r.plan_id == p,
                        Subject::Therapist(t) => &r.therapist_id == t,
                    }
            },
            page,
        ))
    }
    async fn all(&self, hidden: Option<bool>, page: &PageRequest) -> DomainResult<Page<Review>> {
        Ok(self.newest_first(|r| hidden.is_none_or(|h| h == r.hidden.is_some()), page))
    }
    async fn plan_summaries(&self) -> DomainResult<HashMap<String, RatingSummary>> {
        Ok(self.summaries(|r| r.plan_id.as_str()))
    }
    async fn therapist_summaries(&self) -> DomainResult<HashMap<String, RatingSummary>> {
        Ok(self.summaries(|r| r.therapist_id.as_str()))
    }
}
