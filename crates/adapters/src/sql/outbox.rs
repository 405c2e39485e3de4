//! What every outbox (mail, push) does with its rows: a batch is claimed by pushing its next
//! attempt into the future (a lease), committed, then sent; a crash mid-send means the lease runs
//! out and the row goes again. On PostgreSQL several nodes claim side by side with
//! `FOR UPDATE SKIP LOCKED`; on SQLite the write transaction is the node's turn.

use chrono::Utc;
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
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
