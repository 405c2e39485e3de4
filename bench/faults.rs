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
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use adapters::testing::{Backend, TestDb};
use bench::child::Server;
use bench::customer;
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use serde_json::{Value, json};

const PRICE: i64 = customer::SHUTTLE_PRICE;
const TOP_UP: i64 = 50_000_000;
const TOP_UPS: i64 = 25;
/// Each client stops ordering here, so its wallet never runs dry.
const MAX_ORDERS: usize = (TOP_UP * TOP_UPS / PRICE) as usize;
const CLIENTS: usize = 6;

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
        let load = Load::start(&server.base).await?;

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

/// What one client saw acknowledged: its orders, each with whether its payment was too.
struct Tally {
    token: String,
    orders: Vec<(String, bool)>,
    retries: u64,
    /// Answers that were neither success, nor 503 while the database was away, nor a lost
    /// connection: each one a problem.
    failures: Vec<String>,
}

#[derive(Default)]
struct Acked {
    clients: Vec<Tally>,
}

impl Acked {
    fn orders(&self) -> usize {
        self.clients.iter().map(|c| c.orders.len()).sum()
    }
    fn payments(&self) -> usize {
        self.clients
            .iter()
            .map(|c| c.orders.iter().filter(|o| o.1).count())
            .sum()
    }
    fn retries(&self) -> u64 {
        self.clients.iter().map(|c| c.retries).sum()
    }
}

/// Counters the load shares with the program that watches it.
#[derive(Default)]
struct Shared {
    stop: AtomicBool,
    refused_503: AtomicU64,
    acked_orders: AtomicU64,
}

struct Load {
    shared: Arc<Shared>,
    workers: Vec<tokio::task::JoinHandle<Tally>>,
}

/// The answer to one request, as a client with retries sees it.
enum Outcome {
    Ok(Value),
    /// No answer, or 503: the same request is sent again with the same key.
    Again(u16),
    Refused(String),
}

struct Client {
    http: reqwest::Client,
    base: String,
    shared: Arc<Shared>,
    tally: Tally,
}

impl Client {
    async fn post(&self, path: &str, key: &str, body: &Value) -> Outcome {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("authorization-firebase", &self.tally.token)
            .header("idempotency-key", key)
            .json(body)
            .send()
            .await;
        let Ok(r) = r else { return Outcome::Again(0) };
        let status = r.status().as_u16();
        match r.json::<Value>().await {
            Ok(v) if status < 300 => Outcome::Ok(v),
            Err(_) if status < 300 => Outcome::Again(0),
            _ if status == 503 => Outcome::Again(503),
            v => Outcome::Refused(format!("{path}: {status} {:?}", v.ok())),
        }
    }

    /// Sends until acknowledged; `None` if the load stopped first or the server refused.
    async fn until_acked(&mut self, path: &str, key: &str, body: &Value) -> Option<Value> {
        loop {
            match self.post(path, key, body).await {
                Outcome::Ok(v) => return Some(v),
                Outcome::Refused(why) => {
                    self.tally.failures.push(why);
                    return None;
                }
                Outcome::Again(status) => {
                    if status == 503 {
                        self.shared.refused_503.fetch_add(1, Ordering::Relaxed);
                    }
                    if self.shared.stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    self.tally.retries += 1;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
    }

    /// Orders and pays, one after the other, until stopped or the wallet would run dry.
    async fn run(mut self, i: usize, order: Value) -> Tally {
        for n in 0..MAX_ORDERS {
            if self.shared.stop.load(Ordering::Relaxed) {
                break;
            }
            let path = "/api/plan/shuttle/shuttle-sgn-4/order";
            let Some(created) = self
                .until_acked(path, &format!("order-{i}-{n}"), &order)
                .await
            else {
                continue;
            };
            let id = created["data"]["id"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            self.shared.acked_orders.fetch_add(1, Ordering::Relaxed);
            let path = format!("/api/plan/shuttle/order/{id}/payment");
            let vcoin = json!({"method": "VCOIN"});
            let paid = self
                .until_acked(&path, &format!("pay-{i}-{n}"), &vcoin)
                .await;
            let paid = paid.is_some_and(|p| {
                let ok = p["data"]["state"] == "SUCCEEDED";
                if !ok {
                    self.tally
                        .failures
                        .push(format!("{id}: payment answered {p}"));
                }
                ok
            });
            self.tally.orders.push((id, paid));
        }
        self.tally
    }
}

impl Load {
    /// Signs up and funds the clients, then sets them ordering and paying until stopped.
    async fn start(base: &str) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()?;
        let shared = Arc::new(Shared::default());
        let order = customer::shuttle_order();
        let mut workers = Vec::new();
        for i in 0..CLIENTS {
            let email = format!("faults-{i}@example.com");
            let token = customer::sign_up(&http, base, &email, i).await?;
            let client = Client {
                http: http.clone(),
                base: base.to_owned(),
                shared: shared.clone(),
                tally: Tally {
                    token,
                    orders: Vec::new(),
                    retries: 0,
                    failures: Vec::new(),
                },
            };
            for t in 0..TOP_UPS {
                let top_up = json!({"amountVnd": TOP_UP, "method": "DEV"});
                let key = format!("top-{i}-{t}");
                if !matches!(
                    client.post("/api/v-coin/top-up", &key, &top_up).await,
                    Outcome::Ok(_)
                ) {
                    anyhow::bail!("a top-up failed");
                }
            }
            workers.push(tokio::spawn(client.run(i, order.clone())));
        }
        Ok(Self { shared, workers })
    }

    async fn stop(self) -> Acked {
        self.shared.stop.store(true, Ordering::Relaxed);
        let mut acked = Acked::default();
        for w in self.workers {
            match w.await {
                Ok(tally) => acked.clients.push(tally),
                Err(e) => acked.clients.push(Tally {
                    token: String::new(),
                    orders: Vec::new(),
                    retries: 0,
                    failures: vec![format!("a client panicked: {e}")],
                }),
            }
        }
        acked
    }
}

/// Every acknowledged order and payment through the API as its owner sees it, then the
/// invariants across the whole database.
async fn check(base: &str, db: &DatabaseConnection, acked: &Acked) -> anyhow::Result<Vec<String>> {
    let http = reqwest::Client::new();
    let mut problems: Vec<String> = acked
        .clients
        .iter()
        .flat_map(|c| c.failures.clone())
        .collect();
    for Tally { token, orders, .. } in &acked.clients {
        let mut paid_here = 0;
        for (id, paid) in orders {
            let r = http
                .get(format!("{base}/api/order/detail/{id}"))
                .header("authorization-firebase", token)
                .send()
                .await?;
            let status = r.status();
            let body: Value = r.json().await.unwrap_or_default();
            let state = body["data"]["state"].as_str().unwrap_or_default();
            if !status.is_success() {
                problems.push(format!("acknowledged order {id} answers {status}"));
            } else if *paid && state != "PAID" {
                problems.push(format!("acknowledged payment of {id}, order is {state}"));
            }
            paid_here += i64::from(state == "PAID");
        }
        let r = http
            .get(format!("{base}/api/v-coin"))
            .header("authorization-firebase", token)
            .send()
            .await?;
        let body: Value = r.json().await?;
        // Unacknowledged payments may have committed too; the wallet must show those as well.
        let balance = body["data"]["balanceVnd"].as_i64().unwrap_or(-1);
        let spent = TOP_UP * TOP_UPS - balance;
        if spent % PRICE != 0 || spent / PRICE < paid_here {
            problems.push(format!(
                "a wallet shows {balance} after {paid_here} acknowledged paid orders"
            ));
        }
    }
    let invariants = [
        (
            "wallets that differ from the sum of their ledger",
            "SELECT COUNT(*) FROM wallets w WHERE w.balance_vnd <> \
             (SELECT COALESCE(SUM(l.amount_vnd), 0) FROM ledger_entries l WHERE l.owner = w.owner)",
        ),
        (
            "paid orders without a succeeded payment",
            "SELECT COUNT(*) FROM orders o WHERE o.state = 'PAID' AND NOT EXISTS \
             (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'SUCCEEDED')",
        ),
        (
            "succeeded payments whose order is not paid",
            "SELECT COUNT(*) FROM payments p JOIN orders o ON o.id = p.order_id \
             WHERE p.state = 'SUCCEEDED' AND o.state <> 'PAID'",
        ),
        (
            "orders paid more than once",
            "SELECT COUNT(*) FROM (SELECT order_id FROM payments WHERE state = 'SUCCEEDED' \
             AND order_id IS NOT NULL GROUP BY order_id HAVING COUNT(*) > 1) twice",
        ),
        (
            "v-coin payments and top-ups without exactly one ledger entry",
            "SELECT COUNT(*) FROM payments p WHERE p.state = 'SUCCEEDED' \
             AND (p.method = 'VCOIN' OR p.order_id IS NULL) \
             AND (SELECT COUNT(*) FROM ledger_entries l WHERE l.payment_id = p.id) <> 1",
        ),
        (
            "ledger entries without a settled payment",
            "SELECT COUNT(*) FROM ledger_entries l WHERE l.payment_id IS NOT NULL AND NOT EXISTS \
             (SELECT 1 FROM payments p WHERE p.id = l.payment_id \
             AND p.state IN ('SUCCEEDED', 'CREDITED'))",
        ),
    ];
    for (what, sql) in invariants {
        let row = db
            .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
            .await?
            .ok_or_else(|| anyhow::anyhow!("{what}: no row"))?;
        let n: i64 = row.try_get_by_index(0)?;
        if n != 0 {
            problems.push(format!("{n} {what}"));
        }
    }
    Ok(problems)
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
