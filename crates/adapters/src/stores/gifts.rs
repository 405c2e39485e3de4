//! Gift codes in SQL: a row each, redeemed by one conditional update of it (nobody has, its time
//! not past), so of parallel redeemers exactly one has it, on either database and any node.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::gifts::{BatchSummary, GiftCode, GiftCodeId, GiftStore, RedeemError, Redemption};
use domain::ordering::IdempotencyKey;
use domain::shared::{Money, Unit, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::gift_code;
use crate::stores::live::SqlWork;

pub struct SqlGiftStore {
    db: DatabaseConnection,
}

impl SqlGiftStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn from_row(r: gift_code::Model) -> DomainResult<GiftCode> {
    let redeemed = match (r.redeemed_by, r.redeemed_at_ms) {
        (Some(by), Some(at)) => Some((UserId::parse(&by)?, instant(at)?)),
        (None, None) => None,
        _ => return Err(corrupt("gift code", &r.code)),
    };
    Ok(GiftCode {
        code: GiftCodeId::parse(&r.code)?,
        batch: r.batch,
        amount: Money::vnd(r.amount_vnd),
        redeem_by: instant(r.redeem_by_ms)?,
        credit_days: r.credit_days.map(|d| u32::try_from(d).unwrap_or(0)),
        redeemed,
    })
}

#[async_trait]
impl GiftStore for SqlGiftStore {
    async fn issue(
        &self,
        codes: &[GiftCode],
        audit: &AuditEntry,
        at: DateTime<Utc>,
    ) -> DomainResult<()> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        // In slices, as a statement's parameters are bounded (SQLite's 32,766).
        for chunk in codes.chunks(200) {
            let rows = chunk.iter().map(|c| gift_code::ActiveModel {
                code: Set(c.code.as_str().to_owned()),
                batch: Set(c.batch.clone()),
                amount_vnd: Set(c.amount.amount()),
                redeem_by_ms: Set(ms(c.redeem_by)),
                credit_days: Set(c.credit_days.map(|d| i32::try_from(d).unwrap_or(i32::MAX))),
                redeemed_by: Set(None),
                redeemed_at_ms: Set(None),
                redeem_key: Set(None),
                created_at_ms: Set(ms(at)),
            });
            gift_code::Entity::insert_many(rows)
                .exec(&txn)
                .await
                .map_err(storage)?;
        }
        insert_audit(&txn, audit).await.map_err(storage)?;
        txn.commit().await.map_err(storage)
    }

    async fn get(&self, code: &GiftCodeId) -> DomainResult<Option<GiftCode>> {
        gift_code::Entity::find_by_id(code.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(from_row)
            .transpose()
    }

    async fn batch(&self, name: &str) -> DomainResult<Vec<GiftCode>> {
        gift_code::Entity::find()
            .filter(gift_code::Column::Batch.eq(name))
            .order_by_asc(gift_code::Column::CreatedAtMs)
            .order_by_asc(gift_code::Column::Code)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(from_row)
            .collect()
    }

    async fn batches(&self) -> DomainResult<Vec<BatchSummary>> {
        let rows: Vec<(String, i64, i64, i64, i64, Option<i32>, i64)> = gift_code::Entity::find()
            .select_only()
            .column(gift_code::Column::Batch)
            .column_as(gift_code::Column::Code.count(), "codes")
            .column_as(gift_code::Column::RedeemedBy.count(), "redeemed")
            .column_as(gift_code::Column::AmountVnd.max(), "amount")
            .column_as(gift_code::Column::RedeemByMs.max(), "redeem_by")
            .column_as(gift_code::Column::CreditDays.max(), "credit_days")
            .column_as(gift_code::Column::CreatedAtMs.min(), "issued")
            .group_by(gift_code::Column::Batch)
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        let mut batches = rows
            .into_iter()
            .map(|(name, codes, redeemed, amount, redeem_by, days, issued)| {
                Ok(BatchSummary {
                    name,
                    codes: u32::try_from(codes).unwrap_or(u32::MAX),
                    redeemed: u32::try_from(redeemed).unwrap_or(u32::MAX),
                    amount: Money::vnd(amount),
                    redeem_by: instant(redeem_by)?,
                    credit_days: days.map(|d| u32::try_from(d).unwrap_or(0)),
                    issued_at: instant(issued)?,
                })
            })
            .collect::<DomainResult<Vec<_>>>()?;
        batches.sort_by(|a, b| b.issued_at.cmp(&a.issued_at).then(a.name.cmp(&b.name)));
        Ok(batches)
    }

    async fn redeem(
        &self,
        unit: &mut Unit,
        code: &GiftCodeId,
        customer: &UserId,
        key: &IdempotencyKey,
        at: DateTime<Utc>,
    ) -> Result<Redemption, RedeemError> {
        let work = SqlWork::of(unit)?;
        let txn = work.txn();
        let taken = gift_code::Entity::update_many()
            .col_expr(
                gift_code::Column::RedeemedBy,
                Expr::value(customer.as_str()),
            )
            .col_expr(gift_code::Column::RedeemedAtMs, Expr::value(ms(at)))
            .col_expr(gift_code::Column::RedeemKey, Expr::value(key.as_str()))
            .filter(gift_code::Column::Code.eq(code.as_str()))
            .filter(gift_code::Column::RedeemedBy.is_null())
            .filter(gift_code::Column::RedeemByMs.gt(ms(at)))
            .exec(txn)
            .await
            .map_err(storage)?;
        let row = gift_code::Entity::find_by_id(code.as_str())
            .one(txn)
            .await
            .map_err(storage)?
            .ok_or(RedeemError::Unknown)?;
        let replay = row.redeem_key.as_deref() == Some(key.as_str());
        let mut found = from_row(row)?;
        if taken.rows_affected == 1 {
            return Ok(Redemption::First(found));
        }
        if replay
            && found
                .redeemed
                .as_ref()
                .is_some_and(|(by, _)| by == customer)
        {
            return Ok(Redemption::Replay(found));
        }
        // Not this write's: the rule says why, as the code stands.
        match found.redeem(customer, at) {
            Err(words) => Err(RedeemError::Refused(words)),
            Ok(_) => Err(RedeemError::Other(corrupt("gift code", code.as_str()))),
        }
    }
}
