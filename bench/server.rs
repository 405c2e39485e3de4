//! The real server for a benchmark: in this process, on port 0, with a scratch folder.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use app::{Config, server};

pub struct BenchServer {
    pub base: String,
    /// The database it serves.
    pub database_url: String,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    dir: PathBuf,
}

impl BenchServer {
    /// Serves `database_url` (a SQLite file in the scratch folder when `None`), trusting
    /// `X-Forwarded-For` so clients can name their own addresses, and waits until it is ready.
    pub async fn start(database_url: Option<&str>, seed_demo: bool) -> anyhow::Result<Self> {
        let dir = std::env::temp_dir().join(format!("booking-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let database_url = database_url.map_or_else(
            || format!("sqlite://{}?mode=rwc", dir.join("bench.db").display()),
            str::to_owned,
        );
        let mut config = Config::default();
        config.server.listen = SocketAddr::from(([127, 0, 0, 1], 0));
        config.server.web_dir = dir.join("web");
        config.server.trust_proxy = true;
        // In-process servers stop when the bench is done: no load balancer to wait for.
        config.server.shutdown_grace_secs = Some(0);
        config.database.url = database_url.clone().into();
        config.database.seed_demo = Some(seed_demo);
        config.mail.mailbox_dir = dir.join("mailbox");
        config.backups.dir = dir.join("backups");
        // Backups are the `backup` program's to take, not the schedule's.
        config.backups.every_minutes = 0;
        config.telemetry.log = "error".into();
        // One bench account orders for many customers: the per-customer cap on unpaid orders
        // would stop it after eight.
        config.orders.max_unpaid = 0;
        config.orders.max_unpaid_massage = 0;
        let listener = tokio::net::TcpListener::bind(config.server.listen).await?;
        let base = format!("http://{}", listener.local_addr()?);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(server::serve(config, listener, async {
            let _ = stopped.await;
        }));
        let http = http_client();
        for _ in 0..200 {
            if http.get(format!("{base}/readyz")).send().await.is_ok() {
                return Ok(Self {
                    base,
                    database_url,
                    stop,
                    task,
                    dir,
                });
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        anyhow::bail!("the server did not become ready")
    }

    pub async fn stop(self) -> anyhow::Result<()> {
        let dir = self.dir.clone();
        self.halt().await?;
        std::fs::remove_dir_all(dir).ok();
        Ok(())
    }

    /// Stops serving and keeps the scratch folder (its database, its backups): where it is.
    pub async fn halt(self) -> anyhow::Result<PathBuf> {
        self.stop.send(()).ok();
        self.task.await?.context("server")?;
        Ok(self.dir)
    }
}

/// An HTTP client for the benchmarks (the process's TLS provider chosen first).
pub fn http_client() -> reqwest::Client {
    adapters::install_tls_provider();
    reqwest::Client::new()
}
