//! Traces leave over OTLP: the real binary, pointed at a stand-in collector, sends the spans of a
//! REST and a gRPC request, each with the database work done under it in the same trace.

use std::sync::{Arc, Mutex};

use gateway::pb::catalog_service_client::CatalogServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;

use super::*;

/// A span as the collector got it.
#[derive(Debug, Clone)]
struct Received {
    service: String,
    name: String,
    trace: Vec<u8>,
    path: String,
}

#[derive(Clone, Default)]
struct Collector(Arc<Mutex<Vec<Received>>>);

#[tonic::async_trait]
impl TraceService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let text = |v: &Option<opentelemetry_proto::tonic::common::v1::AnyValue>| match v
            .as_ref()
            .and_then(|v| v.value.as_ref())
        {
            Some(AnyValue::StringValue(s)) => s.clone(),
            _ => String::new(),
        };
        let mut seen = self.0.lock().unwrap();
        for rs in request.into_inner().resource_spans {
            let service = rs
                .resource
                .iter()
                .flat_map(|r| &r.attributes)
                .find(|a| a.key == "service.name")
                .map(|a| text(&a.value))
                .unwrap_or_default();
            for span in rs.scope_spans.into_iter().flat_map(|s| s.spans) {
                let path = span
                    .attributes
                    .iter()
                    .find(|a| a.key == "path")
                    .map(|a| text(&a.value))
                    .unwrap_or_default();
                seen.push(Received {
                    service: service.clone(),
                    name: span.name,
                    trace: span.trace_id,
                    path,
                });
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse {
            partial_success: None,
        }))
    }
}

api_test!(traces_reach_an_otlp_collector, async |app: &TestApp| {
    let collector = Collector::default();
    let incoming =
        tonic::transport::server::TcpIncoming::bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let collector_addr = incoming.local_addr().unwrap();
    let server = tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(collector.clone()))
            .serve_with_incoming(incoming),
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_booking"))
        .arg("serve")
        .env("APP_LISTEN", format!("127.0.0.1:{port}"))
        .env("DATABASE_URL", &app.db.url)
        .env("APP_WEB_DIR", &app.web_dir)
        .env("APP_MAILBOX_DIR", app.web_dir.join("mailbox"))
        .env("APP_MEDIA_DIR", app.web_dir.join("images"))
        .env(
            "APP_KEY_ENCRYPTION_KEY_FILE",
            app.web_dir.join("key-encryption.key"),
        )
        .env("APP_MIGRATE_ON_START", "false")
        .env("APP_SEED_DEMO", "false")
        // The default filters: SeaORM at warn for logs, its statement spans still traced.
        .env_remove("APP_LOG")
        .env_remove("RUST_LOG")
        .env("APP_OTLP_ENDPOINT", format!("http://{collector_addr}"))
        .env("OTEL_BSP_SCHEDULE_DELAY", "100")
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let mut ready = false;
    for _ in 0..100 {
        if let Ok(r) = app.http.get(format!("{base}/readyz")).send().await
            && r.status() == 200
        {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ready, "the server did not start");
    let r = app
        .http
        .get(format!("{base}/api/plan/shuttle"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let mut grpc = CatalogServiceClient::connect(base.clone()).await.unwrap();
    grpc.list_categories(pb::ListCategoriesRequest {})
        .await
        .unwrap();

    // The request spans, and database spans in the same traces.
    let wanted = [
        "/api/plan/shuttle",
        "/booking.v1.CatalogService/ListCategories",
    ];
    let mut traced = Vec::new();
    for _ in 0..100 {
        let seen = collector.0.lock().unwrap().clone();
        traced = wanted
            .iter()
            .filter(|path| {
                seen.iter()
                    .filter(|s| s.name == "request" && s.path == **path)
                    .any(|request| {
                        seen.iter()
                            .any(|s| s.trace == request.trace && s.name.starts_with("sea_orm."))
                    })
            })
            .collect();
        if traced.len() == wanted.len() {
            assert!(seen.iter().all(|s| s.service == "booking"));
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    child.kill().unwrap();
    child.wait().unwrap();
    server.abort();
    assert_eq!(traced.len(), wanted.len(), "traced: {traced:?}");
});
