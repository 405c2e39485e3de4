//! Load: the shipped server (the release `booking` binary, a child process) driven over loopback by
//! `hey`, on SQLite and on PostgreSQL. Each operation runs first flat out for its peak rate, then
//! at half that rate for its latency (p50, p99). Each peak is set against its bound measured in the
//! same run on the same machine: catalogue reads (REST and gRPC-Web) against the same server's
//! `/healthz`; order creation against the raw single-row commit rate of the same database with as
//! many clients; sign-ins against cores ÷ one argon2id verification. Prints a Markdown table,
//! then the goals (issue 67: the catalogue at ≥ 0.5 of `/healthz`, an order's p99 at half the peak
//! ≤ 10 ms), and exits non-zero when one is missed.
//!
//! `cargo build --release -p app -p bench && target/release/load [SECONDS] [CLIENTS]` (defaults:
//! 10 s, 16 clients); `hey` must be on the PATH (`scripts/bench.sh` installs it).

use std::time::Duration;

use adapters::testing::{Backend, TestDb};
use bench::bounds::{hash_verify_time, raw_commits};
use bench::child::{Server, booking_bin};
use bench::customer;
use bench::hey::{Measured, Op, measure};
use serde_json::json;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().map_or(Ok(10), |a| a.parse())?;
    let clients: usize = args.next().map_or(Ok(16), |a| a.parse())?;
    let bin = booking_bin()?;
    adapters::install_tls_provider();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let hash = hash_verify_time().await?;
    let hash_bound = cores as f64 / hash.as_secs_f64();
    println!(
        "{cores} cores; {clients} clients, {seconds} s per run; one argon2id verification {:.1} ms",
        hash.as_secs_f64() * 1000.0
    );
    println!();
    println!(
        "| database | operation | peak req/s | bound | bound req/s | ratio | p50 at half peak | p99 at half peak |"
    );
    println!("|---|---|--:|---|--:|--:|--:|--:|");
    let dir = std::env::temp_dir().join(format!("booking-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut missed = Vec::new();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = TestDb::migrated(backend).await;
        let raw = raw_commits(&db.db, seconds, clients).await?;
        let mut server = Server::start(&bin, &db.url)?;
        server.ready(Duration::from_secs(60)).await?;
        let base = server.base.clone();
        let setup = Setup::new(&base, &dir).await?;
        let run = |op: &Op| measure(&base, op, seconds, clients);

        let health = run(&Op::get("/healthz", 200))?;
        let ops = [
            (
                "catalogue, REST",
                run(&setup.rest)?,
                "/healthz",
                health.peak,
                Goal::ShareOfBound(CATALOGUE_GOAL),
            ),
            (
                "catalogue, gRPC-Web",
                run(&setup.grpc_web)?,
                "/healthz",
                health.peak,
                Goal::ShareOfBound(CATALOGUE_GOAL),
            ),
            (
                "order creation",
                run(&setup.order)?,
                "raw commits",
                raw,
                Goal::P99AtHalfMs(ORDER_P99_GOAL_MS),
            ),
            // One account takes at most 5 password checks at once (the throttle takes its room
            // before the hash); 4 clients keep the 2 cores' hashing busy all the same.
            (
                "sign-in",
                measure(&base, &setup.sign_in, seconds, clients.min(4))?,
                "hash",
                hash_bound,
                Goal::None,
            ),
        ];
        let row = |what: &str, m: &Measured, bound: &str, bound_rate: f64| {
            println!(
                "| {backend:?} | {what} | {:.0} | {bound} | {bound_rate:.0} | {:.2} | {:.1} ms | {:.1} ms |",
                m.peak,
                m.peak / bound_rate,
                m.p50 * 1000.0,
                m.p99 * 1000.0
            );
        };
        row("/healthz", &health, "itself", health.peak);
        for (what, m, bound, rate, goal) in &ops {
            row(what, m, bound, *rate);
            match *goal {
                Goal::ShareOfBound(at_least) if m.peak / rate < at_least => missed.push(format!(
                    "{backend:?}: {what} at {:.2} of {bound} (goal ≥ {at_least})",
                    m.peak / rate
                )),
                Goal::P99AtHalfMs(at_most) if m.p99 * 1000.0 > at_most => missed.push(format!(
                    "{backend:?}: {what} p99 {:.1} ms at half the peak (goal ≤ {at_most} ms)",
                    m.p99 * 1000.0
                )),
                _ => {}
            }
        }
        server.kill();
        db.remove().await;
    }
    std::fs::remove_dir_all(&dir).ok();
    println!();
    if !missed.is_empty() {
        for m in &missed {
            println!("NO: {m}");
        }
        std::process::exit(1);
    }
    println!("load: every goal met");
    Ok(())
}

/// What a row of the table is held to.
#[derive(Clone, Copy)]
enum Goal {
    /// Its peak, at least, as a share of its bound's.
    ShareOfBound(f64),
    /// Its p99 at half the peak, at most, in milliseconds.
    P99AtHalfMs(f64),
    None,
}

/// The catalogue's peak, at least, as a share of `/healthz`'s on the same server.
const CATALOGUE_GOAL: f64 = 0.5;
/// An order's latency at p99 at half the peak rate, at most.
const ORDER_P99_GOAL_MS: f64 = 10.0;

/// A customer to order as, one to sign in as, and the bodies, checked once by hand first so
/// the load measures answers that are right.
struct Setup {
    rest: Op,
    grpc_web: Op,
    order: Op,
    sign_in: Op,
}

impl Setup {
    async fn new(base: &str, dir: &std::path::Path) -> anyhow::Result<Self> {
        let http = reqwest::Client::new();
        let email = "load@example.com";
        let token = customer::sign_up(&http, base, email, 0).await?;
        let credentials = json!({"email": email, "password": customer::PASSWORD});

        let file = |name: &str, bytes: &[u8]| -> anyhow::Result<std::path::PathBuf> {
            let path = dir.join(name);
            std::fs::write(&path, bytes)?;
            Ok(path)
        };
        // ListPlansRequest { category: CATEGORY_SHUTTLE } in one uncompressed gRPC-Web frame.
        let frame = [0u8, 0, 0, 0, 2, 0x08, 0x01];
        let r = http
            .post(format!("{base}/booking.v1.CatalogService/ListPlans"))
            .header("content-type", "application/grpc-web+proto")
            .body(frame.to_vec())
            .send()
            .await?;
        let answer = r.bytes().await?;
        anyhow::ensure!(
            answer.len() > 1000 && answer.windows(13).any(|w| w == b"grpc-status:0"),
            "ListPlans over gRPC-Web did not answer with plans"
        );
        let order = customer::shuttle_order();
        Ok(Self {
            rest: Op::get("/api/plan/shuttle", 200),
            grpc_web: Op {
                method: "POST",
                path: "/booking.v1.CatalogService/ListPlans".into(),
                headers: vec!["x-grpc-web: 1".into()],
                content_type: Some("application/grpc-web+proto"),
                body: Some(file("list-plans.bin", &frame)?),
                status: 200,
            },
            // No Idempotency-Key: every request is a new order.
            order: Op {
                method: "POST",
                path: "/api/plan/shuttle/shuttle-sgn-4/order".into(),
                headers: vec![format!("authorization-firebase: {token}")],
                content_type: Some("application/json"),
                body: Some(file("order.json", order.to_string().as_bytes())?),
                status: 201,
            },
            sign_in: Op {
                method: "POST",
                path: "/api/auth/sign-in".into(),
                headers: Vec::new(),
                content_type: Some("application/json"),
                body: Some(file("sign-in.json", credentials.to_string().as_bytes())?),
                status: 200,
            },
        })
    }
}
