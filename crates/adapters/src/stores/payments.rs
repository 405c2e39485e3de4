//! Payments and the v-coin ledger in SQL. A settlement is one transaction: the payment, its
//! order, the ledger entries and the bank notice commit together or not at all. The balance is
//! a row updated only where the result stays non-negative (and the column refuses less), so
//! concurrent spends serialise on it and the loser fails cleanly.

use async_trait::async_trait;
use domain::error::{Message, msg};
use domain::live::Change;
use domain::ordering::{IdempotencyKey, OrderId};
use domain::payment::credit::CreditLot;
use domain::payment::{
    BALANCE_MAX, Cause, EntryKind, LedgerEntry, Method, NOTES, Payment, PaymentId, PaymentState,
    PaymentStore, Purpose, RequestedChange, SettleError, Settlement,
};
use domain::shared::{Money, Page, PageRequest, Unit, UserId};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, NotSet, QueryFilter,
    QueryOrder, QuerySelect, Set, SqlErr,
};

use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::{bank_transfer, ledger_entry, payment, payment_change, wallet};
use crate::stores::credit;
use crate::stores::live::SqlWork;
use crate::stores::orders::{details_from_json, details_json};

pub struct SqlPaymentStore {
    db: DatabaseConnection,
}

impl SqlPaymentStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// `settle` in a unit of its own, committed: a settlement that moves no order.
    #[cfg(feature = "testing")]
    pub async fn settle_alone(&self, s: &Settlement) -> Result<(), SettleError> {
        let mut unit = SqlWork::begin(&self.db).await?;
        self.settle(&mut unit, s).await?;
        self.post(&mut unit, &s.entries).await?;
        Ok(unit.commit().await?)
    }
}

/// Inserts a new payment. A unique key it runs into is named by the database's message, as
/// PostgreSQL aborts the transaction at the error and no read of the unit's could follow: the
/// order's one succeeded payment (`uq_payments_order_succeeded`) makes it `Stale`; its idempotency
/// key or its id, written before by the same request, `KeyTaken` (`Stale` for a payment without a
/// key).
async fn insert_new(db: &impl ConnectionTrait, p: &Payment) -> Result<(), SettleError> {
    match payment::Entity::insert(payment_to_row(p)).exec(db).await {
        Ok(_) => Ok(()),
        Err(e) => Err(match e.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(m))
                if p.key.is_some()
                    && !m.contains("uq_payments_order_succeeded")
                    && !m.contains("payments.order_id") =>
            {
                SettleError::KeyTaken
            }
            Some(SqlErr::UniqueConstraintViolation(_)) => SettleError::Stale,
            _ => storage(e).into(),
        }),
    }
}

fn unique(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

fn payment_to_row(p: &Payment) -> payment::ActiveModel {
    payment::ActiveModel {
        id: Set(p.id.as_str().into()),
        owner: Set(p.owner.as_str().into()),
        order_id: Set(p.purpose.order().map(|o| o.as_str().into())),
        purpose: Set(p.purpose.code().into()),
        method: Set(p.method.code().into()),
        amount_vnd: Set(p.amount.amount()),
        state: Set(p.state.code().into()),
        reference: Set(p.reference.clone()),
        idem_key: Set(p.key.as_ref().map(|k| k.as_str().into())),
        fingerprint: Set(p.fingerprint.clone()),
        provider_ref: Set(p.provider_ref.clone()),
        created_at_ms: Set(ms(p.created_at)),
        settled_at_ms: Set(p.settled_at.map(ms)),
    }
}

fn payment_from_row(r: payment::Model) -> DomainResult<Payment> {
    let bad = |e: DomainError| corrupt("payment", e);
    Ok(Payment {
        id: PaymentId::parse(&r.id).map_err(bad)?,
        owner: UserId::parse(&r.owner).map_err(bad)?,
        purpose: Purpose::from_parts(
            &r.purpose,
            r.order_id
                .as_deref()
                .map(OrderId::parse)
                .transpose()
                .map_err(bad)?,
        )
        .map_err(bad)?,
        method: Method::parse(&r.method).map_err(bad)?,
        amount: Money::vnd(r.amount_vnd),
        state: PaymentState::from_code(&r.state).map_err(bad)?,
        reference: r.reference,
        key: r
            .idem_key
            .as_deref()
            .map(IdempotencyKey::parse)
            .transpose()
            .map_err(bad)?,
        fingerprint: r.fingerprint,
        provider_ref: r.provider_ref,
        created_at: instant(r.created_at_ms)?,
        settled_at: r.settled_at_ms.map(instant).transpose()?,
    })
}

fn entry_from_row(r: ledger_entry::Model) -> DomainResult<LedgerEntry> {
    let bad = |e: DomainError| corrupt("ledger entry", e);
    // The note as kept: a code and its values, or words kept before notes were codes.
    let note = Message::from_stored(&r.note, NOTES);
    let cause = match (r.payment_id, r.order_id, r.operator) {
        _ if r.grant_id.is_some() => Cause::Grant(r.grant_id.unwrap_or_default()),
        (Some(p), order, _) => Cause::Payment {
            id: PaymentId::parse(&p).map_err(bad)?,
            order: order
                .as_deref()
                .map(OrderId::parse)
                .transpose()
                .map_err(bad)?,
        },
        (None, Some(o), _) => Cause::Order(OrderId::parse(&o).map_err(bad)?),
        (None, None, Some(who)) => Cause::Operator {
            who,
            reason: note.as_is().unwrap_or(&r.note).to_owned(),
        },
        (None, None, None) => return Err(corrupt("ledger entry", "no cause")),
    };
    Ok(LedgerEntry {
        owner: UserId::parse(&r.owner).map_err(bad)?,
        kind: EntryKind::from_code(&r.kind).map_err(bad)?,
        amount: Money::vnd(r.amount_vnd),
        cause,
        note,
        at: instant(r.at_ms)?,
        balance_after: Money::vnd(r.balance_after_vnd),
        expires_at: None,
    })
}

/// Moves the owner's balance by the entry's amount and records it; refused (`Insufficient`) if
/// the balance would go below zero.
async fn apply_entry(db: &impl ConnectionTrait, e: &LedgerEntry) -> Result<(), SettleError> {
    let owner = e.owner.as_str();
    let now = ms(e.at);
    wallet::Entity::insert(wallet::ActiveModel {
        owner: Set(owner.into()),
        balance_vnd: Set(0),
        updated_at_ms: Set(now),
    })
    .on_conflict_do_nothing()
    .exec(db)
    .await
    .map_err(storage)?;
    let delta = e.amount.amount();
    let moved = wallet::Entity::update_many()
        .col_expr(
            wallet::Column::BalanceVnd,
            Expr::col(wallet::Column::BalanceVnd).add(delta),
        )
        .col_expr(wallet::Column::UpdatedAtMs, Expr::value(now))
        .filter(wallet::Column::Owner.eq(owner))
        .filter(Expr::col(wallet::Column::BalanceVnd).add(delta).gte(0))
        .filter(
            Expr::col(wallet::Column::BalanceVnd)
                .add(delta)
                .lte(BALANCE_MAX.amount()),
        )
        .exec(db)
        .await
        .map_err(storage)?;
    if moved.rows_affected != 1 {
        return Err(if delta < 0 {
            SettleError::Insufficient
        } else {
            SettleError::BalanceLimit
        });
    }
    let balance = wallet::Entity::find_by_id(owner)
        .one(db)
        .await
        .map_err(storage)?
        .map_or(0, |w| w.balance_vnd);
    let (payment_id, order_id, operator, grant_id) = match &e.cause {
        Cause::Payment { id, order } => (
            Some(id.as_str().to_owned()),
            order.as_ref().map(|o| o.as_str().to_owned()),
            None,
            None,
        ),
        Cause::Order(o) => (None, Some(o.as_str().to_owned()), None, None),
        Cause::Operator { who, .. } => (None, None, Some(who.clone()), None),
        Cause::Grant(id) => (None, None, None, Some(id.clone())),
    };
    let note = e.note.stored();
    ledger_entry::Entity::insert(ledger_entry::ActiveModel {
        owner: Set(owner.into()),
        kind: Set(e.kind.code().into()),
        amount_vnd: Set(delta),
        balance_after_vnd: Set(balance),
        payment_id: Set(payment_id),
        order_id: Set(order_id),
        operator: Set(operator),
        grant_id: Set(grant_id),
        note: Set(note),
        at_ms: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await
    .map_err(storage)?;
    credit::move_lots(db, e, Money::vnd(balance)).await
}

impl SqlPaymentStore {
    /// The payments `condition` keeps, oldest first.
    async fn oldest_first(
        &self,
        condition: sea_orm::sea_query::SimpleExpr,
    ) -> DomainResult<Vec<Payment>> {
        payment::Entity::find()
            .filter(condition)
            .order_by_asc(payment::Column::CreatedAtMs)
            .order_by_asc(payment::Column::Id)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(payment_from_row)
            .collect()
    }
}

#[async_trait]
impl PaymentStore for SqlPaymentStore {
    async fn insert(&self, p: &Payment) -> Result<(), SettleError> {
        insert_new(&self.db, p).await
    }

    async fn get(&self, id: &PaymentId) -> DomainResult<Option<Payment>> {
        payment::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(payment_from_row)
            .transpose()
    }

    async fn by_key(&self, owner: &UserId, key: &IdempotencyKey) -> DomainResult<Option<Payment>> {
        payment::Entity::find()
            .filter(payment::Column::Owner.eq(owner.as_str()))
            .filter(payment::Column::IdemKey.eq(key.as_str()))
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(payment_from_row)
            .transpose()
    }

    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<Payment>> {
        self.oldest_first(payment::Column::OrderId.eq(order.as_str()))
            .await
    }

    async fn by_reference(&self, reference: &str) -> DomainResult<Vec<Payment>> {
        self.oldest_first(payment::Column::Reference.eq(reference))
            .await
    }

    async fn requested_change(&self, id: &PaymentId) -> DomainResult<Option<RequestedChange>> {
        let Some(r) = payment_change::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
        else {
            return Ok(None);
        };
        let bad = |e: DomainError| corrupt("payment change", e);
        Ok(Some(RequestedChange {
            payment: PaymentId::parse(&r.payment_id).map_err(bad)?,
            order: OrderId::parse(&r.order_id).map_err(bad)?,
            version: r.version,
            details: details_from_json(&r.details)?,
        }))
    }

    async fn settle(&self, unit: &mut Unit, s: &Settlement) -> Result<(), SettleError> {
        let work = SqlWork::of(unit)?;
        let txn = work.txn();
        if let Some(p) = &s.payment {
            if s.new_payment {
                insert_new(txn, p).await?;
                if let Some(c) = &s.change {
                    let row = payment_change::ActiveModel {
                        payment_id: Set(c.payment.as_str().into()),
                        order_id: Set(c.order.as_str().into()),
                        version: Set(c.version),
                        details: Set(details_json(&c.details)),
                    };
                    payment_change::Entity::insert(row)
                        .exec(txn)
                        .await
                        .map_err(storage)?;
                }
            } else {
                // Only a pending payment settles, and only once.
                // Its key is the filter, not a value set (see `orders::saving::save_order`).
                let row = payment::ActiveModel {
                    id: NotSet,
                    ..payment_to_row(p)
                };
                let updated = payment::Entity::update_many()
                    .set(row)
                    .filter(payment::Column::Id.eq(p.id.as_str()))
                    .filter(payment::Column::State.eq(PaymentState::Pending.code()))
                    .exec(txn)
                    .await
                    .map_err(|e| {
                        if unique(&e) {
                            SettleError::Stale
                        } else {
                            storage(e).into()
                        }
                    })?;
                if updated.rows_affected != 1 {
                    return Err(SettleError::Stale);
                }
            }
        }
        if let Some((t, outcome)) = &s.transfer {
            let row = bank_transfer::ActiveModel {
                bank_ref: Set(t.bank_ref.clone()),
                amount_vnd: Set(t.amount.amount()),
                memo: Set(t.memo.clone()),
                received_at_ms: Set(ms(t.received_at)),
                outcome: Set(outcome.code().into()),
                payment_id: Set(s.payment.as_ref().map(|p| p.id.as_str().into())),
            };
            if let Err(e) = bank_transfer::Entity::insert(row).exec(txn).await {
                return Err(if unique(&e) {
                    SettleError::Duplicate
                } else {
                    storage(e).into()
                });
            }
        }
        if let Some(audit) = &s.audit {
            insert_audit(txn, audit).await.map_err(storage)?;
        }
        crate::stores::refunds::insert(txn, &s.refunds).await?;
        // A settled payment is news on its order's page (a tip given changes nothing else there).
        if let Some(p) = s
            .payment
            .as_ref()
            .filter(|p| p.state != PaymentState::Pending)
            && let Some(order) = p.purpose.order()
        {
            let at = p.settled_at.map_or(0, ms);
            work.announce(at, [Change::order_part(p.owner.as_str(), order)]);
        }
        Ok(())
    }

    async fn post(&self, unit: &mut Unit, entries: &[LedgerEntry]) -> Result<(), SettleError> {
        let work = SqlWork::of(unit)?;
        for e in entries {
            apply_entry(work.txn(), e).await?;
        }
        let at = entries.first().map_or(0, |e| ms(e.at));
        work.announce(at, entries.iter().map(|e| Change::wallet(&e.owner)));
        Ok(())
    }

    async fn lots(&self, owner: &UserId) -> DomainResult<Vec<CreditLot>> {
        credit::lots_of(&self.db, owner).await
    }

    async fn expired_lots(
        &self,
        now: chrono::DateTime<chrono::Utc>,
        limit: u32,
    ) -> DomainResult<Vec<CreditLot>> {
        credit::expired(&self.db, now, limit).await
    }

    async fn balance(&self, owner: &UserId) -> DomainResult<Money> {
        let row = wallet::Entity::find_by_id(owner.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?;
        Ok(Money::vnd(row.map_or(0, |w| w.balance_vnd)))
    }

    async fn refunded(&self, order: &OrderId) -> DomainResult<Money> {
        let rows = ledger_entry::Entity::find()
            .filter(ledger_entry::Column::OrderId.eq(order.as_str()))
            .filter(ledger_entry::Column::PaymentId.is_null())
            .filter(ledger_entry::Column::Kind.eq(EntryKind::Refund.code()))
            .all(&self.db)
            .await
            .map_err(storage)?;
        Ok(Money::vnd(rows.iter().map(|r| r.amount_vnd).sum()))
    }

    async fn entries(&self, owner: &UserId, page: &PageRequest) -> DomainResult<Page<LedgerEntry>> {
        let mut query =
            ledger_entry::Entity::find().filter(ledger_entry::Column::Owner.eq(owner.as_str()));
        if let Some(token) = page.token() {
            let before = token
                .parse::<i64>()
                .map_err(|_| DomainError::invalid("page_token", msg("page.token")))?;
            query = query.filter(ledger_entry::Column::Id.lt(before));
        }
        let size = page.size() as usize;
        let mut rows = query
            .order_by_desc(ledger_entry::Column::Id)
            .limit(size as u64 + 1)
            .all(&self.db)
            .await
            .map_err(storage)?;
        let next_token = if rows.len() > size {
            rows.truncate(size);
            rows.last().map(|r| r.id.to_string())
        } else {
            None
        };
        Ok(Page {
            items: rows
                .into_iter()
                .map(entry_from_row)
                .collect::<DomainResult<_>>()?,
            next_token,
        })
    }
}
