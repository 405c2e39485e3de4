//! Refund parts in SQL. A cancellation's settlement inserts them in its unit (`insert`), unique
//! per order and payment; after that every change is one update conditional on the part still
//! being open, so two nodes never send one part at once nor close it twice, and each announces
//! the order's change so its page reads the refund again.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::audit::AuditEntry;
use domain::live::Change;
use domain::ordering::OrderId;
use domain::payment::refund::{PayeeAccount, RefundId, RefundPart, RefundState, Route};
use domain::payment::{PaymentId, RefundStore, SettleError};
use domain::shared::{Money, Page, PageRequest, UserId};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, NotSet, QueryFilter,
    QueryOrder, QuerySelect, Set, SqlErr,
};

use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::refund_part::{self, Column};
use crate::sql::paging::oldest_first;
use crate::stores::live;

pub struct SqlRefundStore {
    db: DatabaseConnection,
}

impl SqlRefundStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

/// A refund's parts, in its settlement's transaction: a second part for an order's payment and
/// cause is `Stale` (the cancellation or change was made meanwhile).
pub(crate) async fn insert(
    db: &impl ConnectionTrait,
    parts: &[RefundPart],
) -> Result<(), SettleError> {
    for part in parts {
        if let Err(e) = refund_part::Entity::insert(to_row(part)).exec(db).await {
            return Err(match e.sql_err() {
                Some(SqlErr::UniqueConstraintViolation(_)) => SettleError::Stale,
                _ => storage(e).into(),
            });
        }
    }
    Ok(())
}

fn to_row(p: &RefundPart) -> refund_part::ActiveModel {
    refund_part::ActiveModel {
        id: Set(p.id.as_str().into()),
        order_id: Set(p.order.as_str().into()),
        owner: Set(p.owner.as_str().into()),
        payment_id: Set(p.payment.as_ref().map(|id| id.as_str().into())),
        cause: Set(p.cause.clone()),
        route: Set(p.route.code().into()),
        amount_vnd: Set(p.amount.amount()),
        state: Set(p.state.code().into()),
        account_bank: Set(p.account.as_ref().map(|a| a.bank.clone())),
        account_number: Set(p.account.as_ref().map(|a| a.number.clone())),
        account_holder: Set(p.account.as_ref().map(|a| a.holder.clone())),
        attempts: Set(i32::try_from(p.attempts).unwrap_or(i32::MAX)),
        next_at_ms: Set(ms(p.next_at)),
        lease_until_ms: Set(None),
        answer: Set(p.answer.clone()),
        created_at_ms: Set(ms(p.created_at)),
        done_at_ms: Set(p.done_at.map(ms)),
        closed_by: Set(p.closed_by.clone()),
    }
}

fn from_row(r: refund_part::Model) -> DomainResult<RefundPart> {
    let bad = |e: DomainError| corrupt("refund part", e);
    let account = match (r.account_bank, r.account_number, r.account_holder) {
        (Some(bank), Some(number), Some(holder)) => Some(PayeeAccount {
            bank,
            number,
            holder,
        }),
        _ => None,
    };
    Ok(RefundPart {
        id: RefundId::parse(&r.id).map_err(bad)?,
        order: OrderId::parse(&r.order_id).map_err(bad)?,
        owner: UserId::parse(&r.owner).map_err(bad)?,
        payment: r
            .payment_id
            .as_deref()
            .map(PaymentId::parse)
            .transpose()
            .map_err(bad)?,
        cause: r.cause,
        route: Route::from_code(&r.route).map_err(bad)?,
        amount: Money::vnd(r.amount_vnd),
        state: RefundState::from_code(&r.state).map_err(bad)?,
        account,
        attempts: u32::try_from(r.attempts).unwrap_or(0),
        next_at: instant(r.next_at_ms)?,
        answer: r.answer,
        created_at: instant(r.created_at_ms)?,
        done_at: r.done_at_ms.map(instant).transpose()?,
        closed_by: r.closed_by,
    })
}

/// An operator's task: a bank part to transfer, or any part that failed.
fn open_task() -> Condition {
    Condition::any()
        .add(
            Condition::all()
                .add(Column::Route.eq(Route::Bank.code()))
                .add(Column::State.eq(RefundState::Pending.code())),
        )
        .add(Column::State.eq(RefundState::Failed.code()))
}

impl SqlRefundStore {
    async fn rows(&self, ids: Vec<String>) -> DomainResult<Vec<RefundPart>> {
        refund_part::Entity::find()
            .filter(Column::Id.is_in(ids))
            .order_by_asc(Column::CreatedAtMs)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(from_row)
            .collect()
    }
}

#[async_trait]
impl RefundStore for SqlRefundStore {
    async fn get(&self, id: &RefundId) -> DomainResult<Option<RefundPart>> {
        refund_part::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(from_row)
            .transpose()
    }

    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<RefundPart>> {
        refund_part::Entity::find()
            .filter(Column::OrderId.eq(order.as_str()))
            .order_by_asc(Column::CreatedAtMs)
            .order_by_asc(Column::Id)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(from_row)
            .collect()
    }

    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> DomainResult<Vec<RefundPart>> {
        let free = || {
            Condition::any()
                .add(Column::LeaseUntilMs.is_null())
                .add(Column::LeaseUntilMs.lt(ms(now)))
        };
        let due: Vec<String> = refund_part::Entity::find()
            .select_only()
            .column(Column::Id)
            .filter(Column::State.eq(RefundState::Pending.code()))
            .filter(Column::Route.eq(Route::VnPay.code()))
            .filter(Column::NextAtMs.lte(ms(now)))
            .filter(free())
            .order_by_asc(Column::NextAtMs)
            .limit(u64::from(limit))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        let mut won = Vec::new();
        for id in due {
            // Taken only if no other node took it since it was read.
            let taken = refund_part::Entity::update_many()
                .col_expr(Column::LeaseUntilMs, Expr::value(ms(lease_until)))
                .col_expr(Column::Attempts, Expr::col(Column::Attempts).add(1))
                .filter(Column::Id.eq(id.as_str()))
                .filter(Column::State.eq(RefundState::Pending.code()))
                .filter(free())
                .exec(&self.db)
                .await
                .map_err(storage)?;
            if taken.rows_affected == 1 {
                won.push(id);
            }
        }
        self.rows(won).await
    }

    async fn answered(&self, part: &RefundPart) -> DomainResult<()> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        refund_part::Entity::update_many()
            .set(refund_part::ActiveModel {
                id: NotSet,
                ..to_row(part)
            })
            .filter(Column::Id.eq(part.id.as_str()))
            .filter(Column::State.eq(RefundState::Pending.code()))
            .exec(&*txn)
            .await
            .map_err(storage)?;
        let change = Change::order_part(part.owner.as_str(), &part.order);
        txn.commit(ms(part.done_at.unwrap_or(part.next_at)), &[change])
            .await
            .map_err(storage)
    }

    async fn tasks(&self, page: &PageRequest) -> DomainResult<Page<RefundPart>> {
        let query = refund_part::Entity::find().filter(open_task());
        let (rows, next_token) = oldest_first(
            &self.db,
            query,
            (Column::CreatedAtMs, Column::Id),
            page,
            |r| (r.created_at_ms, r.id.as_str()),
        )
        .await?;
        Ok(Page {
            items: rows
                .into_iter()
                .map(from_row)
                .collect::<DomainResult<_>>()?,
            next_token,
        })
    }

    async fn close(&self, part: &RefundPart, audit: &AuditEntry) -> DomainResult<bool> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        let closed = refund_part::Entity::update_many()
            .set(refund_part::ActiveModel {
                id: NotSet,
                ..to_row(part)
            })
            .filter(Column::Id.eq(part.id.as_str()))
            .filter(open_task())
            .exec(&*txn)
            .await
            .map_err(storage)?;
        if closed.rows_affected != 1 {
            txn.rollback().await.map_err(storage)?;
            return Ok(false);
        }
        insert_audit(&*txn, audit).await.map_err(storage)?;
        let change = Change::order_part(part.owner.as_str(), &part.order);
        txn.commit(ms(audit.at), &[change]).await.map_err(storage)?;
        Ok(true)
    }
}
