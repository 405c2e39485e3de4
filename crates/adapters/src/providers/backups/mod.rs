//! Backups: consistent copies of the database taken while it serves (SQLite's `VACUUM INTO`),
//! kept in a folder or in S3-compatible storage, and put back into a stopped node; PostgreSQL's
//! logical dumps.

mod postgres;
mod shelf;
mod sqlite;

pub use postgres::{dump_postgres, load_postgres};
pub use shelf::Shelf;
pub use sqlite::{NodeLock, SqliteBackups, restore_sqlite};

fn io(what: &str, e: impl std::fmt::Display) -> domain::DomainError {
    tracing::error!(error = %e, "backup: {what}");
    domain::DomainError::Unavailable(format!("backup: {what}"))
}
