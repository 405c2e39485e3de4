//! Writing one order's rows inside a caller's transaction: the order, its transitions, a
//! massage's therapist holds, the notices it queues and its live event. The order store (every
//! save, in a unit of work: `save_in`) and its writer of new orders write through these; the job
//! and payment stores write no order.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use domain::catalog::Category;
use domain::identity::MailKind;
use domain::live::Change;
use domain::ordering::{Order, OrderState, ServiceDetails, StoreError};
use domain::shared::web_pages;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QuerySelect, Set, SqlErr,
};

use super::rows::{event_rows, order_to_row};
use crate::providers::mail::NoticeFacts;
use crate::sql::common::{json, ms, storage};
use crate::sql::entities::{account, mail_outbox, order, order_event, order_image, therapist_hold};
use crate::stores::notifications::{PushNotice, queue_push};
use domain::notifications::NoticeKind;

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
/// the unit's transaction (`SqlOrderStore::save_in`, the one caller). Answers the index of the
/// first transition it wrote, for [`queue_notices`].
pub(super) async fn save_order(
    db: &impl ConnectionTrait,
    o: &Order,
) -> Result<(usize, Unannounced), StoreError> {
    let mut row = order_to_row(o);
    row.version = Set(o.version + 1);
    // Its key is the filter, not a value set: an UPDATE that sets a parent key makes SQLite check
    // every table whose foreign key points here, a scan each (issue 67).
    row.id = NotSet;
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
    Ok((stored, Unannounced(Change::order(o))))
}

/// An order saved in a transaction whose live event is not recorded yet. Nothing reads it but
/// `into_change`, whose change goes to the unit's commit (`live::SqlWork::announce`), and
/// it is `must_use`: a store that saves an order and does not announce it does not pass the lints.
#[must_use = "announce the order's change in its unit (`SqlWork::announce`)"]
pub(crate) struct Unannounced(Change);

impl Unannounced {
    pub(crate) fn into_change(self) -> Change {
        self.0
    }
}

/// Queues the mails of the order's new steps (the domain says which) in the caller's
/// transaction. A notice's id is the order's and the step's, so even a step written twice could
/// not mail twice.
pub(crate) async fn queue_notices(
    db: &impl ConnectionTrait,
    o: &Order,
    from_seq: usize,
) -> Result<(), DbErr> {
    let notices = o
        .history
        .iter()
        .enumerate()
        .skip(from_seq)
        .filter_map(|(seq, t)| t.notice().map(|kind| (seq, kind, t)))
        .map(|(seq, kind, t)| {
            let id = format!("n-{}-{seq}", o.id.as_str());
            (id, kind, NoticeFacts::of(o, t), t.at)
        });
    queue_to_owner(db, o, notices).await
}

/// An order's or a job's notice to mail to `to`, due at `at`, written in the language of the
/// recipient's profile (everyone it goes to has one).
pub(crate) fn notice_row(
    id: String,
    to: String,
    kind: MailKind,
    link: String,
    payload: String,
    at: DateTime<Utc>,
) -> mail_outbox::ActiveModel {
    mail_outbox::ActiveModel {
        id: Set(id),
        recipient: Set(to),
        kind: Set(kind.as_str().to_owned()),
        link: Set(Some(link)),
        payload: Set(Some(payload)),
        created_at_ms: Set(ms(at)),
        attempts: Set(0),
        next_attempt_at_ms: Set(ms(at)),
        sent_at_ms: Set(None),
        last_error: Set(None),
        language: Set(None),
    }
}

/// Queues notices about order `o` to its owner (`(id, kind, facts, at)`), each with a link to the
/// order's page, in the language of the owner's profile; none for an owner who is gone.
pub(crate) async fn queue_to_owner(
    db: &impl ConnectionTrait,
    o: &Order,
    notices: impl Iterator<Item = (String, MailKind, NoticeFacts, DateTime<Utc>)>,
) -> Result<(), DbErr> {
    // Most saves tell nothing: no read of the owner for them.
    let notices: Vec<_> = notices.collect();
    if notices.is_empty() {
        return Ok(());
    }
    let Some(owner) = account::Entity::find_by_id(o.owner.as_str())
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let link = web_pages::member_order(o.id.as_str());
    let mut rows = Vec::with_capacity(notices.len());
    for (id, kind, facts, at) in notices {
        let payload = json(&facts);
        // The same notice on the owner's phones, where they have not turned its kind off.
        if let Some(notice_kind) = NoticeKind::of_mail(kind) {
            let notice = PushNotice {
                key: &id,
                kind: notice_kind,
                what: kind.as_str(),
                link: Some(link.clone()),
                payload: Some(payload.clone()),
                at,
            };
            queue_push(db, &owner.id, &notice).await?;
        }
        rows.push(notice_row(
            id,
            owner.email.clone(),
            kind,
            link.clone(),
            payload,
            at,
        ));
    }
    mail_outbox::Entity::insert_many(rows).exec(db).await?;
    Ok(())
}
