//! Promo codes in memory, with the SQL store's rules: a use is checked against the code's limits
//! when taken and kept at the unit's commit.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::MemWork;
use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::ordering::OrderId;
use crate::promotions::{
    PromoCode, PromoCodeId, PromoStore, PromoSummary, PromoUse, TakeError, Uses,
};
use crate::shared::{Unit, UserId};

#[derive(Default, Clone)]
pub(crate) struct Books {
    pub codes: Vec<PromoCode>,
    /// By order; a use given back has its time.
    pub uses: HashMap<OrderId, (PromoUse, Option<DateTime<Utc>>)>,
    pub audit: Vec<AuditEntry>,
    /// Each customer's orders that count (`Uses::has_ordered`).
    pub orders_of: HashMap<UserId, u32>,
}

impl Books {
    fn standing<'a>(&'a self, code: &'a PromoCodeId) -> impl Iterator<Item = &'a PromoUse> + 'a {
        self.uses
            .values()
            .filter(move |(u, back)| back.is_none() && &u.code == code)
            .map(|(u, _)| u)
    }

    fn take(&mut self, used: &PromoUse) -> Result<(), TakeError> {
        let code = self
            .codes
            .iter()
            .find(|c| c.code == used.code && c.active)
            .ok_or(TakeError::Unknown)?;
        let total = self.standing(&used.code).count() as u32;
        if code.rules.total_uses.is_some_and(|t| total >= t) {
            return Err(TakeError::UsedUp);
        }
        let mine = self
            .standing(&used.code)
            .filter(|u| u.customer == used.customer)
            .count() as u32;
        if mine >= code.rules.uses_per_customer {
            return Err(TakeError::AlreadyUsed);
        }
        self.uses.insert(used.order.clone(), (used.clone(), None));
        Ok(())
    }
}

#[derive(Default)]
pub(crate) struct MemoryPromos {
    pub books: Arc<Mutex<Books>>,
}

#[async_trait]
impl PromoStore for MemoryPromos {
    async fn create(
        &self,
        code: &PromoCode,
        audit: &AuditEntry,
        _: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let mut books = self.books.lock().unwrap();
        if books.codes.iter().any(|c| c.code == code.code) {
            return Ok(false);
        }
        books.codes.push(code.clone());
        books.audit.push(audit.clone());
        Ok(true)
    }

    async fn save(
        &self,
        code: &PromoCode,
        audit: &AuditEntry,
        _: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let mut books = self.books.lock().unwrap();
        let Some(kept) = books.codes.iter_mut().find(|c| c.code == code.code) else {
            return Ok(false);
        };
        *kept = code.clone();
        books.audit.push(audit.clone());
        Ok(true)
    }

    async fn get(&self, code: &PromoCodeId) -> DomainResult<Option<PromoCode>> {
        let books = self.books.lock().unwrap();
        Ok(books.codes.iter().find(|c| &c.code == code).cloned())
    }

    async fn list(&self) -> DomainResult<Vec<PromoSummary>> {
        let books = self.books.lock().unwrap();
        Ok(books
            .codes
            .iter()
            .map(|c| PromoSummary {
                code: c.clone(),
                used: books.standing(&c.code).count() as u32,
                cost: books.standing(&c.code).map(|u| u.discount).sum(),
            })
            .collect())
    }

    async fn uses(&self, code: &PromoCodeId, customer: &UserId) -> DomainResult<Uses> {
        let books = self.books.lock().unwrap();
        Ok(Uses {
            total: books.standing(code).count() as u32,
            by_customer: books
                .standing(code)
                .filter(|u| &u.customer == customer)
                .count() as u32,
            has_ordered: books.orders_of.get(customer).is_some_and(|n| *n > 0),
        })
    }

    async fn take(&self, unit: &mut Unit, used: &PromoUse) -> Result<(), TakeError> {
        // Checked now on a copy, as the SQL store's write would fail now; kept at the commit.
        self.books.lock().unwrap().clone().take(used)?;
        let (books, used) = (self.books.clone(), used.clone());
        MemWork::of(unit).then(move || {
            books
                .lock()
                .unwrap()
                .take(&used)
                .map_err(|e| crate::DomainError::Unavailable(format!("{e:?}")))
        });
        Ok(())
    }

    async fn give_back(
        &self,
        unit: &mut Unit,
        order: &OrderId,
        at: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let standing = {
            let books = self.books.lock().unwrap();
            books
                .uses
                .get(order)
                .is_some_and(|(_, back)| back.is_none())
        };
        if standing {
            let (books, order) = (self.books.clone(), order.clone());
            MemWork::of(unit).then(move || {
                if let Some((_, back)) = books.lock().unwrap().uses.get_mut(&order) {
                    back.get_or_insert(at);
                }
                Ok(())
            });
        }
        Ok(standing)
    }
}
