//! v-coin payments per second through the real server (REST, each with its own Idempotency-Key),
//! on SQLite and PostgreSQL: first with one wallet per client, then with every client spending
//! from one wallet, where each payment waits for the wallet row. Each payment is one transaction
//! (the payment, the debit checked against the balance, the ledger entry, the order's move to
//! PAID); the program checks afterwards that the balance is exactly what the paid orders left.
//!
//! `cargo run --release -p bench --bin payments [-- ORDERS_PER_CLIENT CONCURRENCY]` (defaults:
//! 150, 8). PostgreSQL is found at `TEST_POSTGRES_URL` (default: the local server).

use std::time::Instant;

use adapters::testing::{Backend, TestDb};
use bench::customer;
use bench::server::{self, BenchServer};
use serde_json::{Value, json};

const PRICE: i64 = customer::SHUTTLE_PRICE;
const TOP_UP: i64 = 50_000_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let per_client: usize = args.next().map_or(Ok(150), |a| a.parse())?;
    let concurrency: usize = args.next().map_or(Ok(8), |a| a.parse())?;
    println!("{concurrency} clients, {per_client} orders each");
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = TestDb::migrated(backend).await;
        let server = BenchServer::start(Some(&db.url), true).await?;
        let own = run(&server.base, per_client, concurrency, false).await?;
        let shared = run(&server.base, per_client, concurrency, true).await?;
        println!(
            "{backend:?}: {own:.0} payments/s with a wallet per client; {shared:.0}/s from one shared wallet"
        );
        server.stop().await?;
        db.remove().await;
    }
    Ok(())
}

struct Client {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Client {
    async fn call(&self, path: &str, key: &str, body: Value) -> anyhow::Result<Value> {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("authorization-firebase", &self.token)
            .header("idempotency-key", key)
            .json(&body)
            .send()
            .await?;
        let status = r.status();
        let body: Value = r.json().await?;
        anyhow::ensure!(status.is_success(), "{path}: {status} {body}");
        Ok(body)
    }

    async fn balance(&self) -> anyhow::Result<i64> {
        let r = self
            .http
            .get(format!("{}/api/v-coin", self.base))
            .header("authorization-firebase", &self.token)
            .send()
            .await?;
        let body: Value = r.json().await?;
        Ok(body["data"]["balanceVnd"].as_i64().unwrap_or(-1))
    }
}

/// Funds the wallets, makes the orders (not timed), then pays them all with v-coin (timed).
async fn run(
    base: &str,
    per_client: usize,
    concurrency: usize,
    shared: bool,
) -> anyhow::Result<f64> {
    let http = server::http_client();
    let tag = if shared { "shared" } else { "own" };
    let mut clients = Vec::new();
    for i in 0..concurrency {
        let token = if shared && i > 0 {
            clients
                .first()
                .map(|c: &Client| c.token.clone())
                .unwrap_or_default()
        } else {
            customer::sign_up(&http, base, &format!("pay-{tag}-{i}@example.com"), i).await?
        };
        clients.push(Client {
            http: http.clone(),
            base: base.to_owned(),
            token,
        });
    }
    let wallets = if shared { 1 } else { concurrency };
    let per_wallet = (per_client * concurrency / wallets) as i64;
    let top_ups = (per_wallet * PRICE + TOP_UP - 1) / TOP_UP;
    for (w, c) in clients.iter().take(wallets).enumerate() {
        for t in 0..top_ups {
            c.call(
                "/api/v-coin/top-up",
                &format!("{tag}-top-{w}-{t}"),
                json!({"amountVnd": TOP_UP, "method": "DEV"}),
            )
            .await?;
        }
    }
    let order = customer::shuttle_order();
    let mut plans: Vec<Vec<String>> = Vec::new();
    for (i, c) in clients.iter().enumerate() {
        let mut ids = Vec::new();
        for n in 0..per_client {
            let body = c
                .call(
                    "/api/plan/shuttle/shuttle-sgn-4/order",
                    &format!("{tag}-o-{i}-{n}"),
                    order.clone(),
                )
                .await?;
            anyhow::ensure!(
                body["data"]["estimate"]["totalVnd"] == PRICE,
                "unexpected price"
            );
            ids.push(body["data"]["id"].as_str().unwrap_or_default().to_owned());
        }
        plans.push(ids);
    }
    let started = Instant::now();
    let workers: Vec<_> = clients
        .iter()
        .zip(plans)
        .enumerate()
        .map(|(i, (c, ids))| {
            let c = Client {
                http: c.http.clone(),
                base: c.base.clone(),
                token: c.token.clone(),
            };
            tokio::spawn(async move {
                for (n, id) in ids.iter().enumerate() {
                    c.call(
                        &format!("/api/plan/shuttle/order/{id}/payment"),
                        &format!("{i}-{n}"),
                        json!({"method": "VCOIN"}),
                    )
                    .await?;
                }
                anyhow::Ok(ids.len())
            })
        })
        .collect();
    let mut paid = 0;
    for w in workers {
        paid += w.await??;
    }
    let rate = paid as f64 / started.elapsed().as_secs_f64();
    // Every wallet holds exactly what its top-ups less its payments leave.
    for c in clients.iter().take(wallets) {
        let expected = top_ups * TOP_UP - per_wallet * PRICE;
        anyhow::ensure!(c.balance().await? == expected, "a balance is off");
    }
    Ok(rate)
}
