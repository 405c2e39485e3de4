//! Reminders in SQL: the coming bookings with their jobs, and the reminders' mails queued in the
//! outbox under the keys the domain gives them. The outbox's primary key is what makes a reminder
//! go once: a node that decides it again, at the same moment or later, inserts nothing.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::identity::Role;
use domain::ordering::{Order, OrderState};
use domain::reminders::{Audience, Reminder, ReminderStore, Upcoming};
use domain::shared::web_pages;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, TryInsertResult,
};

use crate::providers::mail::NoticeFacts;
use crate::sql::common::{json, ms, storage};
use crate::sql::entities::{account, job, mail_outbox, order};
use crate::stores::jobs::load_in as jobs_with_steps;
use crate::stores::notifications::{PushNotice, queue_push};
use crate::stores::orders::saving::notice_row;
use crate::stores::orders::with_events as orders_with_events;
use domain::notifications::NoticeKind;

/// Reads orders and jobs as their stores do (`orders::with_events`, `jobs::load_in`), without
/// starting either store: the order store starts a writer of its own.
pub struct SqlReminderStore {
    db: DatabaseConnection,
}

impl SqlReminderStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

impl SqlReminderStore {
    /// Every message of `reminders` is in the outbox already.
    async fn all_queued(&self, order: &Order, reminders: &[Reminder]) -> Result<bool, DbErr> {
        let mut keys = Vec::new();
        for r in reminders {
            let (people, _) = recipients(&self.db, order, &r.to).await?;
            keys.extend(people.iter().map(|(_, email)| r.key(email)));
        }
        let found = mail_outbox::Entity::find()
            .filter(mail_outbox::Column::Id.is_in(keys.clone()))
            .count(&self.db)
            .await?;
        Ok(usize::try_from(found).is_ok_and(|n| n == keys.len()))
    }
}

#[async_trait]
impl ReminderStore for SqlReminderStore {
    async fn upcoming(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> DomainResult<Vec<Upcoming>> {
        // By start alone, through `idx_orders_start`: the window is minutes wide. With the states
        // in the query, the planner took the `(state, expires_at_ms)` index and read every paid
        // order ever made (issue 67).
        let paid = [OrderState::Paid.code(), OrderState::Confirmed.code()];
        let rows: Vec<_> = order::Entity::find()
            .filter(order::Column::StartAtMs.gte(ms(from)))
            .filter(order::Column::StartAtMs.lt(ms(to)))
            .order_by_asc(order::Column::StartAtMs)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .filter(|r| paid.contains(&r.state.as_str()))
            .collect();
        let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
        let orders = orders_with_events(&self.db, rows).await?;
        let jobs = job::Entity::find()
            .filter(job::Column::OrderId.is_in(ids))
            .all(&self.db)
            .await
            .map_err(storage)?;
        let mut jobs = jobs_with_steps(&self.db, jobs).await?;
        Ok(orders
            .into_iter()
            .map(|order| {
                let job = jobs
                    .iter()
                    .position(|j| j.order_id == order.id)
                    .map(|i| jobs.swap_remove(i));
                Upcoming { order, job }
            })
            .collect())
    }

    async fn queue(&self, order: &Order, reminders: &[Reminder]) -> DomainResult<usize> {
        // A reminder stays due until the next one, and every node looks each minute: most looks
        // find it queued already. That is found with reads, so they take no write lock.
        if self.all_queued(order, reminders).await.map_err(storage)? {
            return Ok(0);
        }
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        let facts = json(&NoticeFacts::of_reminder(order));
        let mut rows = Vec::new();
        for r in reminders {
            let (people, link) = recipients(&txn, order, &r.to).await.map_err(storage)?;
            for (user, email) in &people {
                let key = r.key(email);
                let notice = PushNotice {
                    key: &key,
                    kind: NoticeKind::Reminders,
                    what: r.kind.mail().as_str(),
                    link: Some(link.clone()),
                    payload: Some(facts.clone()),
                    at: r.at,
                };
                queue_push(&txn, user, &notice).await.map_err(storage)?;
            }
            rows.extend(
                people
                    .into_iter()
                    .map(|(_, email)| mail_outbox::ActiveModel {
                        // A reminder is decided when it is due: it goes at once, ahead of mails
                        // waiting to be tried again.
                        next_attempt_at_ms: Set(0),
                        ..notice_row(
                            r.key(&email),
                            email,
                            r.kind.mail(),
                            link.clone(),
                            facts.clone(),
                            r.at,
                        )
                    }),
            );
        }
        if rows.is_empty() {
            return Ok(0);
        }
        let written = mail_outbox::Entity::insert_many(rows)
            .on_conflict_do_nothing()
            .exec_without_returning(&txn)
            .await
            .map_err(storage)?;
        txn.commit().await.map_err(storage)?;
        Ok(match written {
            TryInsertResult::Inserted(n) => usize::try_from(n).unwrap_or(usize::MAX),
            _ => 0,
        })
    }
}

/// Who a reminder goes to (open accounts only: their ids and addresses) and the page it links to.
async fn recipients(
    db: &impl ConnectionTrait,
    order: &Order,
    to: &Audience,
) -> Result<(Vec<(String, String)>, String), DbErr> {
    let id = order.id.as_str();
    let (accounts, link) = match to {
        Audience::Traveller(user) => (
            account::Column::Id.eq(user.as_str()),
            web_pages::member_order(id),
        ),
        Audience::Partner(user) => (
            account::Column::Id.eq(user.as_str()),
            web_pages::partner_job(id),
        ),
        Audience::Operators => (
            account::Column::Role.is_in([Role::Operator.code(), Role::Admin.code()]),
            web_pages::ops_order(id),
        ),
    };
    let people = account::Entity::find()
        .select_only()
        .column(account::Column::Id)
        .column(account::Column::Email)
        .filter(accounts)
        .filter(account::Column::Disabled.eq(false))
        .order_by_asc(account::Column::Email)
        .into_tuple::<(String, String)>()
        .all(db)
        .await?;
    Ok((people, link))
}
