//! Faults, on SQLite and on PostgreSQL. The built `booking` binary runs as a child process while
//! clients create orders and pay for them with v-coin, each request with its own Idempotency-Key
//! and retried with the same key until acknowledged. The server is killed with SIGKILL again and
//! again and started anew on the same database. Afterwards every order and payment a client saw
//! acknowledged must be there, no order may be paid without its payment and ledger entry (or the
//! other way round), no order paid twice, and every wallet must equal the sum of its ledger.
//!
//! On PostgreSQL the database is then stopped and started under the same load: the server, never
//! restarted, must answer `/readyz` 503 while the database is away, refuse writes with 503 (never
//! 500), become ready again by itself and go on taking orders.
//!
//! `cargo build --release -p app -p bench && target/release/faults [KILLS]` (default 6 kills per
//! database). The `booking` binary is taken from beside this program (`BOOKING_BIN` overrides);
//! PostgreSQL is found at `TEST_POSTGRES_URL`, and restarted with `pg_ctlcluster`.

use std::process::Command;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use adapters::testing::{Backend, TestDb};
use bench::child::Server;
use bench::ledger::{Load, check};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let kills: u32 = std::env::args().nth(1).map_or(Ok(6), |a| a.parse())?;
    let bin = bench::child::booking_bin()?;
    adapters::install_tls_provider();
    let mut failed = false;
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = TestDb::migrated(backend).await;
        let mut server = Server::start(&bin, &db.url)?;
        server.ready(Duration::from_secs(60)).await?;
        let load = Load::start(&server.base, &[503]).await?;

        let mut restarts = Vec::new();
        for k in 0..kills {
            // 1.0 to 2.5 s of load between kills, varied so a kill lands at different points.
            tokio::time::sleep(Duration::from_millis(1000 + u64::from(k * 733 % 1500))).await;
            server.kill();
            let down = Instant::now();
            server = Server::start(&bin, &db.url)?;
            server.ready(Duration::from_secs(60)).await?;
            restarts.push(down.elapsed());
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        let outage = if backend == Backend::Postgres {
            Some(postgres_restart(&mut server, &load).await)
        } else {
            None
        };
        let acked = load.stop().await;
        let problems = check(&server.base, &db.db, &acked).await?;
        let slowest = restarts.iter().max().copied().unwrap_or_default();
        println!(
            "{backend:?}: {kills} SIGKILLs under load; {} orders and {} payments acknowledged \
             ({} retries after a lost answer); slowest restart to ready {:.1} s; {}",
            acked.orders(),
            acked.payments(),
            acked.retries(),
            slowest.as_secs_f64(),
            if problems.is_empty() {
                "nothing lost, nothing half-done, every wallet equals its ledger".to_owned()
            } else {
                format!("PROBLEMS: {}", problems.join("; "))
            }
        );
        match outage {
            Some(Ok(o)) => println!(
                "{backend:?}: database stopped for {:.1} s under load: /readyz 503 after {:.1} s, \
                 200 again {:.1} s after the database came back, same server process; {} requests \
                 refused with 503 meanwhile (any other refusal is a problem above); {} orders \
                 acknowledged after",
                o.away.as_secs_f64(),
                o.not_ready_after.as_secs_f64(),
                o.ready_after.as_secs_f64(),
                o.refused,
                o.orders_after
            ),
            Some(Err(e)) => {
                println!("{backend:?}: database restart: FAILED: {e:#}");
                failed = true;
            }
            None => {}
        }
        failed |= !problems.is_empty();
        server.kill();
        db.remove().await;
    }
    anyhow::ensure!(!failed, "faults found problems");
    Ok(())
}

struct Outage {
    away: Duration,
    not_ready_after: Duration,
    ready_after: Duration,
    refused: u64,
    orders_after: u64,
}

/// Stops PostgreSQL for two seconds under load and starts it again; the server stays as it is.
async fn postgres_restart(server: &mut Server, load: &Load) -> anyhow::Result<Outage> {
    let pg = |action: &str| -> anyhow::Result<()> {
        let version = std::fs::read_dir("/etc/postgresql")?
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .max()
            .ok_or_else(|| anyhow::anyhow!("no cluster under /etc/postgresql"))?;
        let mut cmd = vec![
            "pg_ctlcluster",
            "--skip-systemctl-redirect",
            &version,
            "main",
        ];
        cmd.extend([action, "-m", "fast"]);
        let status = if is_root() {
            Command::new(cmd[0]).args(&cmd[1..]).status()?
        } else {
            Command::new("sudo").args(&cmd).status()?
        };
        anyhow::ensure!(status.success(), "pg_ctlcluster {action}: {status}");
        Ok(())
    };
    let before = server.child.id();
    let refused_before = load.shared.refused_503.load(Ordering::Relaxed);
    pg("stop")?;
    let stopped = Instant::now();
    // The database is started again whatever the server did meanwhile.
    let not_ready_after = async {
        let mut seen = None;
        while stopped.elapsed() < Duration::from_secs(2) || seen.is_none() {
            if seen.is_none() && server.readyz().await == Some(503) {
                seen = Some(stopped.elapsed());
            }
            if stopped.elapsed() > Duration::from_secs(15) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        seen
    }
    .await;
    pg("start")?;
    let away = stopped.elapsed();
    let not_ready_after =
        not_ready_after.ok_or_else(|| anyhow::anyhow!("/readyz never said 503"))?;
    let started = Instant::now();
    server.ready(Duration::from_secs(30)).await?;
    let ready_after = started.elapsed();
    anyhow::ensure!(server.child.id() == before, "the server was restarted");
    let orders_then = load.shared.acked_orders.load(Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let orders_after = load.shared.acked_orders.load(Ordering::Relaxed) - orders_then;
    anyhow::ensure!(
        orders_after > 0,
        "no order acknowledged after the database came back"
    );
    Ok(Outage {
        away,
        not_ready_after,
        ready_after,
        refused: load.shared.refused_503.load(Ordering::Relaxed) - refused_before,
        orders_after,
    })
}

/// Whether this process runs as root, from `/proc/self/status` (no libc call needed).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find(|l| l.starts_with("Uid:"))
            .and_then(|l| l.split_whitespace().nth(1))
            == Some("0")
    })
}
