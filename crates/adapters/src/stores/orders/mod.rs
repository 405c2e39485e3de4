//! Orders in SQL through SeaORM; the same code on SQLite and PostgreSQL. Details, contact and the
//! priced breakdown are JSON columns (read back through the domain's constructors); transitions
//! are rows of their own, never rewritten.
//!
//! One direction: this store (reads, and the paths that change one order) → `writer` (a group of
//! orders placed together) → `saving` (what every write of an order does in its transaction) →
//! `rows` (one order to and from its rows).

mod rows;
pub(crate) use rows::{details_from_json, details_json};
pub(crate) mod saving;
mod statements;
mod writer;

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::audit::AuditEntry;
use domain::ordering::{
    IdempotencyKey, KeyClaim, Order, OrderFilter, OrderId, OrderState, OrderStore, StoreError,
    UnpaidCap,
};
use domain::payment::{Method, PaymentState};
use domain::shared::{Page, PageRequest, Unit, UserId};
use domain::{DomainError, DomainResult};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
};

use self::rows::order_from_row;
use self::saving::{queue_notices, save_order};
use self::writer::OrderWriter;
use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::{idempotency_key, order, order_event, payment, therapist_hold};
use crate::sql::paging::decode_cursor;
use crate::stores::live::SqlWork;

pub struct SqlOrderStore {
    db: DatabaseConnection,
    writer: OrderWriter,
}

impl SqlOrderStore {
    /// Starts the store's writer of new orders (see `writer`) on the current runtime,
    /// writing through `db`'s pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self::writing_through(db.clone(), db)
    }

    /// The same, its writer on a connection of its own (`db::connect_order_writer`).
    pub fn writing_through(db: DatabaseConnection, writer: DatabaseConnection) -> Self {
        Self {
            writer: OrderWriter::start(writer),
            db,
        }
    }

    /// Inserts `order` as `insert` would, but its group panics before the commit, as a bug in the
    /// writer would make it.
    #[cfg(feature = "testing")]
    pub async fn insert_panicking(&self, order: &Order) -> Result<(), StoreError> {
        self.writer.insert_panicking(order).await
    }
}

fn claim_from_row(r: idempotency_key::Model) -> DomainResult<KeyClaim> {
    let bad = |e: DomainError| corrupt("idempotency key", e);
    Ok(KeyClaim {
        owner: UserId::parse(&r.owner).map_err(bad)?,
        key: IdempotencyKey::parse(&r.key).map_err(bad)?,
        fingerprint: r.fingerprint,
        order_id: OrderId::parse(&r.order_id).map_err(bad)?,
        created_at: instant(r.created_at_ms)?,
    })
}

impl SqlOrderStore {
    async fn with_events(&self, rows: Vec<order::Model>) -> DomainResult<Vec<Order>> {
        with_events(&self.db, rows).await
    }
}

/// Whether the customer has an order that was bought, or may still be (`OrderState::is_purchase`):
/// one row found is the answer, however many they have.
pub(crate) async fn has_purchase(
    db: &impl ConnectionTrait,
    customer: &UserId,
) -> DomainResult<bool> {
    let purchases = OrderState::ALL.into_iter().filter(|s| s.is_purchase());
    let found = order::Entity::find()
        .select_only()
        .column(order::Column::Id)
        .filter(order::Column::Owner.eq(customer.as_str()))
        .filter(order::Column::State.is_in(purchases.map(OrderState::code)))
        .into_tuple::<String>()
        .one(db)
        .await
        .map_err(storage)?;
    Ok(found.is_some())
}

/// The orders of these rows with their histories, read on `db`: one read of the events for any
/// number of orders (a reminders look reads every order of the next minutes).
pub(crate) async fn with_events(
    db: &impl ConnectionTrait,
    rows: Vec<order::Model>,
) -> DomainResult<Vec<Order>> {
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let mut events: HashMap<String, Vec<order_event::Model>> = HashMap::new();
    for e in order_event::Entity::find()
        .filter(order_event::Column::OrderId.is_in(ids))
        .order_by_asc(order_event::Column::Seq)
        .all(db)
        .await
        .map_err(storage)?
    {
        events.entry(e.order_id.clone()).or_default().push(e);
    }
    rows.into_iter()
        .map(|r| {
            let mine = events.remove(&r.id).unwrap_or_default();
            order_from_row(r, mine)
        })
        .collect()
}

#[async_trait]
impl OrderStore for SqlOrderStore {
    async fn insert(
        &self,
        o: &Order,
        claim: Option<&KeyClaim>,
        cap: UnpaidCap,
    ) -> Result<(), StoreError> {
        self.writer.insert(o, claim, cap).await
    }

    async fn claim(&self, owner: &UserId, key: &IdempotencyKey) -> DomainResult<Option<KeyClaim>> {
        idempotency_key::Entity::find_by_id((owner.as_str().to_owned(), key.as_str().to_owned()))
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(claim_from_row)
            .transpose()
    }

    async fn get(&self, id: &OrderId) -> DomainResult<Option<Order>> {
        let Some(row) = order::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
        else {
            return Ok(None);
        };
        Ok(self.with_events(vec![row]).await?.pop())
    }

    async fn save(&self, o: &Order) -> Result<(), StoreError> {
        let mut unit = self.begin().await?;
        self.save_in(&mut unit, o).await?;
        Ok(unit.commit().await?)
    }

    async fn begin(&self) -> DomainResult<Unit> {
        SqlWork::begin(&self.db).await
    }

    /// Every write of an order comes here (`save`, `save_audited_in`, and the jobs' and payments'
    /// writes in their units): the row over its version, its new transitions, their notices,
    /// the e-invoice a step calls for, and its live change.
    async fn save_in(&self, unit: &mut Unit, o: &Order) -> Result<(), StoreError> {
        let work = SqlWork::of(unit)?;
        let (first_new, saved) = save_order(work.txn(), o).await?;
        queue_notices(work.txn(), o, first_new)
            .await
            .map_err(storage)?;
        crate::stores::invoices::queue(work.txn(), o)
            .await
            .map_err(storage)?;
        work.announce(ms(o.updated_at), [saved.into_change()]);
        Ok(())
    }

    async fn save_audited_in(
        &self,
        unit: &mut Unit,
        o: &Order,
        audit: &AuditEntry,
    ) -> Result<(), StoreError> {
        self.save_in(unit, o).await?;
        let work = SqlWork::of(unit)?;
        insert_audit(work.txn(), audit).await.map_err(storage)?;
        Ok(())
    }

    async fn list(
        &self,
        owner: Option<&UserId>,
        filter: &OrderFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<Order>> {
        let mut query = order::Entity::find();
        if let Some(owner) = owner {
            query = query.filter(order::Column::Owner.eq(owner.as_str()));
        }
        if !filter.states.is_empty() {
            query =
                query.filter(order::Column::State.is_in(filter.states.iter().map(|s| s.code())));
        }
        if let Some(category) = filter.category {
            query = query.filter(order::Column::Category.eq(category.slug()));
        }
        if let Some(id) = &filter.order_id {
            query = query.filter(order::Column::Id.eq(id.as_str()));
        }
        if let Some(numbers) = &filter.phone_numbers {
            query = query.filter(order::Column::ContactNumber.is_in(numbers));
        }
        if filter.awaiting_transfer {
            query = query
                .filter(order::Column::State.eq(OrderState::PendingPayment.code()))
                .filter(
                    order::Column::Id.in_subquery(
                        sea_orm::sea_query::Query::select()
                            .column(payment::Column::OrderId)
                            .from(payment::Entity)
                            .and_where(payment::Column::Method.eq(Method::VietQr.code()))
                            .and_where(payment::Column::State.eq(PaymentState::Pending.code()))
                            .to_owned(),
                    ),
                );
        }
        if let Some(after) = filter.starts_after {
            query = query.filter(order::Column::StartAtMs.gt(ms(after)));
        }
        if let Some(before) = filter.starts_before {
            query = query.filter(order::Column::StartAtMs.lt(ms(before)));
        }
        // Newest first by creation, or soonest first by the service's start; the cursor holds the
        // sort key and the id of the page's last row.
        let soonest = filter.soonest_first || filter.starts_after.is_some();
        let key = if soonest {
            order::Column::StartAtMs
        } else {
            order::Column::CreatedAtMs
        };
        if let Some(token) = page.token() {
            let (at, id) = decode_cursor::<i64>(token)?;
            let (past_key, past_id) = if soonest {
                (key.gt(at), order::Column::Id.gt(id))
            } else {
                (key.lt(at), order::Column::Id.lt(id))
            };
            query = query.filter(
                Condition::any()
                    .add(past_key)
                    .add(Condition::all().add(key.eq(at)).add(past_id)),
            );
        }
        let size = page.size() as usize;
        let direction = if soonest {
            sea_orm::Order::Asc
        } else {
            sea_orm::Order::Desc
        };
        let mut rows = query
            .order_by(key, direction.clone())
            .order_by(order::Column::Id, direction)
            .limit(size as u64 + 1)
            .all(&self.db)
            .await
            .map_err(storage)?;
        let next_token = if rows.len() > size {
            rows.truncate(size);
            rows.last().map(|r| {
                let at = if soonest {
                    r.start_at_ms
                } else {
                    r.created_at_ms
                };
                format!("{at}.{}", r.id)
            })
        } else {
            None
        };
        Ok(Page {
            items: self.with_events(rows).await?,
            next_token,
        })
    }

    async fn due_for_expiry(&self, now: DateTime<Utc>, limit: u32) -> DomainResult<Vec<OrderId>> {
        let unpaid = OrderState::ALL
            .into_iter()
            .filter(|s| s.is_unpaid())
            .map(|s| s.code());
        let ids: Vec<String> = order::Entity::find()
            .select_only()
            .column(order::Column::Id)
            .filter(order::Column::State.is_in(unpaid))
            .filter(order::Column::ExpiresAtMs.lte(ms(now)))
            .order_by_asc(order::Column::ExpiresAtMs)
            .limit(u64::from(limit))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        ids.iter()
            .map(|id| OrderId::parse(id).map_err(|e| corrupt("order", e)))
            .collect()
    }

    async fn busy_therapists(
        &self,
        slots: &[DateTime<Utc>],
        except: Option<&OrderId>,
    ) -> DomainResult<Vec<String>> {
        let (Some(first), Some(last)) = (slots.iter().min(), slots.iter().max()) else {
            return Ok(Vec::new());
        };
        // Holds sit on the same quarter-hour grid as the slots asked about, so a range is exact.
        let mut query = therapist_hold::Entity::find()
            .select_only()
            .column(therapist_hold::Column::TherapistId)
            .distinct()
            .filter(therapist_hold::Column::SlotMs.between(ms(*first), ms(*last)));
        if let Some(id) = except {
            query = query.filter(therapist_hold::Column::OrderId.ne(id.as_str()));
        }
        query.into_tuple().all(&self.db).await.map_err(storage)
    }

    async fn purge_keys(&self, before: DateTime<Utc>) -> DomainResult<u64> {
        let gone = idempotency_key::Entity::delete_many()
            .filter(idempotency_key::Column::CreatedAtMs.lt(ms(before)))
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(gone.rows_affected)
    }
}
