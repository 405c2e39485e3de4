//! The wire. gRPC (native and gRPC-Web) services and the REST shim translate requests into calls of
//! the domain's application services and domain errors into wire errors; they decide nothing.

mod auth;
mod catalog_cache;
mod error;
mod grpc;
mod rest;
pub mod texts;
mod wire;

use axum::Router;
use domain::catalog::CatalogService;
use domain::favorites::FavoriteService;
use domain::identity::{IdentityService, UserService};
use domain::live::LiveService;
use domain::media::MediaService;
use domain::operations::OperatorService;
use domain::ordering::OrderService;
use domain::payment::PaymentService;
use domain::reviews::ReviewService;
use domain::support::SupportService;

pub use auth::{API_KEY_HEADER, ClientAddr, TOKEN_HEADER};
pub use error::{ApiError, describe};
pub use grpc::unknown_service;

/// Generated from `proto/booking/v1` at build time.
pub mod pb {
    #![allow(clippy::all, clippy::pedantic)]
    tonic::include_proto!("booking.v1");
}

pub use catalog_cache::CatalogCache;

/// The application services the wire exposes, behind one `Arc`: every request's handler gets
/// the set as its state, and a clone of the set itself (dozens of handles, some with owned
/// settings) cost more than some answers (measured: a third of the CPU of a cached catalogue
/// list went to it).
#[derive(Clone)]
pub struct Services(std::sync::Arc<ServiceSet>);

impl std::ops::Deref for Services {
    type Target = ServiceSet;

    fn deref(&self) -> &ServiceSet {
        &self.0
    }
}

impl From<ServiceSet> for Services {
    fn from(set: ServiceSet) -> Self {
        Self(std::sync::Arc::new(set))
    }
}

pub struct ServiceSet {
    pub catalog: CatalogService,
    pub identity: IdentityService,
    pub users: UserService,
    pub orders: OrderService,
    pub payments: PaymentService,
    pub favorites: FavoriteService,
    pub reviews: ReviewService,
    pub media: MediaService,
    pub support: SupportService,
    pub operators: OperatorService,
    pub live: LiveService,
    /// The public catalogue lists kept as answers, per catalogue version.
    pub catalog_cache: CatalogCache,
    /// Turns true when the node starts draining; open streams end then.
    pub draining: tokio::sync::watch::Receiver<bool>,
}

/// Every API on one router: gRPC and gRPC-Web under `/booking.v1.*`, REST under `/api`.
pub fn router(services: Services) -> Router {
    grpc::router(&services)
        .merge(rest::media::photos(services.clone()))
        .merge(rest::oidc::callbacks(services.clone()))
        .merge(Router::new().nest("/api", rest::router(services)))
        .layer(axum::middleware::from_fn(cache_control))
}

/// The answers every visitor shares: the catalogue, the therapist finder, estimates and the
/// payment methods. Everything else an API answers is someone's own.
const PUBLIC_ROUTES: [&str; 6] = [
    "/api/categories",
    "/api/plan/{category}",
    "/api/plan/{category}/{plan_id}",
    "/api/plan/{category}/{plan_id}/estimateFee",
    "/api/plan/dragon-massage/therapist",
    "/api/payment/methods",
];

/// Personal answers (a wallet, orders, a profile, tokens) are never stored by a browser or a
/// proxy: `no-store`. Public ones may be stored but are checked again each time (`no-cache`)
/// until the catalogue decides its own caching. An answer that set its own keeps it.
async fn cache_control(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let route = request
        .extensions()
        .get::<axum::extract::MatchedPath>()
        .map(|m| m.as_str().to_owned())
        .unwrap_or_default();
    let public =
        PUBLIC_ROUTES.contains(&route.as_str()) || route.starts_with("/booking.v1.CatalogService/");
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .entry(http::header::CACHE_CONTROL)
        .or_insert(http::HeaderValue::from_static(if public {
            "no-cache"
        } else {
            "no-store"
        }));
    response
}

/// The body length a request announces (`Content-Length`), when it says one that reads: what the
/// limits are held to before a byte of the body is read.
pub fn announced_length(headers: &http::HeaderMap) -> Option<u64> {
    headers
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
}
