//! Promo codes in SQL. A code's row counts its uses, so a use is taken by one conditional update
//! of that row (`used < total_uses`), which also locks it: the customer's own uses are counted
//! after the lock, so of parallel takers exactly as many as the code has left get one, and no
//! customer more than their share, on either database and any number of nodes.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::catalog::Category;
use domain::ordering::OrderId;
use domain::promotions::{
    Discount, PromoCode, PromoCodeId, PromoRules, PromoStore, PromoSummary, PromoUse, TakeError,
    Uses,
};
use domain::shared::{LocalTime, Money, Unit, UserId};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::{promo_code, promo_customer_use, promo_use};
use crate::stores::live::SqlWork;

pub struct SqlPromoStore {
    db: DatabaseConnection,
}

impl SqlPromoStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn to_row(c: &PromoCode, at: DateTime<Utc>) -> promo_code::ActiveModel {
    let r = &c.rules;
    let (kind, percent, amount) = match r.discount {
        Discount::Percent { percent, cap } => ("percent", percent, cap.map(Money::amount)),
        Discount::Fixed(amount) => ("fixed", 0, Some(amount.amount())),
    };
    let count = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
    promo_code::ActiveModel {
        code: Set(c.code.as_str().to_owned()),
        kind: Set(kind.to_owned()),
        percent: Set(count(percent)),
        amount_vnd: Set(amount),
        min_spend_vnd: Set(r.min_spend.amount()),
        categories: Set(r
            .categories
            .iter()
            .map(|c| c.slug())
            .collect::<Vec<_>>()
            .join(",")),
        plans: Set(r.plans.join(",")),
        valid_from_ms: Set(ms(r.valid_from.instant())),
        valid_until_ms: Set(ms(r.valid_until.instant())),
        total_uses: Set(r.total_uses.map(count)),
        uses_per_customer: Set(count(r.uses_per_customer)),
        first_order_only: Set(r.first_order_only),
        active: Set(c.active),
        used: sea_orm::NotSet,
        created_at_ms: Set(ms(at)),
        updated_at_ms: Set(ms(at)),
    }
}

fn from_row(row: &promo_code::Model) -> DomainResult<PromoCode> {
    let bad = |e: &dyn std::fmt::Display| corrupt("promo code", e.to_string());
    let count = |n: i32| u32::try_from(n).map_err(|e| bad(&e));
    let discount = match (row.kind.as_str(), row.amount_vnd) {
        ("percent", cap) => Discount::Percent {
            percent: count(row.percent)?,
            cap: cap.map(Money::vnd),
        },
        ("fixed", Some(amount)) => Discount::Fixed(Money::vnd(amount)),
        (kind, _) => return Err(bad(&kind)),
    };
    let list = |s: &str| -> Vec<String> {
        s.split(',')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let categories = list(&row.categories)
        .iter()
        .map(|slug| Category::from_slug(slug).map_err(|e| bad(&e)))
        .collect::<DomainResult<_>>()?;
    Ok(PromoCode {
        code: PromoCodeId::parse(&row.code).map_err(|e| bad(&e))?,
        rules: PromoRules {
            discount,
            min_spend: Money::vnd(row.min_spend_vnd),
            categories,
            plans: list(&row.plans),
            valid_from: LocalTime::of(instant(row.valid_from_ms)?),
            valid_until: LocalTime::of(instant(row.valid_until_ms)?),
            total_uses: row.total_uses.map(count).transpose()?,
            uses_per_customer: count(row.uses_per_customer)?,
            first_order_only: row.first_order_only,
        },
        active: row.active,
    })
}

/// A use not given back.
fn standing() -> sea_orm::Condition {
    sea_orm::Condition::all().add(promo_use::Column::GivenBackAtMs.is_null())
}

/// The customer's uses of `code` that stand, read on `db`.
/// The customer's uses of `code` that stand, as their counter row has them.
async fn customer_uses(
    db: &impl ConnectionTrait,
    code: &str,
    customer: &str,
) -> Result<u64, sea_orm::DbErr> {
    let row = promo_customer_use::Entity::find_by_id((code.to_owned(), customer.to_owned()))
        .one(db)
        .await?;
    Ok(row.map_or(0, |r| u64::try_from(r.used).unwrap_or(0)))
}

/// Moves the customer's counter of `code` by `by` (one taken, or given back).
fn count_customer(
    code: &str,
    customer: &str,
    by: i32,
) -> sea_orm::UpdateMany<promo_customer_use::Entity> {
    promo_customer_use::Entity::update_many()
        .col_expr(
            promo_customer_use::Column::Used,
            Expr::col(promo_customer_use::Column::Used).add(by),
        )
        .filter(promo_customer_use::Column::Code.eq(code))
        .filter(promo_customer_use::Column::Customer.eq(customer))
}

#[async_trait]
impl PromoStore for SqlPromoStore {
    async fn create(
        &self,
        code: &PromoCode,
        audit: &AuditEntry,
        at: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        let mut row = to_row(code, at);
        row.used = Set(0);
        let inserted = promo_code::Entity::insert(row)
            .on_conflict_do_nothing()
            .exec(&txn)
            .await
            .map_err(storage)?;
        if matches!(inserted, sea_orm::TryInsertResult::Conflicted) {
            return Ok(false);
        }
        insert_audit(&txn, audit).await.map_err(storage)?;
        txn.commit().await.map_err(storage)?;
        Ok(true)
    }

    async fn save(
        &self,
        code: &PromoCode,
        audit: &AuditEntry,
        at: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        let mut row = to_row(code, at);
        // Its key is the filter, and it keeps the day it was made.
        row.code = sea_orm::NotSet;
        row.created_at_ms = sea_orm::NotSet;
        let updated = promo_code::Entity::update_many()
            .set(row)
            .filter(promo_code::Column::Code.eq(code.code.as_str()))
            .exec(&txn)
            .await
            .map_err(storage)?;
        if updated.rows_affected != 1 {
            return Ok(false);
        }
        insert_audit(&txn, audit).await.map_err(storage)?;
        txn.commit().await.map_err(storage)?;
        Ok(true)
    }

    async fn get(&self, code: &PromoCodeId) -> DomainResult<Option<PromoCode>> {
        promo_code::Entity::find_by_id(code.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .as_ref()
            .map(from_row)
            .transpose()
    }

    async fn list(&self) -> DomainResult<Vec<PromoSummary>> {
        let rows = promo_code::Entity::find()
            .order_by_desc(promo_code::Column::CreatedAtMs)
            .order_by_asc(promo_code::Column::Code)
            .all(&self.db)
            .await
            .map_err(storage)?;
        let costs: Vec<(String, Option<i64>)> = promo_use::Entity::find()
            .select_only()
            .column(promo_use::Column::Code)
            .column_as(
                Expr::col(promo_use::Column::DiscountVnd)
                    .sum()
                    .cast_as("bigint"),
                "cost",
            )
            .filter(standing())
            .group_by(promo_use::Column::Code)
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        rows.iter()
            .map(|row| {
                let cost = costs
                    .iter()
                    .find(|(c, _)| *c == row.code)
                    .and_then(|(_, cost)| *cost)
                    .unwrap_or(0);
                Ok(PromoSummary {
                    code: from_row(row)?,
                    used: u32::try_from(row.used).unwrap_or(0),
                    cost: Money::vnd(cost),
                })
            })
            .collect()
    }

    async fn uses(&self, code: &PromoCodeId, customer: &UserId) -> DomainResult<Uses> {
        let total = promo_code::Entity::find_by_id(code.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map_or(0, |row| row.used);
        let mine = customer_uses(&self.db, code.as_str(), customer.as_str())
            .await
            .map_err(storage)?;
        // Whether they have ordered is all a rule asks.
        let ordered = crate::stores::orders::has_purchase(&self.db, customer).await?;
        Ok(Uses {
            total: u32::try_from(total).unwrap_or(0),
            by_customer: u32::try_from(mine).unwrap_or(u32::MAX),
            has_ordered: ordered,
        })
    }

    async fn take(&self, unit: &mut Unit, used: &PromoUse) -> Result<(), TakeError> {
        let work = SqlWork::of(unit)?;
        let txn = work.txn();
        let code = used.code.as_str();
        // The lock first: a use of this code waits here for any other's commit.
        let taken = promo_code::Entity::update_many()
            .col_expr(
                promo_code::Column::Used,
                Expr::col(promo_code::Column::Used).add(1),
            )
            .filter(promo_code::Column::Code.eq(code))
            .filter(promo_code::Column::Active.eq(true))
            .filter(
                sea_orm::Condition::any()
                    .add(promo_code::Column::TotalUses.is_null())
                    .add(
                        Expr::col(promo_code::Column::Used)
                            .lt(Expr::col(promo_code::Column::TotalUses)),
                    ),
            )
            .exec(txn)
            .await
            .map_err(storage)?;
        let row = promo_code::Entity::find_by_id(code)
            .one(txn)
            .await
            .map_err(storage)?;
        let Some(row) = row.filter(|r| r.active) else {
            return Err(TakeError::Unknown);
        };
        if taken.rows_affected != 1 {
            return Err(TakeError::UsedUp);
        }
        // The customer's row next: created at nought the first time, then counted under its lock.
        promo_customer_use::Entity::insert(promo_customer_use::ActiveModel {
            code: Set(code.to_owned()),
            customer: Set(used.customer.as_str().to_owned()),
            used: Set(0),
        })
        .on_conflict_do_nothing()
        .exec_without_returning(txn)
        .await
        .map_err(storage)?;
        let mine = count_customer(code, used.customer.as_str(), 1)
            .filter(promo_customer_use::Column::Used.lt(row.uses_per_customer))
            .exec(txn)
            .await
            .map_err(storage)?;
        if mine.rows_affected != 1 {
            // The count taken with the lock goes back, so the unit stays true even if committed.
            promo_code::Entity::update_many()
                .col_expr(
                    promo_code::Column::Used,
                    Expr::col(promo_code::Column::Used).sub(1),
                )
                .filter(promo_code::Column::Code.eq(code))
                .exec(txn)
                .await
                .map_err(storage)?;
            return Err(TakeError::AlreadyUsed);
        }
        // An order that gave a use back (another code, or the same again) takes its row anew.
        promo_use::Entity::delete_many()
            .filter(promo_use::Column::OrderId.eq(used.order.as_str()))
            .filter(promo_use::Column::GivenBackAtMs.is_not_null())
            .exec(txn)
            .await
            .map_err(storage)?;
        promo_use::Entity::insert(promo_use::ActiveModel {
            order_id: Set(used.order.as_str().to_owned()),
            code: Set(code.to_owned()),
            customer: Set(used.customer.as_str().to_owned()),
            discount_vnd: Set(used.discount.amount()),
            taken_at_ms: Set(ms(used.at)),
            given_back_at_ms: Set(None),
        })
        .exec(txn)
        .await
        .map_err(storage)?;
        Ok(())
    }

    async fn give_back(
        &self,
        unit: &mut Unit,
        order: &OrderId,
        at: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let work = SqlWork::of(unit)?;
        let txn = work.txn();
        let Some(row) = promo_use::Entity::find_by_id(order.as_str())
            .filter(standing())
            .one(txn)
            .await
            .map_err(storage)?
        else {
            return Ok(false);
        };
        let given = promo_use::Entity::update_many()
            .col_expr(promo_use::Column::GivenBackAtMs, Expr::value(ms(at)))
            .filter(promo_use::Column::OrderId.eq(order.as_str()))
            .filter(standing())
            .exec(txn)
            .await
            .map_err(storage)?;
        if given.rows_affected != 1 {
            return Ok(false);
        }
        promo_code::Entity::update_many()
            .col_expr(
                promo_code::Column::Used,
                Expr::col(promo_code::Column::Used).sub(1),
            )
            .filter(promo_code::Column::Code.eq(&row.code))
            .exec(txn)
            .await
            .map_err(storage)?;
        count_customer(&row.code, &row.customer, -1)
            .exec(txn)
            .await
            .map_err(storage)?;
        Ok(true)
    }
}
