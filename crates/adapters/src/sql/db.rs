//! Opening the database: SQLite (the embedded default) or PostgreSQL, chosen by the URL.

use std::path::Path;
use std::time::Duration;

use migration::{Migrator, MigratorTrait};
use sea_orm::sea_query::{Func, FunctionCall, Query, Value};
use sea_orm::sqlx::postgres::PgSslMode;
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseTransaction, DbBackend,
    SqliteTransactionMode, Statement, TransactionOptions, TransactionTrait,
};
pub use sea_orm::{DatabaseConnection, DbErr};

/// Opens a pool. For SQLite the file's folder is created, and every connection runs in WAL mode
/// with a busy timeout (writers queue instead of failing), foreign keys on, and `synchronous=FULL`
/// so that a commit a customer was told about survives a power cut, not only a crash.
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    let sqlite = url.starts_with("sqlite:");
    open(url, if sqlite { 8 } else { 16 }, WAL_CHECKPOINT_PAGES).await
}

/// Opens one connection of its own for the order writer, which must not queue behind the
/// requests' reads for a connection of the shared pool. Set as `connect`'s are, except that on
/// SQLite its commits never copy the log into the database: the writer does that between groups
/// (see `stores::orders::writer`), so that no group's answers wait for the copy.
pub async fn connect_order_writer(url: &str) -> Result<DatabaseConnection, DbErr> {
    open(url, 1, 0).await
}

async fn open(
    url: &str,
    connections: u32,
    checkpoint_pages: u32,
) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .connect_timeout(Duration::from_secs(5))
        .acquire_timeout(Duration::from_secs(5))
        .max_connections(connections)
        .sqlx_logging(false);
    if url.starts_with("sqlite:") {
        if let Some(dir) = sqlite_file(url).and_then(|f| Path::new(f).parent())
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)
                .map_err(|e| DbErr::Custom(format!("cannot create {}: {e}", dir.display())))?;
        }
        options.map_sqlx_sqlite_opts(move |o| {
            o.create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .busy_timeout(Duration::from_secs(5))
                .foreign_keys(true)
                .pragma("wal_autocheckpoint", checkpoint_pages.to_string())
                // A statement that may fail halfway keeps the pages it changed in a journal of
                // its own, to undo just itself; past 64 kB SQLite spills that journal to a temp
                // file. A group's multi-row inserts pass that: written and read back through the
                // kernel, on the writer's critical path. Kept in memory instead.
                .pragma("temp_store", "memory")
        });
    }
    Database::connect(options).await
}

/// Pages of write-ahead log after which the commit that crossed the mark copies the log into the
/// database (the order writer's connection excepted, see `connect_order_writer`). SQLite's default (1,000)
/// made that commit, and every order waiting for the writer, wait 4 MB of copying and a sync: the
/// tail of the order latency. A fifth of it keeps each copy short (p99 at half the peak 6.2–6.6 ms
/// against 9.5–10.4 with the default; a job copying every 100 ms, whatever had been written, was
/// worse, 11–13 ms, its syncs delaying the commits').
const WAL_CHECKPOINT_PAGES: u32 = 200;

/// Brings the schema up to date, under the migration lock: any number of nodes may start at once
/// on one database; the first migrates, the others wait and then find nothing to do.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    let txn = begin_locked(db, DbLock::Migrate).await?;
    Migrator::up(&txn, None).await?;
    txn.commit().await
}

/// Starts a transaction that writes. On SQLite it takes the write lock at `BEGIN IMMEDIATE` and so
/// waits out the busy timeout behind other writers; a deferred transaction that reads first fails
/// at once with "database is locked" when another writer commits between its read and its write.
/// PostgreSQL ignores the mode.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}

/// A reading transaction that sees one instant of the database across its statements (a row and
/// the rows that belong to it, read one after another): PostgreSQL's repeatable read, and on
/// SQLite (WAL) any read transaction, whose snapshot is taken at its first read.
pub async fn begin_snapshot(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    let options = match db.get_database_backend() {
        sea_orm::DbBackend::Postgres => TransactionOptions {
            isolation_level: Some(sea_orm::IsolationLevel::RepeatableRead),
            access_mode: Some(sea_orm::AccessMode::ReadOnly),
            ..TransactionOptions::default()
        },
        _ => TransactionOptions::default(),
    };
    db.begin_with_options(options).await
}

/// The database-wide locks: work that only one node may do at a time.
#[derive(Debug, Clone, Copy)]
pub enum DbLock<'a> {
    Migrate,
    SigningKeys,
    /// One customer's new orders, counted against what they may hold unpaid.
    OrdersOf(&'a str),
    /// The writing of live events, so their ids become visible in order (see `live`).
    LiveEvents,
}

/// A writing transaction that holds `lock` until it ends: on PostgreSQL a transaction-scoped
/// advisory lock (released by commit, rollback or a lost connection), on SQLite the database's
/// one write lock, which `BEGIN IMMEDIATE` already takes.
pub async fn begin_locked(
    db: &DatabaseConnection,
    lock: DbLock<'_>,
) -> Result<DatabaseTransaction, DbErr> {
    let txn = begin_write(db).await?;
    take_lock(&txn, lock).await?;
    Ok(txn)
}

/// Takes `lock` inside a transaction already open, until it ends (on SQLite the transaction
/// already holds the one write lock).
pub(crate) async fn take_lock(txn: &DatabaseTransaction, lock: DbLock<'_>) -> Result<(), DbErr> {
    take_locks(txn, [lock]).await
}

/// Takes `locks` as `take_lock` does, in the order given and in one round trip: on PostgreSQL
/// one `SELECT` of the calls, which evaluates its expressions from left to right.
pub(crate) async fn take_locks<'a>(
    txn: &DatabaseTransaction,
    locks: impl IntoIterator<Item = DbLock<'a>>,
) -> Result<(), DbErr> {
    if txn.get_database_backend() != DbBackend::Postgres {
        return Ok(());
    }
    let calls: Vec<FunctionCall> = locks.into_iter().map(pg_lock).collect();
    if !calls.is_empty() {
        txn.execute(&Query::select().exprs(calls).to_owned())
            .await?;
    }
    Ok(())
}

/// On PostgreSQL, lets this transaction's commit return before its WAL reaches the disk: for
/// writes worth less than a flush (a partner's position, replaced seconds later), whose loss in a
/// crash costs a fraction of a second of readings. Every other write of the server waits for it.
/// On SQLite the setting is the connection's, not a transaction's: there they flush as any.
pub(crate) async fn commit_without_flush(txn: &DatabaseTransaction) -> Result<(), DbErr> {
    if txn.get_database_backend() == DbBackend::Postgres {
        txn.execute_unprepared("SET LOCAL synchronous_commit TO OFF")
            .await?;
    }
    Ok(())
}

/// On PostgreSQL, the call that takes `lock` until the transaction ends, for a statement that
/// takes it itself. The one-number keys are ours ("book" and a number); a customer's lock is in
/// the two-number key space, which never meets the first.
pub(crate) fn pg_lock(lock: DbLock<'_>) -> FunctionCall {
    let take = Func::cust("pg_advisory_xact_lock");
    match lock {
        DbLock::Migrate => take.arg(0x626f_6f6b_0001_i64),
        DbLock::SigningKeys => take.arg(0x626f_6f6b_0002_i64),
        DbLock::LiveEvents => take.arg(0x626f_6f6b_0003_i64),
        DbLock::OrdersOf(owner) => take.arg(1).arg(Func::cust("hashtext").arg(owner)),
    }
}

/// On PostgreSQL, the most bytes a statement should take on the wire (`wire_bytes`) to leave in
/// one write; `None` on SQLite, which has no socket. sqlx 0.9.0 leaves Nagle's algorithm on for
/// its TCP sockets (transact-rs/sqlx#4335): a message that leaves in two writes has its second
/// held until the server's delayed ACK, 40 ms later. Over TLS a write is one record, at most
/// 16 kB: 12 kB of SQL and parameters leaves room for the protocol's own bytes. Without TLS the
/// mark was past 22 kB (16 orders a statement, about 22 kB, never waited; 24 always did), and
/// 12 kB there cost a sixth of the order peak (see decisions). Only `sslmode=disable` is sure to
/// leave TLS out; `prefer`, the default, takes it when the server offers it.
pub(crate) fn message_limit(db: &DatabaseConnection) -> Option<usize> {
    if db.get_database_backend() != DbBackend::Postgres {
        return None;
    }
    let options = db.get_postgres_connection_pool().connect_options();
    Some(if matches!(options.get_ssl_mode(), PgSslMode::Disable) {
        22 * 1024
    } else {
        12 * 1024
    })
}

/// About the bytes `statement` takes on the wire: its text, and each parameter with its length.
pub(crate) fn wire_bytes(statement: &Statement) -> usize {
    let values = statement.values.as_ref().map_or(0, |v| {
        v.0.iter()
            .map(|value| {
                4 + match value {
                    Value::String(Some(s)) => s.len(),
                    Value::Bytes(Some(b)) => b.len(),
                    Value::Json(Some(j)) => j.to_string().len(),
                    _ => 8,
                }
            })
            .sum()
    });
    statement.sql.len() + values
}

/// A cheap round trip, for readiness checks.
pub async fn ping(db: &DatabaseConnection) -> Result<(), DbErr> {
    db.execute_unprepared("SELECT 1").await.map(|_| ())
}

/// The file of a `sqlite:` URL (`None` for another database, or one in memory).
pub fn sqlite_file(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let file = rest.split('?').next().unwrap_or(rest);
    (!file.is_empty() && file != ":memory:").then_some(file)
}

#[cfg(test)]
mod tests {
    use super::sqlite_file;

    #[test]
    fn finds_the_sqlite_file_in_a_url() {
        assert_eq!(
            sqlite_file("sqlite://./data/app.db?mode=rwc"),
            Some("./data/app.db")
        );
        assert_eq!(sqlite_file("sqlite:app.db"), Some("app.db"));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
    }

    // The bound follows the connection: the higher one only where TLS is surely left out.
    #[tokio::test]
    async fn the_bound_follows_the_connections_tls_mode() {
        let mut url = url::Url::parse(&crate::testing::postgres_admin_url()).unwrap();
        let others: Vec<(String, String)> = url
            .query_pairs()
            .filter(|(k, _)| k != "sslmode")
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let mut bound = |mode: &str| {
            url.query_pairs_mut()
                .clear()
                .extend_pairs(&others)
                .append_pair("sslmode", mode);
            let url = url.to_string();
            async move { super::message_limit(&super::connect(&url).await.unwrap()) }
        };
        assert_eq!(bound("disable").await, Some(22 * 1024));
        assert_eq!(bound("prefer").await, Some(12 * 1024));
        let sqlite = crate::testing::TestDb::empty(crate::testing::Backend::Sqlite).await;
        assert_eq!(super::message_limit(&sqlite.db), None);
        sqlite.remove().await;
    }
}
