//! Customer-service threads in SQL. A thread row carries its counters (messages, unread on each
//! side), changed in the same transaction as the message that moves them; the update on the
//! thread row comes first, so concurrent messages to one thread take their turns.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::audit::AuditEntry;
use domain::error::msg;
use domain::live::Change;
use domain::notifications::NoticeKind;
use domain::ordering::OrderId;
use domain::shared::{Page, PageRequest, UserId, web_pages};
use domain::support::{
    Author, Message, RequestId, Side, SupportStore, Thread, ThreadId, ThreadView,
};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    SqlErr,
};

use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::{support_message, support_thread};
use crate::sql::paging::newest_first;
use crate::stores::live;
use crate::stores::notifications::{PushNotice, SUPPORT_REPLY, queue_push};

pub struct SqlSupportStore {
    db: DatabaseConnection,
}

impl SqlSupportStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn unique_violation(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

fn count(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

fn thread_from_row(r: support_thread::Model) -> DomainResult<Thread> {
    let bad = |e: DomainError| corrupt("support thread", e);
    Ok(Thread {
        id: ThreadId::parse(&r.id).map_err(bad)?,
        owner: UserId::parse(&r.owner).map_err(bad)?,
        subject: r.subject,
        order_id: r
            .order_id
            .as_deref()
            .map(OrderId::parse)
            .transpose()
            .map_err(bad)?,
        created_at: instant(r.created_at_ms)?,
        updated_at: instant(r.updated_at_ms)?,
        message_count: count(r.message_count),
        unread_by_customer: count(r.unread_by_customer),
        unread_by_operators: count(r.unread_by_operators),
        preview: r.preview,
        closed_at: r.closed_at_ms.map(instant).transpose()?,
    })
}

fn message_row(
    thread: &ThreadId,
    seq: i32,
    m: &Message,
    request: Option<&RequestId>,
) -> support_message::ActiveModel {
    support_message::ActiveModel {
        thread_id: Set(thread.as_str().into()),
        seq: Set(seq),
        author: Set(m.author.code()),
        body: Set(m.body.clone()),
        at_ms: Set(ms(m.at)),
        request_id: Set(request.map(|r| r.as_str().into())),
    }
}

#[async_trait]
impl SupportStore for SqlSupportStore {
    async fn open(
        &self,
        thread: &Thread,
        first: &Message,
        request: Option<&RequestId>,
    ) -> DomainResult<Thread> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        let row = support_thread::ActiveModel {
            id: Set(thread.id.as_str().into()),
            owner: Set(thread.owner.as_str().into()),
            subject: Set(thread.subject.clone()),
            order_id: Set(thread.order_id.as_ref().map(|o| o.as_str().into())),
            created_at_ms: Set(ms(thread.created_at)),
            updated_at_ms: Set(ms(thread.updated_at)),
            message_count: Set(1),
            unread_by_customer: Set(0),
            unread_by_operators: Set(1),
            preview: Set(thread.preview.clone()),
            request_id: Set(request.map(|r| r.as_str().into())),
            closed_at_ms: Set(None),
        };
        match support_thread::Entity::insert(row).exec(&txn).await {
            Ok(_) => {}
            Err(e) if unique_violation(&e) && request.is_some() => {
                txn.rollback().await.map_err(storage)?;
                // The same open sent again: the thread the first one made.
                let existing = support_thread::Entity::find()
                    .filter(support_thread::Column::Owner.eq(thread.owner.as_str()))
                    .filter(support_thread::Column::RequestId.eq(request.map(|r| r.as_str())))
                    .one(&self.db)
                    .await
                    .map_err(storage)?
                    .ok_or_else(|| DomainError::Conflict(msg("request.repeated")))?;
                return thread_from_row(existing);
            }
            Err(e) => return Err(storage(e)),
        }
        support_message::Entity::insert(message_row(&thread.id, 0, first, None))
            .exec(&txn)
            .await
            .map_err(storage)?;
        let change = Change::thread(thread.owner.as_str(), &thread.id);
        txn.commit(ms(first.at), &[change]).await.map_err(storage)?;
        Ok(thread.clone())
    }

    async fn get(&self, id: &ThreadId) -> DomainResult<Option<Thread>> {
        support_thread::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(thread_from_row)
            .transpose()
    }

    async fn messages(&self, id: &ThreadId) -> DomainResult<Vec<Message>> {
        support_message::Entity::find()
            .filter(support_message::Column::ThreadId.eq(id.as_str()))
            .order_by_asc(support_message::Column::Seq)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(|r| {
                Ok(Message {
                    author: Author::parse(&r.author).map_err(|e| corrupt("support message", e))?,
                    body: r.body,
                    at: instant(r.at_ms)?,
                })
            })
            .collect()
    }

    async fn append(
        &self,
        id: &ThreadId,
        message: &Message,
        request: Option<&RequestId>,
        audit: Option<&AuditEntry>,
    ) -> DomainResult<()> {
        let unread = match message.author {
            Author::Customer => support_thread::Column::UnreadByOperators,
            Author::Operator(_) => support_thread::Column::UnreadByCustomer,
        };
        let txn = live::begin(&self.db).await.map_err(storage)?;
        // The thread row first: it numbers the message and makes a concurrent one wait.
        support_thread::Entity::update_many()
            .col_expr(
                support_thread::Column::MessageCount,
                Expr::col(support_thread::Column::MessageCount).add(1),
            )
            .col_expr(unread, Expr::col(unread).add(1))
            .col_expr(
                support_thread::Column::UpdatedAtMs,
                Expr::value(ms(message.at)),
            )
            .col_expr(
                support_thread::Column::Preview,
                Expr::value(Thread::preview_of(&message.body)),
            )
            // A new message reopens a closed thread.
            .col_expr(
                support_thread::Column::ClosedAtMs,
                Expr::value(Option::<i64>::None),
            )
            .filter(support_thread::Column::Id.eq(id.as_str()))
            .exec(&txn)
            .await
            .map_err(storage)?;
        let (seq, owner): (i32, String) = support_thread::Entity::find_by_id(id.as_str())
            .select_only()
            .column(support_thread::Column::MessageCount)
            .column(support_thread::Column::Owner)
            .into_tuple()
            .one(&txn)
            .await
            .map_err(storage)?
            .ok_or_else(|| DomainError::not_found("thread"))?;
        match support_message::Entity::insert(message_row(id, seq - 1, message, request))
            .exec(&txn)
            .await
        {
            Ok(_) => {
                if let Some(audit) = audit {
                    insert_audit(&txn, audit).await.map_err(storage)?;
                }
                // An operator's answer reaches the customer's phones too.
                if let Author::Operator(_) = &message.author {
                    let key = format!("s-{}-{seq}", id.as_str());
                    let notice = PushNotice {
                        key: &key,
                        kind: NoticeKind::Support,
                        what: SUPPORT_REPLY,
                        link: Some(web_pages::support_thread(id.as_str())),
                        payload: Some(Thread::preview_of(&message.body)),
                        at: message.at,
                    };
                    queue_push(&txn, &owner, &notice).await.map_err(storage)?;
                }
                let change = Change::thread(&owner, id);
                txn.commit(ms(message.at), &[change]).await.map_err(storage)
            }
            // Sent before (a retry): the first one stands, and nothing of this one is kept.
            Err(e) if unique_violation(&e) && request.is_some() => {
                txn.rollback().await.map_err(storage)
            }
            Err(e) => Err(storage(e)),
        }
    }

    async fn set_closed(
        &self,
        id: &ThreadId,
        closed_at: Option<DateTime<Utc>>,
        audit: &AuditEntry,
    ) -> DomainResult<()> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        let row = support_thread::Entity::find_by_id(id.as_str())
            .one(&txn)
            .await
            .map_err(storage)?
            .ok_or_else(|| DomainError::not_found("thread"))?;
        support_thread::Entity::update_many()
            .col_expr(
                support_thread::Column::ClosedAtMs,
                Expr::value(closed_at.map(ms)),
            )
            .filter(support_thread::Column::Id.eq(id.as_str()))
            .exec(&txn)
            .await
            .map_err(storage)?;
        insert_audit(&txn, audit).await.map_err(storage)?;
        let change = Change::thread(&row.owner, id);
        txn.commit(ms(audit.at), &[change]).await.map_err(storage)
    }

    async fn mark_read(&self, id: &ThreadId, side: Side) -> DomainResult<()> {
        let column = match side {
            Side::Customer => support_thread::Column::UnreadByCustomer,
            Side::Operators => support_thread::Column::UnreadByOperators,
        };
        support_thread::Entity::update_many()
            .col_expr(column, Expr::value(0))
            .filter(support_thread::Column::Id.eq(id.as_str()))
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn list(
        &self,
        owner: Option<&UserId>,
        view: ThreadView,
        page: &PageRequest,
    ) -> DomainResult<Page<Thread>> {
        let mut query = support_thread::Entity::find();
        if let Some(owner) = owner {
            query = query.filter(support_thread::Column::Owner.eq(owner.as_str()));
        }
        query = match view {
            ThreadView::All => query,
            ThreadView::Waiting => query.filter(support_thread::Column::UnreadByOperators.gt(0)),
            ThreadView::Open => query.filter(support_thread::Column::ClosedAtMs.is_null()),
            ThreadView::Closed => query.filter(support_thread::Column::ClosedAtMs.is_not_null()),
        };
        let (rows, next_token) = newest_first(
            &self.db,
            query,
            (
                support_thread::Column::UpdatedAtMs,
                support_thread::Column::Id,
            ),
            page,
            |r| (r.updated_at_ms, &r.id),
        )
        .await?;
        Ok(Page {
            items: rows
                .into_iter()
                .map(thread_from_row)
                .collect::<DomainResult<_>>()?,
            next_token,
        })
    }

    async fn unread(&self, owner: &UserId) -> DomainResult<u32> {
        let counts: Vec<i32> = support_thread::Entity::find()
            .select_only()
            .column(support_thread::Column::UnreadByCustomer)
            .filter(support_thread::Column::Owner.eq(owner.as_str()))
            .filter(support_thread::Column::UnreadByCustomer.gt(0))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        Ok(counts.into_iter().map(count).sum())
    }
}
