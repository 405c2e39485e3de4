//! Many idle live streams (LiveService.WatchEvents over gRPC-Web, one HTTP/1.1 connection each,
//! as browsers open them) against the built `booking` binary in its own process: what they cost
//! the server in memory beyond their sockets, and how fast one change reaches all of them.
//!
//! `cargo build --release -p app -p bench && target/release/streams [STREAMS]` (default 1000).
//! Prints the server's resident memory before and with the streams open, the cost per stream
//! against a bound of 64 KiB (a connection's buffers and the stream's state; the kernel's socket
//! buffers are not in it), and the time until every stream has told of one change. Exits non-zero
//! past the bound or when a stream misses the change.

use std::time::{Duration, Instant};

use adapters::testing::{Backend, TestDb};
use bench::child::Server;
use bench::customer::sign_up;

/// The most one idle stream may add to the server's resident memory.
const BOUND_KIB: f64 = 64.0;

/// An empty WatchEventsRequest in a gRPC-Web frame: flag 0, length 0.
const EMPTY_FRAME: [u8; 5] = [0, 0, 0, 0, 0];

fn resident_kib(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no VmRSS for {pid}"))
}

fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, Iterator::count)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let streams: usize = std::env::args().nth(1).map_or(Ok(1000), |a| a.parse())?;
    let bin = bench::child::booking_bin()?;
    adapters::install_tls_provider();
    let db = TestDb::migrated(Backend::Sqlite).await;
    let mut server = Server::start(&bin, &db.url)?;
    server.ready(Duration::from_secs(60)).await?;
    let pid = server.child.id();
    let http = reqwest::Client::builder()
        .http1_only()
        .pool_max_idle_per_host(0)
        .build()?;
    let token = sign_up(&http, &server.base, "streams@example.com", 1).await?;
    let url = format!("{}/booking.v1.LiveService/WatchEvents", server.base);
    let open = |http: reqwest::Client| {
        let (url, token) = (url.clone(), token.clone());
        async move {
            let mut r = http
                .post(url)
                .header("content-type", "application/grpc-web+proto")
                .header("x-grpc-web", "1")
                .header("authorization-firebase", token)
                .body(EMPTY_FRAME.to_vec())
                .send()
                .await?;
            anyhow::ensure!(r.status() == 200, "status {}", r.status());
            // The first answer comes at once: the stream is open.
            r.chunk().await?;
            anyhow::Ok(r)
        }
    };
    // One stream first, so what every stream shares (the feed, the code paths) is in the baseline.
    let first = open(http.clone()).await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (before_kib, before_fds) = (resident_kib(pid)?, open_files(pid));

    let started = Instant::now();
    let mut opening = tokio::task::JoinSet::new();
    for _ in 1..streams {
        // A client each, so each stream has its own connection as a browser tab would.
        let client = reqwest::Client::builder().http1_only().build()?;
        opening.spawn(open(client));
    }
    let mut open_streams = vec![first];
    while let Some(r) = opening.join_next().await {
        open_streams.push(r??);
    }
    let opened_in = started.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (with_kib, with_fds) = (resident_kib(pid)?, open_files(pid));
    let per_stream = (with_kib.saturating_sub(before_kib)) as f64 / (streams - 1) as f64;

    // One change of the customer's: every stream must tell of it.
    let changed = Instant::now();
    let r = http
        .post(format!("{}/api/v-coin/top-up", server.base))
        .header("authorization-firebase", &token)
        .header("idempotency-key", "streams-top-up")
        .json(&serde_json::json!({"amountVnd": 100_000, "method": "DEV"}))
        .send()
        .await?;
    anyhow::ensure!(r.status().is_success(), "top-up: {}", r.status());
    let mut telling = tokio::task::JoinSet::new();
    for mut stream in open_streams {
        telling.spawn(async move {
            let told = tokio::time::timeout(Duration::from_secs(10), stream.chunk()).await;
            matches!(told, Ok(Ok(Some(_))))
        });
    }
    let mut told = 0;
    while let Some(r) = telling.join_next().await {
        told += usize::from(r?);
    }
    let fan_out = changed.elapsed();
    server.kill();

    println!(
        "{streams} live streams (gRPC-Web over HTTP/1.1, one connection each), opened in {:.2} s",
        opened_in.as_secs_f64()
    );
    println!(
        "server resident memory: {:.1} MiB with one stream, {:.1} MiB with {streams}: \
         {per_stream:.1} KiB a stream ({:.2}x the bound of {BOUND_KIB} KiB); open files {before_fds} → {with_fds}",
        before_kib as f64 / 1024.0,
        with_kib as f64 / 1024.0,
        per_stream / BOUND_KIB,
    );
    println!(
        "one change reached {told} of {streams} streams within {:.0} ms",
        fan_out.as_secs_f64() * 1000.0
    );
    let ok = per_stream <= BOUND_KIB && told == streams;
    println!(
        "{}",
        if ok {
            "streams: within bounds"
        } else {
            "streams: FAILED"
        }
    );
    if !ok {
        std::process::exit(1);
    }
    Ok(())
}
