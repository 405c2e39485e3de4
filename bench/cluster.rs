//! The cluster test: three nodes of the `booking` binary on one fresh PostgreSQL database, behind
//! HAProxy (Debian's), with s3rver (npm's) as the S3-compatible store for hotel images, as
//! `docs/deploying.md` describes. It checks, and prints a line for, each of:
//! - the three nodes started at the same instant on an unmigrated database all become ready;
//! - a token issued by one node is accepted by the two others at once;
//! - 30 wrong passwords for one account spread over the three nodes get the limit of 401s;
//! - one Idempotency-Key sent to all three nodes at once makes one top-up;
//! - a hotel image uploaded through one node is served by another;
//! - SIGTERM of one node under load through the balancer fails no request, and the node exits 0;
//! - SIGKILL of one node under order-and-payment load through the balancer loses nothing.
//!
//! `cargo build -p app -p bench && target/debug/cluster`; exits non-zero on any problem. Needs
//! `haproxy` on the PATH, the web packages (s3rver) installed, and PostgreSQL at
//! `TEST_POSTGRES_URL` (or the local server).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use adapters::security::key_sealing::Kek;
use adapters::testing::{Backend, TestDb, unique_name};
use bench::ledger::{Load, check};
use serde_json::{Value, json};

/// A child process stopped (SIGKILL) when dropped, whatever happened before.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    database_url: String,
    kek: String,
    s3_port: u16,
    lb: String,
    ports: [u16; 3],
}

impl Cluster {
    fn node(&self, i: usize) -> anyhow::Result<Proc> {
        let log = std::fs::File::create(self.dir.join(format!("node{i}.log")))?;
        let child = Command::new(&self.bin)
            .arg("serve")
            .env("APP_LISTEN", format!("127.0.0.1:{}", self.ports[i]))
            .env("DATABASE_URL", &self.database_url)
            .env("APP_PUBLIC_URL", &self.lb)
            .env("APP_TRUST_PROXY", "true")
            // Its operators offer jobs by hand (`bench::child` says why).
            .env("APP_DISPATCH_AUTO", "false")
            .env("APP_KEY_ENCRYPTION_KEY", &self.kek)
            .env(
                "APP_S3_ENDPOINT",
                format!("http://127.0.0.1:{}", self.s3_port),
            )
            .env("APP_S3_BUCKET", "cluster-images")
            .env("APP_S3_ACCESS_KEY", "S3RVER")
            .env("APP_S3_SECRET_KEY", "S3RVER")
            .env("APP_S3_PATH_STYLE", "true")
            .env("APP_WEB_DIR", self.dir.join("web"))
            .env("APP_MAILBOX_DIR", self.dir.join(format!("mailbox{i}")))
            .env("APP_SHUTDOWN_GRACE_SECS", "2")
            .env("APP_SHUTDOWN_DEADLINE_SECS", "10")
            .env("APP_SIGN_UPS_PER_ADDRESS_HOUR", "1000")
            .env("APP_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()?;
        Ok(Proc(child))
    }

    fn url(&self, i: usize, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.ports[i])
    }
}

async fn ready(http: &reqwest::Client, url: &str, within: Duration) -> anyhow::Result<()> {
    let until = Instant::now() + within;
    while Instant::now() < until {
        if let Ok(r) = http.get(url).send().await
            && r.status() == 200
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    anyhow::bail!("{url} was not ready within {within:?}")
}

fn haproxy(dir: &Path, lb_port: u16, ports: &[u16; 3]) -> anyhow::Result<Proc> {
    let servers: String = ports
        .iter()
        .enumerate()
        .map(|(i, p)| format!("  server n{i} 127.0.0.1:{p} check\n"))
        .collect();
    // Health checks every 200 ms on /readyz; a node is out after one failure. Requests a node
    // could not answer (it went away under them) are sent again elsewhere: every write of the
    // load carries an Idempotency-Key, so a second delivery is safe.
    let config = format!(
        "global\n  maxconn 4000\n\
         defaults\n  mode http\n  timeout connect 2s\n  timeout client 30s\n  timeout server 30s\n\
         \x20 retries 3\n  option redispatch 1\n  retry-on conn-failure empty-response response-timeout 502 503 504\n\
         frontend front\n  bind 127.0.0.1:{lb_port}\n  default_backend nodes\n\
         backend nodes\n  balance roundrobin\n  option httpchk GET /readyz\n  http-check expect status 200\n\
         \x20 default-server inter 200ms fall 1 rise 2\n{servers}"
    );
    let path = dir.join("haproxy.cfg");
    std::fs::write(&path, config)?;
    let log = std::fs::File::create(dir.join("haproxy.log"))?;
    // Debian puts it in /usr/sbin, which is not on every user's PATH.
    let program = ["/usr/sbin/haproxy", "/usr/bin/haproxy"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .unwrap_or("haproxy");
    let child = Command::new(program)
        .arg("-db")
        .arg("-f")
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .map_err(|e| anyhow::anyhow!("haproxy: {e} (Debian's package haproxy)"))?;
    Ok(Proc(child))
}

fn s3rver(dir: &Path, port: u16) -> anyhow::Result<Proc> {
    let bin =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/node_modules/s3rver/bin/s3rver.js");
    anyhow::ensure!(bin.exists(), "s3rver is missing: install the web packages");
    let data = dir.join("s3");
    std::fs::create_dir_all(&data)?;
    let child = Command::new("node")
        .arg(bin)
        .arg("-d")
        .arg(&data)
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .args(["--silent", "--configure-bucket", "cluster-images"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    Ok(Proc(child))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    adapters::install_tls_provider();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()?;
    let dir = std::env::temp_dir().join(unique_name("booking_cluster"));
    std::fs::create_dir_all(dir.join("web"))?;
    let db = TestDb::empty(Backend::Postgres).await;
    let ports = [free_port()?, free_port()?, free_port()?];
    let lb_port = free_port()?;
    let cluster = Cluster {
        bin: bench::child::booking_bin()?,
        dir: dir.clone(),
        database_url: db.url.clone(),
        kek: Kek::generate(),
        s3_port: free_port()?,
        lb: format!("http://127.0.0.1:{lb_port}"),
        ports,
    };
    let _s3 = s3rver(&dir, cluster.s3_port)?;
    let _lb = haproxy(&dir, lb_port, &ports)?;
    let mut problems = Vec::new();
    let result = run(&cluster, &http, &db, &mut problems).await;
    if let Err(e) = &result {
        problems.push(format!("{e:#}"));
    }
    db.remove().await;
    if problems.is_empty() {
        std::fs::remove_dir_all(&dir).ok();
        println!("cluster: all checks passed");
        Ok(())
    } else {
        for p in &problems {
            println!("cluster: PROBLEM: {p}");
        }
        println!("cluster: FAILED (logs in {})", dir.display());
        anyhow::bail!("the cluster test found problems")
    }
}

async fn run(
    c: &Cluster,
    http: &reqwest::Client,
    db: &TestDb,
    problems: &mut Vec<String>,
) -> anyhow::Result<()> {
    // 1. Three nodes at the same instant on an unmigrated database.
    let started = Instant::now();
    let mut nodes = [Some(c.node(0)?), Some(c.node(1)?), Some(c.node(2)?)];
    let urls = [0, 1, 2].map(|i| c.url(i, "/readyz"));
    let within = Duration::from_secs(60);
    let (a, b, d) = tokio::join!(
        ready(http, &urls[0], within),
        ready(http, &urls[1], within),
        ready(http, &urls[2], within),
    );
    a?;
    b?;
    d?;
    ready(http, &format!("{}/readyz", c.lb), Duration::from_secs(10)).await?;
    println!(
        "cluster: three nodes started at once on a fresh database, all ready in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // 2. A token from node 0, used on nodes 1 and 2 at once.
    let body = json!({"email": "cluster@example.com", "password": "secret1"});
    let signed_up: Value = http
        .post(c.url(0, "/api/auth/sign-up"))
        .json(&body)
        .send()
        .await?
        .json()
        .await?;
    let token = signed_up["data"]["idToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    for i in [1, 2] {
        let t = Instant::now();
        let status = http
            .get(c.url(i, "/api/v-coin"))
            .header("authorization-firebase", &token)
            .send()
            .await?
            .status();
        if status != 200 {
            problems.push(format!("node {i} refused node 0's token: {status}"));
        } else {
            println!(
                "cluster: node 0's token accepted by node {i} on the first try, in {} ms",
                t.elapsed().as_millis()
            );
        }
    }

    // 3. The sign-in throttle over three nodes.
    let tasks: Vec<_> = (0..30)
        .map(|n| {
            let r = http
                .post(c.url(n % 3, "/api/auth/sign-in"))
                .header("x-forwarded-for", "203.0.113.9")
                .json(&json!({"email": "cluster@example.com", "password": format!("wrong-{n}")}));
            tokio::spawn(async move { r.send().await.map(|r| r.status().as_u16()).unwrap_or(0) })
        })
        .collect();
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await?);
    }
    let denied = statuses.iter().filter(|s| **s == 401).count();
    let throttled = statuses.iter().filter(|s| **s == 429).count();
    println!(
        "cluster: 30 parallel wrong passwords over three nodes: {denied}x401, {throttled}x429"
    );
    if denied != 5 || throttled != 25 {
        problems.push(format!(
            "the sign-in throttle over three nodes: {statuses:?}"
        ));
    }

    // 4. One Idempotency-Key on all three nodes at once.
    let tasks: Vec<_> = (0..12)
        .map(|n| {
            let r = http
                .post(c.url(n % 3, "/api/v-coin/top-up"))
                .header("authorization-firebase", &token)
                .header("idempotency-key", "cluster-top-up")
                .json(&json!({"amountVnd": 100_000, "method": "DEV"}));
            tokio::spawn(async move {
                match r.send().await {
                    Ok(r) => (
                        r.status().as_u16(),
                        r.json::<Value>().await.unwrap_or_default(),
                    ),
                    Err(_) => (0, Value::Null),
                }
            })
        })
        .collect();
    let mut ids = std::collections::BTreeSet::new();
    for t in tasks {
        let (status, body) = t.await?;
        if status != 200 {
            problems.push(format!("one key on three nodes: {status} {body}"));
        }
        ids.insert(body["data"]["id"].to_string());
    }
    let wallet: Value = http
        .get(format!("{}/api/v-coin", c.lb))
        .header("authorization-firebase", &token)
        .send()
        .await?
        .json()
        .await?;
    let balance = wallet["data"]["balanceVnd"].as_i64().unwrap_or(-1);
    println!(
        "cluster: 12 top-ups with one key over three nodes: {} payment, balance {balance}",
        ids.len()
    );
    if ids.len() != 1 || balance != 100_000 {
        problems.push(format!(
            "one key made {} payments, balance {balance}",
            ids.len()
        ));
    }

    // 5. A hotel image through node 0, read through node 2.
    let (boundary, form) = image_form();
    let uploaded: Value = http
        .post(c.url(0, "/api/plan/dragon-massage/hotel/images/upload"))
        .header("authorization-firebase", &token)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(form)
        .send()
        .await?
        .json()
        .await?;
    let image_url = uploaded["data"][0]["url"].as_str().unwrap_or_default();
    let status = http
        .get(c.url(2, image_url))
        .header("authorization-firebase", &token)
        .send()
        .await?
        .status();
    println!("cluster: an image uploaded through node 0 is served by node 2: {status}");
    if image_url.is_empty() || status != 200 {
        problems.push(format!("image across nodes: {uploaded} then {status}"));
    }

    // 6. SIGTERM of node 1 under load through the balancer: no request may fail.
    let (sent, failed, failures) = {
        let stop = Arc::new(AtomicBool::new(false));
        let (sent, failed) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
        let failures = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let workers: Vec<_> = (0..8)
            .map(|w| {
                let (http, lb, token) = (http.clone(), c.lb.clone(), token.clone());
                let (stop, sent, failed, failures) =
                    (stop.clone(), sent.clone(), failed.clone(), failures.clone());
                tokio::spawn(async move {
                    let mut n = 0;
                    while !stop.load(Ordering::Relaxed) {
                        n += 1;
                        let r = if n % 2 == 0 {
                            http.get(format!("{lb}/api/plan/shuttle")).send().await
                        } else {
                            http.post(format!("{lb}/api/v-coin/top-up"))
                                .header("authorization-firebase", &token)
                                .header("idempotency-key", format!("drain-{w}-{n}"))
                                .json(&json!({"amountVnd": 10_000, "method": "DEV"}))
                                .send()
                                .await
                        };
                        sent.fetch_add(1, Ordering::Relaxed);
                        let bad = match r {
                            Ok(r) if r.status().is_success() => None,
                            Ok(r) => Some(format!("{}", r.status())),
                            Err(e) => Some(format!("{e}")),
                        };
                        if let Some(why) = bad {
                            failed.fetch_add(1, Ordering::Relaxed);
                            if let Ok(mut f) = failures.lock() {
                                f.push(why);
                            }
                        }
                    }
                })
            })
            .collect();
        tokio::time::sleep(Duration::from_secs(1)).await;
        let pid = nodes[1].as_ref().map_or(0, |p| p.0.id());
        Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()?;
        let signalled = Instant::now();
        let exit = tokio::task::spawn_blocking({
            let mut node = nodes[1].take().ok_or_else(|| anyhow::anyhow!("node 1"))?;
            move || node.0.wait()
        })
        .await??;
        let drained_in = signalled.elapsed();
        tokio::time::sleep(Duration::from_secs(1)).await;
        stop.store(true, Ordering::Relaxed);
        for w in workers {
            w.await?;
        }
        println!(
            "cluster: SIGTERM of node 1 under load: it exited {exit} after {:.1} s",
            drained_in.as_secs_f64()
        );
        if !exit.success() {
            problems.push(format!("node 1 exited {exit} on SIGTERM"));
        }
        let failures = failures.lock().map(|f| f.clone()).unwrap_or_default();
        (
            sent.load(Ordering::Relaxed),
            failed.load(Ordering::Relaxed),
            failures,
        )
    };
    println!("cluster: {sent} requests through the balancer meanwhile, {failed} failed");
    if failed != 0 {
        problems.push(format!(
            "{failed} requests failed at the balancer: {failures:?}"
        ));
    }

    // 7. SIGKILL of node 2 under order-and-payment load through the balancer: nothing lost.
    let load = Load::start(&c.lb, &[502, 503, 504]).await?;
    tokio::time::sleep(Duration::from_secs(2)).await;
    if let Some(mut node) = nodes[2].take() {
        node.0.kill().ok();
        node.0.wait().ok();
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let acked = load.stop().await;
    let found = check(&c.lb, &db.db, &acked).await?;
    println!(
        "cluster: SIGKILL of node 2 under load: {} orders and {} payments acknowledged, {}",
        acked.orders(),
        acked.payments(),
        if found.is_empty() {
            "nothing lost, nothing half-done, every wallet equals its ledger".to_owned()
        } else {
            format!("PROBLEMS: {}", found.join("; "))
        }
    );
    problems.extend(found);
    Ok(())
}

/// A multipart form with one small PNG under `images`.
fn image_form() -> (String, Vec<u8>) {
    // 2×2 red pixels.
    const PNG: &[u8] = &[
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xfd,
        0xd4, 0x9a, 0x73, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x38,
        0x21, 0x27, 0x07, 0x44, 0x0c, 0x10, 0x0a, 0x00, 0x1f, 0x26, 0x04, 0x11, 0x4a, 0x8e, 0x8d,
        0x20, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ];
    let boundary = "cluster-boundary".to_owned();
    let mut form = format!(
        "--{boundary}\r\ncontent-disposition: form-data; name=\"images\"; filename=\"a.png\"\r\n\
         content-type: image/png\r\n\r\n"
    )
    .into_bytes();
    form.extend_from_slice(PNG);
    form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (boundary, form)
}
