//! Closed-loop clients: each runs one operation after another until the time is up.

use std::future::Future;
use std::time::{Duration, Instant};

/// `clients` tasks, each calling `op(client, n)` for its n-th time again and again for `seconds`;
/// every call must succeed. Returns the calls completed per second, all clients together.
pub async fn per_second<F, Fut>(seconds: u64, clients: usize, op: F) -> anyhow::Result<f64>
where
    F: Fn(usize, u64) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = anyhow::Result<()>> + Send + 'static,
{
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let workers: Vec<_> = (0..clients)
        .map(|client| {
            let op = op.clone();
            tokio::spawn(async move {
                let mut done = 0u64;
                while Instant::now() < deadline {
                    op(client, done).await?;
                    done += 1;
                }
                anyhow::Ok(done)
            })
        })
        .collect();
    let mut total = 0;
    for w in workers {
        total += w.await??;
    }
    Ok(total as f64 / started.elapsed().as_secs_f64())
}
