//! Orders created per second through the real server (REST, each with its own Idempotency-Key),
//! on SQLite and on PostgreSQL, against the raw single-row commit rate of the same database with
//! the same pool and the same number of clients. Creating an order is one transaction (the key,
//! the order, its first transition) plus the reads before it, so the ratio says how much of the
//! database's commit rate the order path keeps.
//!
//! `cargo run --release -p bench --bin orders [-- SECONDS CONCURRENCY]` (defaults: 10 s, 8).
//! PostgreSQL is found at `TEST_POSTGRES_URL` (default: the local server, user postgres).

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
    let tokens = std::sync::Arc::new(tokens);
    let body = std::sync::Arc::new(customer::shuttle_order());
    let url = format!("{base}/api/plan/shuttle/shuttle-sgn-4/order");
    let rate = bench::workers::per_second(seconds, concurrency, move |client, n| {
        let (http, url, body, tokens) = (http.clone(), url.clone(), body.clone(), tokens.clone());
        async move {
            let r = http
                .post(&url)
                .header("authorization-firebase", &tokens[client])
                .header("idempotency-key", format!("bench-{client}-{n}"))
                .json(&*body)
                .send()
                .await?;
            anyhow::ensure!(r.status() == 201, "create answered {}", r.status());
            Ok(())
        }
    })
    .await?;
    server.stop().await?;
    Ok(rate)
}
