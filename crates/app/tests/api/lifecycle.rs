//! Slow and half-open clients, and how a node stops: each bounded by the listener's deadlines,
//! while the server answers everyone else. Each case on SQLite and PostgreSQL, with deadlines of a
//! second or two so the tests stay short.

use std::time::Instant;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::*;

impl TestApp {
    /// Another server on this test's database, configured by `edit`.
    async fn node_with(&self, edit: impl FnOnce(&mut Config)) -> Node {
        let mut config = {
            let mut config = Self::config(&self.db, &self.web_dir);
            config.server.public_url = Some(self.url(""));
            config
        };
        edit(&mut config);
        Node::start(config, &self.http).await
    }
}

/// Writes `head` on a new connection to `node`, then waits for the server: the answer's first
/// line (empty when it closed without one) and how long it took.
async fn send_and_wait(node: &Node, head: &str) -> (String, Duration) {
    let mut stream = TcpStream::connect(node.addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut answer)).await;
    let text = String::from_utf8_lossy(&answer);
    (
        text.lines().next().unwrap_or_default().to_owned(),
        started.elapsed(),
    )
}

api_test!(
    half_open_requests_are_closed_within_their_deadlines,
    async |app: &TestApp| {
        let node = app
            .node_with(|c| {
                c.server.header_read_secs = 1;
                c.server.body_idle_secs = 1;
                c.server.body_min_bytes_per_sec = 100;
            })
            .await;
        let healthz = node.url("/healthz");
        let (head, body, huge, trickle, ()) = tokio::join!(
            // A head that never ends.
            send_and_wait(&node, "GET /healthz HTTP/1.1\r\nhost: x\r\nx-slow: "),
            // A body announced as 100 bytes of which 9 come.
            send_and_wait(
                &node,
                "POST /api/auth/sign-in HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n\
                 content-length: 100\r\n\r\n{\"email\":"
            ),
            // A body announced as 99,999,999,999 bytes of which none come.
            send_and_wait(
                &node,
                "POST /api/auth/sign-in HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n\
                 content-length: 99999999999\r\n\r\n"
            ),
            // A body that trickles a byte every 300 ms (under 100 bytes a second).
            async {
                let mut stream = TcpStream::connect(node.addr).await.unwrap();
                let head = "POST /api/auth/sign-in HTTP/1.1\r\nhost: x\r\n\
                            content-type: application/json\r\ncontent-length: 1000\r\n\r\n";
                stream.write_all(head.as_bytes()).await.unwrap();
                let started = Instant::now();
                let mut answer = [0u8; 64];
                loop {
                    tokio::select! {
                        read = stream.read(&mut answer) => {
                            let n = read.unwrap_or(0);
                            let text = String::from_utf8_lossy(&answer[..n]);
                            break (text.lines().next().unwrap_or_default().to_owned(), started.elapsed());
                        }
                        () = tokio::time::sleep(Duration::from_millis(300)) => {
                            if stream.write_all(b" ").await.is_err() {
                                break (String::new(), started.elapsed());
                            }
                        }
                    }
                }
            },
            // Everyone else is answered meanwhile.
            async {
                for _ in 0..10 {
                    let r = app.http.get(&healthz).send().await.unwrap();
                    assert_eq!(r.status(), 200);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
        );
        assert!(
            head.1 < Duration::from_secs(3),
            "a head that never ends: {head:?}"
        );
        assert!(body.1 < Duration::from_secs(4), "a stalled body: {body:?}");
        assert!(body.0.is_empty() || body.0.contains("408"), "{body:?}");
        assert!(huge.1 < Duration::from_secs(4), "an endless body: {huge:?}");
        assert!(trickle.1 < Duration::from_secs(4), "a trickle: {trickle:?}");
        assert!(
            trickle.0.is_empty() || trickle.0.contains("408"),
            "{trickle:?}"
        );
        node.stop().await;
    }
);

api_test!(
    sigterm_drains_the_way_a_load_balancer_needs,
    async |app: &TestApp| {
        let mut node = app
            .node_with(|c| {
                c.server.shutdown_grace_secs = Some(2);
                c.server.shutdown_deadline_secs = 10;
                c.server.body_idle_secs = 5;
                c.server.body_min_bytes_per_sec = 1;
            })
            .await;
        // An idle keep-alive connection, used once.
        let mut idle = TcpStream::connect(node.addr).await.unwrap();
        idle.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
            .await
            .unwrap();
        let mut first = [0u8; 256];
        let n = idle.read(&mut first).await.unwrap();
        assert!(String::from_utf8_lossy(&first[..n]).starts_with("HTTP/1.1 200"));
        // A request in flight across the stop: its body comes over three seconds.
        let mut slow = TcpStream::connect(node.addr).await.unwrap();
        let body = br#"{"email":"slow@example.com","password":"secret1"}"#;
        let head = format!(
            "POST /api/auth/sign-in HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n\
             content-length: {}\r\n\r\n",
            body.len()
        );
        slow.write_all(head.as_bytes()).await.unwrap();
        let in_flight = tokio::spawn(async move {
            for chunk in body.chunks(body.len() / 3 + 1) {
                slow.write_all(chunk).await.unwrap();
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            let mut answer = Vec::new();
            slow.read_to_end(&mut answer).await.unwrap();
            String::from_utf8_lossy(&answer).to_string()
        });

        let signalled = Instant::now();
        node.stop.take().unwrap().send(()).unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        // At once: not ready, yet still serving, and asking HTTP/1 clients to close.
        let r = app.http.get(node.url("/readyz")).send().await.unwrap();
        assert_eq!(r.status(), 503);
        let r = app.http.get(node.url("/healthz")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["connection"], "close");
        // After the grace period: no new connections; the idle one is closed cleanly (an end of
        // stream, not a reset); the request in flight gets its answer.
        tokio::time::sleep(Duration::from_millis(2500)).await;
        assert!(
            TcpStream::connect(node.addr).await.is_err(),
            "no new connections after the grace period"
        );
        let mut rest = Vec::new();
        let closed =
            tokio::time::timeout(Duration::from_secs(2), idle.read_to_end(&mut rest)).await;
        // (What is read is the rest of the first answer, then the end.)
        assert!(matches!(closed, Ok(Ok(_))), "{closed:?}");
        assert!(
            !String::from_utf8_lossy(&rest).contains("HTTP/1.1"),
            "one answer only"
        );
        let answer = in_flight.await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
        let result = tokio::time::timeout(Duration::from_secs(10), node.task).await;
        assert!(matches!(result, Ok(Ok(Ok(())))), "{result:?}");
        let took = signalled.elapsed();
        assert!(took < Duration::from_secs(8), "{took:?}");
    }
);

api_test!(
    prod_refuses_to_start_without_its_key_encryption_key,
    async |app: &TestApp| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_booking"));
        command
            .arg("serve")
            .env("APP_ENV", "prod")
            .env("APP_LISTEN", "127.0.0.1:0")
            .env("DATABASE_URL", &app.db.url)
            .env("APP_SMTP_HOST", "127.0.0.1")
            .env_remove("APP_KEY_ENCRYPTION_KEY")
            .env_remove("APP_KEY_ENCRYPTION_KEY_FILE");
        let out = tokio::task::spawn_blocking(move || command.output().unwrap())
            .await
            .unwrap();
        assert!(!out.status.success());
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("APP_KEY_ENCRYPTION_KEY"), "{said}");
    }
);
