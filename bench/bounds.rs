//! What the hardware and the database allow, measured the same way for every program: the raw
//! single-row commit rate and the time of one password verification.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use adapters::security::password::Argon2Hasher;
use domain::identity::{Password, PasswordHasher};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

/// Autocommitted one-row inserts from `concurrency` clients for `seconds`.
pub async fn raw_commits(
    db: &DatabaseConnection,
    seconds: u64,
    concurrency: usize,
) -> anyhow::Result<f64> {
    db.execute_unprepared("CREATE TABLE bench_raw (id BIGINT PRIMARY KEY, payload TEXT NOT NULL)")
        .await?;
    let backend = db.get_database_backend();
    let sql = match backend {
        sea_orm::DatabaseBackend::Postgres => "INSERT INTO bench_raw (id, payload) VALUES ($1, $2)",
        _ => "INSERT INTO bench_raw (id, payload) VALUES (?, ?)",
    };
    let next = Arc::new(AtomicU64::new(0));
    let db = db.clone();
    crate::workers::per_second(seconds, concurrency, move |_, _| {
        let (db, id) = (db.clone(), next.fetch_add(1, Ordering::Relaxed) as i64);
        // About the size of an order row's JSON.
        let payload = "x".repeat(600);
        async move {
            let stmt = Statement::from_sql_and_values(backend, sql, [id.into(), payload.into()]);
            db.execute_raw(stmt).await?;
            Ok(())
        }
    })
    .await
}

/// The median of 20 argon2id verifications, one at a time on the blocking pool, as the server
/// does them.
pub async fn hash_verify_time() -> anyhow::Result<Duration> {
    let hasher = Argon2Hasher::with_parallelism(1);
    let password = Password::new("bench-password")?;
    let hash = hasher.hash(&password).await?;
    let mut times = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        anyhow::ensure!(hasher.verify(&password, &hash).await?, "verify failed");
        times.push(t.elapsed());
    }
    times.sort();
    Ok(times[times.len() / 2])
}
