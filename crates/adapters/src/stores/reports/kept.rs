//! Settled days kept. Once a Vietnam day is settled (`reports::unsettled_from`) its payments,
//! ledger entries and promo codes' discounts never change, so their sums by day are written once
//! into `report_payment_days`, `report_ledger_days` and `report_promo_days`, and
//! `report_kept.next_day` moves past the day in the same transaction. A figure reads the days
//! before `next_day` from those and the days from it from the ledgers, in one statement (one
//! snapshot: a day is never counted twice or missed while a node keeps it). Nodes keep side by
//! side: moving `next_day` on from the day a node read is its claim on that day, so each day is
//! kept once.

use chrono::NaiveDate;
use sea_orm::{ConnectionTrait, TransactionTrait, Value};

use super::SqlReportStore;
use crate::sql::common::{numbered, storage};
use domain::DomainResult;

const DAY_MS: i64 = 86_400_000;
/// Vietnam is 7 hours ahead of UTC all year.
const VIETNAM_MS: i64 = 25_200_000;

/// The first day not kept, as days since 1970-01-01 (0 before any day is: everything is live).
pub(super) const KEPT_UNTIL: &str = "(SELECT COALESCE(MAX(next_day), 0) FROM report_kept)";
/// Its first instant: where the live part of a figure starts.
const LIVE_FROM: &str =
    "(SELECT COALESCE(MAX(next_day), 0) * 86400000 - 25200000 FROM report_kept)";

/// With `live`, the condition that `column`'s instant is past the kept days.
fn past_kept(column: &str, live: bool) -> String {
    if live {
        format!("AND {column} >= {LIVE_FROM} ")
    } else {
        String::new()
    }
}

/// `day` as days since 1970-01-01.
pub(super) fn number(day: NaiveDate) -> i64 {
    (day - NaiveDate::default()).num_days()
}

/// The first instant of day `n`, in ms.
fn starts(n: i64) -> i64 {
    n * DAY_MS - VIETNAM_MS
}

/// Settled payments in [$1, $2) by day, method, purpose, state, category and plan: what keeping a
/// day writes, and (`live`) what a figure reads past the kept days.
fn payments_by_day(live: bool) -> String {
    let from = past_kept("p.settled_at_ms", live);
    format!(
        "SELECT {day} AS day, p.method, p.purpose, p.state, COALESCE(o.category, '') AS category, \
         COALESCE(o.plan_id, '') AS plan_id, COALESCE(MAX(o.plan_name), '') AS plan_name, \
         CAST(SUM(p.amount_vnd) AS BIGINT) AS amount, COUNT(*) AS n \
         FROM payments p LEFT JOIN orders o ON o.id = p.order_id \
         WHERE p.state IN ('SUCCEEDED', 'CREDITED') \
         AND p.settled_at_ms >= $1 AND p.settled_at_ms < $2 {from}\
         GROUP BY {day}, p.method, p.purpose, p.state, COALESCE(o.category, ''), \
         COALESCE(o.plan_id, '')",
        day = day!("p.settled_at_ms"),
    )
}

/// Ledger entries in [$1, $2) by day, kind and their order's category.
fn ledger_by_day(live: bool) -> String {
    let from = past_kept("l.at_ms", live);
    format!(
        "SELECT {day} AS day, l.kind, COALESCE(o.category, '') AS category, \
         CAST(SUM(l.amount_vnd) AS BIGINT) AS amount, COUNT(*) AS n \
         FROM ledger_entries l LEFT JOIN orders o ON o.id = l.order_id \
         WHERE l.at_ms >= $1 AND l.at_ms < $2 {from}\
         GROUP BY {day}, l.kind, COALESCE(o.category, '')",
        day = day!("l.at_ms"),
    )
}

/// Promo codes' discounts on orders paid in [$1, $2), by day and code. An order is paid once
/// (`uq_payments_order_succeeded`), and its code's use is given back only while it is unpaid.
fn promos_by_day(live: bool) -> String {
    let from = past_kept("p.settled_at_ms", live);
    format!(
        "SELECT {day} AS day, u.code, CAST(SUM(u.discount_vnd) AS BIGINT) AS amount, \
         COUNT(*) AS n FROM payments p JOIN promo_uses u ON u.order_id = p.order_id \
         WHERE p.purpose = 'ORDER' AND p.state = 'SUCCEEDED' AND u.given_back_at_ms IS NULL \
         AND p.settled_at_ms >= $1 AND p.settled_at_ms < $2 {from}\
         GROUP BY {day}, u.code",
        day = day!("p.settled_at_ms"),
    )
}

/// Kept rows of `table` in days [$3, $4) with `columns`, then the same read live.
fn kept_then_live(table: &str, columns: &str, live: String) -> String {
    format!(
        "SELECT {columns} FROM {table} WHERE day >= $3 AND day < $4 AND day < {KEPT_UNTIL} \
         UNION ALL {live}"
    )
}

/// The period's settled payments by day (`payments_by_day`'s columns). Binds $1, $2 (the
/// period's instants) and $3, $4 (its days, `bounds`).
pub(super) fn payment_days() -> String {
    kept_then_live(
        "report_payment_days",
        "day, method, purpose, state, category, plan_id, plan_name, amount_vnd AS amount, n",
        payments_by_day(true),
    )
}

/// The period's ledger entries by day, kind and category, bound as `payment_days`.
pub(super) fn ledger_days() -> String {
    kept_then_live(
        "report_ledger_days",
        "day, kind, category, amount_vnd AS amount, n",
        ledger_by_day(true),
    )
}

/// The period's promo codes' discounts by day and code, bound as `payment_days`.
pub(super) fn promo_days() -> String {
    kept_then_live(
        "report_promo_days",
        "day, code, amount_vnd AS amount, n",
        promos_by_day(true),
    )
}

/// The ledger's sum before the instant `at` and day `day` (parameters), kept days and live ones:
/// every day before `next_day` is kept, so the kept part needs no start.
pub(super) fn ledger_before(at: &str, day: &str) -> String {
    format!(
        "((SELECT COALESCE(SUM(amount_vnd), 0) FROM report_ledger_days \
          WHERE day < {day} AND day < {KEPT_UNTIL}) + \
         (SELECT COALESCE(SUM(amount_vnd), 0) FROM ledger_entries \
          WHERE at_ms < {at} AND at_ms >= {LIVE_FROM}))"
    )
}

impl SqlReportStore {
    /// The first day not kept, if keeping has begun.
    async fn next_day(&self) -> DomainResult<Option<i64>> {
        let rows = self
            .rows("SELECT next_day FROM report_kept WHERE id = 1", Vec::new())
            .await?;
        rows.first().map(|r| super::get(r, "next_day")).transpose()
    }

    /// Where keeping begins: the first day any money moved, or `before` on a new database.
    async fn begin_keeping(&self, before: i64) -> DomainResult<i64> {
        let sql = format!(
            "SELECT {payments} AS payments, {ledger} AS ledger FROM \
             (SELECT MIN(settled_at_ms) AS at FROM payments) p, \
             (SELECT MIN(at_ms) AS at FROM ledger_entries) l",
            payments = day!("p.at"),
            ledger = day!("l.at"),
        );
        let rows = self.rows(&sql, Vec::new()).await?;
        let first = rows
            .first()
            .map(|r| {
                Ok::<_, domain::DomainError>(
                    [
                        super::get::<Option<i64>>(r, "payments")?,
                        super::get::<Option<i64>>(r, "ledger")?,
                    ]
                    .into_iter()
                    .flatten()
                    .fold(before, i64::min),
                )
            })
            .transpose()?
            .unwrap_or(before);
        // Another node may have begun meanwhile: its row stands.
        let backend = self.db.get_database_backend();
        self.db
            .execute_raw(numbered(
                backend,
                "INSERT INTO report_kept (id, next_day) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
                vec![first.into()],
            ))
            .await
            .map_err(storage)?;
        Ok(self.next_day().await?.unwrap_or(first))
    }

    pub(super) async fn keep(&self, before: NaiveDate, max: u32) -> DomainResult<u32> {
        let before = number(before);
        let mut next = match self.next_day().await? {
            Some(n) => n,
            None => self.begin_keeping(before).await?,
        };
        let mut kept = 0;
        while kept < max && next < before {
            if self.keep_day(next).await? {
                kept += 1;
            }
            next = self.next_day().await?.unwrap_or(before);
        }
        Ok(kept)
    }

    /// Keeps day `n` if `next_day` is still `n`: the claim comes first, so a second node waits on
    /// its row (PostgreSQL) or the write lock (SQLite) and then finds the day gone.
    async fn keep_day(&self, n: i64) -> DomainResult<bool> {
        let backend = self.db.get_database_backend();
        let txn = self.db.begin().await.map_err(storage)?;
        let claim = txn
            .execute_raw(numbered(
                backend,
                "UPDATE report_kept SET next_day = $1 WHERE id = 1 AND next_day = $2",
                vec![(n + 1).into(), n.into()],
            ))
            .await
            .map_err(storage)?;
        if claim.rows_affected() != 1 {
            return Ok(false);
        }
        let day: Vec<Value> = vec![starts(n).into(), starts(n + 1).into()];
        for (table, columns, select) in [
            (
                "report_payment_days",
                "day, method, purpose, state, category, plan_id, plan_name, amount_vnd, n",
                payments_by_day(false),
            ),
            (
                "report_ledger_days",
                "day, kind, category, amount_vnd, n",
                ledger_by_day(false),
            ),
            (
                "report_promo_days",
                "day, code, amount_vnd, n",
                promos_by_day(false),
            ),
        ] {
            txn.execute_raw(numbered(
                backend,
                &format!("INSERT INTO {table} ({columns}) {select}"),
                day.clone(),
            ))
            .await
            .map_err(storage)?;
        }
        txn.commit().await.map_err(storage)?;
        Ok(true)
    }
}
