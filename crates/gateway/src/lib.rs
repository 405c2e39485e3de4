//! The wire. gRPC (native and gRPC-Web) services and the REST shim translate requests into calls of
//! the domain's application services and domain errors into wire errors; they decide nothing.
//!
//! What every handler shares (`services`, `pb`, `auth`, `error`, `wire`, `texts`) stands below the
//! handlers (`grpc`, `rest`); `router` stands above them and puts them on one router.

mod auth;
mod catalog_cache;
mod cookies;
mod error;
mod grpc;
mod limits;
pub mod pb;
mod rest;
mod router;
mod services;
pub mod texts;
mod wire;

pub use auth::{API_KEY_HEADER, ClientAddr, TOKEN_HEADER};
pub use catalog_cache::CatalogCache;
pub use cookies::cookie;
pub use error::{ApiError, describe};
pub use grpc::unknown_service;
pub use limits::announced_length;
pub use router::router;
pub use services::{MapTiles, ServiceSet, Services};
