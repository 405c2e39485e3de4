//! What every SQL store shares: how database errors and unreadable rows surface, instants as
//! milliseconds, JSON columns, and the audit entry written in the transaction of its change.

use chrono::{DateTime, Utc};
use domain::audit::AuditEntry;
use domain::{DomainError, DomainResult};
use sea_orm::{ConnectionTrait, DbBackend, DbErr, EntityTrait, Set, Statement, Value};
use serde::{Deserialize, Serialize};

use crate::sql::entities::audit_entry;

/// Storage failures are logged in full here and reach callers only as "unavailable".
pub(crate) fn storage(err: DbErr) -> DomainError {
    tracing::error!(error = %err, "database error");
    DomainError::Unavailable("storage".into())
}

/// A stored row that no longer reads as a valid domain value is a storage fault, not user error.
pub(crate) fn corrupt(what: &str, detail: impl std::fmt::Display) -> DomainError {
    tracing::error!(%detail, "corrupt {what} row");
    DomainError::Unavailable("storage".into())
}

pub(crate) fn json<T: Serialize>(value: &T) -> String {
    // Plain vectors and flat structs of strings and numbers always serialize.
    serde_json::to_string(value).unwrap_or_else(|_| "[]".into())
}

pub(crate) fn parse_json<T: for<'de> Deserialize<'de>>(what: &str, raw: &str) -> DomainResult<T> {
    serde_json::from_str(raw).map_err(|e| corrupt(what, e))
}

/// `sql` with `$1`, `$2`… bound to `values`: the same text on both databases (SQLite numbers
/// its parameters `?1`, `?2`…).
pub(crate) fn numbered(backend: DbBackend, sql: &str, values: Vec<Value>) -> Statement {
    let sql = match backend {
        DbBackend::Sqlite => sql.replace('$', "?"),
        _ => sql.to_owned(),
    };
    Statement::from_sql_and_values(backend, sql, values)
}

/// Instants are stored as milliseconds since the epoch, the same on both databases.
pub(crate) fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

pub(crate) fn instant(ms: i64) -> DomainResult<DateTime<Utc>> {
    DateTime::from_timestamp_millis(ms).ok_or_else(|| corrupt("instant", ms))
}

/// Writes an operator's action, in the transaction of the change it records.
pub(crate) async fn insert_audit(db: &impl ConnectionTrait, e: &AuditEntry) -> Result<(), DbErr> {
    audit_entry::Entity::insert(audit_entry::ActiveModel {
        id: Set(e.id.clone()),
        at_ms: Set(ms(e.at)),
        actor: Set(e.actor.clone()),
        action: Set(e.action.clone()),
        target: Set(e.target.clone()),
        before: Set(e.before.clone()),
        after: Set(e.after.clone()),
        reason: Set(e.reason.clone()),
    })
    .exec(db)
    .await?;
    Ok(())
}
