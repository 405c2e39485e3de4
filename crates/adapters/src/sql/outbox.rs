//! What every outbox (mail, push, LINE) does with its rows, in one loop (`run_once`): a batch is
//! claimed by pushing its next attempt into the future (a lease), committed, then each row is
//! rendered and sent by its worker (`Deliver`) and its outcome written; a crash mid-send means the
//! lease runs out and the row goes again. On PostgreSQL several nodes claim side by side with
//! `FOR UPDATE SKIP LOCKED`; on SQLite the write transaction is the node's turn.

use async_trait::async_trait;
use chrono::Utc;
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
};

/// How long a claimed row is left to its sender before another try may take it.
const LEASE_MS: i64 = 5 * 60 * 1000;
/// Tries before a row is given up.
pub(crate) const MAX_ATTEMPTS: i32 = 12;

/// An outbox table's columns, as its worker needs them.
pub(crate) struct Outbox<E: EntityTrait> {
    pub id: E::Column,
    pub sent_at: E::Column,
    pub next_attempt: E::Column,
    pub attempts: E::Column,
    pub last_error: E::Column,
}

/// How a try ended.
pub(crate) enum Outcome {
    Sent,
    /// Not sent: tried again later, unless it was the last try.
    Failed(String),
    /// Never to be sent (an unknown kind, a device that is gone).
    Dropped(String),
}

impl<E: EntityTrait> Outbox<E> {
    /// Up to `batch` due rows, leased to this node.
    pub(crate) async fn claim(
        &self,
        db: &sea_orm::DatabaseConnection,
        batch: u64,
        id_of: impl Fn(&E::Model) -> String,
    ) -> Result<Vec<E::Model>, DbErr> {
        let now = Utc::now().timestamp_millis();
        let txn = crate::sql::db::begin_write(db).await?;
        let mut query = E::find()
            .filter(self.sent_at.is_null())
            .filter(self.next_attempt.lte(now))
            .order_by_asc(self.next_attempt)
            .limit(batch);
        if txn.get_database_backend() == DbBackend::Postgres {
            query = query.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        }
        let rows = query.all(&txn).await?;
        if !rows.is_empty() {
            E::update_many()
                .col_expr(self.next_attempt, Expr::value(now + LEASE_MS))
                .filter(self.id.is_in(rows.iter().map(&id_of)))
                .exec(&txn)
                .await?;
        }
        txn.commit().await?;
        Ok(rows)
    }

    /// Writes how the `attempts`-th earlier try of row `id` ended. A failure is tried again after
    /// 30 s, 1 min, 2 min, … up to an hour; after `MAX_ATTEMPTS` it is given up.
    pub(crate) async fn finish(
        &self,
        db: &impl ConnectionTrait,
        id: &str,
        attempts: i32,
        outcome: Outcome,
    ) -> Result<(), DbErr> {
        let now = Utc::now().timestamp_millis();
        let attempts = attempts + 1;
        let (sent, next, error) = match outcome {
            Outcome::Sent => (Some(now), now, None),
            Outcome::Dropped(why) => (Some(now), i64::MAX, Some(why)),
            Outcome::Failed(why) if attempts >= MAX_ATTEMPTS => (None, i64::MAX, Some(why)),
            Outcome::Failed(why) => {
                let wait = (30_000i64 << attempts.min(7)).min(3_600_000);
                (None, now + wait, Some(why))
            }
        };
        E::update_many()
            .col_expr(self.sent_at, Expr::value(sent))
            .col_expr(self.next_attempt, Expr::value(next))
            .col_expr(self.attempts, Expr::value(attempts))
            .col_expr(
                self.last_error,
                Expr::value(error.map(|e| e.chars().take(1000).collect::<String>())),
            )
            .filter(self.id.eq(id))
            .exec(db)
            .await?;
        Ok(())
    }
}

/// One outbox's worker: its table, what a batch needs read before any row goes (recipients'
/// languages, devices), and how one row is rendered and sent.
#[async_trait]
pub(crate) trait Deliver: Send + Sync {
    type Entity: EntityTrait<Model: Send + Sync>;
    type Batch: Send + Sync;

    fn db(&self) -> &DatabaseConnection;
    fn outbox(&self) -> &Outbox<Self::Entity>;
    /// A row's id and how many times it was tried.
    fn row(model: &<Self::Entity as EntityTrait>::Model) -> (String, i32);
    async fn read(
        &self,
        rows: &[<Self::Entity as EntityTrait>::Model],
    ) -> Result<Self::Batch, DbErr>;
    async fn send(
        &self,
        row: &<Self::Entity as EntityTrait>::Model,
        batch: &Self::Batch,
    ) -> Result<Outcome, DbErr>;
}

/// Claims what is due, sends it and writes how each try ended; returns how many went out.
pub(crate) async fn run_once<W: Deliver>(worker: &W, batch: u64) -> Result<usize, DbErr> {
    let rows = worker
        .outbox()
        .claim(worker.db(), batch, |r| W::row(r).0)
        .await?;
    if rows.is_empty() {
        return Ok(0);
    }
    let read = worker.read(&rows).await?;
    let mut sent = 0;
    for row in &rows {
        let outcome = worker.send(row, &read).await?;
        if matches!(outcome, Outcome::Sent) {
            sent += 1;
        }
        let (id, attempts) = W::row(row);
        worker
            .outbox()
            .finish(worker.db(), &id, attempts, outcome)
            .await?;
    }
    Ok(sent)
}
