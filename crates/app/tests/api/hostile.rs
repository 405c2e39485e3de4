//! Hostile input and the pages' security headers: malformed gRPC and gRPC-Web frames, oversized
//! bodies, broken JSON; each answered with a client error (HTTP 4xx, or a gRPC status that blames
//! the caller), never a 5xx or INTERNAL, and the server goes on serving.

use super::*;

/// What the server answered to one raw request: HTTP status, body, and the gRPC status from
/// the headers or, for gRPC-Web, from the trailer frame in the body.
struct Answer {
    http: u16,
    grpc: Option<u32>,
    body: Vec<u8>,
}

impl TestApp {
    async fn raw(&self, h2: bool, path: &str, content_type: &str, body: Vec<u8>) -> Answer {
        let client = if h2 {
            reqwest::Client::builder()
                .http2_prior_knowledge()
                .build()
                .unwrap()
        } else {
            self.http.clone()
        };
        let mut request = client
            .post(self.url(path))
            .header("content-type", content_type)
            .body(body);
        if h2 {
            request = request.header("te", "trailers");
        }
        let r = request
            .send()
            .await
            .unwrap_or_else(|e| panic!("{path}: {e:?}"));
        let http = r.status().as_u16();
        let headers = r.headers().clone();
        let body = r.bytes().await.unwrap_or_default().to_vec();
        // gRPC-Web carries the status in a trailer frame at the end of the body.
        let in_body = body
            .windows(12)
            .position(|w| w == b"grpc-status:")
            .and_then(|at| {
                let text = String::from_utf8_lossy(&body[at + 12..]).to_string();
                text.trim()
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .and_then(|d| d.parse().ok())
            });
        let grpc = headers
            .get("grpc-status")
            .and_then(|v| v.to_str().ok()?.parse().ok())
            .or(in_body);
        Answer { http, grpc, body }
    }
}

fn frame(flag: u8, payload: &[u8]) -> Vec<u8> {
    let mut f = vec![flag];
    f.extend_from_slice(&u32::try_from(payload.len()).unwrap().to_be_bytes());
    f.extend_from_slice(payload);
    f
}

api_test!(
    malformed_grpc_frames_are_refused_cleanly,
    async |app: &TestApp| {
        const PATH: &str = "/booking.v1.CatalogService/ListPlans";
        let good = pb::ListPlansRequest {
            category: pb::Category::Shuttle as i32,
            ..Default::default()
        }
        .encode_to_vec();
        let mut claims_more = frame(0, &good);
        claims_more[1..5].copy_from_slice(&1000u32.to_be_bytes());
        let cases: Vec<(&str, Vec<u8>)> = vec![
            ("empty body", vec![]),
            ("three bytes of a header", vec![0, 0, 0]),
            ("length beyond the body", claims_more),
            ("not protobuf", frame(0, &[0xff; 40])),
            ("compressed without an encoding", frame(1, &good)),
            (
                "a trailer frame from the client",
                frame(0x80, b"grpc-status: 0"),
            ),
            (
                "two messages for a unary call",
                [frame(0, &good), frame(0, &good)].concat(),
            ),
            ("a 5 MB message", frame(0, &vec![0x0a; 5 * 1024 * 1024])),
        ];
        for (h2, content_type) in [
            (false, "application/grpc-web+proto"),
            (true, "application/grpc"),
        ] {
            for (what, body) in &cases {
                let a = app.raw(h2, PATH, content_type, body.clone()).await;
                assert!(a.http < 500, "{content_type} {what}: HTTP {}", a.http);
                // UNKNOWN, INTERNAL and DATA_LOSS would blame the server.
                assert!(
                    !matches!(a.grpc, Some(2 | 13 | 15)),
                    "{content_type} {what}: grpc-status {:?}",
                    a.grpc
                );
            }
            let a = app.raw(h2, PATH, content_type, frame(0, &good)).await;
            assert_eq!(a.http, 200, "{content_type}: still serving");
            let len = u32::from_be_bytes(a.body[1..5].try_into().unwrap()) as usize;
            let plans = pb::ListPlansResponse::decode(&a.body[5..5 + len]).unwrap();
            assert!(!plans.plans.is_empty(), "{content_type}: still serving");
        }
        let a = app
            .raw(
                false,
                PATH,
                "application/grpc-web-text",
                b"!!not base64!!".to_vec(),
            )
            .await;
        assert!(
            a.http < 500 && !matches!(a.grpc, Some(2 | 13 | 15)),
            "{}",
            a.http
        );
    }
);

api_test!(
    oversized_and_broken_bodies_get_client_errors,
    async |app: &TestApp| {
        let big = format!(
            r#"{{"email":"{}","password":"x"}}"#,
            "a".repeat(3 * 1024 * 1024)
        );
        for (what, content_type, body, expected) in [
            ("3 MB of JSON", "application/json", big.into_bytes(), 413),
            (
                "truncated JSON",
                "application/json",
                br#"{"email":"#.to_vec(),
                400,
            ),
            (
                "not JSON at all",
                "application/json",
                vec![0xff, 0xfe, 0x00],
                400,
            ),
            ("a JSON array", "application/json", b"[1,2,3]".to_vec(), 400),
            ("no content type", "", b"{}".to_vec(), 400),
        ] {
            let mut request = app.http.post(app.url("/api/auth/sign-in")).body(body);
            if !content_type.is_empty() {
                request = request.header("content-type", content_type);
            }
            let r = request.send().await.unwrap();
            let status = r.status().as_u16();
            assert_eq!(status, expected, "{what}");
            let json: Value = r.json().await.unwrap_or(Value::Null);
            assert!(json["error"]["code"].is_string(), "{what}: {json}");
        }
        let (status, _) = app.get("/healthz").await;
        assert_eq!(status, 200);
    }
);

api_test!(
    a_refused_body_is_read_before_the_answer,
    async |app: &TestApp| {
        // A plain HTTP/1.1 client that sends its whole request before it reads: the server must
        // not close on the unread rest of a body it refuses (the peer would get a reset, not the
        // 413), and the connection stays usable.
        let addr = app.addr;
        let (first, second) = tokio::task::spawn_blocking(move || {
            use std::io::{BufRead, BufReader, Read, Write};
            let body = format!(r#"{{"email":"{}","password":"x"}}"#, "a".repeat(6 << 20));
            let mut stream = std::net::TcpStream::connect(addr).unwrap();
            write!(
                stream,
                "POST /api/auth/sign-in HTTP/1.1\r\nhost: {addr}\r\n\
                 content-type: application/json\r\ncontent-length: {}\r\n\r\n",
                body.len()
            )
            .unwrap();
            stream
                .write_all(body.as_bytes())
                .expect("the server reads a refused body to the end");
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut answer = || {
                let (mut head, mut line, mut length) = (String::new(), String::new(), 0);
                while line != "\r\n" {
                    line.clear();
                    let read = reader.read_line(&mut line).expect("an answer, not a reset");
                    assert!(
                        read > 0,
                        "the connection closed before the answer's end: {head}"
                    );
                    if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                        length = v.trim().parse().unwrap();
                    }
                    head.push_str(&line);
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                (head, String::from_utf8_lossy(&body).to_string())
            };
            let first = answer();
            write!(stream, "GET /healthz HTTP/1.1\r\nhost: {addr}\r\n\r\n").unwrap();
            (first, answer())
        })
        .await
        .unwrap();
        assert!(first.0.starts_with("HTTP/1.1 413"), "{}", first.0);
        assert!(first.1.contains(r#""error""#), "{}", first.1);
        assert!(second.0.starts_with("HTTP/1.1 200"), "{}", second.0);
        assert_eq!(second.1, "ok");
    }
);

api_test!(
    an_absurd_announced_length_is_refused_before_any_body_and_closed,
    async |app: &TestApp| {
        // 99,999,999,999 bytes announced and none sent: the 413 comes without waiting for them
        // (before, only the body's 30 s deadline ended it), and the connection is let go.
        let addr = app.addr;
        let (answer, closed) = tokio::task::spawn_blocking(move || {
            use std::io::{Read, Write};
            let mut stream = std::net::TcpStream::connect(addr).unwrap();
            stream
                .set_read_timeout(Some(std::time::Duration::from_secs(10)))
                .unwrap();
            write!(
                stream,
                "POST /api/plan/shuttle/shuttle-sgn-4/order HTTP/1.1\r\nhost: {addr}\r\n\
                 content-type: application/json\r\ncontent-length: 99999999999\r\n\r\n"
            )
            .unwrap();
            let mut all = Vec::new();
            let closed = stream.read_to_end(&mut all).is_ok();
            (String::from_utf8_lossy(&all).to_string(), closed)
        })
        .await
        .unwrap();
        assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
        assert!(
            answer.to_ascii_lowercase().contains("connection: close"),
            "{answer}"
        );
        assert!(answer.contains("請求內容太大"), "{answer}");
        assert!(closed, "the server closes the connection after the answer");
    }
);

api_test!(
    a_client_waiting_to_send_is_refused_without_being_asked_for_the_body,
    async |app: &TestApp| {
        // `Expect: 100-continue` on a request refused unread (no such path): the answer comes at
        // once, with no `100 Continue` inviting the 6 MB it announced.
        let addr = app.addr;
        let status = tokio::task::spawn_blocking(move || {
            use std::io::{BufRead, BufReader, Write};
            let mut stream = std::net::TcpStream::connect(addr).unwrap();
            write!(
                stream,
                "POST /api/no/such/path HTTP/1.1\r\nhost: {addr}\r\n\
                 content-type: application/json\r\ncontent-length: {}\r\n\
                 expect: 100-continue\r\n\r\n",
                6 << 20
            )
            .unwrap();
            let mut line = String::new();
            BufReader::new(stream).read_line(&mut line).unwrap();
            line
        })
        .await
        .unwrap();
        assert!(status.starts_with("HTTP/1.1 404"), "{status}");
    }
);

api_test!(pages_carry_security_headers, async |app: &TestApp| {
    for path in ["/", "/category/shuttle", "/no/such/page", "/api/categories"] {
        let r = app.http.get(app.url(path)).send().await.unwrap();
        let h = r.headers();
        let csp = h
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_else(|| panic!("{path}: no CSP"));
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("object-src 'none'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            h["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
    }
});

/// The metric series `/metrics` holds: its sample lines' labels, without comments and values.
async fn series(app: &TestApp) -> std::collections::BTreeSet<String> {
    let text = app
        .http
        .get(app.url("/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .filter(|l| l.starts_with("booking_http_"))
        .map(|l| {
            l.rsplit_once(' ')
                .map_or(l, |(series, _)| series)
                .to_owned()
        })
        .collect()
}

api_test!(
    made_up_paths_methods_and_services_add_no_series,
    async |app: &TestApp| {
        // Requests of every kind a client could make up; each kind once, then a thousand more.
        let made_up = |n: usize| -> (reqwest::Method, String, bool) {
            let word: String = (0..8)
                .map(|i| char::from(b'a' + ((n * 7 + i * 13) % 26) as u8))
                .collect();
            match n % 8 {
                0 => (reqwest::Method::GET, format!("/api/{word}/{word}"), false),
                1 => (
                    reqwest::Method::GET,
                    format!("/api/order/detail/{word}"),
                    false,
                ),
                2 => (reqwest::Method::GET, format!("/{word}/{n}"), false),
                3 => (
                    reqwest::Method::from_bytes(word.to_uppercase().as_bytes()).unwrap(),
                    format!("/api/plan/{word}"),
                    false,
                ),
                4 => (
                    reqwest::Method::POST,
                    format!("/booking.v1.{word}Service/Get"),
                    true,
                ),
                5 => (
                    reqwest::Method::POST,
                    format!("/booking.v1.CatalogService/{word}"),
                    true,
                ),
                6 => (reqwest::Method::POST, format!("/{word}.v1.X/Y"), true),
                _ => (
                    reqwest::Method::PUT,
                    format!("/api/plan/shuttle/order/{word}"),
                    false,
                ),
            }
        };
        let send = |n: usize| {
            let (method, path, grpc) = made_up(n);
            let mut r = app.http.request(method, app.url(&path));
            if grpc {
                r = r
                    .header("content-type", "application/grpc-web+proto")
                    .body(vec![0u8, 0, 0, 0, 0]);
            }
            async move {
                let status = r.send().await.unwrap().status().as_u16();
                assert!(status < 500, "{path}: {status}");
            }
        };
        for n in 0..16 {
            send(n).await;
        }
        series(app).await; // the scrape's own series
        let before = series(app).await;
        for n in 16..1016 {
            send(n).await;
        }
        let after = series(app).await;
        let new: Vec<_> = after.difference(&before).collect();
        assert!(
            new.is_empty(),
            "{} series before, {} after: {new:#?}",
            before.len(),
            after.len()
        );
    }
);

api_test!(
    unknown_grpc_services_and_methods_are_unimplemented,
    async |app: &TestApp| {
        // A native gRPC client, calling by path.
        let channel = tonic::transport::Channel::from_shared(app.url(""))
            .unwrap()
            .connect()
            .await
            .unwrap();
        for path in [
            "/booking.v1.NoSuchService/Get",
            "/grpc.health.v1.Health/Check",
            "/booking.v1.CatalogService/NoSuchMethod",
        ] {
            let mut grpc = tonic::client::Grpc::new(channel.clone());
            grpc.ready().await.unwrap();
            let codec =
                tonic_prost::ProstCodec::<pb::GetPlanRequest, pb::GetPlanResponse>::default();
            let err = grpc
                .unary(
                    tonic::Request::new(pb::GetPlanRequest::default()),
                    path.parse().unwrap(),
                    codec,
                )
                .await
                .unwrap_err();
            assert_eq!(err.code(), tonic::Code::Unimplemented, "{path}: {err:?}");
        }
        // Said in the caller's language.
        let mut grpc = tonic::client::Grpc::new(channel.clone());
        grpc.ready().await.unwrap();
        let mut request = tonic::Request::new(pb::GetPlanRequest::default());
        request
            .metadata_mut()
            .insert("accept-language", "vi".parse().unwrap());
        let codec = tonic_prost::ProstCodec::<pb::GetPlanRequest, pb::GetPlanResponse>::default();
        let err = grpc
            .unary(
                request,
                "/booking.v1.NoSuchService/Get".parse().unwrap(),
                codec,
            )
            .await
            .unwrap_err();
        assert_eq!(err.message(), "Không có dịch vụ này");
        // gRPC-Web, as a browser sends it.
        for method in ["NoSuchService/Get", "CatalogService/NoSuchMethod"] {
            let (status, _) = app
                .grpc_web::<pb::GetPlanResponse>(method, &pb::GetPlanRequest::default())
                .await;
            assert_eq!(status, tonic::Code::Unimplemented as u32, "{method}");
        }
        // Not gRPC: still the web app's answer.
        let r = app
            .http
            .post(app.url("/booking.v1.NoSuchService/Get"))
            .send()
            .await
            .unwrap();
        assert_ne!(r.status(), 200);
    }
);
