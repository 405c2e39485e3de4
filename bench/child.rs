//! The built `booking` binary as a child process, for the programs that need the real server as
//! it ships: release build, its own process, killable.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The `booking` binary serving one database on a fixed port, so clients find it again.
pub struct Server {
    pub child: Child,
    pub base: String,
    http: reqwest::Client,
}

impl Server {
    /// The server with the per-account caps lifted, for the programs that act for many people
    /// through one account.
    pub fn start(bin: &std::path::Path, database_url: &str) -> anyhow::Result<Self> {
        Self::launch(bin, database_url, true)
    }

    /// The server with every rule as it ships.
    pub fn start_as_shipped(bin: &std::path::Path, database_url: &str) -> anyhow::Result<Self> {
        Self::launch(bin, database_url, false)
    }

    fn launch(
        bin: &std::path::Path,
        database_url: &str,
        caps_lifted: bool,
    ) -> anyhow::Result<Self> {
        static PORT: std::sync::OnceLock<u16> = std::sync::OnceLock::new();
        let port = *PORT.get_or_init(|| {
            std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .map_or(38_917, |a| a.port())
        });
        let dir = folder();
        std::fs::create_dir_all(&dir)?;
        // The server's own log (errors only) for a look afterwards, out of the figures.
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.join("server.log"))?;
        let mut command = Command::new(bin);
        command.env_clear();
        if caps_lifted {
            // One bench account orders for many customers: the per-customer cap on unpaid
            // orders would stop it after eight. The streams bench opens a thousand on one account.
            command
                .env("APP_MAX_UNPAID_ORDERS", "0")
                .env("APP_MAX_UNPAID_MASSAGE_ORDERS", "0")
                .env("APP_LIVE_STREAMS_PER_ACCOUNT", "0");
        }
        let child = command
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            // The benches' operators offer jobs by hand, as they did when measured.
            .env("APP_DISPATCH_AUTO", "false")
            .env("APP_LISTEN", format!("127.0.0.1:{port}"))
            .env("DATABASE_URL", database_url)
            .env("APP_TRUST_PROXY", "true")
            .env("APP_WEB_DIR", dir.join("web"))
            .env("APP_MAILBOX_DIR", dir.join("mailbox"))
            .env("APP_MEDIA_DIR", dir.join("media"))
            .env("APP_BACKUP_DIR", dir.join("backups"))
            .env("APP_LOG", "error")
            .env("APP_SHUTDOWN_GRACE_SECS", "0")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()?;
        Ok(Self {
            child,
            base: format!("http://127.0.0.1:{port}"),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(2))
                .build()?,
        })
    }

    pub async fn readyz(&self) -> Option<u16> {
        let r = self.http.get(format!("{}/readyz", self.base)).send().await;
        r.ok().map(|r| r.status().as_u16())
    }

    pub async fn ready(&mut self, within: Duration) -> anyhow::Result<()> {
        let until = Instant::now() + within;
        while Instant::now() < until {
            if let Some(status) = self.child.try_wait()? {
                anyhow::bail!("the server exited: {status}");
            }
            if self.readyz().await == Some(200) {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        anyhow::bail!("the server was not ready within {within:?}")
    }

    /// SIGKILL: no shutdown hook, no flush, whatever was in flight is cut off.
    pub fn kill(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A program that stops on an error still takes its server down with it.
impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Where this program's servers keep their log, mailbox, media and backups.
pub fn folder() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("booking-child-{}", std::process::id()))
}

/// Removes the servers' folder, once the program has no server left.
pub fn remove_folder() {
    std::fs::remove_dir_all(folder()).ok();
}

/// The `booking` binary beside the running program (`BOOKING_BIN` overrides).
pub fn booking_bin() -> anyhow::Result<std::path::PathBuf> {
    let bin = std::env::var_os("BOOKING_BIN").map_or_else(
        || std::env::current_exe().map(|p| p.with_file_name("booking")),
        |p| Ok(p.into()),
    )?;
    anyhow::ensure!(bin.exists(), "{} is missing: build it first", bin.display());
    Ok(bin)
}
