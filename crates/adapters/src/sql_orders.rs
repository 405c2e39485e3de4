//! Orders in SQL through SeaORM; the same code on SQLite and PostgreSQL. Details, contact and the
//! priced breakdown are JSON columns (read back through the domain's constructors); transitions
//! are rows of their own, never rewritten.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::audit::AuditEntry;
use domain::catalog::Category;
use domain::live::Topic;
use domain::ordering::{
    IdempotencyKey, KeyClaim, Order, OrderFilter, OrderId, OrderState, OrderStore, ServiceDetails,
    StoreError, UnpaidCap,
};
use domain::payment::{Method, PaymentState};
use domain::shared::{Page, PageRequest, UserId, web_pages};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, SqlErr,
};

use crate::entities::{
    account, idempotency_key, mail_outbox, order, order_event, order_image, payment, therapist_hold,
};
use crate::live;
use crate::mail::NoticeFacts;
use crate::paging::decode_cursor;
use crate::sql_common::{corrupt, insert_audit, instant, json, ms, storage};
use crate::sql_order_rows::{event_rows, order_from_row, order_to_row};
use crate::sql_order_writer::OrderWriter;

pub struct SqlOrderStore {
    db: DatabaseConnection,
    writer: OrderWriter,
}

impl SqlOrderStore {
    /// Starts the store's writer of new orders (see `sql_order_writer`) on the current runtime,
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

pub(crate) async fn insert_events(
    db: &impl ConnectionTrait,
    rows: Vec<order_event::ActiveModel>,
) -> Result<(), DbErr> {
    if rows.is_empty() {
        return Ok(());
    }
    order_event::Entity::insert_many(rows).exec(db).await?;
    Ok(())
}

/// Keeps a massage order's therapist hold and the images it carries in step with the order, in
/// the caller's transaction. A hold row that another order already has is `SlotTaken`.
pub(crate) async fn sync_massage(db: &impl ConnectionTrait, o: &Order) -> Result<(), StoreError> {
    let ServiceDetails::Massage(m) = &o.details else {
        return Ok(());
    };
    let id = o.id.as_str();
    therapist_hold::Entity::delete_many()
        .filter(therapist_hold::Column::OrderId.eq(id))
        .exec(db)
        .await
        .map_err(storage)?;
    if let Some(hold) = o.therapist_hold() {
        let rows = hold.slots.iter().map(|slot| therapist_hold::ActiveModel {
            therapist_id: Set(hold.therapist_id.clone()),
            slot_ms: Set(ms(*slot)),
            order_id: Set(id.to_owned()),
        });
        if let Err(e) = therapist_hold::Entity::insert_many(rows).exec(db).await {
            return Err(
                if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) {
                    StoreError::SlotTaken
                } else {
                    storage(e).into()
                },
            );
        }
    }
    order_image::Entity::delete_many()
        .filter(order_image::Column::OrderId.eq(id))
        .exec(db)
        .await
        .map_err(storage)?;
    if !m.hotel_images.is_empty() {
        let rows = m.hotel_images.iter().map(|image| order_image::ActiveModel {
            order_id: Set(id.to_owned()),
            image_id: Set(image.as_str().to_owned()),
        });
        order_image::Entity::insert_many(rows)
            .exec(db)
            .await
            .map_err(storage)?;
    }
    Ok(())
}

/// How many unpaid orders each of `owners` holds that have not lapsed by the time given with it,
/// and how many of them are massage orders: one query for them all, a row for each customer.
pub(crate) async fn unpaid_of_each<'a>(
    db: &impl ConnectionTrait,
    owners: &[(&'a str, DateTime<Utc>)],
) -> Result<HashMap<&'a str, (u32, u32)>, StoreError> {
    let mut held: HashMap<&str, (u32, u32)> = owners.iter().map(|&(o, _)| (o, (0, 0))).collect();
    if owners.is_empty() {
        return Ok(held);
    }
    let live = owners.iter().fold(Condition::any(), |any, &(owner, now)| {
        any.add(
            Condition::all()
                .add(order::Column::Owner.eq(owner))
                .add(order::Column::ExpiresAtMs.gt(ms(now))),
        )
    });
    let massage = Expr::case(
        order::Column::Category.eq(Category::DragonMassage.slug()),
        1,
    )
    .finally(0);
    let rows: Vec<(String, i64, i64)> = order::Entity::find()
        .select_only()
        .column(order::Column::Owner)
        .column_as(Expr::col(order::Column::Id).count(), "unpaid")
        .column_as(Expr::expr(massage).sum().cast_as("bigint"), "massage")
        .filter(
            order::Column::State
                .is_in([OrderState::Draft.code(), OrderState::PendingPayment.code()]),
        )
        .filter(live)
        .group_by(order::Column::Owner)
        .into_tuple()
        .all(db)
        .await
        .map_err(storage)?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    for (owner, unpaid, massage) in rows {
        if let Some(counts) = held.get_mut(owner.as_str()) {
            *counts = (count(unpaid), count(massage));
        }
    }
    Ok(held)
}

/// Writes an order and its new transitions if the stored version is still `o.version`, inside
/// the caller's transaction (a payment settles its order in its own). Answers the index of the
/// first transition it wrote, for [`queue_notices`].
pub(crate) async fn save_order(db: &impl ConnectionTrait, o: &Order) -> Result<usize, StoreError> {
    let mut row = order_to_row(o);
    row.version = Set(o.version + 1);
    let updated = order::Entity::update_many()
        .set(row)
        .filter(order::Column::Id.eq(o.id.as_str()))
        .filter(order::Column::Version.eq(o.version))
        .exec(db)
        .await
        .map_err(storage)?;
    if updated.rows_affected != 1 {
        return Err(StoreError::Stale);
    }
    sync_massage(db, o).await?;
    let stored = order_event::Entity::find()
        .filter(order_event::Column::OrderId.eq(o.id.as_str()))
        .count(db)
        .await
        .map_err(storage)?;
    let stored = usize::try_from(stored).unwrap_or(usize::MAX);
    insert_events(db, event_rows(o, stored))
        .await
        .map_err(storage)?;
    Ok(stored)
}

/// Tells the watchers the order changed: the last write of its transaction.
pub(crate) async fn announce(txn: &DatabaseTransaction, o: &Order) -> Result<(), DbErr> {
    let change = live::Change {
        owner: o.owner.as_str(),
        topic: Topic::Order,
        subject: o.id.as_str(),
    };
    live::record(txn, ms(o.updated_at), &[change]).await
}

/// Queues the mails of the order's new steps (the domain says which) in the caller's
/// transaction. A notice's id is the order's and the step's, so even a step written twice could
/// not mail twice.
pub(crate) async fn queue_notices(
    db: &impl ConnectionTrait,
    o: &Order,
    from_seq: usize,
) -> Result<(), DbErr> {
    let steps: Vec<_> = o
        .history
        .iter()
        .enumerate()
        .skip(from_seq)
        .filter_map(|(seq, t)| t.notice().map(|kind| (seq, kind, t)))
        .collect();
    if steps.is_empty() {
        return Ok(());
    }
    let Some(owner) = account::Entity::find_by_id(o.owner.as_str())
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let rows = steps
        .into_iter()
        .map(|(seq, kind, t)| mail_outbox::ActiveModel {
            id: Set(format!("n-{}-{seq}", o.id.as_str())),
            recipient: Set(owner.email.clone()),
            kind: Set(kind.as_str().to_owned()),
            link: Set(Some(web_pages::member_order(o.id.as_str()))),
            payload: Set(Some(json(&NoticeFacts::of(o, t)))),
            created_at_ms: Set(ms(t.at)),
            attempts: Set(0),
            next_attempt_at_ms: Set(ms(t.at)),
            sent_at_ms: Set(None),
            last_error: Set(None),
        });
    mail_outbox::Entity::insert_many(rows).exec(db).await?;
    Ok(())
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
        let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
        let mut events: HashMap<String, Vec<order_event::Model>> = HashMap::new();
        for e in order_event::Entity::find()
            .filter(order_event::Column::OrderId.is_in(ids))
            .order_by_asc(order_event::Column::Seq)
            .all(&self.db)
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
        let txn = crate::db::begin_write(&self.db).await.map_err(storage)?;
        let first_new = save_order(&txn, o).await?;
        queue_notices(&txn, o, first_new).await.map_err(storage)?;
        announce(&txn, o).await.map_err(storage)?;
        txn.commit().await.map_err(storage)?;
        Ok(())
    }

    async fn save_audited(&self, o: &Order, audit: &AuditEntry) -> Result<(), StoreError> {
        let txn = crate::db::begin_write(&self.db).await.map_err(storage)?;
        let first_new = save_order(&txn, o).await?;
        queue_notices(&txn, o, first_new).await.map_err(storage)?;
        insert_audit(&txn, audit).await.map_err(storage)?;
        announce(&txn, o).await.map_err(storage)?;
        txn.commit().await.map_err(storage)?;
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
        if let Some(digits) = &filter.phone_digits {
            // The contact is kept as JSON; its number is one string field of it.
            query = query.filter(order::Column::Contact.like(format!(
                "%\"phone_number\":\"%{}%",
                digits.replace(['%', '_', '\\'], "")
            )));
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
