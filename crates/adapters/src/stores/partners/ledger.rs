//! Partners' ledger in SQL: one row per entry under its key (`Earning::key`), so a job earns
//! once and a week is paid once, even when two admins click at the same moment on two nodes.

use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::ordering::OrderId;
use domain::partners::{Earning, EarningCause, Week};
use domain::shared::{Money, UserId};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, TryInsertResult,
};

use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::partner_earning;

/// Entries of the weeks `[from, until)`: one partner's, or everyone's.
pub(super) async fn ledger(
    db: &DatabaseConnection,
    partner: Option<&UserId>,
    from: Week,
    until: Week,
) -> DomainResult<Vec<Earning>> {
    let mut query = partner_earning::Entity::find()
        .filter(partner_earning::Column::Week.gte(from.code()))
        .filter(partner_earning::Column::Week.lt(until.code()));
    if let Some(p) = partner {
        query = query.filter(partner_earning::Column::PartnerId.eq(p.as_str()));
    }
    query
        .order_by_asc(partner_earning::Column::AtMs)
        .all(db)
        .await
        .map_err(storage)?
        .into_iter()
        .map(from_row)
        .collect()
}

/// The entry under `key`.
pub(super) async fn one(db: &DatabaseConnection, key: &str) -> DomainResult<Option<Earning>> {
    partner_earning::Entity::find_by_id(key)
        .one(db)
        .await
        .map_err(storage)?
        .map(from_row)
        .transpose()
}

/// The sum of a partner's entries.
pub(super) async fn owed(db: &DatabaseConnection, partner: &UserId) -> DomainResult<Money> {
    let sum: Option<Option<i64>> = partner_earning::Entity::find()
        .select_only()
        .column_as(
            Expr::col(partner_earning::Column::AmountVnd)
                .sum()
                .cast_as("bigint"),
            "owed",
        )
        .filter(partner_earning::Column::PartnerId.eq(partner.as_str()))
        .into_tuple()
        .one(db)
        .await
        .map_err(storage)?;
    Ok(Money::vnd(sum.flatten().unwrap_or(0)))
}

/// Writes an entry unless its key is there already: whether it was written.
pub(crate) async fn add(db: &impl ConnectionTrait, entry: &Earning) -> DomainResult<bool> {
    let written = partner_earning::Entity::insert(to_row(entry))
        .on_conflict_do_nothing()
        .exec_without_returning(db)
        .await
        .map_err(storage)?;
    Ok(matches!(written, TryInsertResult::Inserted(1)))
}

/// A payout with its audit entry, in one transaction; nothing when the week was paid already.
pub(super) async fn add_payout(
    db: &DatabaseConnection,
    payout: &Earning,
    audit: &AuditEntry,
) -> DomainResult<bool> {
    let txn = crate::sql::db::begin_write(db).await.map_err(storage)?;
    if !add(&txn, payout).await? {
        return Ok(false);
    }
    insert_audit(&txn, audit).await.map_err(storage)?;
    txn.commit().await.map_err(storage)?;
    Ok(true)
}

fn to_row(e: &Earning) -> partner_earning::ActiveModel {
    use sea_orm::Set;
    partner_earning::ActiveModel {
        entry_key: Set(e.key()),
        partner_id: Set(e.partner.as_str().to_owned()),
        cause: Set(e.cause.code().to_owned()),
        order_id: Set(e.order_id.as_ref().map(|o| o.as_str().to_owned())),
        service_at_ms: Set(e.service_at.map(ms)),
        amount_vnd: Set(e.amount.amount()),
        week: Set(e.week.code()),
        at_ms: Set(ms(e.at)),
        reference: Set(e.reference.clone()),
        by_actor: Set(e.by.clone()),
    }
}

fn from_row(r: partner_earning::Model) -> DomainResult<Earning> {
    Ok(Earning {
        partner: UserId::parse(&r.partner_id)?,
        cause: EarningCause::parse(&r.cause)?,
        order_id: r.order_id.as_deref().map(OrderId::parse).transpose()?,
        service_at: r.service_at_ms.map(instant).transpose()?,
        amount: Money::vnd(r.amount_vnd),
        week: Week::parse(&r.week).map_err(|e| corrupt("earning week", e))?,
        at: instant(r.at_ms)?,
        // A correction's request is the last part of its key (`Earning::key`).
        request: (r.cause == EarningCause::Correction.code()).then(|| {
            r.entry_key
                .rsplit(':')
                .next()
                .unwrap_or_default()
                .to_owned()
        }),
        reference: r.reference,
        by: r.by_actor,
    })
}
