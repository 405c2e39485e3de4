//! Live events: written by each store just before it commits a change (`record`), read by one
//! poller per node that hands them to every open watch from memory (`SqlLiveFeed`).
//!
//! Ids must become visible in order, or a reader past id N could miss a smaller id that commits
//! later. SQLite has one writer at a time, so its ids do; on PostgreSQL the writer takes an
//! advisory lock right before inserting, held until commit, so the ids are handed out in commit
//! order. Taken last, the lock only spans the insert and the commit, and is never held while
//! waiting for a row. (The order writer takes it inside the statement that writes a group's
//! orders, which waits for no row: see `stores::orders::writer`.)

use std::collections::VecDeque;
use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;

use async_trait::async_trait;
use domain::DomainResult;
use domain::live::{Change, LiveEvent, LiveFeed, Topic, Wanted};
use domain::shared::{Unit, UserId, Work};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    EntityTrait, ExecResult, QueryFilter, QueryOrder, QueryResult, QuerySelect, Set, Statement,
};
use tokio::sync::watch;

use crate::sql::common::{corrupt, instant, storage};
use crate::sql::db::{DbLock, take_lock};
use crate::sql::entities::live_event;

/// A store's write transaction on what pages watch. It commits only with the changes it made
/// (`commit`: the domain names them, `Change::order`, `Change::thread`, …), whose live events are
/// its last write; dropped, it rolls back. A store that writes such a change begins one of these
/// rather than a plain transaction, so it cannot commit without saying what changed (`&[]`, said
/// in so many words, where nothing a page shows did).
#[must_use = "commit it with the changes it made (`commit`)"]
pub(crate) struct Announcing(DatabaseTransaction);

/// Begins a write transaction whose commit announces its changes.
pub(crate) async fn begin(db: &DatabaseConnection) -> Result<Announcing, DbErr> {
    crate::sql::db::begin_write(db).await.map(Announcing)
}

impl Announcing {
    /// Records the events of `changes` at `at_ms`, then commits.
    pub(crate) async fn commit(self, at_ms: i64, changes: &[Change]) -> Result<(), DbErr> {
        record(&self.0, at_ms, changes).await?;
        self.0.commit().await
    }

    /// Gives the transaction up: nothing it wrote is kept, and nothing is announced.
    pub(crate) async fn rollback(self) -> Result<(), DbErr> {
        self.0.rollback().await
    }

    /// Records each change's event at its own time (positions, when each was taken), then
    /// commits.
    pub(crate) async fn commit_each(self, changes: &[(i64, Change)]) -> Result<(), DbErr> {
        record_each(&self.0, changes).await?;
        self.0.commit().await
    }
}

/// The domain's unit of work in SQL (`domain::shared::Unit`): one `Announcing` transaction in which
/// several stores write (a job and its order, a settlement and its order), each naming what it
/// changed; the commit announces them all, the same change named twice (a job's order part and
/// the order itself) once, at the latest time any write gave.
pub(crate) struct SqlWork {
    txn: Announcing,
    at_ms: i64,
    changes: Vec<Change>,
}

impl SqlWork {
    pub(crate) async fn begin(db: &DatabaseConnection) -> DomainResult<Unit> {
        let txn = begin(db).await.map_err(storage)?;
        Ok(Unit::new(SqlWork {
            txn,
            at_ms: 0,
            changes: Vec::new(),
        }))
    }

    /// The SQL work `unit` holds; a unit of another adapter is a bug, refused.
    pub(crate) fn of(unit: &mut Unit) -> DomainResult<&mut SqlWork> {
        unit.work()
            .ok_or_else(|| corrupt("unit of work", "not a SQL store's unit"))
    }

    pub(crate) fn txn(&self) -> &Announcing {
        &self.txn
    }

    /// Adds what a write in the unit changed, announced at the commit.
    pub(crate) fn announce(&mut self, at_ms: i64, changes: impl IntoIterator<Item = Change>) {
        self.at_ms = self.at_ms.max(at_ms);
        for change in changes {
            if !self.changes.contains(&change) {
                self.changes.push(change);
            }
        }
    }
}

#[async_trait]
impl Work for SqlWork {
    fn as_any(&mut self) -> &mut (dyn std::any::Any + Send) {
        self
    }

    async fn commit(self: Box<Self>) -> DomainResult<()> {
        let SqlWork {
            txn,
            at_ms,
            changes,
        } = *self;
        txn.commit(at_ms, &changes).await.map_err(storage)
    }
}

impl std::ops::Deref for Announcing {
    type Target = DatabaseTransaction;

    fn deref(&self) -> &DatabaseTransaction {
        &self.0
    }
}

#[async_trait]
impl ConnectionTrait for Announcing {
    fn get_database_backend(&self) -> DbBackend {
        self.0.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.0.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.0.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.0.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.0.query_all_raw(stmt).await
    }
}

/// Writes the events of a change in its transaction; call it last, right before the commit (a
/// store's own transactions do, through `Announcing::commit`).
/// Which event a change makes is the domain's to say (`Change::order`, `Change::thread`, …).
async fn record(txn: &DatabaseTransaction, at_ms: i64, changes: &[Change]) -> Result<(), DbErr> {
    if changes.is_empty() {
        return Ok(());
    }
    take_lock(txn, DbLock::LiveEvents).await?;
    insert(at_ms, changes).exec(txn).await?;
    Ok(())
}

/// Writes events each at its own time (positions, at the moment each was taken), in one
/// statement; call it last, right before the commit, as [`record`].
async fn record_each(txn: &DatabaseTransaction, changes: &[(i64, Change)]) -> Result<(), DbErr> {
    if changes.is_empty() {
        return Ok(());
    }
    take_lock(txn, DbLock::LiveEvents).await?;
    live_event::Entity::insert_many(changes.iter().map(|(at_ms, c)| live_event::ActiveModel {
        at_ms: Set(*at_ms),
        owner: Set(c.owner.clone()),
        topic: Set(c.topic.code().to_owned()),
        subject: Set(c.subject.clone()),
        ..Default::default()
    }))
    .exec(txn)
    .await?;
    Ok(())
}

/// The insert of the events of a change, for a statement of the caller's that takes the lock
/// itself (or runs on SQLite, under its write lock).
pub(crate) fn insert<'a>(
    at_ms: i64,
    changes: impl IntoIterator<Item = &'a Change>,
) -> sea_orm::InsertMany<live_event::ActiveModel> {
    live_event::Entity::insert_many(changes.into_iter().map(|c| live_event::ActiveModel {
        at_ms: Set(at_ms),
        owner: Set(c.owner.clone()),
        topic: Set(c.topic.code().to_owned()),
        subject: Set(c.subject.clone()),
        ..Default::default()
    }))
}

/// How many recent events a node keeps for its watchers; one further behind reads the database.
const KEPT: usize = 2048;
/// At most this many rows a poll reads at a time.
const BATCH: u64 = 500;

/// The node's view of the events: the newest ones in memory, topped up by a poller.
pub struct SqlLiveFeed {
    db: DatabaseConnection,
    recent: RwLock<Recent>,
    head: watch::Sender<i64>,
}

struct Recent {
    /// Every event with an id above `floor` is in `events`.
    floor: i64,
    events: VecDeque<LiveEvent>,
}

impl SqlLiveFeed {
    /// Starts the poller, which stops when the feed is dropped.
    pub async fn start(db: DatabaseConnection, every: Duration) -> DomainResult<Arc<Self>> {
        let head = newest(&db).await.map_err(storage)?;
        let feed = Arc::new(Self {
            db,
            recent: RwLock::new(Recent {
                floor: head,
                events: VecDeque::new(),
            }),
            head: watch::channel(head).0,
        });
        tokio::spawn(poll(Arc::downgrade(&feed), every));
        Ok(feed)
    }

    /// Reads what is new since the last poll; answers whether there was anything.
    async fn top_up(&self) -> Result<bool, DbErr> {
        let after = *self.head.borrow();
        let rows = live_event::Entity::find()
            .filter(live_event::Column::Id.gt(after))
            .order_by_asc(live_event::Column::Id)
            .limit(BATCH)
            .all(&self.db)
            .await?;
        let Some(last) = rows.last().map(|r| r.id) else {
            return Ok(false);
        };
        {
            let mut recent = self.recent.write().unwrap_or_else(|e| e.into_inner());
            recent.events.extend(rows.into_iter().filter_map(from_row));
            while recent.events.len() > KEPT {
                if let Some(gone) = recent.events.pop_front() {
                    recent.floor = gone.id;
                }
            }
        }
        self.head.send_replace(last);
        Ok(true)
    }

    /// From memory when it reaches back that far, else `None`: what `wanted` picks above
    /// `after`, at most `limit`, and the id up to which it looked.
    fn kept_after(
        &self,
        after: i64,
        limit: usize,
        wanted: Wanted<'_>,
    ) -> Option<(Vec<LiveEvent>, i64)> {
        let recent = self.recent.read().unwrap_or_else(|e| e.into_inner());
        if after < recent.floor {
            return None;
        }
        // Ids ascend: start at the first one above `after` rather than scanning from the oldest.
        let start = recent.events.partition_point(|e| e.id <= after);
        Some(pick(recent.events.range(start..), after, limit, wanted))
    }
}

/// What `wanted` picks of `events` (ascending, all above `after`), at most `limit`, copied, and
/// the id up to which they were looked at.
fn pick<'e>(
    events: impl Iterator<Item = &'e LiveEvent>,
    after: i64,
    limit: usize,
    wanted: Wanted<'_>,
) -> (Vec<LiveEvent>, i64) {
    let mut found = Vec::new();
    let mut looked = after;
    for e in events {
        looked = e.id;
        if wanted(e) {
            found.push(e.clone());
            if found.len() >= limit {
                break;
            }
        }
    }
    (found, looked)
}

async fn poll(feed: Weak<SqlLiveFeed>, every: Duration) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(feed) = feed.upgrade() else { return };
        // A full batch means more is waiting: read on without waiting for the next tick.
        while let Ok(true) = feed.top_up().await {}
    }
}

async fn newest(db: &DatabaseConnection) -> Result<i64, DbErr> {
    Ok(live_event::Entity::find()
        .order_by_desc(live_event::Column::Id)
        .one(db)
        .await?
        .map_or(0, |r| r.id))
}

fn from_row(r: live_event::Model) -> Option<LiveEvent> {
    Some(LiveEvent {
        id: r.id,
        at: instant(r.at_ms).ok()?,
        owner: UserId::parse(&r.owner).ok()?,
        topic: Topic::from_code(&r.topic)?,
        subject: r.subject,
    })
}

#[async_trait]
impl LiveFeed for SqlLiveFeed {
    async fn head(&self) -> DomainResult<i64> {
        Ok(*self.head.borrow())
    }

    async fn after(
        &self,
        after: i64,
        limit: usize,
        wanted: Wanted<'_>,
    ) -> DomainResult<(Vec<LiveEvent>, i64)> {
        let mut changed = self.head.subscribe();
        let mut from = after;
        loop {
            let (found, looked) = match self.kept_after(from, limit, wanted) {
                Some(kept) => kept,
                None => {
                    let rows: Vec<LiveEvent> = live_event::Entity::find()
                        .filter(live_event::Column::Id.gt(from))
                        .order_by_asc(live_event::Column::Id)
                        .limit(BATCH)
                        .all(&self.db)
                        .await
                        .map_err(storage)?
                        .into_iter()
                        .filter_map(from_row)
                        .collect();
                    pick(rows.iter(), from, limit, wanted)
                }
            };
            if !found.is_empty() {
                return Ok((found, looked));
            }
            // Nothing wanted up to the head, or nothing left to look at (older events purged):
            // wait for more. Behind the head with more to look at, read on at once.
            let moved = looked > from;
            from = looked;
            // The feed outlives its watchers, so the sender cannot be gone while one waits.
            if (!moved || from >= *self.head.borrow()) && changed.changed().await.is_err() {
                return Ok((Vec::new(), from));
            }
        }
    }
}
