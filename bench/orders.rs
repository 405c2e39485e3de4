//! Orders created per second through the real server (REST, each with its own Idempotency-Key),
//! on SQLite and on PostgreSQL, against the raw single-row commit rate of the same database with
//! the same pool and the same number of clients. Creating an order is one transaction (the key,
//! the order, its first transition) plus the reads before it, so the ratio says how much of the
//! database's commit rate the order path keeps.
//!
//! `cargo run --release -p bench --bin orders [-- SECONDS CONCURRENCY]` (defaults: 10 s, 8).
//! PostgreSQL is found at `TEST_POSTGRES_URL` (default: the local server, user postgres).

use std::time::{Duration, Instant};

use adapters::testing::{Backend, TestDb};
use bench::bounds::raw_commits;
use bench::customer;
use bench::server::{self, BenchServer};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().map_or(Ok(10), |a| a.parse())?;
    let concurrency: usize = args.next().map_or(Ok(8), |a| a.parse())?;
    println!("{concurrency} clients, {seconds} s each");
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = TestDb::migrated(backend).await;
        let raw = raw_commits(&db.db, seconds, concurrency).await?;
        let orders = orders(&db.url, seconds, concurrency).await?;
        println!(
            "{backend:?}: raw single-row commits {raw:.0}/s; orders created {orders:.0}/s; ratio {:.2}",
            orders / raw
        );
        db.remove().await;
    }
    Ok(())
}

/// Orders through the server's REST create call, one customer per client.
async fn orders(database_url: &str, seconds: u64, concurrency: usize) -> anyhow::Result<f64> {
    let server = BenchServer::start(Some(database_url), true).await?;
    let base = server.base.clone();
    let http = server::http_client();
    let mut tokens = Vec::new();
    for i in 0..concurrency {
        tokens.push(customer::sign_up(&http, &base, &format!("bench{i}@example.com"), i).await?);
    }
    let body = customer::shuttle_order();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let workers: Vec<_> = tokens
        .into_iter()
        .enumerate()
        .map(|(client, token)| {
            let (http, url, body) = (
                http.clone(),
                format!("{base}/api/plan/shuttle/shuttle-sgn-4/order"),
                body.clone(),
            );
            tokio::spawn(async move {
                let (mut ok, mut n) = (0u64, 0u64);
                while Instant::now() < deadline {
                    n += 1;
                    let r = http
                        .post(&url)
                        .header("authorization-firebase", &token)
                        .header("idempotency-key", format!("bench-{client}-{n}"))
                        .json(&body)
                        .send()
                        .await?;
                    anyhow::ensure!(r.status() == 201, "create answered {}", r.status());
                    ok += 1;
                }
                anyhow::Ok(ok)
            })
        })
        .collect();
    let mut total = 0;
    for w in workers {
        total += w.await??;
    }
    let rate = total as f64 / started.elapsed().as_secs_f64();
    server.stop().await?;
    Ok(rate)
}
