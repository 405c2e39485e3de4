//! Orders under load, and the check that nothing was lost: clients create orders and pay for
//! them with v-coin, each request with its own Idempotency-Key and sent again with the same key
//! until acknowledged; afterwards every order and payment a client saw acknowledged must be
//! there, no order paid without its payment and ledger entry (or the other way round), none paid
//! twice, and every wallet equal to the sum of its ledger. Used by `faults` (one node killed and
//! restarted) and `cluster` (three nodes behind a load balancer).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use serde_json::{Value, json};

use crate::customer;

const PRICE: i64 = customer::SHUTTLE_PRICE;
const TOP_UP: i64 = 50_000_000;
const TOP_UPS: i64 = 25;
/// Each client stops ordering here, so its wallet never runs dry.
const MAX_ORDERS: usize = (TOP_UP * TOP_UPS / PRICE) as usize;
const CLIENTS: usize = 6;

/// What one client saw acknowledged: its orders, each with whether its payment was too.
pub struct Tally {
    token: String,
    orders: Vec<(String, bool)>,
    retries: u64,
    /// Answers that were neither success, nor 503 while the database was away, nor a lost
    /// connection: each one a problem.
    failures: Vec<String>,
}

#[derive(Default)]
pub struct Acked {
    clients: Vec<Tally>,
}

impl Acked {
    pub fn orders(&self) -> usize {
        self.clients.iter().map(|c| c.orders.len()).sum()
    }
    pub fn payments(&self) -> usize {
        self.clients
            .iter()
            .map(|c| c.orders.iter().filter(|o| o.1).count())
            .sum()
    }
    pub fn retries(&self) -> u64 {
        self.clients.iter().map(|c| c.retries).sum()
    }
}

/// Counters the load shares with the program that watches it.
#[derive(Default)]
pub struct Shared {
    stop: AtomicBool,
    pub refused_503: AtomicU64,
    pub acked_orders: AtomicU64,
}

pub struct Load {
    pub shared: Arc<Shared>,
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
    again: &'static [u16],
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
            _ if self.again.contains(&status) => Outcome::Again(status),
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
    /// `again`: the statuses a client sends again with the same key, besides no answer at all
    /// (503 from a server whose database is away; also 502 and 504 from a load balancer whose
    /// node died under the request).
    pub async fn start(base: &str, again: &'static [u16]) -> anyhow::Result<Self> {
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
                again,
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

    pub async fn stop(self) -> Acked {
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
pub async fn check(
    base: &str,
    db: &DatabaseConnection,
    acked: &Acked,
) -> anyhow::Result<Vec<String>> {
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
