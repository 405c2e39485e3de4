//! tonic services, each wrapped for gRPC-Web so browsers reach the same code.

mod catalog;

use axum::Router;
use tonic::server::NamedService;
use tonic_web::GrpcWebLayer;

use crate::Services;
use crate::pb::catalog_service_server::CatalogServiceServer;

/// Each service at `/{package.Service}/{method}`. tonic's own `Routes` would add a fallback of its
/// own; the web app owns the fallback here, and unknown gRPC services get HTTP 404, which gRPC
/// clients read as UNIMPLEMENTED.
pub(crate) fn router(services: &Services) -> Router {
    let catalog = CatalogServiceServer::new(catalog::Catalog::new(services.catalog.clone()));
    Router::new()
        .route_service(&path_of(&catalog), catalog)
        .layer(GrpcWebLayer::new())
}

fn path_of<S: NamedService>(_: &S) -> String {
    format!("/{}/{{*method}}", S::NAME)
}
