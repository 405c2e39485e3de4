//! Credit that expires in SQL: a row a lot with what is left of it, a row each draw on it. A
//! ledger entry's moves on its owner's lots (the domain's `LedgerEntry::lot_moves`) are applied in
//! the entry's transaction after the wallet's row is updated, so every write of an owner's lots
//! waits on that row as the balance does; each move is a conditional update that keeps the lot
//! between nothing and its grant, or fails the unit as stale.

use domain::ordering::OrderId;
use domain::payment::credit::{CreditLot, Draw, LotsNeeded};
use domain::payment::{Cause, LedgerEntry, SettleError};
use domain::shared::{Money, UserId};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::sql::common::{corrupt, instant, ms, storage};
use crate::sql::entities::{credit_draw, credit_lot};

pub(crate) fn lot_from_row(r: credit_lot::Model) -> DomainResult<CreditLot> {
    Ok(CreditLot {
        owner: UserId::parse(&r.owner).map_err(|e: DomainError| corrupt("credit lot", e))?,
        id: r.id,
        amount: Money::vnd(r.amount_vnd),
        left: Money::vnd(r.left_vnd),
        expires_at: instant(r.expires_at_ms)?,
    })
}

/// The owner's lots with something left, soonest to expire first.
pub(crate) async fn lots_of(
    db: &impl ConnectionTrait,
    owner: &UserId,
) -> DomainResult<Vec<CreditLot>> {
    credit_lot::Entity::find()
        .filter(credit_lot::Column::Owner.eq(owner.as_str()))
        .filter(credit_lot::Column::LeftVnd.gt(0))
        .order_by_asc(credit_lot::Column::ExpiresAtMs)
        .order_by_asc(credit_lot::Column::Id)
        .all(db)
        .await
        .map_err(storage)?
        .into_iter()
        .map(lot_from_row)
        .collect()
}

/// What `order` drew, net per lot, in the order it first drew on each.
async fn drawn_for(db: &impl ConnectionTrait, order: &OrderId) -> DomainResult<Vec<Draw>> {
    let rows = credit_draw::Entity::find()
        .filter(credit_draw::Column::OrderId.eq(order.as_str()))
        .order_by_asc(credit_draw::Column::Id)
        .all(db)
        .await
        .map_err(storage)?;
    let mut net: Vec<Draw> = Vec::new();
    for r in rows {
        match net.iter_mut().find(|d| d.lot == r.lot_id) {
            Some(d) => d.amount = Money::vnd(d.amount.amount() + r.amount_vnd),
            None => net.push(Draw {
                lot: r.lot_id,
                amount: Money::vnd(r.amount_vnd),
            }),
        }
    }
    net.retain(|d| d.amount > Money::ZERO);
    Ok(net)
}

/// Applies `e`'s moves on its owner's lots; last of the entry's writes but its own row.
pub(crate) async fn move_lots(
    db: &impl ConnectionTrait,
    e: &LedgerEntry,
    balance_after: Money,
) -> Result<(), SettleError> {
    let (lots, drawn) = match e.lots_needed() {
        LotsNeeded::Nothing => (Vec::new(), Vec::new()),
        LotsNeeded::Open => (lots_of(db, &e.owner).await?, Vec::new()),
        LotsNeeded::DrawnFor(order) => (Vec::new(), drawn_for(db, &order).await?),
    };
    let moves = e.lot_moves(&lots, &drawn, balance_after)?;
    let at = ms(e.at);
    if let Some(lot) = moves.opened {
        credit_lot::Entity::insert(credit_lot::ActiveModel {
            id: Set(lot.id),
            owner: Set(lot.owner.as_str().to_owned()),
            amount_vnd: Set(lot.amount.amount()),
            left_vnd: Set(lot.left.amount()),
            expires_at_ms: Set(ms(lot.expires_at)),
            created_at_ms: Set(at),
        })
        .exec(db)
        .await
        .map_err(|_| SettleError::Stale)?;
    }
    let order = match &e.cause {
        Cause::Payment { order, .. } => order.as_ref().map(|o| o.as_str().to_owned()),
        Cause::Order(order) => Some(order.as_str().to_owned()),
        _ => None,
    };
    for Draw { lot, amount } in moves.taken {
        let take = amount.amount();
        let left = Expr::col(credit_lot::Column::LeftVnd).sub(take);
        let moved = credit_lot::Entity::update_many()
            .col_expr(credit_lot::Column::LeftVnd, left.clone())
            .filter(credit_lot::Column::Id.eq(lot.as_str()))
            .filter(credit_lot::Column::Owner.eq(e.owner.as_str()))
            .filter(left.clone().gte(0))
            .filter(left.lte(Expr::col(credit_lot::Column::AmountVnd)))
            .exec(db)
            .await
            .map_err(storage)?;
        if moved.rows_affected != 1 {
            return Err(SettleError::Stale);
        }
        credit_draw::Entity::insert(credit_draw::ActiveModel {
            lot_id: Set(lot),
            order_id: Set(order.clone()),
            amount_vnd: Set(take),
            at_ms: Set(at),
            ..Default::default()
        })
        .exec(db)
        .await
        .map_err(storage)?;
    }
    Ok(())
}

/// Lots past their time at `at` with something left, at most `limit`.
pub(crate) async fn expired(
    db: &impl ConnectionTrait,
    at: chrono::DateTime<chrono::Utc>,
    limit: u32,
) -> DomainResult<Vec<CreditLot>> {
    credit_lot::Entity::find()
        .filter(credit_lot::Column::ExpiresAtMs.lte(ms(at)))
        .filter(credit_lot::Column::LeftVnd.gt(0))
        .order_by_asc(credit_lot::Column::ExpiresAtMs)
        .limit(u64::from(limit))
        .all(db)
        .await
        .map_err(storage)?
        .into_iter()
        .map(lot_from_row)
        .collect()
}
