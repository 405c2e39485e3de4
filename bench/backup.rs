//! SQLite's backup and restore at size: customers book and pay 100,000 orders through the real
//! server (`BENCH_ORDERS` for another count), then a backup is taken while the server serves
//! (as its schedule takes one), and restored into a stopped node. Prints the database's and the
//! backup's size, how long each took, and both per 100,000 orders.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use adapters::providers::backups::{Shelf, SqliteBackups, restore_sqlite};
use bench::customer::{SHUTTLE_PRICE, shuttle_order, sign_up};
use bench::server::{BenchServer, http_client};
use domain::backups::{Backup, BackupPort};
use sea_orm::ConnectionTrait;
use serde_json::json;

const CLIENTS: usize = 16;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let target: usize = std::env::var("BENCH_ORDERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let server = BenchServer::start(None, true).await?;
    let http = http_client();
    let made = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|n| {
            let (http, base, made) = (http.clone(), server.base.clone(), made.clone());
            tokio::spawn(async move {
                let token = sign_up(&http, &base, &format!("backup{n}@bench.example"), n).await?;
                // Sent again with the same key while the server is too busy to answer (503), as
                // a client does: the write happens once.
                let post = |path: String, body: serde_json::Value, key: String| {
                    let (http, base, token) = (&http, &base, &token);
                    async move {
                        loop {
                            let r = http
                                .post(format!("{base}{path}"))
                                .header("authorization-firebase", token)
                                .header("idempotency-key", &key)
                                .json(&body)
                                .send()
                                .await?;
                            if r.status() != 503 {
                                return anyhow::Ok(r);
                            }
                            tokio::time::sleep(Duration::from_millis(200)).await;
                        }
                    }
                };
                let mut mine = 0usize;
                while made.load(Ordering::Relaxed) < target {
                    if mine.is_multiple_of(100) {
                        let top_up = json!({"amountVnd": SHUTTLE_PRICE * 100, "method": "DEV"});
                        let r = post("/api/v-coin/top-up".into(), top_up, format!("t{n}-{mine}"))
                            .await?;
                        anyhow::ensure!(r.status() == 200, "top-up: {}", r.status());
                    }
                    let r = post(
                        "/api/plan/shuttle/shuttle-sgn-4/order".into(),
                        shuttle_order(),
                        format!("o{n}-{mine}"),
                    )
                    .await?;
                    anyhow::ensure!(r.status() == 201, "order: {}", r.status());
                    let id = r.json::<serde_json::Value>().await?["data"]["id"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned();
                    let pay = json!({"method": "VCOIN"});
                    let r = post(
                        format!("/api/plan/shuttle/order/{id}/payment"),
                        pay,
                        format!("p{n}-{mine}"),
                    )
                    .await?;
                    anyhow::ensure!(r.status() == 200, "payment: {}", r.status());
                    mine += 1;
                    let all = made.fetch_add(1, Ordering::Relaxed) + 1;
                    if all.is_multiple_of(10_000) {
                        eprintln!(
                            "{all} orders paid, {:.0} s",
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
                anyhow::Ok(())
            })
        })
        .collect();
    for c in clients {
        c.await??;
    }
    let orders = made.load(Ordering::Relaxed);
    let loaded = started.elapsed();

    // A backup while the server serves, as its schedule takes one.
    let db = adapters::sql::db::connect(&server.database_url).await?;
    let database_file = adapters::sql::db::sqlite_file(&server.database_url)
        .map(std::path::PathBuf::from)
        .ok_or_else(|| anyhow::anyhow!("not a SQLite file"))?;
    db.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
        .await
        .ok();
    let database_bytes = std::fs::metadata(&database_file)?.len();
    let folder = database_file.with_file_name("backups");
    let port = SqliteBackups::new(
        db.clone(),
        &server.database_url,
        Shelf::Folder(folder.clone()),
    );
    let name = Backup::name_at(chrono::Utc::now(), port.extension());
    let t = Instant::now();
    let backup_bytes = port.take(&name).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let backup_time = t.elapsed();
    db.close().await.ok();
    let url = server.database_url.clone();
    let dir = server.halt().await?;

    // Restored into the stopped node, in place of its database.
    let t = Instant::now();
    restore_sqlite(&Shelf::Folder(folder), &name, &url, "bench")
        .await
        .map_err(anyhow::Error::msg)?;
    let restore_time = t.elapsed();
    std::fs::remove_dir_all(dir).ok();

    let per = |x: f64| x * 100_000.0 / orders as f64;
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    println!(
        "backup bench (SQLite): {orders} orders booked and paid by {CLIENTS} clients in {:.0} s",
        loaded.as_secs_f64()
    );
    println!(
        "database {:.1} MiB; backup {:.1} MiB ({:.2} of the database, compacted by VACUUM INTO)",
        mib(database_bytes),
        mib(backup_bytes),
        backup_bytes as f64 / database_bytes as f64
    );
    println!(
        "backup taken while serving in {:.2} s; restored in {:.2} s",
        secs(backup_time),
        secs(restore_time)
    );
    println!(
        "per 100,000 orders: backup {:.1} MiB, {:.2} s; restore {:.2} s",
        per(mib(backup_bytes)),
        per(secs(backup_time)),
        per(secs(restore_time))
    );
    Ok(())
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}
