//! A job's rows: the job over its version, its offers and steps, its no-show proof; a reading's.

use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::catalog::Category;
use domain::jobs::{
    Answer, Dispatch, HandOver, Job, JobStatus, JobStep, JobStoreError, KeptPosition, NoShowProof,
    Offer, PartnerNotice, Pay, Position,
};
use domain::notifications::NoticeKind;
use domain::ordering::{Order, OrderId};
use domain::shared::{LocalTime, Money, UserId, web_pages};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, NotSet, PaginatorTrait, QueryFilter, Set,
    SqlErr,
};
use serde::{Deserialize, Serialize};

use crate::providers::mail::NoticeFacts;
use crate::sql::common::{corrupt, instant, json, ms, parse_json, storage};
use crate::sql::entities::{account, job, job_offer, job_position, job_step, mail_outbox};
use crate::stores::notifications::{PushNotice, queue_push};
use crate::stores::orders::saving::{notice_row, queue_to_owner};

pub(super) fn position_from_row(row: job_position::Model) -> DomainResult<KeptPosition> {
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

pub(super) fn unique(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// The job's row over its version (inserted when new), its offers as they now stand and its new
/// steps.
/// Writes the job over its version, its offers and its new steps; says where the new steps begin.
pub(super) async fn write_job(db: &impl ConnectionTrait, j: &Job) -> Result<usize, JobStoreError> {
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
        changed_at_ms: Set(j.changed_at.map(ms)),
        dispatch_by_hand: Set(j.dispatch == Dispatch::ByHand),
        handed_over: Set(j
            .dispatch
            .handed_over()
            .map(|(why, _)| why.code().to_owned())
            .unwrap_or_default()),
        handed_over_at_ms: Set(j.dispatch.handed_over().map(|(_, at)| ms(at))),
        landed_at_ms: Set(j.landed_at.map(ms)),
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
pub(super) async fn queue_job_notices(
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

/// Mails the partner `n` names what happened to their job, linking to it in the partner app, in
/// their profile's language; once per version of the order (the notice's id), none for a
/// partner whose account is gone. An offer goes to their phones only, once per offer of `j`.
pub(super) async fn queue_to_partner(
    db: &impl ConnectionTrait,
    n: &PartnerNotice<'_>,
    j: &Job,
) -> Result<(), DbErr> {
    let Some(partner) = account::Entity::find_by_id(n.partner.as_str())
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let o = n.order;
    let (id, at) = if n.kind.by_phone_only() {
        let offered = j.offers.iter().rev().find(|f| &f.partner == n.partner);
        (
            format!(
                "p-{}-{}-o{}",
                n.kind.as_str(),
                o.id.as_str(),
                j.offers.len()
            ),
            offered.map_or(o.updated_at, |f| f.offered_at),
        )
    } else {
        let id = format!("p-{}-{}-{}", n.kind.as_str(), o.id.as_str(), o.version);
        (id, o.updated_at)
    };
    let link = web_pages::partner_job(o.id.as_str());
    let facts = json(&NoticeFacts::of_job(o));
    // The same on their phones, where they turned notices on and did not turn this kind off.
    if let Some(kind) = NoticeKind::of_mail(n.kind) {
        let notice = PushNotice {
            key: &id,
            kind,
            what: n.kind.as_str(),
            link: Some(link.clone()),
            payload: Some(facts.clone()),
            at,
        };
        queue_push(db, &partner.id, &notice).await?;
    }
    if n.kind.by_phone_only() {
        return Ok(());
    }
    let row = notice_row(id, partner.email, n.kind, link, facts, at);
    mail_outbox::Entity::insert(row)
        .on_conflict_do_nothing()
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// When the job last changed: its latest step, offer or answer.
pub(super) fn last_change(j: &Job) -> DateTime<Utc> {
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

pub(super) fn offer_row(order_id: &str, o: &Offer) -> job_offer::ActiveModel {
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

pub(super) fn job_from_rows(
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
        changed_at: row.changed_at_ms.map(instant).transpose()?,
        dispatch: match (HandOver::parse(&row.handed_over), row.handed_over_at_ms) {
            (Some(why), Some(at)) => Dispatch::HandedOver(why, instant(at)?),
            _ if row.dispatch_by_hand => Dispatch::ByHand,
            _ => Dispatch::Automatic,
        },
        landed_at: row.landed_at_ms.map(instant).transpose()?,
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
