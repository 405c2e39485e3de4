//! Admins keep the codes; anyone may ask what a code takes off a purchase. The use itself is taken
//! with the order (`PromoStore::take`), whose write decides.

use std::sync::Arc;

use super::model::{PromoCode, PromoCodeId, Purchase};
use super::ports::{PromoStore, PromoSummary};
use crate::audit::{Auditor, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::{Clock, Money, Randomness, UserId};

pub struct PromoService {
    store: Arc<dyn PromoStore>,
    clock: Arc<dyn Clock>,
    audit: Auditor,
}

/// A code's rules in a line of the audit log.
fn snapshot(code: &PromoCode) -> String {
    let r = &code.rules;
    format!(
        "{:?} min={} categories={:?} plans={:?} from={} until={} total={:?} per={} first={} active={}",
        r.discount,
        r.min_spend.amount(),
        r.categories,
        r.plans,
        r.valid_from.naive(),
        r.valid_until.naive(),
        r.total_uses,
        r.uses_per_customer,
        r.first_order_only,
        code.active,
    )
}

impl PromoService {
    pub fn new(
        store: Arc<dyn PromoStore>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
    ) -> Self {
        Self {
            store,
            audit: Auditor::new(clock.clone(), random),
            clock,
        }
    }

    /// Adds a code; one of the same name is refused (ALREADY_EXISTS as a conflict).
    pub async fn create(&self, by: &Staff, code: &PromoCode) -> DomainResult<()> {
        by.require_admin()?;
        code.rules.validate()?;
        let target = format!("promo:{}", code.code.as_str());
        let audit = self.audit.entry(
            by,
            "promo.create",
            target,
            String::new(),
            snapshot(code),
            "",
        );
        if !self.store.create(code, &audit, self.clock.now()).await? {
            return Err(DomainError::Conflict(
                msg("promo.exists").with("code", code.code.as_str()),
            ));
        }
        Ok(())
    }

    /// Saves a code's rules and whether it is on.
    pub async fn save(&self, by: &Staff, code: &PromoCode) -> DomainResult<()> {
        by.require_admin()?;
        code.rules.validate()?;
        let before =
            self.store.get(&code.code).await?.ok_or_else(|| {
                DomainError::not_found(format!("promo code {}", code.code.as_str()))
            })?;
        let target = format!("promo:{}", code.code.as_str());
        let audit = self.audit.entry(
            by,
            "promo.update",
            target,
            snapshot(&before),
            snapshot(code),
            "",
        );
        if !self.store.save(code, &audit, self.clock.now()).await? {
            return Err(DomainError::not_found(format!(
                "promo code {}",
                code.code.as_str()
            )));
        }
        Ok(())
    }

    /// Every code with its uses and what it cost, for admins.
    pub async fn list(&self, by: &Staff) -> DomainResult<Vec<PromoSummary>> {
        by.require_admin()?;
        self.store.list().await
    }

    /// What `code` takes off `customer`'s purchase now, or why not (FAILED_PRECONDITION with the
    /// rule's words; a code that is not one, INVALID_ARGUMENT on the field).
    pub async fn quote(
        &self,
        customer: &UserId,
        code: &str,
        purchase: &Purchase<'_>,
    ) -> DomainResult<(PromoCode, Money)> {
        let id = PromoCodeId::parse(code)?;
        let Some(found) = self.store.get(&id).await? else {
            return Err(DomainError::FailedPrecondition(
                msg("promo.unknown").with("code", id.as_str()),
            ));
        };
        let uses = self.store.uses(&id, customer).await?;
        let off = found
            .discount_for(purchase, &uses)
            .map_err(DomainError::FailedPrecondition)?;
        Ok((found, off))
    }
}
