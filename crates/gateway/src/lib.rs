//! The wire. gRPC (native and gRPC-Web) services and the REST shim translate requests into calls of
//! the domain's application services and domain errors into wire errors; they decide nothing.

mod auth;
mod error;
mod grpc;
mod rest;

use axum::Router;
use domain::catalog::CatalogService;
use domain::favorites::FavoriteService;
use domain::identity::{IdentityService, UserService};
use domain::media::MediaService;
use domain::operations::OperatorService;
use domain::ordering::OrderService;
use domain::payment::PaymentService;
use domain::support::SupportService;

pub use auth::{API_KEY_HEADER, ClientAddr, TOKEN_HEADER};
pub use error::ApiError;
pub use grpc::unknown_service;

/// Generated from `proto/booking/v1` at build time.
pub mod pb {
    #![allow(clippy::all, clippy::pedantic)]
    tonic::include_proto!("booking.v1");
}

/// The application services the wire exposes.
#[derive(Clone)]
pub struct Services {
    pub catalog: CatalogService,
    pub identity: IdentityService,
    pub users: UserService,
    pub orders: OrderService,
    pub payments: PaymentService,
    pub favorites: FavoriteService,
    pub media: MediaService,
    pub support: SupportService,
    pub operators: OperatorService,
}

/// Every API on one router: gRPC and gRPC-Web under `/booking.v1.*`, REST under `/api`.
pub fn router(services: Services) -> Router {
    grpc::router(&services).merge(Router::new().nest("/api", rest::router(services)))
}
