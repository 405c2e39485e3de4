//! The reports' figures in SQL: one statement per figure, summing the ledgers and tables where
//! each movement of money is written, by Vietnam day (`(ms + 7 h) / 1 day`: Vietnam keeps no
//! summer time); settled days' sums of payments, ledger entries and promo codes are read from
//! what was kept of them (`kept`). The same text runs on both databases; sums are cast back to
//! BIGINT because PostgreSQL sums BIGINTs as NUMERIC. Exports page by `(time, id)` over an index, so a year of
//! orders is read a page at a time; the page's start is a row value, `(time, id) > (…)`, which
//! both databases seek to in the index (written as `time > … OR (time = … AND id > …)`,
//! PostgreSQL filtered from the period's start on every page: a year's export took quadratic
//! time).

use async_trait::async_trait;
use chrono::{Duration, NaiveDate};
use domain::error::Message;
use domain::payment::refund::{RefundState, Route};
use domain::payment::{Method, NOTES, PurposeKind};
use domain::reports::{
    Cancellations, Cursor, JournalFact, LedgerRow, Liability, Line, MethodLine, OrderRow,
    PartnerMoney, Period, RefundDay, RefundLine, ReportStore, SaleDay,
};
use domain::shared::Money;
use domain::{DomainError, DomainResult};
use sea_orm::{ConnectionTrait, DatabaseConnection, QueryResult, Value};

use crate::sql::common::{corrupt, instant, ms, numbered, storage};

/// The Vietnam day of the instant in `column`, as days since 1970-01-01.
macro_rules! day {
    ($column:literal) => {
        concat!("((", $column, " + 25200000) / 86400000)")
    };
}

mod kept;

use kept::{ledger_before, ledger_days, number, payment_days, promo_days};

pub struct SqlReportStore {
    db: DatabaseConnection,
}

impl SqlReportStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    async fn rows(&self, sql: &str, values: Vec<Value>) -> DomainResult<Vec<QueryResult>> {
        let backend = self.db.get_database_backend();
        self.db
            .query_all_raw(numbered(backend, sql, values))
            .await
            .map_err(storage)
    }

    async fn in_period(&self, sql: &str, period: &Period) -> DomainResult<Vec<QueryResult>> {
        self.rows(sql, bounds(period)).await
    }

    /// `sql` over the period's instants ($1, $2) and days ($3, $4), as the kept days' reads bind.
    async fn in_days(&self, sql: &str, period: &Period) -> DomainResult<Vec<QueryResult>> {
        let mut values = bounds(period);
        values.extend([
            number(period.first()).into(),
            (number(period.last()) + 1).into(),
        ]);
        self.rows(sql, values).await
    }
}

fn bounds(period: &Period) -> Vec<Value> {
    vec![ms(period.starts_at()).into(), ms(period.ends_at()).into()]
}

fn get<T: sea_orm::TryGetable>(row: &QueryResult, column: &str) -> DomainResult<T> {
    row.try_get("", column).map_err(|e| corrupt("report", e))
}

fn money(row: &QueryResult, column: &str) -> DomainResult<Money> {
    Ok(Money::vnd(get::<Option<i64>>(row, column)?.unwrap_or(0)))
}

fn day(row: &QueryResult) -> DomainResult<NaiveDate> {
    let days: i64 = get(row, "day")?;
    NaiveDate::from_ymd_opt(1970, 1, 1)
        .and_then(|epoch| epoch.checked_add_signed(Duration::days(days)))
        .ok_or_else(|| corrupt("report day", days))
}

fn line(row: &QueryResult) -> DomainResult<Line> {
    Ok(Line {
        key: get(row, "key")?,
        amount: money(row, "amount")?,
        count: get(row, "n")?,
    })
}

/// Payments that brought money for services: orders and the price rises of changes.
const SALES: &str = "p.state = 'SUCCEEDED' AND p.purpose IN ('ORDER', 'CHANGE')";
/// The same, of `payment_days`' rows.
const SALE_DAYS: &str = "d.state = 'SUCCEEDED' AND d.purpose IN ('ORDER', 'CHANGE')";

#[async_trait]
impl ReportStore for SqlReportStore {
    async fn keep_days(&self, before: NaiveDate, max: u32) -> DomainResult<u32> {
        self.keep(before, max).await
    }

    async fn sales(&self, period: &Period) -> DomainResult<Vec<SaleDay>> {
        let sql = format!(
            "SELECT d.day, d.category, d.plan_id, MAX(d.plan_name) AS plan_name, \
             CAST(SUM(d.amount) AS BIGINT) AS amount, \
             CAST(SUM(CASE WHEN d.purpose = 'ORDER' THEN d.n ELSE 0 END) AS BIGINT) AS n \
             FROM ({days}) d WHERE {SALE_DAYS} GROUP BY d.day, d.category, d.plan_id",
            days = payment_days(),
        );
        self.in_days(&sql, period)
            .await?
            .iter()
            .map(|r| {
                Ok(SaleDay {
                    day: day(r)?,
                    category: get(r, "category")?,
                    plan_id: get(r, "plan_id")?,
                    plan_name: get(r, "plan_name")?,
                    amount: money(r, "amount")?,
                    orders: get(r, "n")?,
                })
            })
            .collect()
    }

    async fn methods(&self, period: &Period) -> DomainResult<Vec<MethodLine>> {
        let sql = format!(
            "SELECT d.method, d.purpose, CAST(SUM(d.amount) AS BIGINT) AS amount, \
             CAST(SUM(d.n) AS BIGINT) AS n FROM ({days}) d \
             GROUP BY d.method, d.purpose ORDER BY d.method, d.purpose",
            days = payment_days(),
        );
        self.in_days(&sql, period)
            .await?
            .iter()
            .map(|r| {
                let bad = |e: DomainError| corrupt("payment", e);
                Ok(MethodLine {
                    method: Method::parse(&get::<String>(r, "method")?).map_err(bad)?,
                    purpose: PurposeKind::from_code(&get::<String>(r, "purpose")?).map_err(bad)?,
                    amount: money(r, "amount")?,
                    count: get(r, "n")?,
                })
            })
            .collect()
    }

    async fn refunds(&self, period: &Period) -> DomainResult<Vec<RefundDay>> {
        // A wallet refund is its ledger entry (written at once); a refund to what paid is its
        // part, counted when it was made, whether the money has left yet or not.
        let sql = format!(
            "SELECT d.day, 'WALLET' AS route, 'DONE' AS state, \
             CAST(SUM(d.amount) AS BIGINT) AS amount, CAST(SUM(d.n) AS BIGINT) AS n \
             FROM ({days}) d WHERE d.kind = 'REFUND' GROUP BY d.day \
             UNION ALL \
             SELECT {part_day} AS day, route, state, \
             CAST(SUM(amount_vnd) AS BIGINT) AS amount, COUNT(*) AS n FROM refund_parts \
             WHERE route <> 'WALLET' AND created_at_ms >= $1 AND created_at_ms < $2 \
             GROUP BY {part_day}, route, state",
            days = ledger_days(),
            part_day = day!("created_at_ms"),
        );
        self.in_days(&sql, period)
            .await?
            .iter()
            .map(|r| {
                Ok(RefundDay {
                    day: day(r)?,
                    line: RefundLine {
                        route: Route::from_code(&get::<String>(r, "route")?)
                            .map_err(|e| corrupt("refund", e))?,
                        state: RefundState::from_code(&get::<String>(r, "state")?)
                            .map_err(|e| corrupt("refund", e))?,
                        amount: money(r, "amount")?,
                        count: get(r, "n")?,
                    },
                })
            })
            .collect()
    }

    async fn cancellations(&self, period: &Period) -> DomainResult<Cancellations> {
        // A paid order cancelled is refunded (`REFUNDED`); one never paid is `CANCELLED`.
        let unpaid = "e.to_state = 'CANCELLED' AND \
                      (e.from_state IS NULL OR e.from_state IN ('DRAFT', 'PENDING_PAYMENT'))";
        let sql = format!(
            "SELECT CAST(SUM(CASE WHEN {unpaid} THEN 0 ELSE 1 END) AS BIGINT) AS paid, \
             CAST(SUM(CASE WHEN {unpaid} THEN 0 ELSE o.total_vnd END) AS BIGINT) AS paid_value, \
             CAST(SUM(CASE WHEN {unpaid} THEN 1 ELSE 0 END) AS BIGINT) AS unpaid \
             FROM order_events e JOIN orders o ON o.id = e.order_id \
             WHERE e.to_state IN ('CANCELLED', 'REFUNDED') AND e.at_ms >= $1 AND e.at_ms < $2"
        );
        let rows = self.in_period(&sql, period).await?;
        let Some(r) = rows.first() else {
            return Ok(Cancellations::default());
        };
        Ok(Cancellations {
            paid: get::<Option<i64>>(r, "paid")?.unwrap_or(0),
            paid_value: money(r, "paid_value")?,
            unpaid: get::<Option<i64>>(r, "unpaid")?.unwrap_or(0),
        })
    }

    async fn promotions(&self, period: &Period) -> DomainResult<Vec<Line>> {
        // A code's discount counts on the day its order was paid.
        let sql = format!(
            "SELECT d.code AS key, CAST(SUM(d.amount) AS BIGINT) AS amount, \
             CAST(SUM(d.n) AS BIGINT) AS n FROM ({days}) d \
             GROUP BY d.code ORDER BY amount DESC, d.code",
            days = promo_days(),
        );
        self.in_days(&sql, period).await?.iter().map(line).collect()
    }

    async fn credit(&self, period: &Period) -> DomainResult<Vec<Line>> {
        let sql = format!(
            "SELECT d.kind AS key, CAST(SUM(d.amount) AS BIGINT) AS amount, \
             CAST(SUM(d.n) AS BIGINT) AS n FROM ({days}) d \
             WHERE d.kind IN ('GIFT', 'REFERRAL', 'ADJUSTMENT', 'EXPIRY') \
             GROUP BY d.kind ORDER BY d.kind",
            days = ledger_days(),
        );
        self.in_days(&sql, period).await?.iter().map(line).collect()
    }

    async fn partners(&self, period: &Period) -> DomainResult<PartnerMoney> {
        let within = |cause: &str, then: &str| {
            format!(
                "CAST(COALESCE(SUM(CASE WHEN cause IN ({cause}) AND at_ms >= $1 \
                 THEN {then} ELSE 0 END), 0) AS BIGINT)"
            )
        };
        let sql = format!(
            "SELECT {earned} AS earned, {tips} AS tips, {tip_count} AS tip_count, \
             {paid} AS paid, CAST(COALESCE(SUM(amount_vnd), 0) AS BIGINT) AS due \
             FROM partner_earnings WHERE at_ms < $2",
            earned = within("'completed', 'no_show', 'correction'", "amount_vnd"),
            tips = within("'tip'", "amount_vnd"),
            tip_count = within("'tip'", "1"),
            paid = within("'payout'", "-amount_vnd"),
        );
        let rows = self.in_period(&sql, period).await?;
        let Some(r) = rows.first() else {
            return Ok(PartnerMoney::default());
        };
        Ok(PartnerMoney {
            earned: money(r, "earned")?,
            tips: money(r, "tips")?,
            tip_count: get(r, "tip_count")?,
            paid: money(r, "paid")?,
            due: money(r, "due")?,
        })
    }

    async fn liability(&self, period: &Period) -> DomainResult<Liability> {
        // One statement: the balances and the ledger are read at one instant, and compared.
        let sql = format!(
            "SELECT \
             (SELECT CAST(COALESCE(SUM(balance_vnd), 0) AS BIGINT) FROM wallets) AS balances, \
             CAST({ledger} AS BIGINT) AS ledger, CAST({before} AS BIGINT) AS at_end",
            ledger = ledger_before("$3", "$4"),
            before = ledger_before("$1", "$2"),
        );
        let values = vec![
            ms(period.ends_at()).into(),
            (number(period.last()) + 1).into(),
            i64::MAX.into(),
            i64::MAX.into(),
        ];
        let rows = self.rows(&sql, values).await?;
        let r = rows
            .first()
            .ok_or_else(|| DomainError::Unavailable("storage".into()))?;
        Ok(Liability {
            balances: money(r, "balances")?,
            ledger: money(r, "ledger")?,
            at_end: money(r, "at_end")?,
        })
    }

    async fn journal(&self, period: &Period) -> DomainResult<Vec<JournalFact>> {
        // Refunds carry their order's category; v-coin movements are every ledger entry.
        let sql = format!(
            "SELECT d.day, 'SALES' AS account, d.category AS key, \
             CAST(SUM(d.amount) AS BIGINT) AS amount, CAST(SUM(d.n) AS BIGINT) AS n \
             FROM ({payments}) d WHERE {SALE_DAYS} GROUP BY d.day, d.category \
             UNION ALL \
             SELECT l.day, 'REFUNDS' AS account, l.category AS key, \
             CAST(SUM(l.amount) AS BIGINT) AS amount, CAST(SUM(l.n) AS BIGINT) AS n \
             FROM ({ledger}) l WHERE l.kind = 'REFUND' GROUP BY l.day, l.category \
             UNION ALL \
             SELECT {part_day} AS day, 'REFUNDS' AS account, o.category AS key, \
             CAST(SUM(r.amount_vnd) AS BIGINT) AS amount, COUNT(*) AS n \
             FROM refund_parts r JOIN orders o ON o.id = r.order_id \
             WHERE r.route <> 'WALLET' AND r.created_at_ms >= $1 AND r.created_at_ms < $2 \
             GROUP BY {part_day}, o.category \
             UNION ALL \
             SELECT v.day, 'VCOIN' AS account, v.kind AS key, \
             CAST(SUM(v.amount) AS BIGINT) AS amount, CAST(SUM(v.n) AS BIGINT) AS n \
             FROM ({ledger}) v GROUP BY v.day, v.kind \
             UNION ALL \
             SELECT {earning_day} AS day, 'PAYOUTS' AS account, '' AS key, \
             CAST(SUM(-amount_vnd) AS BIGINT) AS amount, COUNT(*) AS n FROM partner_earnings \
             WHERE cause = 'payout' AND at_ms >= $1 AND at_ms < $2 GROUP BY {earning_day}",
            payments = payment_days(),
            ledger = ledger_days(),
            part_day = day!("r.created_at_ms"),
            earning_day = day!("at_ms"),
        );
        self.in_days(&sql, period)
            .await?
            .iter()
            .map(|r| {
                Ok(JournalFact {
                    day: day(r)?,
                    account: get(r, "account")?,
                    key: get(r, "key")?,
                    amount: money(r, "amount")?,
                    count: get(r, "n")?,
                })
            })
            .collect()
    }

    async fn orders_page(
        &self,
        period: &Period,
        after: Option<&Cursor>,
        limit: u32,
    ) -> DomainResult<Vec<OrderRow>> {
        // The first page starts at the period's first instant (no order has an empty id).
        let (at, id) = after.map_or((ms(period.starts_at()), String::new()), |c| {
            (ms(c.at), c.id.clone())
        });
        let sql = format!(
            "SELECT o.id, o.created_at_ms, o.owner, o.category, o.plan_id, o.plan_name, o.state, \
             o.start_at_ms, o.total_vnd, \
             (SELECT CAST(COALESCE(SUM(p.amount_vnd), 0) AS BIGINT) FROM payments p \
              WHERE p.order_id = o.id AND {SALES}) AS paid, \
             (SELECT CAST(COALESCE(SUM(l.amount_vnd), 0) AS BIGINT) FROM ledger_entries l \
              WHERE l.order_id = o.id AND l.kind = 'REFUND') + \
             (SELECT CAST(COALESCE(SUM(r.amount_vnd), 0) AS BIGINT) FROM refund_parts r \
              WHERE r.order_id = o.id AND r.route <> 'WALLET') AS refunded \
             FROM orders o WHERE o.state <> 'DRAFT' \
             AND o.created_at_ms >= $1 AND o.created_at_ms < $2 \
             AND (o.created_at_ms, o.id) > ($3, $4) \
             ORDER BY o.created_at_ms, o.id LIMIT {limit}"
        );
        let mut values = bounds(period);
        values.extend([at.into(), id.into()]);
        self.rows(&sql, values)
            .await?
            .iter()
            .map(|r| {
                Ok(OrderRow {
                    id: get(r, "id")?,
                    created_at: instant(get(r, "created_at_ms")?)?,
                    owner: get(r, "owner")?,
                    category: get(r, "category")?,
                    plan_id: get(r, "plan_id")?,
                    plan_name: get(r, "plan_name")?,
                    state: get(r, "state")?,
                    start_at: instant(get(r, "start_at_ms")?)?,
                    total: Money::vnd(get(r, "total_vnd")?),
                    paid: money(r, "paid")?,
                    refunded: money(r, "refunded")?,
                })
            })
            .collect()
    }

    async fn ledger_page(
        &self,
        period: &Period,
        after: Option<&Cursor>,
        limit: u32,
    ) -> DomainResult<Vec<LedgerRow>> {
        let (at, id) = match after {
            Some(c) => (
                ms(c.at),
                c.id.parse::<i64>()
                    .map_err(|e| corrupt("ledger cursor", e))?,
            ),
            None => (ms(period.starts_at()), i64::MIN),
        };
        let sql = format!(
            "SELECT id, at_ms, owner, kind, amount_vnd, balance_after_vnd, order_id, payment_id, \
             operator, note FROM ledger_entries \
             WHERE at_ms >= $1 AND at_ms < $2 AND (at_ms, id) > ($3, $4) \
             ORDER BY at_ms, id LIMIT {limit}"
        );
        let mut values = bounds(period);
        values.extend([at.into(), id.into()]);
        self.rows(&sql, values)
            .await?
            .iter()
            .map(|r| {
                Ok(LedgerRow {
                    id: get::<i64>(r, "id")?.to_string(),
                    at: instant(get(r, "at_ms")?)?,
                    owner: get(r, "owner")?,
                    kind: get(r, "kind")?,
                    amount: Money::vnd(get(r, "amount_vnd")?),
                    balance_after: Money::vnd(get(r, "balance_after_vnd")?),
                    order_id: get::<Option<String>>(r, "order_id")?.unwrap_or_default(),
                    payment_id: get::<Option<String>>(r, "payment_id")?.unwrap_or_default(),
                    operator: get::<Option<String>>(r, "operator")?.unwrap_or_default(),
                    note: Message::from_stored(&get::<String>(r, "note")?, NOTES),
                })
            })
            .collect()
    }
}
