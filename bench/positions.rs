//! Where is my driver, at scale: PAIRS partners (default 2,000) each report their phone's position
//! every 5 s on a job on the way, while the job's PAIRS customers watch their live streams and read
//! their job's progress on each position event, as the order page does. Against the built
//! `booking` binary in its own process, on SQLite and then PostgreSQL (`TEST_POSTGRES_URL`).
//!
//! `cargo build --release -p app -p bench && target/release/positions [PAIRS [SECONDS]]`
//! Prints, per database: the position-to-customer latency (from the partner's report being sent
//! to the customer's page holding it) p50 and p99 against the goal of 1 s at p99, the share of
//! readings seen against the goal of 99 %, the reports kept
//! and dropped, the server's share of the machine's CPU and its resident memory. Exits non-zero
//! past the goal. The setup (accounts, paid orders, offers, acceptances) goes through the API as
//! people would, except that each job's start is moved to the coming hour (as `adapters::testing
//! ::move_job` does for the tests) so that partners may set off.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use adapters::testing::{Backend, TestDb};
use bench::child::Server;
use bench::world::{World, signed, timestamp};
use gateway::pb;
use gateway::pb::job_whereabouts_service_client::JobWhereaboutsServiceClient;
use gateway::pb::live_service_client::LiveServiceClient;
use gateway::pb::traveller_job_service_client::TravellerJobServiceClient;
use tokio::task::JoinSet;
use tonic::transport::Channel;

/// The goal at p99, in milliseconds.
const GOAL_MS: f64 = 1000.0;
/// The share of the readings sent in the window that customers must see in it, at least.
const SEEN_GOAL: f64 = 0.99;
const REPORT_EVERY: Duration = Duration::from_secs(5);
/// Setup calls in flight at once.
const SETUP_AT_ONCE: usize = 24;
/// Streams per HTTP/2 connection (the server's limit on concurrent streams is above it).
const STREAMS_PER_CONNECTION: usize = 100;

/// The server's CPU time so far, in clock ticks (utime + stime).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's closing parenthesis: state is field 3; utime and stime are 14 and 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<u64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    fields.iter().sum()
}

fn resident_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kib| kib / 1024.0)
}

struct Figures {
    latencies_ms: Vec<f64>,
    kept: u64,
    dropped: u64,
    failed: u64,
    cpu_share: f64,
    resident_mib: f64,
    setup_s: f64,
}

async fn run(backend: Backend, pairs: usize, seconds: u64) -> anyhow::Result<Figures> {
    let bin = bench::child::booking_bin()?;
    let db = TestDb::migrated(backend).await;
    let dir = bench::child::folder();
    std::fs::create_dir_all(&dir)?;
    World::create_admin(&bin, &db.url)?;
    let mut server = Server::start(&bin, &db.url)?;
    server.ready(Duration::from_secs(60)).await?;
    let pid = server.child.id();
    let setup = Arc::new(World::open(&server, &db.url).await?);

    let started = Instant::now();
    let mut made = Vec::with_capacity(pairs);
    let mut making = JoinSet::new();
    for n in 0..pairs {
        if making.len() >= SETUP_AT_ONCE
            && let Some(done) = making.join_next().await
        {
            made.push(done??);
        }
        let setup = setup.clone();
        making.spawn(async move { setup.pair(n).await });
    }
    while let Some(done) = making.join_next().await {
        made.push(done??);
    }
    let setup_s = started.elapsed().as_secs_f64();

    // The customers' pages: a stream each, and a read of the job on each position event.
    let measuring = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let mut channels = Vec::new();
    for _ in 0..pairs.div_ceil(STREAMS_PER_CONNECTION) {
        channels.push(Channel::from_shared(server.base.clone())?.connect().await?);
    }
    let mut watchers = JoinSet::new();
    for (i, pair) in made.iter().enumerate() {
        let channel = channels[i / STREAMS_PER_CONNECTION].clone();
        let (token, order) = (pair.customer.clone(), pair.order.clone());
        let (measuring, latencies) = (measuring.clone(), latencies.clone());
        watchers.spawn(async move {
            let mut live = LiveServiceClient::new(channel.clone());
            let mut progress = TravellerJobServiceClient::new(channel);
            let request = signed(
                &token,
                pb::WatchEventsRequest {
                    after_id: 0,
                    ..Default::default()
                },
            );
            let mut stream = live.watch_events(request).await?.into_inner();
            let mut seen = 0i64;
            while let Some(answer) = stream.message().await? {
                let position = i32::from(pb::LiveTopic::Position);
                if !answer.events.iter().any(|e| e.topic == position) {
                    continue;
                }
                let request = signed(
                    &token,
                    pb::GetJobProgressRequest {
                        order_id: order.clone(),
                        near: None,
                    },
                );
                let read = progress.get_job_progress(request).await?.into_inner();
                let taken = read
                    .progress
                    .and_then(|p| p.whereabouts)
                    .and_then(|w| w.position)
                    .and_then(|p| p.taken_at)
                    .map_or(0, |t| t.seconds * 1000 + i64::from(t.nanos) / 1_000_000);
                if taken > seen {
                    seen = taken;
                    if measuring.load(std::sync::atomic::Ordering::Relaxed) {
                        let now = chrono::Utc::now().timestamp_millis();
                        latencies
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((now - taken) as f64);
                    }
                }
            }
            anyhow::Ok(())
        });
    }
    tokio::time::sleep(Duration::from_secs(2)).await;

    // The partners: spread evenly over the 5 s, each driving towards the airport at 36 km/h.
    let (kept, dropped, failed) = (
        Arc::new(std::sync::atomic::AtomicU64::new(0)),
        Arc::new(std::sync::atomic::AtomicU64::new(0)),
        Arc::new(std::sync::atomic::AtomicU64::new(0)),
    );
    let until = Instant::now() + Duration::from_secs(seconds + 5);
    let mut reporters = JoinSet::new();
    for (i, pair) in made.iter().enumerate() {
        let channel = channels[i / STREAMS_PER_CONNECTION].clone();
        let (token, order) = (pair.partner.clone(), pair.order.clone());
        let (kept, dropped, failed) = (kept.clone(), dropped.clone(), failed.clone());
        let phase = REPORT_EVERY.mul_f64(i as f64 / pairs as f64);
        reporters.spawn(async move {
            let mut app = JobWhereaboutsServiceClient::new(channel);
            tokio::time::sleep(phase).await;
            let mut tick = tokio::time::interval(REPORT_EVERY);
            let mut step = 0.0;
            while Instant::now() < until {
                tick.tick().await;
                // 50 m nearer the airport each time, from District 1.
                step += 1.0;
                let position = pb::GeoPosition {
                    latitude: 10.7769 + step * 0.00032,
                    longitude: 106.7009 - step * 0.00032,
                    accuracy: 10.0,
                    taken_at: Some(timestamp(chrono::Utc::now())),
                };
                let request = signed(
                    &token,
                    pb::ReportPositionRequest {
                        order_id: order.clone(),
                        position: Some(position),
                    },
                );
                let counter = match app.report_position(request).await {
                    Ok(r) if r.get_ref().kept => &kept,
                    Ok(_) => &dropped,
                    Err(_) => &failed,
                };
                counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        });
    }
    // A round of reports first, so every job has a reading; then the measured window.
    tokio::time::sleep(REPORT_EVERY + Duration::from_secs(1)).await;
    measuring.store(true, std::sync::atomic::Ordering::Relaxed);
    let (cpu_before, at) = (cpu_ticks(pid), Instant::now());
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    measuring.store(false, std::sync::atomic::Ordering::Relaxed);
    let ticks = cpu_ticks(pid).saturating_sub(cpu_before) as f64;
    let elapsed = at.elapsed().as_secs_f64();
    let cores = std::thread::available_parallelism().map_or(1, usize::from) as f64;
    // Clock ticks are 100 a second on Linux.
    let cpu_share = ticks / 100.0 / elapsed / cores;
    let resident = resident_mib(pid);
    while reporters.join_next().await.is_some() {}
    watchers.abort_all();
    server.kill();
    // Nothing of the run stays behind: its database and its folder go with it.
    setup.db.clone().close().await.ok();
    db.remove().await;
    std::fs::remove_dir_all(&dir).ok();
    let latencies_ms = std::mem::take(&mut *latencies.lock().unwrap_or_else(|e| e.into_inner()));
    Ok(Figures {
        latencies_ms,
        kept: kept.load(std::sync::atomic::Ordering::Relaxed),
        dropped: dropped.load(std::sync::atomic::Ordering::Relaxed),
        failed: failed.load(std::sync::atomic::Ordering::Relaxed),
        cpu_share,
        resident_mib: resident,
        setup_s,
    })
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let pairs: usize = std::env::args().nth(1).map_or(Ok(2000), |a| a.parse())?;
    let seconds: u64 = std::env::args().nth(2).map_or(Ok(60), |a| a.parse())?;
    adapters::install_tls_provider();
    let mut ok = true;
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let mut f = run(backend, pairs, seconds).await?;
        f.latencies_ms.sort_by(f64::total_cmp);
        let (p50, p99) = (
            percentile(&f.latencies_ms, 0.5),
            percentile(&f.latencies_ms, 0.99),
        );
        let expected = pairs as f64 * seconds as f64 / REPORT_EVERY.as_secs_f64();
        let seen = f.latencies_ms.len() as f64 / expected;
        println!(
            "{backend:?}: {pairs} partners reporting every {} s, {pairs} customers watching (set up in {:.0} s)",
            REPORT_EVERY.as_secs(),
            f.setup_s
        );
        println!(
            "  position to customer: p50 {p50:.0} ms, p99 {p99:.0} ms ({:.2}x the goal of {GOAL_MS:.0} ms at p99); \
             {} readings seen by customers in {seconds} s ({:.0}% of the {expected:.0} sent then; goal ≥ {:.0}%)",
            p99 / GOAL_MS,
            f.latencies_ms.len(),
            100.0 * seen,
            100.0 * SEEN_GOAL
        );
        println!(
            "  reports: {} kept, {} dropped, {} failed; server CPU {:.0}% of the machine, resident memory {:.0} MiB",
            f.kept,
            f.dropped,
            f.failed,
            f.cpu_share * 100.0,
            f.resident_mib
        );
        ok &= p99 <= GOAL_MS && seen >= SEEN_GOAL && f.failed == 0;
    }
    println!(
        "{}",
        if ok {
            "positions: within the goal"
        } else {
            "positions: FAILED"
        }
    );
    if !ok {
        std::process::exit(1);
    }
    Ok(())
}
