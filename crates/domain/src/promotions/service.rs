//! Admins keep the codes; anyone may ask what a code takes off a purchase; a customer puts one on
//! an unpaid order, its use taken in the order's own write (`PromoStore::take`), which decides.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{PromoCode, PromoCodeId, Purchase};
use super::ports::{PromoStore, PromoSummary, PromoUse, TakeError};
use crate::audit::{Auditor, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Order, OrderId, OrderStore, UnpaidClaims, store_error, write_in};
use crate::shared::{Clock, Money, Randomness, Unit, UserId};

#[derive(Clone)]
pub struct PromoService {
    store: Arc<dyn PromoStore>,
    orders: Arc<dyn OrderStore>,
    clock: Arc<dyn Clock>,
    audit: Auditor,
}

/// Gives an unpaid order's use back when the order lapses, is cancelled or drops its code: the
/// ordering side's `UnpaidClaims`, answered here.
pub struct PromoClaims(pub Arc<dyn PromoStore>);

#[async_trait]
impl UnpaidClaims for PromoClaims {
    async fn release(
        &self,
        unit: &mut Unit,
        order: &OrderId,
        at: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.0.give_back(unit, order, at).await.map(drop)
    }
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
        orders: Arc<dyn OrderStore>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
    ) -> Self {
        Self {
            store,
            orders,
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

    /// Puts `code` on the customer's unpaid order: its discount becomes the last line of the
    /// order's price, and one use is taken in the order's own write (of parallel takers of a last
    /// use, one has it, on any node). A code the order had is given back in the same write; the
    /// same code again answers the order as it is.
    pub async fn apply(&self, customer: &UserId, id: &OrderId, code: &str) -> DomainResult<Order> {
        let mut order = self.owned(customer, id).await?;
        let code = PromoCodeId::parse(code)?;
        let now = self.clock.now();
        order.require_price_open(now)?;
        if order
            .estimate
            .promo()
            .is_some_and(|(on, _)| on == code.as_str())
        {
            return Ok(order);
        }
        let purchase = Purchase {
            category: order.category,
            plan_id: order.plan_id.as_str(),
            subtotal: order.estimate.subtotal(),
            at: now,
        };
        let (found, off) = self.quote(customer, code.as_str(), &purchase).await?;
        let had_one = order.estimate.promo().is_some();
        order.apply_promo(code.as_str(), off, now)?;
        let Some((_, off)) = order.estimate.promo() else {
            // Too small a purchase for the code to take anything off.
            return Err(DomainError::FailedPrecondition(
                msg("promo.nothing_off").with("code", code.as_str()),
            ));
        };
        let used = PromoUse {
            code: found.code.clone(),
            order: order.id.clone(),
            customer: customer.clone(),
            discount: off,
            at: now,
        };
        // The order first, the code's row last: every taker of the code waits on that row, so it
        // is held from its update to the commit and no longer.
        let mut unit = self.orders.begin().await?;
        self.orders
            .save_in(&mut unit, &order)
            .await
            .map_err(store_error)?;
        if had_one {
            self.store.give_back(&mut unit, &order.id, now).await?;
        }
        self.store
            .take(&mut unit, &used)
            .await
            .map_err(|e| refused(e, code.as_str()))?;
        unit.commit().await?;
        order.version += 1;
        Ok(order)
    }

    /// Takes the code off the customer's unpaid order and gives its use back, in one write; an
    /// order without one is answered as it is.
    pub async fn remove(&self, customer: &UserId, id: &OrderId) -> DomainResult<Order> {
        let mut order = self.owned(customer, id).await?;
        let now = self.clock.now();
        if !order.remove_promo(now)? {
            return Ok(order);
        }
        let mut unit = self.orders.begin().await?;
        self.store.give_back(&mut unit, &order.id, now).await?;
        write_in(&*self.orders, unit, &mut order).await?;
        Ok(order)
    }

    async fn owned(&self, customer: &UserId, id: &OrderId) -> DomainResult<Order> {
        match self.orders.get(id).await? {
            Some(order) if &order.owner == customer => Ok(order),
            _ => Err(DomainError::not_found("order")),
        }
    }
}

/// A take the store refused, in the rule's words.
fn refused(e: TakeError, code: &str) -> DomainError {
    let words = match e {
        TakeError::Unknown => msg("promo.unknown"),
        TakeError::UsedUp => msg("promo.used_up"),
        TakeError::AlreadyUsed => msg("promo.already_used"),
        TakeError::Other(e) => return e,
    };
    DomainError::FailedPrecondition(words.with("code", code))
}
