//! The real server on port 0 with a fresh database, called over REST, native gRPC and gRPC-Web.
//! Every case runs on SQLite and on PostgreSQL.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use adapters::testing::{Backend, TestDb, unique_name};
use app::{Config, server};
use base64::Engine;
use base64::prelude::BASE64_STANDARD;
use gateway::pb;
use gateway::pb::catalog_service_client::CatalogServiceClient;
use prost::Message;
use serde_json::Value;
use tokio::sync::oneshot;

/// VNPay credentials of the test server, so tests can sign what VNPay would send.
const VNPAY_TMN: &str = "TESTTMN1";
const VNPAY_SECRET: &str = "test-vnpay-secret";

struct TestApp {
    addr: SocketAddr,
    http: reqwest::Client,
    node: Node,
    db: TestDb,
    web_dir: PathBuf,
}

/// A stand-in for the built web app: the server's static and 404 logic only needs an index and the
/// route table that the web build writes (the real build is covered by the browser tests).
fn web_fixture() -> PathBuf {
    let dir = std::env::temp_dir().join(unique_name("booking_web"));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>SPA</title>").unwrap();
    std::fs::write(dir.join("assets/app-1234.js"), "console.log(1)").unwrap();
    std::fs::write(dir.join("build.json"), r#"{"id":"test-build"}"#).unwrap();
    std::fs::write(
        dir.join("routes.json"),
        r#"{"routes":[{"path":"/"},{"path":"/category/:category","params":{"category":["shuttle","charter","escort","dragon-massage"]}},{"path":"/order/escort/:planId/step1"}]}"#,
    )
    .unwrap();
    dir
}

/// A category's first page of plans over native gRPC from the server at `base`.
async fn plans_over_grpc(base: String, category: pb::Category) -> Vec<pb::Plan> {
    CatalogServiceClient::connect(base)
        .await
        .unwrap()
        .list_plans(pb::ListPlansRequest {
            category: category as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .plans
}

/// A category's first page of plans over gRPC-Web (the browser's way) from `app`.
async fn plans_over_grpc_web(app: &TestApp, category: pb::Category) -> Vec<pb::Plan> {
    let request = pb::ListPlansRequest {
        category: category.into(),
        ..Default::default()
    };
    let (status, page) = app
        .grpc_web::<pb::ListPlansResponse>("ListPlans", &request)
        .await;
    assert_eq!(status, 0);
    page.unwrap().plans
}

/// Another server on a test's database: a second node behind the same load balancer.
struct Node {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

impl Node {
    async fn start(config: Config, http: &reqwest::Client) -> Self {
        let listener = tokio::net::TcpListener::bind(config.server.listen)
            .await
            .unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(server::serve(config, listener, async {
            let _ = stopped.await;
        }));
        // Up to 30 s: nodes that start together on PostgreSQL wait for each other's migrations,
        // and a loaded CI machine is slow to hash the first password.
        for _ in 0..600 {
            if let Ok(r) = http.get(format!("http://{addr}/readyz")).send().await
                && r.status() == 200
            {
                return Self {
                    addr,
                    stop: Some(stop),
                    task,
                };
            }
            if task.is_finished() {
                // It stopped on its own: say why rather than wait out the 30 s.
                panic!("the server stopped while starting: {:?}", task.await);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server did not become ready");
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    async fn stop(mut self) {
        self.stop.take().unwrap().send(()).unwrap();
        let result = tokio::time::timeout(Duration::from_secs(10), self.task).await;
        assert!(
            matches!(result, Ok(Ok(Ok(())))),
            "graceful shutdown: {result:?}"
        );
    }
}

impl TestApp {
    fn config(db: &TestDb, web_dir: &std::path::Path) -> Config {
        let mut c = Config::default();
        c.server.listen = SocketAddr::from(([127, 0, 0, 1], 0));
        c.server.web_dir = web_dir.to_owned();
        // Nothing balances load in front of a test's server: it stops at once.
        c.server.shutdown_grace_secs = Some(0);
        c.database.url = db.url.clone().into();
        c.database.seed_demo = Some(true);
        c.mail.mailbox_dir = web_dir.join("mailbox");
        c.storage.media_dir = web_dir.join("images");
        c.backups.dir = web_dir.join("backups");
        // Taken when a test asks, not at every server's start.
        c.backups.every_minutes = 0;
        // Decided on a clock the test sets (`reminders.rs`), not the day's.
        c.reminders.on = false;
        c.telemetry.log = "warn".into();
        c.orders.expiry_interval_secs = 1;
        // Operators dispatch by hand in the tests of that; automatic dispatch's turn it on.
        c.orders.dispatch_auto = false;
        c.payments.vnpay.tmn_code = Some(VNPAY_TMN.into());
        c.payments.vnpay.hash_secret = Some(VNPAY_SECRET.into());
        // Every node of a test shares the test's key-encryption key, made on first start.
        c.sealing.key_file = Some(web_dir.join("key-encryption.key"));
        // And its Web Push key.
        c.push.vapid_key_file = Some(web_dir.join("vapid.key"));
        c
    }

    async fn start(backend: Backend) -> Self {
        Self::start_with(backend, |_| ()).await
    }

    /// A server whose configuration the test changes first.
    async fn start_with(backend: Backend, change: impl FnOnce(&mut Config)) -> Self {
        let db = TestDb::empty(backend).await;
        let web_dir = web_fixture();
        let mut config = Self::config(&db, &web_dir);
        change(&mut config);
        // Storage faults are logged, not shown to callers: a failing test shows them here.
        app::telemetry::init(&config);
        adapters::install_tls_provider();
        let http = reqwest::Client::new();
        let node = Node::start(config, &http).await;
        Self {
            addr: node.addr,
            http,
            node,
            db,
            web_dir,
        }
    }

    /// A second server on this test's database, with the same public address (as behind one
    /// load balancer: the tokens' issuer is that address).
    async fn another_node(&self) -> Node {
        self.another_node_with(|_| ()).await
    }

    /// `another_node` whose configuration the test changes first.
    async fn another_node_with(&self, change: impl FnOnce(&mut Config)) -> Node {
        let config = {
            let mut config = Self::config(&self.db, &self.web_dir);
            config.server.public_url = Some(self.url(""));
            change(&mut config);
            config
        };
        Node::start(config, &self.http).await
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        let r = self.http.get(self.url(path)).send().await.unwrap();
        let status = r.status().as_u16();
        let body = r.json::<Value>().await.unwrap_or(Value::Null);
        (status, body)
    }

    /// A JSON call with an optional ID token: status, body (or null) and headers.
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        token: Option<&str>,
    ) -> (u16, Value, reqwest::header::HeaderMap) {
        let mut r = self.http.request(method, self.url(path));
        if let Some(b) = body {
            r = r.json(&b);
        }
        if let Some(t) = token {
            r = r.header("authorization-firebase", t);
        }
        let r = r.send().await.unwrap();
        let status = r.status().as_u16();
        let headers = r.headers().clone();
        let body = r.json::<Value>().await.unwrap_or(Value::Null);
        (status, body, headers)
    }

    async fn post(&self, path: &str, body: Value, token: Option<&str>) -> (u16, Value) {
        let (status, body, _) = self
            .call(reqwest::Method::POST, path, Some(body), token)
            .await;
        (status, body)
    }

    async fn get_as(&self, path: &str, token: &str) -> (u16, Value) {
        let (status, body, _) = self
            .call(reqwest::Method::GET, path, None, Some(token))
            .await;
        (status, body)
    }

    async fn grpc(&self) -> CatalogServiceClient<tonic::transport::Channel> {
        CatalogServiceClient::connect(self.url("")).await.unwrap()
    }

    /// One unary gRPC-Web call by hand: a length-prefixed frame in, data and trailer frames out.
    async fn grpc_web<M: Message + Default>(
        &self,
        method: &str,
        request: &impl Message,
    ) -> (u32, Option<M>) {
        let payload = request.encode_to_vec();
        let mut frame = vec![0u8];
        frame.extend_from_slice(&u32::try_from(payload.len()).unwrap().to_be_bytes());
        frame.extend_from_slice(&payload);
        let r = self
            .http
            .post(self.url(&if method.contains('/') {
                format!("/booking.v1.{method}")
            } else {
                format!("/booking.v1.CatalogService/{method}")
            }))
            .header("content-type", "application/grpc-web+proto")
            .header("x-grpc-web", "1")
            .body(frame)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "application/grpc-web+proto");
        let header_status = r
            .headers()
            .get("grpc-status")
            .map(|v| v.to_str().unwrap().parse::<u32>().unwrap());
        let body = r.bytes().await.unwrap();
        let (mut message, mut trailer_status, mut rest) = (None, None, &body[..]);
        while rest.len() >= 5 {
            let flag = rest[0];
            let len = u32::from_be_bytes(rest[1..5].try_into().unwrap()) as usize;
            let data = &rest[5..5 + len];
            if flag & 0x80 == 0 {
                message = Some(M::decode(data).unwrap());
            } else {
                let text = std::str::from_utf8(data).unwrap();
                trailer_status = text
                    .lines()
                    .find_map(|l| l.trim().strip_prefix("grpc-status:"))
                    .map(|s| s.trim().parse::<u32>().unwrap());
            }
            rest = &rest[5 + len..];
        }
        let status = trailer_status.or(header_status).expect("a grpc-status");
        (status, message)
    }

    async fn stop(self) {
        self.node.stop().await;
        self.db.remove().await;
        std::fs::remove_dir_all(self.web_dir).ok();
    }

    /// Stops the node and lets go of its pool, keeping its database and folder (a restore drill
    /// then loses and restores them), with what a node started on them again needs.
    async fn stop_keeping(self) -> Stopped {
        self.node.stop().await;
        self.db.db.clone().close().await.ok();
        Stopped {
            addr: self.addr,
            http: self.http,
            db: self.db,
            web_dir: self.web_dir,
        }
    }
}

/// A test's server, stopped, with its database and folder kept.
struct Stopped {
    addr: SocketAddr,
    http: reqwest::Client,
    db: TestDb,
    web_dir: PathBuf,
}

/// Runs every future at once (each a task of its own) and gives their outputs in order.
async fn join_all<T: Send + 'static>(
    tasks: Vec<impl Future<Output = T> + Send + 'static>,
) -> Vec<T> {
    let handles: Vec<_> = tasks.into_iter().map(tokio::spawn).collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

/// The field a gRPC refusal names, read from its `BadRequest` detail (never from its words).
fn refused_field(status: &tonic::Status) -> String {
    use tonic_types::StatusExt;
    let bad = status
        .get_details_bad_request()
        .expect("a BadRequest detail");
    bad.field_violations[0].field.clone()
}

/// A gRPC request carrying an ID token.
fn signed<T>(token: &str, message: T) -> tonic::Request<T> {
    let mut r = tonic::Request::new(message);
    r.metadata_mut()
        .insert("authorization-firebase", token.parse().unwrap());
    r
}

/// One test per backend, each with its own server and database.
macro_rules! api_test {
    ($name:ident, $body:expr) => {
        mod $name {
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let app = TestApp::start(Backend::Sqlite).await;
                ($body)(&app).await;
                app.stop().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let app = TestApp::start(Backend::Postgres).await;
                ($body)(&app).await;
                app.stop().await;
            }
        }
    };
}

/// `api_test!` on a server whose configuration `$configure` changes first (a throttle lifted for
/// a crowd of customers, say).
macro_rules! api_test_with {
    ($name:ident, $configure:expr, $body:expr) => {
        mod $name {
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let app = TestApp::start_with(Backend::Sqlite, $configure).await;
                ($body)(&app).await;
                app.stop().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let app = TestApp::start_with(Backend::Postgres, $configure).await;
                ($body)(&app).await;
                app.stop().await;
            }
        }
    };
}

/// An API test beside a local stand-in for a third party that the server calls at an address a
/// user gives (a push service): `$start` starts it first (its origin and handle), so that the
/// server's `APP_OUTBOUND_ALLOW` can name it; nothing else on this machine is called.
macro_rules! api_test_beside {
    ($name:ident, $start:expr, $body:expr) => {
        mod $name {
            use super::*;

            async fn run(backend: Backend) {
                let (origin, handle) = ($start)().await;
                let named = origin.clone();
                let app =
                    TestApp::start_with(backend, move |c| c.server.outbound_allow = named).await;
                ($body)(&app, origin, handle).await;
                app.stop().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run(Backend::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                run(Backend::Postgres).await;
            }
        }
    };
}

api_test!(rest_lists_each_category, async |app: &TestApp| {
    for (path, slug, at_least) in [
        ("/api/plan/shuttle", "shuttle", 12),
        ("/api/plan/charter", "charter", 3),
        ("/api/plan/dragon-massage", "dragon-massage", 3),
        ("/api/plan/escort", "escort", 3),
    ] {
        let (status, body) = app.get(path).await;
        assert_eq!(status, 200, "{path}");
        let plans = body["data"].as_array().unwrap();
        assert!(plans.len() >= at_least, "{path}: {}", plans.len());
        for p in plans {
            assert_eq!(p["category"], slug);
            let price = p["fromPriceVnd"].as_i64().unwrap();
            assert!(price > 0 && price % 1000 == 0, "{price}");
        }
        assert!(
            body.get("nextPageToken").is_none(),
            "the whole list by default"
        );
    }
    let (_, body) = app.get("/api/plan/shuttle").await;
    let sgn4 = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "shuttle-sgn-4")
        .unwrap();
    assert_eq!(sgn4["vehicle"]["seats"], 4);
    assert_eq!(sgn4["airport"], "SGN");
    assert!(sgn4["name"].as_str().unwrap().contains("新山一"));
    // The terms the payment service applies, shown before booking and in the refund policy.
    let mut grpc = app.grpc().await;
    let listed = grpc
        .list_categories(gateway::pb::ListCategoriesRequest {})
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        (
            listed.free_cancellation_hours,
            listed.late_cancellation_fee_percent
        ),
        (24, 50)
    );
    assert_eq!(sgn4["rules"]["freeCancellationHours"], 24);
    assert_eq!(sgn4["rules"]["lateCancellationFeePercent"], 50);
    assert_eq!(sgn4["rules"]["dropOffLeadMinutes"], 180);
});

api_test!(rest_pages_and_single_plans, async |app: &TestApp| {
    let (status, first) = app.get("/api/plan/shuttle?pageSize=5").await;
    assert_eq!(status, 200);
    assert_eq!(first["data"].as_array().unwrap().len(), 5);
    let token = first["nextPageToken"].as_str().unwrap();
    let (_, second) = app
        .get(&format!("/api/plan/shuttle?pageSize=5&pageToken={token}"))
        .await;
    let ids: Vec<&str> = first["data"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["data"].as_array().unwrap())
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    let unique: std::collections::BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(ids.len(), 10);
    assert_eq!(unique.len(), 10, "no plan twice across pages");

    let (status, body) = app.get("/api/plan/shuttle/shuttle-han-7").await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["id"], "shuttle-han-7");
    let (status, body) = app.get("/api/categories").await;
    assert_eq!(status, 200);
    let slugs: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["category"].as_str().unwrap())
        .collect();
    assert_eq!(slugs, ["shuttle", "charter", "escort", "dragon-massage"]);
});

api_test!(rest_errors_are_json, async |app: &TestApp| {
    let cases = [
        ("/api/plan/helicopter", 404, "NOT_FOUND"),
        ("/api/plan/charter/shuttle-sgn-4", 404, "NOT_FOUND"),
        ("/api/plan/shuttle/NOT%20AN%20ID", 404, "NOT_FOUND"),
        ("/api/no/such/path", 404, "NOT_FOUND"),
        ("/api/plan/shuttle?pageSize=abc", 400, "INVALID_ARGUMENT"),
        ("/api/plan/shuttle?pageSize=1000", 400, "INVALID_ARGUMENT"),
        (
            "/api/plan/shuttle?pageSize=5&pageToken=forged",
            400,
            "INVALID_ARGUMENT",
        ),
    ];
    for (path, want_status, want_code) in cases {
        let (status, body) = app.get(path).await;
        assert_eq!(status, want_status, "{path}");
        assert_eq!(body["error"]["code"], want_code, "{path}: {body}");
        assert!(!body["error"]["message"].as_str().unwrap().is_empty());
    }
    let (_, body) = app.get("/api/plan/shuttle?pageSize=1000").await;
    assert_eq!(body["error"]["details"][0]["field"], "page_size");
    let r = app
        .http
        .post(app.url("/api/plan/shuttle"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 405);
    assert_eq!(
        r.json::<Value>().await.unwrap()["error"]["code"],
        "METHOD_NOT_ALLOWED"
    );
});

api_test!(native_grpc_serves_the_catalogue, async |app: &TestApp| {
    let mut client = app.grpc().await;
    let categories = client
        .list_categories(pb::ListCategoriesRequest {})
        .await
        .unwrap()
        .into_inner()
        .categories;
    assert_eq!(categories.len(), 4);
    assert_eq!(categories[0].slug, "shuttle");
    assert_eq!(categories[0].plan_count, 12);
    assert_eq!(categories[0].from_price_vnd, 250_000);

    let page = client
        .list_plans(pb::ListPlansRequest {
            category: pb::Category::DragonMassage.into(),
            page_size: 2,
            page_token: String::new(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(page.plans.len(), 2);
    assert!(!page.next_page_token.is_empty());
    assert!(page.plans.iter().all(|p| p.vehicle.is_none()));

    let plan = client
        .get_plan(pb::GetPlanRequest {
            id: "massage-classic".into(),
        })
        .await
        .unwrap()
        .into_inner()
        .plan
        .unwrap();
    assert_eq!(plan.duration_minutes, [60, 90, 120]);

    // A list carries of each plan's page what its filters use; the plan asked for has it all.
    let shuttles = client
        .list_plans(pb::ListPlansRequest {
            category: pb::Category::Shuttle.into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .plans;
    for listed in &shuttles {
        let content = listed.content.clone().unwrap();
        assert!(!content.cities.is_empty(), "{}", listed.id);
        assert!(content.included.is_empty() && content.meeting_point.is_empty());
    }
    let whole = client
        .get_plan(pb::GetPlanRequest {
            id: shuttles[0].id.clone(),
        })
        .await
        .unwrap()
        .into_inner()
        .plan
        .unwrap();
    let content = whole.content.unwrap();
    assert_eq!(content.cities, shuttles[0].content.as_ref().unwrap().cities);
    assert!(!content.included.is_empty() && !content.meeting_point.is_empty());

    let err = client
        .list_plans(pb::ListPlansRequest::default())
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::InvalidArgument);
    let err = client
        .get_plan(pb::GetPlanRequest { id: "nope".into() })
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::NotFound);
    let err = client
        .get_plan(pb::GetPlanRequest {
            id: "Bad Id!".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::InvalidArgument);
});

api_test!(grpc_web_serves_the_catalogue, async |app: &TestApp| {
    let request = pb::ListPlansRequest {
        category: pb::Category::Charter.into(),
        page_size: 0,
        page_token: String::new(),
    };
    let (status, response) = app
        .grpc_web::<pb::ListPlansResponse>("ListPlans", &request)
        .await;
    assert_eq!(status, 0);
    let plans = response.unwrap().plans;
    assert!(plans.len() >= 3);
    assert!(
        plans
            .iter()
            .all(|p| p.category == pb::Category::Charter as i32)
    );

    let (status, _) = app
        .grpc_web::<pb::GetPlanResponse>("GetPlan", &pb::GetPlanRequest { id: "nope".into() })
        .await;
    assert_eq!(status, tonic::Code::NotFound as u32);

    // A first page, whichever way it is asked for, is the same plans: kept and sent whole over
    // gRPC-Web, through tonic over native gRPC and when base64 is asked for.
    let first = pb::ListPlansRequest {
        category: pb::Category::Shuttle.into(),
        ..Default::default()
    };
    let web = plans_over_grpc_web(app, pb::Category::Shuttle).await;
    assert_eq!(web.len(), 12);
    assert_eq!(
        web,
        plans_over_grpc(app.url(""), pb::Category::Shuttle).await
    );
    let frame = |m: &pb::ListPlansRequest| {
        let m = m.encode_to_vec();
        [&[0][..], &u32::try_from(m.len()).unwrap().to_be_bytes(), &m].concat()
    };
    let r = app
        .http
        .post(app.url("/booking.v1.CatalogService/ListPlans"))
        .header("content-type", "application/grpc-web+proto")
        .header("accept", "application/grpc-web-text")
        .body(frame(&first))
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.headers()["content-type"],
        "application/grpc-web-text+proto"
    );
    let text = r.bytes().await.unwrap();
    // The message's frame and the trailers' are encoded one after the other, each padded: every
    // four characters decode alone.
    let body: Vec<u8> = text
        .chunks(4)
        .flat_map(|q| BASE64_STANDARD.decode(q).unwrap())
        .collect();
    let len = u32::from_be_bytes(body[1..5].try_into().unwrap()) as usize;
    let decoded = pb::ListPlansResponse::decode(&body[5..5 + len]).unwrap();
    assert!(body[5 + len..].starts_with(b"\x80"), "then the trailers");
    assert_eq!(decoded.plans, web);

    // Later pages are read, over gRPC-Web too; a bad request is refused as over gRPC.
    let (_, page) = app
        .grpc_web::<pb::ListPlansResponse>(
            "ListPlans",
            &pb::ListPlansRequest {
                page_size: 5,
                ..first.clone()
            },
        )
        .await;
    let token = page.unwrap().next_page_token;
    let (status, next) = app
        .grpc_web::<pb::ListPlansResponse>(
            "ListPlans",
            &pb::ListPlansRequest {
                page_size: 5,
                page_token: token,
                ..first.clone()
            },
        )
        .await;
    assert_eq!(status, 0);
    assert_eq!(next.unwrap().plans, web[5..10]);
    for bad in [
        pb::ListPlansRequest::default(),
        pb::ListPlansRequest {
            page_size: 101,
            ..first.clone()
        },
    ] {
        let (status, _) = app
            .grpc_web::<pb::ListPlansResponse>("ListPlans", &bad)
            .await;
        assert_eq!(status, tonic::Code::InvalidArgument as u32, "{bad:?}");
    }
});

api_test!(health_and_the_web_app, async |app: &TestApp| {
    for (path, status) in [("/healthz", 200), ("/readyz", 200)] {
        let r = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(r.status(), status, "{path}");
    }
    // Routes of the app get the SPA with 200; anything else the SPA with a real 404.
    for (path, status) in [
        ("/", 200),
        ("/category/shuttle", 200),
        ("/order/escort/escort-city-full-day/step1", 200),
        ("/category/helicopter", 404),
        ("/no/such/page", 404),
    ] {
        let r = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(r.status(), status, "{path}");
        assert!(
            r.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        assert_eq!(r.headers()["cache-control"], "no-cache", "{path}");
        assert!(r.text().await.unwrap().contains("<title>SPA</title>"));
    }
    let r = app.http.get(app.url("/build.json")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["cache-control"], "no-cache");
    assert_eq!(r.json::<Value>().await.unwrap()["id"], "test-build");
    // An old build's chunk, gone after a deploy: a plain 404, never the SPA's HTML.
    for path in [
        "/assets/app-0ld.js",
        "/assets/step1-0ld.css",
        "/img/plans/gone.svg",
    ] {
        let r = app.http.get(app.url(path)).send().await.unwrap();
        assert_eq!(r.status(), 404, "{path}");
        let kind = r.headers()["content-type"].to_str().unwrap().to_owned();
        assert!(kind.starts_with("text/plain"), "{path}: {kind}");
        assert!(!r.text().await.unwrap().contains("<title>"), "{path}");
    }
    let r = app
        .http
        .get(app.url("/assets/app-1234.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
});

#[path = "api/backups.rs"]
mod backups;
#[path = "api/changes.rs"]
mod changes;
#[path = "api/dispatch.rs"]
mod dispatch;
#[path = "api/federation.rs"]
mod federation;
#[path = "api/flights.rs"]
mod flights;
#[path = "api/gifts.rs"]
mod gifts;
#[path = "api/hostile.rs"]
mod hostile;
#[path = "api/identity.rs"]
mod identity;
#[path = "api/invoices.rs"]
mod invoices;
#[path = "api/languages.rs"]
mod languages;
#[path = "api/lifecycle.rs"]
mod lifecycle;
#[path = "api/live.rs"]
mod live;
#[path = "api/massage.rs"]
mod massage;
#[path = "api/member.rs"]
mod member;
#[path = "api/nodes.rs"]
mod nodes;
#[path = "api/notifications.rs"]
mod notifications;
#[path = "api/operations.rs"]
mod operations;
#[path = "api/orders.rs"]
mod orders;
#[path = "api/partners.rs"]
mod partners;
#[path = "api/payments.rs"]
mod payments;
#[path = "api/photos.rs"]
mod photos;
#[path = "api/promotions.rs"]
mod promotions;
#[path = "api/referrals.rs"]
mod referrals;
#[path = "api/refunds.rs"]
mod refunds;
#[path = "api/reminders.rs"]
mod reminders;
#[path = "api/reports.rs"]
mod reports;
#[path = "api/reviews.rs"]
mod reviews;
#[path = "api/routing.rs"]
mod routing;
#[path = "api/telemetry.rs"]
mod telemetry;
#[path = "api/text.rs"]
mod text;
#[path = "api/zalo.rs"]
mod zalo;
