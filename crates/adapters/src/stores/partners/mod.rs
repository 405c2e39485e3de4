//! Partners and their jobs in SQL. A job is saved over its version (so of two partners accepting
//! at once the second finds it changed), with its order, its partner's quarter hours (a row each
//! under a unique key: a slot another job holds makes the save `Busy`) and its audit entry, in one
//! transaction on either database.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::catalog::Category;
use domain::live::Change;
use domain::ordering::{GuideLanguage, Order, OrderId, StoreError};
use domain::partners::{
    Answer, Availability, Earning, Job, JobMessage, JobStatus, JobStep, JobStoreError, JobWrite,
    KeptPosition, NoShowProof, Offer, Partner, PartnerKind, PartnerStore, Pay, Position, Said,
    Side, Vehicle, Week,
};
use domain::shared::{Language, LocalTime, Money, Phone, UserId};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, Set, SqlErr,
};
use serde::{Deserialize, Serialize};

use crate::catalog_file::{ShiftEntry, days_off_from, days_off_to};
use crate::providers::mail::NoticeFacts;
use crate::sql::common::{corrupt, insert_audit, instant, json, ms, parse_json, storage};
use crate::sql::entities::{
    job, job_message, job_offer, job_position, job_step, order, partner, partner_hold,
};
use crate::stores::live;
use crate::stores::orders::saving::{announce, queue_notices, queue_to_owner, save_order};

mod ledger;
mod positions;

pub struct SqlPartnerStore {
    db: DatabaseConnection,
    positions: positions::PositionWriter,
}

impl SqlPartnerStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            positions: positions::PositionWriter::default(),
        }
    }

    /// The jobs of these rows, with their offers and steps: two reads for any number of jobs (a
    /// reminders look reads every job of the next two days).
    pub(crate) async fn load(&self, rows: Vec<job::Model>) -> DomainResult<Vec<Job>> {
        load_in(&self.db, rows).await
    }
}

/// Jobs with their offers and steps, read on `db` (a snapshot where the job must be whole).
async fn load_in(db: &impl ConnectionTrait, rows: Vec<job::Model>) -> DomainResult<Vec<Job>> {
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
impl PartnerStore for SqlPartnerStore {
    async fn partner(&self, id: &UserId) -> DomainResult<Option<Partner>> {
        partner::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(partner_from_row)
            .transpose()
    }

    async fn partners(&self) -> DomainResult<Vec<Partner>> {
        partner::Entity::find()
            .order_by_asc(partner::Column::Name)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(partner_from_row)
            .collect()
    }

    async fn save_partner(&self, p: &Partner, audit: &AuditEntry) -> DomainResult<()> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        let row = partner_to_row(p, audit.at);
        let exists = partner::Entity::find_by_id(p.user_id.as_str())
            .count(&txn)
            .await
            .map_err(storage)?
            > 0;
        if exists {
            partner::Entity::update(row)
                .exec(&txn)
                .await
                .map_err(storage)?;
        } else {
            partner::Entity::insert(row)
                .exec(&txn)
                .await
                .map_err(storage)?;
        }
        insert_audit(&txn, audit).await.map_err(storage)?;
        txn.commit().await.map_err(storage)
    }

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

    async fn save_job(&self, j: &Job, with: JobWrite<'_>) -> Result<(), JobStoreError> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        let first_new = write_job(&txn, j).await?;
        let id = j.order_id.as_str();
        if let Some(order) = with.tell {
            queue_job_notices(&txn, order, j, first_new)
                .await
                .map_err(storage)?;
        }
        if with.release {
            partner_hold::Entity::delete_many()
                .filter(partner_hold::Column::OrderId.eq(id))
                .exec(&txn)
                .await
                .map_err(storage)?;
        }
        if let Some((partner, slots)) = with.hold {
            let rows = slots.into_iter().map(|slot| partner_hold::ActiveModel {
                partner_id: Set(partner.as_str().to_owned()),
                slot_ms: Set(ms(slot)),
                order_id: Set(id.to_owned()),
            });
            if let Err(e) = partner_hold::Entity::insert_many(rows).exec(&txn).await {
                return Err(if unique(&e) {
                    JobStoreError::Busy
                } else {
                    storage(e).into()
                });
            }
        }
        if let Some(audit) = with.audit {
            insert_audit(&txn, audit).await.map_err(storage)?;
        }
        if let Some(earning) = with.earn {
            // A job earns once: its step is saved over the job's version, and its key is unique.
            ledger::add(&txn, earning).await?;
        }
        // The order last: its live event is the transaction's last write.
        if let Some(order) = with.order {
            let (first_new, saved) = save_order(&txn, order).await.map_err(|e| match e {
                StoreError::Stale => JobStoreError::Stale,
                StoreError::SlotTaken => JobStoreError::Busy,
                StoreError::Other(e) => JobStoreError::Other(e),
                other => JobStoreError::Other(corrupt("order save", format!("{other:?}"))),
            })?;
            queue_notices(&txn, order, first_new)
                .await
                .map_err(storage)?;
            announce(&txn, order, saved).await.map_err(storage)?;
        } else if let Some(row) = order::Entity::find_by_id(id)
            .one(&txn)
            .await
            .map_err(storage)?
        {
            // The job is part of the order as its customer and the console watch it.
            let change = Change::order_part(&row.owner, &j.order_id);
            live::record(&txn, ms(last_change(j)), &[change])
                .await
                .map_err(storage)?;
        }
        txn.commit().await.map_err(storage)?;
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
        mut message: JobMessage,
    ) -> DomainResult<JobMessage> {
        // Numbered after the last one; of two written at once, the second to insert finds its
        // number taken and tries the next. One with the writer's key already is a retry: the
        // message as it was written is returned.
        for _ in 0..8 {
            if let Some(sent) = self.message_by_key(order, &message).await? {
                return Ok(sent);
            }
            let txn = crate::sql::db::begin_write(&self.db)
                .await
                .map_err(storage)?;
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
            let change = Change::order_part(owner.as_str(), order);
            live::record(&txn, ms(message.at), &[change])
                .await
                .map_err(storage)?;
            match txn.commit().await {
                Err(e) if unique(&e) => continue,
                other => other.map_err(storage)?,
            }
            return Ok(message);
        }
        Err(domain::DomainError::Conflict(domain::error::msg(
            "talk.busy",
        )))
    }

    async fn ledger(
        &self,
        partner: Option<&UserId>,
        from: Week,
        until: Week,
    ) -> DomainResult<Vec<Earning>> {
        ledger::ledger(&self.db, partner, from, until).await
    }

    async fn owed(&self, partner: &UserId) -> DomainResult<Money> {
        ledger::owed(&self.db, partner).await
    }

    async fn add_payout(&self, payout: &Earning, audit: &AuditEntry) -> DomainResult<bool> {
        ledger::add_payout(&self.db, payout, audit).await
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

impl SqlPartnerStore {
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

fn message_to_row(order: &OrderId, m: &JobMessage) -> job_message::ActiveModel {
    let (phrase, body, language) = match &m.said {
        Said::Phrase(code) => (code.clone(), String::new(), String::new()),
        Said::Text { body, language } => (String::new(), body.clone(), language.tag().to_owned()),
    };
    job_message::ActiveModel {
        order_id: Set(order.as_str().to_owned()),
        seq: Set(i32::try_from(m.seq).unwrap_or(i32::MAX)),
        side: Set(m.side.code().to_owned()),
        author_id: Set(m.author.as_str().to_owned()),
        client_key: Set(m.key.clone()),
        phrase: Set(phrase),
        body: Set(body),
        language: Set(language),
        at_ms: Set(ms(m.at)),
    }
}

fn message_from_row(row: job_message::Model) -> DomainResult<JobMessage> {
    let said = if row.phrase.is_empty() {
        Said::Text {
            body: row.body,
            language: Language::parse(&row.language)?,
        }
    } else {
        Said::Phrase(row.phrase)
    };
    Ok(JobMessage {
        seq: u32::try_from(row.seq).unwrap_or(0),
        side: Side::parse(&row.side)?,
        author: UserId::parse(&row.author_id)?,
        key: row.client_key,
        said,
        at: instant(row.at_ms)?,
    })
}

fn position_from_row(row: job_position::Model) -> DomainResult<KeptPosition> {
    Ok(KeptPosition {
        partner: UserId::parse(&row.partner_id)?,
        position: Position {
            latitude: row.latitude,
            longitude: row.longitude,
            accuracy: row.accuracy,
            taken_at: instant(row.taken_at_ms)?,
        },
        kept_at: instant(row.kept_at_ms)?,
    })
}

fn unique(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// The job's row over its version (inserted when new), its offers as they now stand and its new
/// steps.
/// Writes the job over its version, its offers and its new steps; says where the new steps begin.
async fn write_job(db: &impl ConnectionTrait, j: &Job) -> Result<usize, JobStoreError> {
    let id = j.order_id.as_str();
    let row = job::ActiveModel {
        order_id: Set(id.to_owned()),
        category: Set(j.category.slug().to_owned()),
        start_at_ms: Set(ms(j.starts_at())),
        minutes: Set(i32::try_from(j.minutes).unwrap_or(i32::MAX)),
        free_waiting_minutes: Set(i32::try_from(j.free_waiting_minutes).unwrap_or(i32::MAX)),
        status: Set(j.status.code().to_owned()),
        partner_id: Set(j.partner.as_ref().map(|p| p.as_str().to_owned())),
        no_show: Set(j
            .no_show
            .as_ref()
            .map(|p| json(&ProofRow::from(p)))
            .unwrap_or_default()),
        no_show_image_id: Set(j.no_show.as_ref().map(|p| p.photo.clone())),
        pay_completed_vnd: Set(j.pay.completed.amount()),
        pay_no_show_vnd: Set(j.pay.no_show.amount()),
        version: Set(j.version + 1),
        updated_at_ms: Set(ms(last_change(j))),
    };
    if j.version == 0 {
        // A new job: of two first saves (two operators offering at once), the second is stale.
        if let Err(e) = job::Entity::insert(row).exec(db).await {
            return Err(if unique(&e) {
                JobStoreError::Stale
            } else {
                storage(e).into()
            });
        }
    } else {
        // Its key is the filter, not a value set (see `orders::saving::save_order`).
        let row = job::ActiveModel {
            order_id: NotSet,
            ..row
        };
        let updated = job::Entity::update_many()
            .set(row)
            .filter(job::Column::OrderId.eq(id))
            .filter(job::Column::Version.eq(j.version))
            .exec(db)
            .await
            .map_err(storage)?;
        if updated.rows_affected != 1 {
            return Err(JobStoreError::Stale);
        }
    }
    job_offer::Entity::delete_many()
        .filter(job_offer::Column::OrderId.eq(id))
        .exec(db)
        .await
        .map_err(storage)?;
    if !j.offers.is_empty() {
        job_offer::Entity::insert_many(j.offers.iter().map(|o| offer_row(id, o)))
            .exec(db)
            .await
            .map_err(storage)?;
    }
    let stored = job_step::Entity::find()
        .filter(job_step::Column::OrderId.eq(id))
        .count(db)
        .await
        .map_err(storage)?;
    let stored = usize::try_from(stored).unwrap_or(usize::MAX);
    let new: Vec<_> = j
        .steps
        .iter()
        .enumerate()
        .skip(stored)
        .map(|(seq, s)| job_step::ActiveModel {
            order_id: Set(id.to_owned()),
            seq: Set(i32::try_from(seq).unwrap_or(i32::MAX)),
            status: Set(s.status.code().to_owned()),
            at_ms: Set(ms(s.at)),
            actor: Set(s.actor.clone()),
        })
        .collect();
    if !new.is_empty() {
        job_step::Entity::insert_many(new)
            .exec(db)
            .await
            .map_err(storage)?;
    }
    Ok(stored)
}

/// Queues the mails the job's new steps send its traveller (the domain says which). A notice's id
/// is the job's and the step's, so a step written twice could not mail twice.
async fn queue_job_notices(
    db: &impl ConnectionTrait,
    o: &Order,
    j: &Job,
    from_seq: usize,
) -> Result<(), DbErr> {
    let notices = j
        .steps
        .iter()
        .enumerate()
        .skip(from_seq)
        .filter_map(|(seq, s)| s.notice().map(|kind| (seq, kind, s.at)))
        .map(|(seq, kind, at)| {
            let id = format!("j-{}-{seq}", o.id.as_str());
            (id, kind, NoticeFacts::of_job(o), at)
        });
    queue_to_owner(db, o, notices).await
}

/// When the job last changed: its latest step, offer or answer.
fn last_change(j: &Job) -> DateTime<Utc> {
    let offers = j.offers.iter().flat_map(|o| {
        let answered = o.answer.as_ref().map(Answer::at);
        [Some(o.offered_at), answered]
    });
    let steps = j.steps.iter().map(|s| Some(s.at));
    offers
        .chain(steps)
        .flatten()
        .max()
        .unwrap_or_else(|| j.starts_at())
}

fn offer_row(order_id: &str, o: &Offer) -> job_offer::ActiveModel {
    let (answer, at, reason) = match &o.answer {
        None => ("", None, String::new()),
        Some(Answer::Accepted { at }) => ("accepted", Some(ms(*at)), String::new()),
        Some(Answer::Declined { at, reason }) => ("declined", Some(ms(*at)), reason.clone()),
        Some(Answer::Taken { at }) => ("taken", Some(ms(*at)), String::new()),
    };
    job_offer::ActiveModel {
        order_id: Set(order_id.to_owned()),
        partner_id: Set(o.partner.as_str().to_owned()),
        offered_at_ms: Set(ms(o.offered_at)),
        expires_at_ms: Set(ms(o.expires_at)),
        answer: Set(answer.to_owned()),
        answered_at_ms: Set(at),
        reason: Set(reason),
    }
}

fn job_from_rows(
    row: job::Model,
    offers: Vec<job_offer::Model>,
    steps: Vec<job_step::Model>,
) -> DomainResult<Job> {
    let offers = offers
        .into_iter()
        .map(|o| {
            let answer = match (o.answer.as_str(), o.answered_at_ms) {
                ("", _) => None,
                ("accepted", Some(at)) => Some(Answer::Accepted { at: instant(at)? }),
                ("taken", Some(at)) => Some(Answer::Taken { at: instant(at)? }),
                ("declined", Some(at)) => Some(Answer::Declined {
                    at: instant(at)?,
                    reason: o.reason,
                }),
                (other, _) => return Err(corrupt("job offer", other)),
            };
            Ok(Offer {
                partner: UserId::parse(&o.partner_id)?,
                offered_at: instant(o.offered_at_ms)?,
                expires_at: instant(o.expires_at_ms)?,
                answer,
            })
        })
        .collect::<DomainResult<Vec<_>>>()?;
    let steps = steps
        .into_iter()
        .map(|s| {
            Ok(JobStep {
                status: JobStatus::parse(&s.status)?,
                at: instant(s.at_ms)?,
                actor: s.actor,
            })
        })
        .collect::<DomainResult<Vec<_>>>()?;
    let no_show = if row.no_show.is_empty() {
        None
    } else {
        Some(parse_json::<ProofRow>("no-show proof", &row.no_show)?.into())
    };
    Ok(Job {
        order_id: OrderId::parse(&row.order_id)?,
        category: Category::from_slug(&row.category)?,
        start: LocalTime::of(instant(row.start_at_ms)?),
        minutes: u32::try_from(row.minutes).map_err(|e| corrupt("job minutes", e))?,
        free_waiting_minutes: u32::try_from(row.free_waiting_minutes)
            .map_err(|e| corrupt("job waiting", e))?,
        status: JobStatus::parse(&row.status)?,
        partner: row.partner_id.as_deref().map(UserId::parse).transpose()?,
        offers,
        steps,
        no_show,
        pay: Pay {
            completed: Money::vnd(row.pay_completed_vnd),
            no_show: Money::vnd(row.pay_no_show_vnd),
        },
        version: row.version,
    })
}

/// A no-show's proof as the job's row keeps it.
#[derive(Serialize, Deserialize)]
struct ProofRow {
    photo: String,
    latitude: f64,
    longitude: f64,
    accuracy: f64,
    taken_at_ms: i64,
}

impl From<&NoShowProof> for ProofRow {
    fn from(p: &NoShowProof) -> Self {
        Self {
            photo: p.photo.clone(),
            latitude: p.position.latitude,
            longitude: p.position.longitude,
            accuracy: p.position.accuracy,
            taken_at_ms: ms(p.position.taken_at),
        }
    }
}

impl From<ProofRow> for NoShowProof {
    fn from(p: ProofRow) -> Self {
        Self {
            photo: p.photo,
            position: Position {
                latitude: p.latitude,
                longitude: p.longitude,
                accuracy: p.accuracy,
                taken_at: DateTime::from_timestamp_millis(p.taken_at_ms).unwrap_or_default(),
            },
        }
    }
}

fn partner_to_row(p: &Partner, at: DateTime<Utc>) -> partner::ActiveModel {
    let languages: Vec<&str> = p.languages.iter().map(|l| l.code()).collect();
    let vehicle = p.vehicle.as_ref();
    partner::ActiveModel {
        user_id: Set(p.user_id.as_str().to_owned()),
        kind: Set(p.kind.code().to_owned()),
        name: Set(p.name.clone()),
        phone_country_code: Set(p.phone.country_code().to_owned()),
        phone_number: Set(p.phone.number().to_owned()),
        languages: Set(languages.join(",")),
        vehicle_model: Set(vehicle.map(|v| v.model.clone()).unwrap_or_default()),
        vehicle_plate: Set(vehicle.map(|v| v.plate.clone()).unwrap_or_default()),
        vehicle_seats: Set(vehicle.map_or(0, |v| i32::try_from(v.seats).unwrap_or(0))),
        therapist_id: Set(p.therapist_id.clone()),
        hours: Set(json(
            &p.availability
                .hours
                .iter()
                .map(ShiftEntry::from)
                .collect::<Vec<_>>(),
        )),
        days_off: Set(json(&days_off_to(&p.availability.days_off))),
        active: Set(p.active),
        created_at_ms: Set(ms(p.created_at)),
        updated_at_ms: Set(ms(at)),
    }
}

fn partner_from_row(r: partner::Model) -> DomainResult<Partner> {
    let kind = PartnerKind::parse(&r.kind)?;
    let languages = r
        .languages
        .split(',')
        .filter(|c| !c.is_empty())
        .map(GuideLanguage::parse)
        .collect::<DomainResult<Vec<_>>>()?;
    let vehicle = (kind == PartnerKind::Driver)
        .then(|| {
            let seats = u32::try_from(r.vehicle_seats).map_err(|e| corrupt("seats", e))?;
            Vehicle::new(&r.vehicle_model, &r.vehicle_plate, seats)
        })
        .transpose()?;
    Ok(Partner {
        user_id: UserId::parse(&r.user_id)?,
        kind,
        name: r.name,
        phone: Phone::parse(&r.phone_country_code, &r.phone_number)?,
        languages,
        vehicle,
        therapist_id: r.therapist_id,
        availability: Availability {
            hours: parse_json::<Vec<ShiftEntry>>("partner", &r.hours)?
                .iter()
                .map(ShiftEntry::to_shift)
                .collect::<DomainResult<_>>()
                .map_err(|e| corrupt("partner hours", e))?,
            days_off: days_off_from(&parse_json::<Vec<String>>("partner", &r.days_off)?)
                .map_err(|e| corrupt("partner days off", e))?,
        },
        active: r.active,
        created_at: instant(r.created_at_ms)?,
    })
}
