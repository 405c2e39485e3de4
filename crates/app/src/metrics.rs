//! Prometheus metrics at `/metrics`: requests and their latencies by route (counted as they are
//! served), and the business's gauges (orders by state, payments, the mail backlog) counted in the
//! database when scraped, so every node reports the same.

use std::sync::Arc;
use std::time::Instant;

use adapters::sql::db::DatabaseConnection;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
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

/// Shared by every request (the middleware's state is cloned for each: one count, not eight).
#[derive(Clone)]
pub struct Metrics(Arc<Families>);

struct Families {
    registry: Registry,
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
        Self(Arc::new(Families {
            registry,
            requests,
            latency,
            orders,
            payments,
            outbox,
            db,
        }))
    }
}

impl Families {
    fn observe(&self, method: &'static str, route: String, status: u16, seconds: f64) {
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

/// Counts every request by labels from fixed sets, whatever clients send.
pub async fn track(State(metrics): State<Metrics>, request: Request, next: Next) -> Response {
    let method = method_label(request.method());
    let path = request.uri().path().to_owned();
    // The route template that matched (`/api/order/detail/{id}`), where one did.
    let matched = request
        .extensions()
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_owned());
    let started = Instant::now();
    let response = next.run(request).await;
    let route = route_label(&path, matched.as_deref(), &response);
    metrics.0.observe(
        method,
        route,
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
    );
    response
}

fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// The route a request stands for, from a fixed set: a REST route's template, a gRPC method that
/// exists, a few named paths, and one label each for unknown API paths, unknown gRPC calls and
/// the web app's pages.
fn route_label(path: &str, matched: Option<&str>, response: &Response) -> String {
    if path.starts_with("/booking.v1.") {
        // A method that exists answers HTTP 200 with any status but UNIMPLEMENTED; only then is
        // the path (one of the contracts' methods) a label.
        let unimplemented =
            response.headers().get("grpc-status") == Some(&HeaderValue::from_static("12"));
        return if matched.is_some() && response.status() == StatusCode::OK && !unimplemented {
            path.into()
        } else {
            "grpc-unknown".into()
        };
    }
    if path.starts_with("/api/") {
        return match matched {
            Some(route) if route.starts_with("/api/") => route.into(),
            _ => "api-unmatched".into(),
        };
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
    match adapters::stores::stats::read(&metrics.0.db).await {
        Ok(stats) => {
            metrics.0.orders.clear();
            for (state, n) in stats.orders {
                metrics
                    .0
                    .orders
                    .get_or_create(&StateLabels { state })
                    .set(n);
            }
            metrics.0.payments.clear();
            for (method, state, n) in stats.payments {
                metrics
                    .0
                    .payments
                    .get_or_create(&PaymentLabels { method, state })
                    .set(n);
            }
            metrics.0.outbox.set(stats.outbox_backlog);
        }
        Err(error) => tracing::warn!(%error, "metrics: the database's counts are stale"),
    }
    let mut text = String::new();
    if encode(&mut text, &metrics.0.registry).is_err() {
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
