//! Exports in constant memory: the release server on a database of a year of business (default
//! 1,000,000 orders, filled as `bench/growth_fill.rs` says), on SQLite and then PostgreSQL
//! (`TEST_POSTGRES_URL`). An admin streams the order export of the whole year (the server's
//! first), then of a month, then of the year again, and reads the year's report; for each, the
//! server's resident memory before and its peak during (the kernel's high-water mark, reset
//! before each), the rows, the bytes and the rate. The bound: the year's second export raises
//! the server's peak memory by at most 8 MiB more than the month's did (however many more rows
//! it streams), and no export by more than 64 MiB; exits non-zero past either. Before the exports
//! the server's job keeps the year's settled days for the reports (timed); the year's report
//! must then answer within the console's 5 s, with the totals the payments' own sums give.
//!
//! `cargo build --release -p app -p bench && target/release/exports [ORDERS [DATABASES]]`,
//! DATABASES as `sqlite,postgres` (defaults: 1000000, both).

use std::time::{Duration, Instant};

use adapters::testing::{Backend, TestDb};
use anyhow::Context;
use bench::child::Server;
use bench::world::{PHONE, World, quarter_hour, signed};
use gateway::pb;
use gateway::pb::report_service_client::ReportServiceClient;
use sea_orm::{ConnectionTrait, Statement};

#[path = "growth_fill.rs"]
mod growth_fill;

use growth_fill::Template;

/// What the year's second export may raise the peak beyond the month's, at most, in MiB.
const MORE_BOUND_MIB: f64 = 8.0;
/// The year's peak growth, at most, in MiB.
const GROWTH_BOUND_MIB: f64 = 64.0;
/// The console's deadline for a report, in seconds.
const REPORT_BOUND_S: f64 = 5.0;
const CUSTOMER: &str = "template@exports.example";
const PARTNER: &str = "driver@exports.example";
const TEMPLATE_ORDERS: usize = 10;

/// `VmRSS` and `VmHWM` of process `pid`, in MiB.
fn memory(pid: u32) -> anyhow::Result<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|kb| kb.parse::<f64>().ok())
            .map(|kb| kb / 1024.0)
    };
    match (field("VmRSS:"), field("VmHWM:")) {
        (Some(rss), Some(hwm)) => Ok((rss, hwm)),
        _ => anyhow::bail!("no memory figures for {pid}"),
    }
}

/// Starts a new high-water mark at the current resident size (Linux: `clear_refs` 5).
fn reset_peak(pid: u32) -> anyhow::Result<()> {
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5")?;
    Ok(())
}

/// One measured call: rows, bytes, seconds, memory before and peak during (MiB).
struct Measured {
    rows: u64,
    bytes: u64,
    seconds: f64,
    before: f64,
    peak: f64,
}

impl Measured {
    fn growth(&self) -> f64 {
        (self.peak - self.before).max(0.0)
    }
}

/// The order export of `from..=until`, streamed and counted, as `admin`.
async fn export(world: &World, pid: u32, from: &str, until: &str) -> anyhow::Result<Measured> {
    let mut reports = ReportServiceClient::new(world.grpc.clone());
    reset_peak(pid)?;
    let (before, _) = memory(pid)?;
    let at = Instant::now();
    let request = pb::ExportReportRequest {
        from: from.into(),
        until: until.into(),
        grain: 0,
        export: pb::ReportExport::Orders.into(),
    };
    let mut chunks = reports
        .export_report(signed(&world.admin, request))
        .await?
        .into_inner();
    let (mut rows, mut bytes) = (0u64, 0u64);
    while let Some(chunk) = chunks.message().await? {
        bytes += chunk.chunk.len() as u64;
        rows += chunk.chunk.iter().filter(|b| **b == b'\n').count() as u64;
    }
    let seconds = at.elapsed().as_secs_f64();
    let (_, peak) = memory(pid)?;
    Ok(Measured {
        rows: rows.saturating_sub(1),
        bytes,
        seconds,
        before,
        peak,
    })
}

/// Waits for the server's job to keep every settled day of the fill; answers how many days it
/// kept and the seconds from the first day kept to the last.
async fn kept(world: &World) -> anyhow::Result<(i64, f64)> {
    let target = (domain::reports::unsettled_from(chrono::Utc::now())
        - chrono::NaiveDate::default())
    .num_days();
    let give_up = Instant::now() + Duration::from_secs(3600);
    let mut first: Option<(i64, Instant)> = None;
    while Instant::now() < give_up {
        let rows = world
            .db
            .query_all_raw(Statement::from_string(
                world.db.get_database_backend(),
                "SELECT next_day FROM report_kept",
            ))
            .await?;
        if let Some(next) = rows.first() {
            let next: i64 = next.try_get_by_index(0)?;
            let (from, at) = *first.get_or_insert((next, Instant::now()));
            if next >= target {
                return Ok((next - from, at.elapsed().as_secs_f64()));
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("the server kept no days within an hour")
}

/// The sales and the orders paid in `from..=until`, summed from the payments themselves.
async fn paid(world: &World, from: &str, until: &str) -> anyhow::Result<(i64, i64)> {
    let period = domain::reports::Period::parse(from, until)?;
    let sql = format!(
        "SELECT CAST(COALESCE(SUM(amount_vnd), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN purpose = 'ORDER' THEN 1 ELSE 0 END), 0) AS BIGINT) \
         FROM payments WHERE state = 'SUCCEEDED' AND purpose IN ('ORDER', 'CHANGE') \
         AND settled_at_ms >= {} AND settled_at_ms < {}",
        period.starts_at().timestamp_millis(),
        period.ends_at().timestamp_millis()
    );
    let rows = world
        .db
        .query_all_raw(Statement::from_string(world.db.get_database_backend(), sql))
        .await?;
    let row = rows.first().context("no sums")?;
    Ok((row.try_get_by_index(0)?, row.try_get_by_index(1)?))
}

/// The report of `from..=until` by month, timed, with its memory; its totals must be the
/// payments' own.
async fn report(world: &World, pid: u32, from: &str, until: &str) -> anyhow::Result<Measured> {
    let mut reports = ReportServiceClient::new(world.grpc.clone());
    reset_peak(pid)?;
    let (before, _) = memory(pid)?;
    let at = Instant::now();
    let r = reports
        .get_report(signed(
            &world.admin,
            pb::GetReportRequest {
                from: from.into(),
                until: until.into(),
                grain: pb::ReportGrain::Month.into(),
            },
        ))
        .await?
        .into_inner();
    let seconds = at.elapsed().as_secs_f64();
    let (_, peak) = memory(pid)?;
    let totals = r.totals.unwrap_or_default();
    anyhow::ensure!(
        r.liability.is_some_and(|l| l.balanced),
        "the ledger and the wallets disagree"
    );
    let (sales, orders) = paid(world, from, until).await?;
    anyhow::ensure!(
        (totals.sales_vnd, totals.orders) == (sales, orders),
        "the report says {} in {} orders, the payments {sales} in {orders}",
        totals.sales_vnd,
        totals.orders
    );
    Ok(Measured {
        rows: u64::try_from(totals.orders).unwrap_or(0),
        bytes: 0,
        seconds,
        before,
        peak,
    })
}

/// The day `days` before today in Vietnam.
fn vietnam_day(days: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::hours(7) - chrono::Duration::days(days))
        .date_naive()
        .to_string()
}

async fn run(backend: Backend, orders: u64) -> anyhow::Result<bool> {
    let bin = bench::child::booking_bin()?;
    let db = TestDb::migrated(backend).await;
    World::create_admin(&bin, &db.url)?;
    let mut server = Server::start_as_shipped(&bin, &db.url)?;
    server.ready(Duration::from_secs(60)).await?;
    let world = World::open(&server, &db.url).await?;
    let customer = world.customer(CUSTOMER, 0).await?;
    world.partner(PARTNER, 1).await?;
    for k in 0..TEMPLATE_ORDERS {
        let order = world
            .order(&customer, &quarter_hour(3 + k as i64, k), PHONE, k)
            .await?;
        world.top_up(&customer, k).await?;
        world.pay(&customer, &order, k).await?;
    }
    let template = Template::read(&world.db, CUSTOMER, PARTNER).await?;
    let at = Instant::now();
    template
        .copy(&world.db, 0, orders / template.orders)
        .await?;
    if backend == Backend::Postgres {
        world.db.execute_unprepared("VACUUM (ANALYZE)").await?;
        world.db.execute_unprepared("CHECKPOINT").await?;
    } else {
        world
            .db
            .execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
            .await?;
    }
    println!(
        "{backend:?}: {orders} orders copied in {:.0} s",
        at.elapsed().as_secs_f64()
    );
    let (days, keeping) = kept(&world).await?;
    println!("{backend:?}: the server kept {days} settled days for the reports in {keeping:.1} s");
    let pid = server.child.id();
    // The copies lie 30 days and more in the past, spread over the year: a month among them.
    let (today, year_ago) = (vietnam_day(0), vietnam_day(365));
    // The first export of a fresh server also fills what it keeps whatever it reads (SQLite's
    // page cache on each pooled connection, the allocator's pages): measured, and then the month
    // and the year again, whose difference is what an export's length costs.
    let first = export(&world, pid, &year_ago, &today).await?;
    let month = export(&world, pid, &vietnam_day(90), &vietnam_day(61)).await?;
    let year = export(&world, pid, &year_ago, &today).await?;
    let summary = report(&world, pid, &year_ago, &today).await?;
    server.kill();
    world.db.clone().close().await.ok();
    db.remove().await;

    println!();
    println!(
        "| {backend:?} | rows | MiB | s | rows/s | RSS before, MiB | peak, MiB | growth, MiB |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|--:|");
    for (what, m) in [
        ("orders CSV, the year, first", &first),
        ("orders CSV, a month", &month),
        ("orders CSV, the year", &year),
        ("report of the year", &summary),
    ] {
        println!(
            "| {what} | {} | {:.1} | {:.2} | {:.0} | {:.1} | {:.1} | {:.1} |",
            m.rows,
            m.bytes as f64 / 1024.0 / 1024.0,
            m.seconds,
            m.rows as f64 / m.seconds,
            m.before,
            m.peak,
            m.growth()
        );
    }
    let more = year.growth() - month.growth();
    let fast = summary.seconds <= REPORT_BOUND_S;
    println!(
        "{backend:?}: the year's report in {:.2} s, {:.2} of the console's {REPORT_BOUND_S} s, its \
         totals the payments' own: {}",
        summary.seconds,
        summary.seconds / REPORT_BOUND_S,
        if fast { "bound met" } else { "BOUND MISSED" }
    );
    let met = fast
        && more <= MORE_BOUND_MIB
        && [&first, &month, &year]
            .iter()
            .all(|m| m.growth() <= GROWTH_BOUND_MIB);
    println!(
        "{backend:?}: the year's export ({} rows, {:.0}× the month's) grew the server's peak by \
         {:.1} MiB, {more:.1} MiB more than the month's (bound ≤ {MORE_BOUND_MIB}); no export past \
         {GROWTH_BOUND_MIB} MiB: {}",
        year.rows,
        year.rows as f64 / month.rows.max(1) as f64,
        year.growth(),
        if met { "bound met" } else { "BOUND MISSED" }
    );
    Ok(met)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    adapters::install_tls_provider();
    let mut args = std::env::args().skip(1);
    let orders: u64 = args.next().map_or(Ok(1_000_000), |a| a.parse())?;
    let databases = args.next().unwrap_or_else(|| "sqlite,postgres".into());
    let mut met = true;
    for name in databases.split(',') {
        let backend = match name {
            "sqlite" => Backend::Sqlite,
            "postgres" => Backend::Postgres,
            other => anyhow::bail!("no database {other}"),
        };
        met &= run(backend, orders).await?;
    }
    if !met {
        std::process::exit(1);
    }
    Ok(())
}
