//! Jobs in SQL. A job is saved over its version (so of two partners accepting at once the second
//! finds it changed), with its partner's quarter hours (a row each under a unique key: a slot
//! another job holds makes the save `Busy`) and its audit entry, in the unit of work its order is
//! written in (by the ordering port) on either database. Beside it: the last reading of where
//! its partner is (`positions`), its thread (`thread`) and what automatic dispatch reads
//! (`dispatch`).

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::catalog::Category;
use domain::jobs::{Job, JobMessage, JobStatus, JobStore, JobStoreError, JobWrite, KeptPosition};
use domain::live::Change;
use domain::ordering::OrderId;
use domain::shared::{Unit, UserId};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::sql::common::{insert_audit, ms, storage};
use crate::sql::entities::{
    job, job_message, job_offer, job_position, job_step, order, partner_hold,
};
use crate::stores::live::{self, SqlWork};

mod dispatch;
mod positions;
mod rows;
mod thread;

use rows::{
    job_from_rows, last_change, position_from_row, queue_job_notices, queue_to_partner, unique,
    write_job,
};
use thread::{message_from_row, message_to_row};

pub struct SqlJobStore {
    db: DatabaseConnection,
    positions: positions::PositionWriter,
}

impl SqlJobStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            positions: positions::PositionWriter::default(),
        }
    }

    /// `save_job` in a unit of its own, committed: a save that writes no order.
    #[cfg(feature = "testing")]
    pub async fn save_alone(&self, j: &Job, with: JobWrite<'_>) -> Result<(), JobStoreError> {
        let mut unit = SqlWork::begin(&self.db).await?;
        self.save_job(&mut unit, j, with).await?;
        Ok(unit.commit().await?)
    }

    async fn load(&self, rows: Vec<job::Model>) -> DomainResult<Vec<Job>> {
        load_in(&self.db, rows).await
    }
}

/// The jobs of these rows with their offers and steps, read on `db` (a snapshot where the job
/// must be whole): two reads for any number of jobs (a reminders look reads every job of the next
/// two days).
pub(crate) async fn load_in(
    db: &impl ConnectionTrait,
    rows: Vec<job::Model>,
) -> DomainResult<Vec<Job>> {
    let mut offers: HashMap<String, Vec<job_offer::Model>> = HashMap::new();
    let mut steps: HashMap<String, Vec<job_step::Model>> = HashMap::new();
    for chunk in rows.chunks(500) {
        let ids = || chunk.iter().map(|r| r.order_id.clone());
        for offer in job_offer::Entity::find()
            .filter(job_offer::Column::OrderId.is_in(ids()))
            .order_by_asc(job_offer::Column::OfferedAtMs)
            .all(db)
            .await
            .map_err(storage)?
        {
            offers
                .entry(offer.order_id.clone())
                .or_default()
                .push(offer);
        }
        for step in job_step::Entity::find()
            .filter(job_step::Column::OrderId.is_in(ids()))
            .order_by_asc(job_step::Column::Seq)
            .all(db)
            .await
            .map_err(storage)?
        {
            steps.entry(step.order_id.clone()).or_default().push(step);
        }
    }
    rows.into_iter()
        .map(|row| {
            let (o, s) = (
                offers.remove(&row.order_id).unwrap_or_default(),
                steps.remove(&row.order_id).unwrap_or_default(),
            );
            job_from_rows(row, o, s)
        })
        .collect()
}

#[async_trait]
impl JobStore for SqlJobStore {
    /// The job with its offers and steps as of one instant: read apart, a job taken meanwhile
    /// could show as open with its offers already closed.
    async fn job(&self, order: &OrderId) -> DomainResult<Option<Job>> {
        let snapshot = crate::sql::db::begin_snapshot(&self.db)
            .await
            .map_err(storage)?;
        let row = job::Entity::find_by_id(order.as_str())
            .one(&snapshot)
            .await
            .map_err(storage)?;
        let job = load_in(&snapshot, row.into_iter().collect()).await?.pop();
        snapshot.commit().await.map_err(storage)?;
        Ok(job)
    }

    async fn save_job(
        &self,
        unit: &mut Unit,
        j: &Job,
        with: JobWrite<'_>,
    ) -> Result<(), JobStoreError> {
        let work = SqlWork::of(unit)?;
        let txn = work.txn();
        let first_new = write_job(txn, j).await?;
        let id = j.order_id.as_str();
        if let Some(order) = with.tell {
            queue_job_notices(txn, order, j, first_new)
                .await
                .map_err(storage)?;
        }
        for notice in &with.tell_partners {
            queue_to_partner(txn, notice, j).await.map_err(storage)?;
        }
        if with.release {
            partner_hold::Entity::delete_many()
                .filter(partner_hold::Column::OrderId.eq(id))
                .exec(txn)
                .await
                .map_err(storage)?;
        }
        if let Some((partner, slots)) = with.hold {
            let rows = slots.into_iter().map(|slot| partner_hold::ActiveModel {
                partner_id: Set(partner.as_str().to_owned()),
                slot_ms: Set(ms(slot)),
                order_id: Set(id.to_owned()),
            });
            if let Err(e) = partner_hold::Entity::insert_many(rows).exec(txn).await {
                return Err(if unique(&e) {
                    JobStoreError::Busy
                } else {
                    storage(e).into()
                });
            }
        }
        if let Some(audit) = with.audit {
            insert_audit(txn, audit).await.map_err(storage)?;
        }
        if let Some(earning) = with.earn {
            // A job earns once: its step is saved over the job's version, and its key is unique.
            crate::stores::partners::ledger::add(txn, earning).await?;
        }
        // The job is part of the order as its customer and the console watch it (the order's
        // own change, when it is written in the unit too, is the same change, announced once).
        let owner = order::Entity::find_by_id(id)
            .one(txn)
            .await
            .map_err(storage)?
            .map(|row| row.owner);
        let at = ms(last_change(j));
        work.announce(
            at,
            owner.map(|owner| Change::order_part(&owner, &j.order_id)),
        );
        // The phones of the partners it concerns (the domain's list).
        work.announce(
            at,
            with.partners.iter().map(|p| Change::job(p, &j.order_id)),
        );
        Ok(())
    }

    async fn jobs_of(
        &self,
        partner: &UserId,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<Job>> {
        let offers = job_offer::Entity::find()
            .filter(job_offer::Column::PartnerId.eq(partner.as_str()))
            .all(&self.db)
            .await
            .map_err(storage)?;
        // Offers another partner took first: the job is another's, and still shown to them.
        let lost: Vec<String> = offers
            .iter()
            .filter(|o| o.answer == "taken")
            .map(|o| o.order_id.clone())
            .collect();
        let offered: Vec<String> = offers.into_iter().map(|o| o.order_id).collect();
        let rows = job::Entity::find()
            .filter(job::Column::StartAtMs.gte(ms(from)))
            .filter(job::Column::StartAtMs.lt(ms(until)))
            .filter(
                sea_orm::Condition::any()
                    .add(job::Column::PartnerId.eq(partner.as_str()))
                    .add(
                        sea_orm::Condition::all()
                            .add(job::Column::PartnerId.is_null())
                            .add(job::Column::OrderId.is_in(offered)),
                    )
                    .add(job::Column::OrderId.is_in(lost)),
            )
            .order_by_asc(job::Column::StartAtMs)
            .all(&self.db)
            .await
            .map_err(storage)?;
        self.load(rows).await
    }

    async fn busy_partners(&self, slots: &[DateTime<Utc>]) -> DomainResult<Vec<UserId>> {
        let mut ids: Vec<String> = partner_hold::Entity::find()
            .filter(partner_hold::Column::SlotMs.is_in(slots.iter().map(|s| ms(*s))))
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(|h| h.partner_id)
            .collect();
        ids.sort();
        ids.dedup();
        ids.iter().map(|id| UserId::parse(id)).collect()
    }

    async fn board(&self, from: DateTime<Utc>, until: DateTime<Utc>) -> DomainResult<Vec<Job>> {
        let over = JobStatus::ALL
            .into_iter()
            .filter(|s| s.is_over())
            .map(JobStatus::code);
        let rows = job::Entity::find()
            .filter(job::Column::StartAtMs.gte(ms(from)))
            .filter(job::Column::StartAtMs.lt(ms(until)))
            .filter(job::Column::Status.is_not_in(over))
            .order_by_asc(job::Column::StartAtMs)
            .all(&self.db)
            .await
            .map_err(storage)?;
        self.load(rows).await
    }

    async fn position(&self, order: &OrderId) -> DomainResult<Option<KeptPosition>> {
        job_position::Entity::find_by_id(order.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(position_from_row)
            .transpose()
    }

    async fn keep_position(
        &self,
        order: &OrderId,
        owner: &UserId,
        kept: &KeptPosition,
        unless_kept_after: DateTime<Utc>,
    ) -> DomainResult<bool> {
        self.positions
            .keep(&self.db, order, owner, kept, unless_kept_after)
            .await
    }

    async fn messages(&self, order: &OrderId) -> DomainResult<Vec<JobMessage>> {
        job_message::Entity::find()
            .filter(job_message::Column::OrderId.eq(order.as_str()))
            .order_by_asc(job_message::Column::Seq)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(message_from_row)
            .collect()
    }

    async fn add_message(
        &self,
        order: &OrderId,
        owner: &UserId,
        partner: &UserId,
        mut message: JobMessage,
    ) -> DomainResult<JobMessage> {
        // Numbered after the last one; of two written at once, the second to insert finds its
        // number taken and tries the next. One with the writer's key already is a retry: the
        // message as it was written is returned.
        for _ in 0..8 {
            if let Some(sent) = self.message_by_key(order, &message).await? {
                return Ok(sent);
            }
            let txn = live::begin(&self.db).await.map_err(storage)?;
            let last = job_message::Entity::find()
                .filter(job_message::Column::OrderId.eq(order.as_str()))
                .order_by_desc(job_message::Column::Seq)
                .one(&txn)
                .await
                .map_err(storage)?
                .map_or(0, |m| m.seq);
            message.seq = u32::try_from(last).unwrap_or(0) + 1;
            match job_message::Entity::insert(message_to_row(order, &message))
                .exec(&txn)
                .await
            {
                Err(e) if unique(&e) => continue,
                other => other.map_err(storage)?,
            };
            let changes = [
                Change::order_part(owner.as_str(), order),
                Change::job(partner, order),
            ];
            match txn.commit(ms(message.at), &changes).await {
                Err(e) if unique(&e) => continue,
                other => other.map_err(storage)?,
            }
            return Ok(message);
        }
        Err(domain::DomainError::Conflict(domain::error::msg(
            "talk.busy",
        )))
    }

    async fn awaiting_dispatch(
        &self,
        now: DateTime<Utc>,
        limit: u32,
        by_hand: &[Category],
    ) -> DomainResult<Vec<OrderId>> {
        self.awaiting(now, limit, by_hand).await
    }

    async fn categories_by_hand(&self) -> DomainResult<Vec<Category>> {
        self.hand_categories().await
    }

    async fn set_category_by_hand(
        &self,
        category: Category,
        by_hand: bool,
        audit: &AuditEntry,
    ) -> DomainResult<()> {
        self.set_hand_category(category, by_hand, audit).await
    }

    async fn offered(&self, now: DateTime<Utc>) -> DomainResult<Vec<Job>> {
        self.with_open_offers(now).await
    }

    async fn taken_counts(
        &self,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<(UserId, u32)>> {
        self.counts(from, until).await
    }

    async fn last_readings(&self, since: DateTime<Utc>) -> DomainResult<Vec<KeptPosition>> {
        self.latest(since).await
    }

    async fn positions(&self, orders: &[OrderId]) -> DomainResult<Vec<(OrderId, KeptPosition)>> {
        if orders.is_empty() {
            return Ok(Vec::new());
        }
        job_position::Entity::find()
            .filter(job_position::Column::OrderId.is_in(orders.iter().map(OrderId::as_str)))
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(|row| Ok((OrderId::parse(&row.order_id)?, position_from_row(row)?)))
            .collect()
    }
}

impl SqlJobStore {
    async fn message_by_key(
        &self,
        order: &OrderId,
        m: &JobMessage,
    ) -> DomainResult<Option<JobMessage>> {
        job_message::Entity::find()
            .filter(job_message::Column::OrderId.eq(order.as_str()))
            .filter(job_message::Column::AuthorId.eq(m.author.as_str()))
            .filter(job_message::Column::ClientKey.eq(&m.key))
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(message_from_row)
            .transpose()
    }
}
