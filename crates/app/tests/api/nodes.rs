//! Several servers on one database, as behind a load balancer: they start together on a fresh
//! database, make one signing key between them, accept each other's tokens at once, and share
//! every throttle. Each case on SQLite and PostgreSQL.

use serde_json::json;

use super::identity::{forge, sign_up};
use super::*;

/// 30 wrong passwords for one account sent at once, spread over `urls`: the statuses counted.
async fn burst_of_wrong_passwords(app: &TestApp, urls: &[String]) -> Vec<(u16, usize)> {
    let tasks: Vec<_> = (0..30)
        .map(|i| {
            let (http, url) = (app.http.clone(), urls[i % urls.len()].clone());
            async move {
                let body = json!({"email": "burst@example.com", "password": format!("wrong-{i}")});
                let r = http.post(url).json(&body).send().await.unwrap();
                r.status().as_u16()
            }
        })
        .collect();
    tally(join_all(tasks).await)
}

/// How many of each, in order of the value.
pub(crate) fn tally<T: Ord + Copy>(mut values: Vec<T>) -> Vec<(T, usize)> {
    values.sort_unstable();
    let mut out: Vec<(T, usize)> = Vec::new();
    for v in values {
        match out.last_mut() {
            Some((last, n)) if *last == v => *n += 1,
            _ => out.push((v, 1)),
        }
    }
    out
}

api_test!(
    parallel_wrong_passwords_get_no_more_than_the_limit,
    async |app: &TestApp| {
        sign_up(app, "burst@example.com", "secret1").await;
        let statuses = burst_of_wrong_passwords(app, &[app.url("/api/auth/sign-in")]).await;
        assert_eq!(statuses, [(401, 5), (429, 25)]);
    }
);

api_test!(
    parallel_wrong_passwords_over_two_nodes_share_the_limit,
    async |app: &TestApp| {
        sign_up(app, "burst@example.com", "secret1").await;
        let node = app.another_node().await;
        let urls = [app.url("/api/auth/sign-in"), node.url("/api/auth/sign-in")];
        let statuses = burst_of_wrong_passwords(app, &urls).await;
        node.stop().await;
        assert_eq!(statuses, [(401, 5), (429, 25)]);
    }
);

api_test!(
    a_token_from_one_node_is_accepted_by_another_at_once,
    async |app: &TestApp| {
        // The second node starts before any key exists, so the first key is made by the first node.
        let node = app.another_node().await;
        let s = sign_up(app, "two-nodes@example.com", "secret1").await;
        let token = s["idToken"].as_str().unwrap();
        let login = |token: String| {
            let r = app
                .http
                .post(node.url("/api/login"))
                .header("authorization-firebase", token)
                .json(&json!(null));
            async move { r.send().await.unwrap().status().as_u16() }
        };
        let started = std::time::Instant::now();
        let status = login(token.to_owned()).await;
        let took = started.elapsed();
        // At once: the first try is accepted. The re-read itself is timed in the repository
        // tests (under 100 ms); here the whole call shares two cores with the other tests.
        assert_eq!(status, 200);
        assert!(took < Duration::from_secs(1), "{took:?}");
        // A made-up key id of our shape costs a shared read and is refused; any other shape, no read.
        assert_eq!(
            login(forge(&[7; 32], "AAAAAAAAAAAAAAAA", |_| {})).await,
            401
        );
        assert_eq!(login(forge(&[7; 32], "no-such-key", |_| {})).await, 401);
        node.stop().await;
    }
);

/// Three servers started at the same instant on a fresh, unmigrated database all become ready,
/// and the two that sign at the same instant make one key between them.
async fn nodes_start_together(backend: Backend) {
    let db = TestDb::empty(backend).await;
    let web_dir = web_fixture();
    adapters::install_tls_provider();
    let http = reqwest::Client::new();
    let config = TestApp::config(&db, &web_dir);
    app::telemetry::init(&config);
    let site = Some("http://booking.test".to_owned());
    let start = || {
        let config = {
            let mut config = TestApp::config(&db, &web_dir);
            config.server.public_url = site.clone();
            config
        };
        Node::start(config, &http)
    };
    let (a, b, c) = tokio::join!(start(), start(), start());
    let up = |node: &Node, n: usize| {
        let body = json!({"email": format!("n{n}@example.com"), "password": "secret1"});
        let r = http.post(node.url("/api/auth/sign-up")).json(&body);
        async move { r.send().await.unwrap().status().as_u16() }
    };
    let (x, y, z) = tokio::join!(up(&a, 1), up(&b, 2), up(&c, 3));
    assert_eq!((x, y, z), (200, 200, 200));
    let keys = adapters::testing::count(&db.db, "signing_keys").await;
    assert_eq!(keys, 1, "one signing key");
    tokio::join!(a.stop(), b.stop(), c.stop());
    db.remove().await;
    std::fs::remove_dir_all(web_dir).ok();
}

mod nodes_start_together_on_a_fresh_database {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        nodes_start_together(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        nodes_start_together(Backend::Postgres).await;
    }
}

api_test!(
    the_catalogue_kept_in_memory_follows_changes_on_every_node,
    async |app: &TestApp| {
        use super::operations::{Cred, client, operator_token, with};
        let other = app.another_node().await;
        let list = |url: String| {
            let http = app.http.clone();
            async move {
                let r = http.get(url).send().await.unwrap();
                let etag = r.headers()["etag"].to_str().unwrap().to_owned();
                (r.status().as_u16(), etag, r.text().await.unwrap())
            }
        };
        let (status, etag, first) = list(app.url("/api/plan/shuttle")).await;
        assert_eq!(status, 200);
        assert!(first.contains("shuttle-sgn-4"));
        assert!(
            etag.starts_with('"') && etag.len() > 10,
            "a strong ETag: {etag}"
        );
        // gRPC-Web's first page is kept as well, as the bytes it is sent as.
        let web = plans_over_grpc_web(app, pb::Category::Shuttle).await;
        assert!(web.iter().any(|p| p.id == "shuttle-sgn-4"));
        let (_, other_etag, _) = list(other.url("/api/plan/shuttle")).await;
        assert_eq!(other_etag, etag, "every node sends the same bytes");
        // The browser's copy is still good: 304, no body.
        let r = app
            .http
            .get(app.url("/api/plan/shuttle"))
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 304);
        assert_eq!(r.headers()["etag"].to_str().unwrap(), etag);
        assert!(r.bytes().await.unwrap().is_empty());
        // Compressed once per version for clients that take gzip, under a tag of its own.
        let gz = |tag: Option<&str>| {
            let mut r = app
                .http
                .get(app.url("/api/plan/shuttle"))
                .header("accept-encoding", "br, gzip;q=0.9");
            if let Some(t) = tag {
                r = r.header("if-none-match", t);
            }
            r.send()
        };
        let r = gz(None).await.unwrap();
        assert_eq!(r.headers()["content-encoding"], "gzip");
        assert_eq!(r.headers()["vary"], "accept-encoding");
        let gz_tag = r.headers()["etag"].to_str().unwrap().to_owned();
        assert_ne!(gz_tag, etag);
        let compressed = r.bytes().await.unwrap();
        assert!(
            compressed.len() * 3 < first.len() && compressed.starts_with(&[0x1f, 0x8b]),
            "{} bytes of gzip for {} of JSON",
            compressed.len(),
            first.len()
        );
        assert_eq!(gz(Some(&gz_tag)).await.unwrap().status(), 304);

        // An operator takes a plan off sale on this node: seen here at once…
        let quote = || {
            app.http
                .post(other.url("/api/plan/shuttle/shuttle-sgn-4/estimateFee"))
                .json(&super::orders::shuttle(3))
                .send()
        };
        assert_eq!(
            quote().await.unwrap().status(),
            200,
            "sold on the other node before"
        );
        let token = operator_token(app).await;
        client(app)
            .await
            .set_plan_active(with(
                &Cred::Token(&token),
                pb::SetPlanActiveRequest {
                    plan_id: "shuttle-sgn-4".into(),
                    active: false,
                },
            ))
            .await
            .unwrap();
        let (_, changed_etag, here) = list(app.url("/api/plan/shuttle")).await;
        assert!(!here.contains("shuttle-sgn-4"));
        assert_ne!(changed_etag, etag);
        let web = plans_over_grpc_web(app, pb::Category::Shuttle).await;
        assert!(web.iter().all(|p| p.id != "shuttle-sgn-4"));
        // …and on the other node within its follow interval, where orders (priced from the plans
        // kept in memory) then refuse it too.
        let since = std::time::Instant::now();
        loop {
            let (_, _, there) = list(other.url("/api/plan/shuttle")).await;
            if !there.contains("shuttle-sgn-4") {
                assert_eq!(quote().await.unwrap().status(), 409, "not sold after");
                break;
            }
            assert!(
                since.elapsed() < app::jobs::CATALOG_FOLLOW * 3,
                "the other node still lists the plan after {:?}",
                since.elapsed()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let there = plans_over_grpc(other.url(""), pb::Category::Shuttle).await;
        assert!(there.iter().all(|p| p.id != "shuttle-sgn-4"));
        other.stop().await;
    }
);
