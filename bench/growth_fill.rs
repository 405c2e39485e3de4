//! Fills a database with a year of business: copies of a template world (a customer's orders with
//! their payments, coins, transitions and jobs, and the partner who drove them), made through the
//! API once and then copied by the database itself, `INSERT … SELECT` from the template's rows,
//! so that a million orders take minutes and every row has the shape the server wrote.
//!
//! Copy `n` has the template's ids with `-g<n>` after them (its orders, payments, customer), its
//! customer's e-mail and phone made its own, and every instant (`*_ms`) moved back by 30 days
//! and more, over a year: the history is past, and what lies ahead (the board, a partner's
//! schedule) is the template's own at every size. A partner drives `PER_PARTNER` copies' jobs.
//! Rows that the retention rules remove within 30 days (live events, mails and notices, positions)
//! are not copied: at a year of history they would be gone (`housekeeping::purge`, run by the bench
//! at every size, says how many were). What the server kept of the reports' past days is
//! forgotten after the copy, since the copies wrote into those days.

use bench::world::PHONE;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement, TransactionTrait};

/// The tables copied, each with the columns the database numbers itself (left out of the copy).
const TABLES: &[(&str, &[&str])] = &[
    ("accounts", &[]),
    ("profiles", &[]),
    ("wallets", &[]),
    ("partners", &[]),
    ("orders", &[]),
    ("order_events", &[]),
    ("payments", &[]),
    ("ledger_entries", &["id"]),
    ("jobs", &[]),
    ("job_steps", &[]),
    ("job_offers", &[]),
    ("partner_holds", &[]),
    ("partner_earnings", &[]),
    ("idempotency_keys", &[]),
];

/// What the server keeps of the reports' settled days (`report_kept` first: a server keeping
/// a day meanwhile holds it, and its day is deleted after it).
const KEPT_DAYS: [&str; 4] = [
    "report_kept",
    "report_payment_days",
    "report_ledger_days",
    "report_promo_days",
];

/// Columns that may hold one of the template's ids, in any table.
const ID_COLUMNS: &[&str] = &[
    "id",
    "owner",
    "user_id",
    "order_id",
    "partner_id",
    "payment_id",
];

/// Copies whose jobs one partner drives.
pub const PER_PARTNER: u64 = 20;

/// What one copy is made from. The template's contacts and partner give `PHONE`; each copy has
/// its own number.
pub struct Template {
    /// The customer's, their orders' and their payments' ids.
    pub ids: Vec<String>,
    pub email: String,
    pub partner: String,
    pub partner_email: String,
    /// Orders in one copy.
    pub orders: u64,
}

impl Template {
    /// The template of the customer with `email`, whose jobs the partner with `partner_email`
    /// took, read from the database.
    pub async fn read(
        db: &DatabaseConnection,
        email: &str,
        partner_email: &str,
    ) -> anyhow::Result<Self> {
        // The ids of `table`'s rows whose `column` is `value`.
        let ids = |table: &str, column: &str, value: &str| {
            let sql = format!("SELECT id FROM {table} WHERE {column} = {}", quoted(value));
            async move {
                let rows = db
                    .query_all_raw(Statement::from_string(db.get_database_backend(), sql))
                    .await?;
                rows.iter()
                    .map(|r| r.try_get_by_index::<String>(0))
                    .collect::<Result<Vec<String>, _>>()
                    .map_err(anyhow::Error::from)
            }
        };
        let customer = ids("accounts", "email", email).await?;
        let partner = ids("accounts", "email", partner_email).await?;
        let (Some(customer), Some(partner)) = (customer.first(), partner.first()) else {
            anyhow::bail!("the template's customer or partner is missing");
        };
        let orders = ids("orders", "owner", customer).await?;
        let payments = ids("payments", "owner", customer).await?;
        let count = orders.len() as u64;
        let mut ids = vec![customer.clone()];
        ids.extend(orders);
        ids.extend(payments);
        Ok(Self {
            ids,
            email: email.to_owned(),
            partner: partner.clone(),
            partner_email: partner_email.to_owned(),
            orders: count,
        })
    }

    /// Adds copies `from..to`, a statement per table for every `chunk` copies.
    pub async fn copy(&self, db: &DatabaseConnection, from: u64, to: u64) -> anyhow::Result<()> {
        const CHUNK: u64 = 5_000;
        let mut tables = Vec::new();
        for (table, numbered) in TABLES {
            let columns = columns(db, table).await?;
            let kept: Vec<Column> = columns
                .into_iter()
                .filter(|c| !numbered.contains(&c.name.as_str()))
                .collect();
            tables.push((*table, kept));
        }
        let mut at = from;
        while at < to {
            let end = (at + CHUNK).min(to);
            // Each chunk whole or not at all: the server runs beside the fill, and a job of its
            // that met an order copied without its transitions yet would write the first one.
            let txn = db.begin().await?;
            for (table, columns) in &tables {
                let sql = self.insert(table, columns, at, end);
                txn.execute_unprepared(&sql)
                    .await
                    .map_err(|e| anyhow::anyhow!("copying {table}: {e}"))?;
            }
            txn.commit().await?;
            at = end;
        }
        // The copies lie in the past, where the server never writes money: the reports' days it
        // kept (the template's, if any) are forgotten, to be kept again from what is there now.
        let txn = db.begin().await?;
        for table in KEPT_DAYS {
            txn.execute_unprepared(&format!("DELETE FROM {table}"))
                .await?;
        }
        txn.commit().await?;
        Ok(())
    }

    /// `INSERT … SELECT` of `table`'s template rows, once for each of copies `from..to`.
    fn insert(&self, table: &str, columns: &[Column], from: u64, to: u64) -> String {
        let ids = list(&self.ids);
        let partner = quoted(&self.partner);
        let (mut theirs, mut template) = (Vec::new(), Vec::new());
        for c in columns
            .iter()
            .filter(|c| c.text && ID_COLUMNS.contains(&c.name.as_str()))
        {
            theirs.push(format!("tpl.{} IN {ids}", c.name));
            template.push(format!("{0} IN {ids} OR {0} = {partner}", c.name));
        }
        let customers = theirs.join(" OR ");
        let template = template.join(" OR ");
        // The partner's copy is that of the first copy they drive for.
        let partner_copy = format!("(s.n - s.n % {PER_PARTNER})");
        let values: Vec<String> = columns
            .iter()
            .map(|c| self.value(c, &partner_copy))
            .collect();
        let names: Vec<&str> = columns.iter().map(|c| c.name.as_str()).collect();
        format!(
            "WITH RECURSIVE s(n) AS (SELECT CAST({from} AS BIGINT) UNION ALL SELECT n + 1 FROM s WHERE n + 1 < {to}), \
             tpl AS MATERIALIZED (SELECT * FROM {table} WHERE {template}) \
             INSERT INTO {table} ({}) SELECT {} FROM tpl CROSS JOIN s \
             WHERE ({customers}) OR s.n % {PER_PARTNER} = 0",
            names.join(", "),
            values.join(", ")
        )
    }

    /// The copy's value of column `c`.
    fn value(&self, c: &Column, partner_copy: &str) -> String {
        let col = format!("tpl.{}", c.name);
        if c.name.ends_with("_ms") && !c.text {
            // Back by 30 days to a year and 30 days, and by the hours of the day; the copies one
            // partner drives are 11 days apart, more than the template's jobs span, so that the
            // partner is never held twice at once.
            return format!(
                "{col} - ((30 + s.n * 11 % 365) * 86400000 + (s.n / 365 % 24) * 3600000)"
            );
        }
        if !c.text {
            return col;
        }
        let ids = list(&self.ids);
        let partner = quoted(&self.partner);
        let otherwise = if c.key {
            format!("{col} || '-g' || s.n")
        } else if c.name == "email" {
            format!(
                "CASE WHEN {col} = {} THEN REPLACE({col}, '@', '+g' || s.n || '@') \
                 WHEN {col} = {} THEN REPLACE({col}, '@', '+g' || {partner_copy} || '@') \
                 ELSE {col} END",
                quoted(&self.email),
                quoted(&self.partner_email)
            )
        } else if matches!(
            c.name.as_str(),
            "contact" | "contact_number" | "phone_number"
        ) {
            format!("REPLACE({col}, '{PHONE}', CAST(910000000 + s.n AS TEXT))")
        } else {
            col.clone()
        };
        format!(
            "CASE WHEN {col} = {partner} THEN {col} || '-g' || {partner_copy} \
             WHEN {col} IN {ids} THEN {col} || '-g' || s.n ELSE {otherwise} END"
        )
    }
}

struct Column {
    name: String,
    text: bool,
    /// Part of the primary key.
    key: bool,
}

async fn columns(db: &DatabaseConnection, table: &str) -> anyhow::Result<Vec<Column>> {
    let backend = db.get_database_backend();
    let sql = if backend == DbBackend::Postgres {
        format!(
            "SELECT c.column_name, c.data_type, \
             CAST(CASE WHEN k.column_name IS NULL THEN 0 ELSE 1 END AS BIGINT) \
             FROM information_schema.columns c LEFT JOIN ( \
               SELECT u.column_name FROM information_schema.table_constraints t \
               JOIN information_schema.key_column_usage u \
                 ON u.constraint_name = t.constraint_name AND u.table_name = t.table_name \
                 AND u.table_schema = t.table_schema \
               WHERE t.table_name = '{table}' AND t.constraint_type = 'PRIMARY KEY' \
                 AND t.table_schema = current_schema()) k ON k.column_name = c.column_name \
             WHERE c.table_name = '{table}' AND c.table_schema = current_schema() \
             ORDER BY c.ordinal_position"
        )
    } else {
        format!("SELECT name, type, pk FROM pragma_table_info('{table}')")
    };
    let rows = db
        .query_all_raw(Statement::from_string(backend, sql))
        .await?;
    let mut columns = Vec::new();
    for r in rows {
        let kind = r.try_get_by_index::<String>(1)?.to_ascii_lowercase();
        columns.push(Column {
            name: r.try_get_by_index(0)?,
            text: kind.contains("text") || kind.contains("char"),
            key: r.try_get_by_index::<i64>(2)? != 0,
        });
    }
    anyhow::ensure!(!columns.is_empty(), "table {table} has no columns");
    Ok(columns)
}

fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

fn list(values: &[String]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| quoted(v)).collect();
    format!("({})", quoted.join(", "))
}
