//! Load: the shipped server (the release `booking` binary, a child process) driven over loopback by
//! `hey`, on SQLite and on PostgreSQL. Each operation runs first flat out for its peak rate, then
//! at half that rate for its latency (p50, p99). Each peak is set against its bound measured in the
//! same run on the same machine: catalogue reads (REST and gRPC-Web) against the same server's
//! `/healthz`; order creation against the raw single-row commit rate of the same database with as
//! many clients; sign-ins against cores ÷ one argon2id verification. Prints a Markdown table.
//!
//! `cargo build --release -p app -p bench && target/release/load [SECONDS] [CLIENTS]` (defaults:
//! 10 s, 16 clients); `hey` must be on the PATH (`scripts/bench.sh` installs it).

use std::process::Command;
use std::time::Duration;

use adapters::testing::{Backend, TestDb};
use bench::bounds::{hash_verify_time, raw_commits};
use bench::child::{Server, booking_bin};
use bench::customer;
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
            ),
            (
                "catalogue, gRPC-Web",
                run(&setup.grpc_web)?,
                "/healthz",
                health.peak,
            ),
            ("order creation", run(&setup.order)?, "raw commits", raw),
            // One account takes at most 5 password checks at once (the throttle takes its room
            // before the hash); 4 clients keep the 2 cores' hashing busy all the same.
            (
                "sign-in",
                measure(&base, &setup.sign_in, seconds, clients.min(4))?,
                "hash",
                hash_bound,
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
        for (what, m, bound, rate) in &ops {
            row(what, m, bound, *rate);
        }
        server.kill();
        db.remove().await;
    }
    std::fs::remove_dir_all(&dir).ok();
    Ok(())
}

/// One request as `hey` sends it, again and again, and the status every answer must have.
struct Op {
    method: &'static str,
    path: String,
    headers: Vec<String>,
    content_type: Option<&'static str>,
    body: Option<std::path::PathBuf>,
    status: u16,
}

impl Op {
    fn get(path: &str, status: u16) -> Self {
        Self {
            method: "GET",
            path: path.to_owned(),
            headers: Vec::new(),
            content_type: None,
            body: None,
            status,
        }
    }
}

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

struct Measured {
    peak: f64,
    p50: f64,
    p99: f64,
}

/// Flat out with `clients` connections, then at half the rate that gave.
fn measure(base: &str, op: &Op, seconds: u64, clients: usize) -> anyhow::Result<Measured> {
    let peak = hey(base, op, seconds, clients, None)?;
    let half_clients = clients.div_ceil(2);
    let per_client = peak.rate / 2.0 / half_clients as f64;
    let half = hey(base, op, seconds, half_clients, Some(per_client))?;
    Ok(Measured {
        peak: peak.rate,
        p50: half.p50,
        p99: half.p99,
    })
}

struct Hey {
    rate: f64,
    p50: f64,
    p99: f64,
}

fn hey(base: &str, op: &Op, seconds: u64, clients: usize, qps: Option<f64>) -> anyhow::Result<Hey> {
    let mut cmd = Command::new("hey");
    cmd.args(["-z", &format!("{seconds}s"), "-c", &clients.to_string()]);
    cmd.args(["-m", op.method]);
    if let Some(q) = qps {
        cmd.args(["-q", &format!("{q:.2}")]);
    }
    for h in &op.headers {
        cmd.args(["-H", h]);
    }
    if let Some(t) = op.content_type {
        cmd.args(["-T", t]);
    }
    if let Some(b) = &op.body {
        cmd.arg("-D").arg(b);
    }
    cmd.arg(format!("{base}{}", op.path));
    let out = cmd.output()?;
    anyhow::ensure!(
        out.status.success(),
        "hey: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let number_after = |label: &str| -> Option<f64> {
        let line = text.lines().find(|l| l.trim_start().starts_with(label))?;
        line.trim_start()[label.len()..]
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    };
    // Every answer must carry the expected status: a fast error is not throughput.
    let statuses: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with('['))
        .collect();
    let expected = format!("[{}]", op.status);
    anyhow::ensure!(
        !statuses.is_empty()
            && statuses
                .iter()
                .all(|l| l.trim_start().starts_with(&expected)),
        "{} {}: answers other than {}: {statuses:?}",
        op.method,
        op.path,
        op.status
    );
    anyhow::ensure!(
        !text.contains("Error distribution"),
        "{} {}: errors:\n{text}",
        op.method,
        op.path
    );
    // A figure hey did not print is an error, not a zero in the table.
    let figure = |label: &str| {
        number_after(label).ok_or_else(|| anyhow::anyhow!("hey printed no '{label}':\n{text}"))
    };
    Ok(Hey {
        rate: figure("Requests/sec:")?,
        p50: figure("50% in")?,
        p99: figure("99% in")?,
    })
}
