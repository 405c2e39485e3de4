//! Counts for the operators' dashboards (`/metrics`), read from the database when scraped, so
//! every node reports the same figures whichever served the requests.

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, Statement};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Stats {
    /// `(state, count)` of orders.
    pub orders: Vec<(String, i64)>,
    /// `(method, state, count)` of payments.
    pub payments: Vec<(String, String, i64)>,
    /// Mails queued and not sent yet.
    pub outbox_backlog: i64,
}

pub async fn read(db: &DatabaseConnection) -> Result<Stats, DbErr> {
    let backend = db.get_database_backend();
    let rows = |sql: &str| db.query_all_raw(Statement::from_string(backend, sql.to_owned()));
    let mut stats = Stats::default();
    for r in rows("SELECT state, COUNT(*) AS n FROM orders GROUP BY state").await? {
        stats
            .orders
            .push((r.try_get("", "state")?, r.try_get("", "n")?));
    }
    for r in
        rows("SELECT method, state, COUNT(*) AS n FROM payments GROUP BY method, state").await?
    {
        stats.payments.push((
            r.try_get("", "method")?,
            r.try_get("", "state")?,
            r.try_get("", "n")?,
        ));
    }
    if let Some(r) = rows("SELECT COUNT(*) AS n FROM mail_outbox WHERE sent_at_ms IS NULL")
        .await?
        .first()
    {
        stats.outbox_backlog = r.try_get("", "n")?;
    }
    Ok(stats)
}
