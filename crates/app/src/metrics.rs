//! Prometheus metrics at `/metrics`: requests and their latencies by route (counted as they are
//! served), and the business's gauges (orders by state, payments, the mail backlog) counted in the
//! database when scraped, so every node reports the same.

use std::sync::Arc;
use std::time::Instant;

use adapters::db::DatabaseConnection;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: String,
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabels {
    state: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PaymentLabels {
    method: String,
    state: String,
}

#[derive(Clone)]
pub struct Metrics {
    registry: Arc<Registry>,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    orders: Family<StateLabels, Gauge>,
    payments: Family<PaymentLabels, Gauge>,
    outbox: Gauge,
    db: DatabaseConnection,
}

impl Metrics {
    pub fn new(db: DatabaseConnection) -> Self {
        let mut registry = Registry::with_prefix("booking");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "Requests served", requests.clone());
        // 1 ms to about 16 s.
        let latency = Family::<RouteLabels, Histogram>::new_with_constructor(|| {
            Histogram::new(exponential_buckets(0.001, 2.0, 15))
        });
        registry.register(
            "http_request_duration_seconds",
            "Time to the response's head",
            latency.clone(),
        );
        let orders = Family::<StateLabels, Gauge>::default();
        registry.register("orders", "Orders by state", orders.clone());
        let payments = Family::<PaymentLabels, Gauge>::default();
        registry.register("payments", "Payments by method and state", payments.clone());
        let outbox = Gauge::default();
        registry.register(
            "outbox_backlog",
            "Mails queued, not sent yet",
            outbox.clone(),
        );
        Self {
            registry: Arc::new(registry),
            requests,
            latency,
            orders,
            payments,
            outbox,
            db,
        }
    }

    fn observe(&self, method: &str, route: String, status: u16, seconds: f64) {
        self.latency
            .get_or_create(&RouteLabels {
                route: route.clone(),
            })
            .observe(seconds);
        self.requests
            .get_or_create(&RequestLabels {
                method: method.to_owned(),
                route,
                status,
            })
            .inc();
    }
}

/// Counts every request by a route label of bounded variety.
pub async fn track(State(metrics): State<Metrics>, request: Request, next: Next) -> Response {
    let method = request.method().as_str().to_owned();
    let path = request.uri().path().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let route = route_label(&path, &response);
    metrics.observe(
        &method,
        route,
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
    );
    response
}

/// The route a path stands for, so labels stay few whatever clients send: ids become `{id}`,
/// unmatched API paths and unknown gRPC methods one label each, every page of the web app `web`.
fn route_label(path: &str, response: &Response) -> String {
    let unknown_grpc =
        response.headers().get("grpc-status") == Some(&HeaderValue::from_static("12"));
    if path.starts_with("/booking.v1.") {
        return if unknown_grpc || response.status() == StatusCode::NOT_FOUND {
            "grpc-unknown".into()
        } else {
            path.into()
        };
    }
    if let Some(rest) = path.strip_prefix("/api/") {
        // Unknown API paths answer 404 (or 405 for a known path's wrong method): one label for
        // all of them, which also holds the 404s of things not found.
        if matches!(
            response.status(),
            StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED
        ) {
            return "api-unmatched".into();
        }
        let shape: Vec<&str> = rest
            .split('/')
            .map(|s| {
                if s.len() > 24 || s.bytes().any(|b| b.is_ascii_digit()) {
                    "{id}"
                } else {
                    s
                }
            })
            .take(6)
            .collect();
        return format!("/api/{}", shape.join("/"));
    }
    match path {
        "/healthz" | "/readyz" | "/metrics" | "/build.json" | "/.well-known/jwks.json" => {
            path.into()
        }
        _ => "web".into(),
    }
}

/// The scrape: the database's counts as of now, then everything in Prometheus' text format.
pub async fn scrape(State(metrics): State<Metrics>) -> Response {
    match adapters::stats::read(&metrics.db).await {
        Ok(stats) => {
            metrics.orders.clear();
            for (state, n) in stats.orders {
                metrics.orders.get_or_create(&StateLabels { state }).set(n);
            }
            metrics.payments.clear();
            for (method, state, n) in stats.payments {
                metrics
                    .payments
                    .get_or_create(&PaymentLabels { method, state })
                    .set(n);
            }
            metrics.outbox.set(stats.outbox_backlog);
        }
        Err(error) => tracing::warn!(%error, "metrics: the database's counts are stale"),
    }
    let mut text = String::new();
    if encode(&mut text, &metrics.registry).is_err() {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    }
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        text,
    )
        .into_response()
}
