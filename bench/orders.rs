//! Orders created per second through the real server (REST, each with its own Idempotency-Key),
//! on SQLite and on PostgreSQL, against the raw single-row commit rate of the same database with
//! the same pool and the same number of clients. Creating an order is one transaction (the key,
//! the order, its first transition) plus the reads before it, so the ratio says how much of the
//! database's commit rate the order path keeps.
//!
//! Then checkouts: an order created, followed by the confirm step's call on it, in turns: reading
//! the order (without a code), or putting a promo code on it (every client the same code, so
//! every use is counted on one row). Creating an order looks no code up (the code is put on at
//! the confirm step), so issue 69's bound (a code costs the order path at most 10 % of its rate)
//! is `pocketbase`'s order figures, held against the last ones; the ratio here says what the
//! code's own write costs a checkout that uses one.
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
        let (plain, coded) = checkouts(&db, seconds, concurrency).await?;
        println!(
            "{backend:?}: checkouts without a code {plain:.0}/s, with one {coded:.0}/s; ratio {:.2}",
            coded / plain
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

/// Checkouts per second without and with a code, two turns each, alternating; the best turn of
/// each (the machine's other work only ever slows a turn).
async fn checkouts(db: &TestDb, seconds: u64, concurrency: usize) -> anyhow::Result<(f64, f64)> {
    a_code_for_everyone(&db.db).await?;
    let server = BenchServer::start(Some(&db.url), true).await?;
    let base = server.base.clone();
    let http = server::http_client();
    let mut tokens = Vec::new();
    for i in 0..concurrency {
        let email = format!("checkout{i}@example.com");
        tokens.push(customer::sign_up(&http, &base, &email, 100 + i).await?);
    }
    let tokens = std::sync::Arc::new(tokens);
    let grpc = tonic::transport::Channel::from_shared(base.clone())?
        .connect()
        .await?;
    let (mut plain, mut coded) = (0f64, 0f64);
    for turn in 0..4 {
        let with_code = turn % 2 == 1;
        let (http, base, tokens, grpc) = (http.clone(), base.clone(), tokens.clone(), grpc.clone());
        let rate = bench::workers::per_second(seconds, concurrency, move |client, n| {
            let (http, base, tokens, grpc) =
                (http.clone(), base.clone(), tokens.clone(), grpc.clone());
            async move {
                let token = &tokens[client];
                let created: serde_json::Value = http
                    .post(format!("{base}/api/plan/shuttle/shuttle-sgn-4/order"))
                    .header("authorization-firebase", token)
                    .header("idempotency-key", format!("checkout-{turn}-{client}-{n}"))
                    .json(&customer::shuttle_order())
                    .send()
                    .await?
                    .json()
                    .await?;
                let id = created["data"]["id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
                anyhow::ensure!(!id.is_empty(), "create answered {created}");
                if with_code {
                    let request = gateway::pb::ApplyPromoCodeRequest {
                        order_id: id,
                        code: "BENCH".into(),
                    };
                    let order = gateway::pb::order_service_client::OrderServiceClient::new(grpc)
                        .apply_promo_code(bench::world::signed(token, request))
                        .await?
                        .into_inner()
                        .order;
                    let total = order.and_then(|o| o.estimate).map_or(0, |e| e.total_vnd);
                    anyhow::ensure!(total < customer::SHUTTLE_PRICE, "no discount: {total}");
                } else {
                    let r = http
                        .get(format!("{base}/api/order/detail/{id}"))
                        .header("authorization-firebase", token)
                        .send()
                        .await?;
                    anyhow::ensure!(r.status() == 200, "read answered {}", r.status());
                }
                Ok(())
            }
        })
        .await?;
        let best = if with_code { &mut coded } else { &mut plain };
        *best = best.max(rate);
    }
    server.stop().await?;
    Ok((plain, coded))
}

/// 10 % off any shuttle for a month, no limit in all, a million uses a customer: every checkout
/// takes one, on the code's one row.
async fn a_code_for_everyone(db: &sea_orm::DatabaseConnection) -> anyhow::Result<()> {
    use domain::promotions::{Discount, PromoCode, PromoCodeId, PromoRules, PromoStore};
    use domain::shared::{LocalTime, Money};
    let now = chrono::Utc::now();
    let code = PromoCode {
        code: PromoCodeId::parse("BENCH")?,
        rules: PromoRules {
            discount: Discount::Percent {
                percent: 10,
                cap: None,
            },
            min_spend: Money::ZERO,
            categories: vec![],
            plans: vec![],
            valid_from: LocalTime::of(now - chrono::Duration::days(1)),
            valid_until: LocalTime::of(now + chrono::Duration::days(30)),
            total_uses: None,
            uses_per_customer: 1_000_000,
            first_order_only: false,
        },
        active: true,
    };
    let audit = domain::audit::AuditEntry {
        id: "bench-code".into(),
        at: now,
        actor: "shell:bench".into(),
        action: "promo.create".into(),
        target: "promo:BENCH".into(),
        before: String::new(),
        after: String::new(),
        reason: String::new(),
    };
    adapters::SqlPromoStore::new(db.clone())
        .create(&code, &audit, now)
        .await?;
    Ok(())
}
