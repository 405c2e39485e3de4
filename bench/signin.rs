//! Sign-ins per second through the real server (REST, SQLite file in a temporary folder), against
//! the bound the password hash sets: cores ÷ the time of one argon2id verification. Then the
//! latency of failed sign-ins, wrong password against unknown e-mail: they must cost the same, or
//! timing tells which e-mails have accounts.
//!
//! Each failed attempt names another client address in `X-Forwarded-For` (the server trusts it
//! here), so the per-address throttle does not stop the measurement; nothing is sent there.
//!
//! `cargo run --release -p bench --bin signin [-- SECONDS CONCURRENCY]` (defaults: 10 s, 8).

use std::time::{Duration, Instant};

use bench::bounds::hash_verify_time;
use bench::customer;
use bench::server::{self, BenchServer};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().map_or(Ok(10), |a| a.parse())?;
    let concurrency: usize = args.next().map_or(Ok(8), |a| a.parse())?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);

    let hash_time = hash_verify_time().await?;
    let bound = cores as f64 / hash_time.as_secs_f64();

    let server = BenchServer::start(None, false).await?;
    let base = server.base.clone();
    let http = server::http_client();
    let email = "bench@example.com";
    customer::sign_up(&http, &base, email, 0).await?;
    let body = serde_json::json!({"email": email, "password": customer::PASSWORD});

    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let workers: Vec<_> = (0..concurrency)
        .map(|_| {
            let (http, url, body) = (
                http.clone(),
                format!("{base}/api/auth/sign-in"),
                body.clone(),
            );
            tokio::spawn(async move {
                let (mut ok, mut failed) = (0u64, 0u64);
                while Instant::now() < deadline {
                    match http.post(&url).json(&body).send().await {
                        Ok(r) if r.status() == 200 => ok += 1,
                        _ => failed += 1,
                    }
                }
                (ok, failed)
            })
        })
        .collect();
    let (mut ok, mut failed) = (0u64, 0u64);
    for w in workers {
        let (o, f) = w.await?;
        ok += o;
        failed += f;
    }
    let elapsed = started.elapsed().as_secs_f64();

    // Failed sign-ins, one attempt per account and per (documentation-range) client address.
    const SAMPLES: usize = 40;
    let post = |path: &str, body: serde_json::Value, client: usize| {
        http.post(format!("{base}{path}"))
            .header(
                "x-forwarded-for",
                format!("198.51.100.{}", client % 250 + 1),
            )
            .json(&body)
            .send()
    };
    for i in 0..SAMPLES {
        let r = post(
            "/api/auth/sign-up",
            serde_json::json!({"email": format!("known{i}@example.com"), "password": "right-password"}),
            i,
        )
        .await?;
        anyhow::ensure!(r.status() == 200, "sign-up {i}: {}", r.status());
    }
    let (mut wrong, mut unknown) = (Vec::new(), Vec::new());
    for i in 0..SAMPLES {
        for (known, times) in [(true, &mut wrong), (false, &mut unknown)] {
            let email = if known {
                format!("known{i}@example.com")
            } else {
                format!("nobody{i}@example.com")
            };
            let t = Instant::now();
            let r = post(
                "/api/auth/sign-in",
                serde_json::json!({"email": email, "password": "wrong-password"}),
                SAMPLES + 2 * i + usize::from(known),
            )
            .await?;
            times.push(t.elapsed());
            anyhow::ensure!(r.status() == 401, "failed sign-in answered {}", r.status());
        }
    }
    server.stop().await?;

    let rate = ok as f64 / elapsed;
    println!("cores: {cores}");
    println!(
        "argon2id verify (m=19 MiB, t=2, p=1), median of 20: {:.1} ms",
        hash_time.as_secs_f64() * 1000.0
    );
    println!("bound set by the hash (cores / verify time): {bound:.1} sign-ins/s");
    println!(
        "measured: {ok} sign-ins in {elapsed:.1} s with {concurrency} clients = {rate:.1} sign-ins/s ({failed} failed)"
    );
    println!("ratio to the bound: {:.2}", rate / bound);
    let ms = |mut v: Vec<Duration>, q: f64| {
        v.sort();
        v[((v.len() - 1) as f64 * q) as usize].as_secs_f64() * 1000.0
    };
    println!(
        "failed sign-in, wrong password: median {:.1} ms, p90 {:.1} ms ({SAMPLES} tries)",
        ms(wrong.clone(), 0.5),
        ms(wrong, 0.9)
    );
    println!(
        "failed sign-in, unknown e-mail: median {:.1} ms, p90 {:.1} ms ({SAMPLES} tries)",
        ms(unknown.clone(), 0.5),
        ms(unknown, 0.9)
    );
    Ok(())
}
