//! tonic services, each wrapped for gRPC-Web so browsers reach the same code.

/// A generated service trait implemented for `$server`, each method answered by its subject's
/// handler (`handler(&server, request)`): the operators' and the partners' services, one file per
/// subject.
macro_rules! serve_by_subject {
    ($service:path, $server:ty, {
        $($method:ident($request:ident, $response:ident) => $handler:path;)*
    }) => {
        #[tonic::async_trait]
        impl $service for $server {
            $(
                async fn $method(
                    &self,
                    request: tonic::Request<$crate::pb::$request>,
                ) -> Result<tonic::Response<$crate::pb::$response>, tonic::Status> {
                    $handler(self, request).await
                }
            )*
        }
    };
    // The same, each call answered by the handler of the field named before it (a server whose
    // calls belong to several callers).
    ($service:path, $server:ty, {
        $($method:ident($request:ident, $response:ident) => $field:ident: $handler:path;)*
    }) => {
        #[tonic::async_trait]
        impl $service for $server {
            $(
                async fn $method(
                    &self,
                    request: tonic::Request<$crate::pb::$request>,
                ) -> Result<tonic::Response<$crate::pb::$response>, tonic::Status> {
                    $handler(&self.$field, request).await
                }
            )*
        }
    };
}

mod catalog;
mod federation;
mod identity;
mod invoice;
mod jobs;
mod kept;
mod live;
mod massage;
mod notification;
mod operator;
mod order;
mod partner;
mod payment;
mod referral;
mod report;
mod review;
mod support;

mod user;

use std::sync::Arc;

use axum::Router;
use tonic::server::NamedService;
use tonic_web::GrpcWebLayer;

use crate::pb::catalog_service_server::CatalogServiceServer;
use crate::pb::federation_service_server::FederationServiceServer;
use crate::pb::identity_service_server::IdentityServiceServer;
use crate::pb::invoice_service_server::InvoiceServiceServer;
use crate::pb::job_dispatch_service_server::JobDispatchServiceServer;
use crate::pb::job_progress_service_server::JobProgressServiceServer;
use crate::pb::job_step_service_server::JobStepServiceServer;
use crate::pb::job_thread_service_server::JobThreadServiceServer;
use crate::pb::job_whereabouts_service_server::JobWhereaboutsServiceServer;
use crate::pb::live_service_server::LiveServiceServer;
use crate::pb::massage_service_server::MassageServiceServer;
use crate::pb::notification_service_server::NotificationServiceServer;
use crate::pb::operator_service_server::OperatorServiceServer;
use crate::pb::order_service_server::OrderServiceServer;
use crate::pb::partner_service_server::PartnerServiceServer;
use crate::pb::payment_service_server::PaymentServiceServer;
use crate::pb::referral_service_server::ReferralServiceServer;
use crate::pb::report_service_server::ReportServiceServer;
use crate::pb::review_service_server::ReviewServiceServer;
use crate::pb::support_service_server::SupportServiceServer;
use crate::pb::traveller_job_service_server::TravellerJobServiceServer;
use crate::pb::user_service_server::UserServiceServer;
use crate::services::Services;

/// Each service at `/{package.Service}/{method}`. tonic's own `Routes` would add a fallback of its
/// own; the web app owns the fallback here, and asks `unknown_service` first.
pub(crate) fn router(services: &Services) -> Router {
    let plans = Arc::new(catalog::Catalog::new(
        services.catalog.clone(),
        services.reviews.clone(),
        services.catalog_cache.clone(),
    ));
    let catalog = CatalogServiceServer::from_arc(plans.clone());
    let identity = IdentityServiceServer::new(identity::Identity::new(services.identity.clone()));
    let federation =
        FederationServiceServer::new(federation::Federation::new(services.identity.clone()));
    let users = UserServiceServer::new(user::Users::new(
        services.identity.clone(),
        services.users.clone(),
    ));
    let orders = OrderServiceServer::new(order::Orders::new(
        services.identity.clone(),
        services.orders.clone(),
        services.promos.clone(),
        services.payments.clone(),
        services.catalog.clone(),
    ));
    let payments = PaymentServiceServer::new(payment::Payments::new(
        services.identity.clone(),
        services.payments.clone(),
        services.gifts.clone(),
    ));
    let massage = MassageServiceServer::new(massage::Massage::new(
        services.identity.clone(),
        services.favorites.clone(),
        services.reviews.clone(),
    ));
    let reviews = ReviewServiceServer::new(review::Reviews::new(
        services.identity.clone(),
        services.reviews.clone(),
    ));
    let partner = Arc::new(partner::Partners::new(
        services.identity.clone(),
        services.partners.clone(),
        services.jobs.clone(),
    ));
    let traveller = Arc::new(jobs::Progress::new(
        services.identity.clone(),
        services.jobs.clone(),
        services.tips.clone(),
        services.map_tiles.clone(),
    ));
    let partners = PartnerServiceServer::from_arc(partner.clone());
    let progress = JobProgressServiceServer::from_arc(traveller.clone());
    let job = Arc::new(jobs::Jobs::new(partner, traveller));
    let dispatch = JobDispatchServiceServer::from_arc(job.clone());
    let steps = JobStepServiceServer::from_arc(job.clone());
    let whereabouts = JobWhereaboutsServiceServer::from_arc(job.clone());
    let threads = JobThreadServiceServer::from_arc(job.clone());
    let travellers = TravellerJobServiceServer::from_arc(job);
    let notifications = NotificationServiceServer::new(notification::Notifications::new(
        services.identity.clone(),
        services.notifications.clone(),
    ));
    let referrals = ReferralServiceServer::new(referral::Referrals::new(
        services.identity.clone(),
        services.referrals.clone(),
    ));
    let reports = ReportServiceServer::new(report::Reports::new(
        services.identity.clone(),
        services.operators.clone(),
        services.reports.clone(),
    ));
    let invoices = InvoiceServiceServer::new(invoice::Invoices::new(
        services.identity.clone(),
        services.operators.clone(),
        services.invoices.clone(),
    ));
    let support = SupportServiceServer::new(support::Support::new(
        services.identity.clone(),
        services.support.clone(),
    ));
    // A catalogue photo comes in one message: room for the largest file the media rules take.
    let operators = OperatorServiceServer::new(operator::Operators::new(services.clone()))
        .max_decoding_message_size(services.media.limits().max_file_bytes + 64 * 1024);
    let live = LiveServiceServer::new(live::Live::new(
        services.identity.clone(),
        services.operators.clone(),
        services.live.clone(),
        services.draining.clone(),
    ));
    Router::new()
        .route_service(&path_of(&catalog), catalog)
        .route_service(&path_of(&live), live)
        .route_service(&path_of(&operators), operators)
        .route_service(&path_of(&support), support)
        .route_service(&path_of(&partners), partners)
        .route_service(&path_of(&progress), progress)
        .route_service(&path_of(&dispatch), dispatch)
        .route_service(&path_of(&steps), steps)
        .route_service(&path_of(&whereabouts), whereabouts)
        .route_service(&path_of(&threads), threads)
        .route_service(&path_of(&travellers), travellers)
        .route_service(&path_of(&massage), massage)
        .route_service(&path_of(&reviews), reviews)
        .route_service(&path_of(&orders), orders)
        .route_service(&path_of(&payments), payments)
        .route_service(&path_of(&referrals), referrals)
        .route_service(&path_of(&reports), reports)
        .route_service(&path_of(&invoices), invoices)
        .route_service(&path_of(&identity), identity)
        .route_service(&path_of(&federation), federation)
        .route_service(&path_of(&users), users)
        .route_service(&path_of(&notifications), notifications)
        .layer(axum::middleware::map_response(blame_the_caller))
        .layer(GrpcWebLayer::new())
        .layer(axum::middleware::from_fn_with_state(
            plans,
            catalog::first_pages,
        ))
}

/// Our services never answer INTERNAL (storage faults are UNAVAILABLE, see `error.rs`), so an
/// INTERNAL here is tonic refusing a frame it could not decode: a malformed request, which gRPC
/// names INVALID_ARGUMENT. Without this, a fuzzer's garbage would read as a server fault.
async fn blame_the_caller(mut response: axum::response::Response) -> axum::response::Response {
    let internal = response
        .headers()
        .get("grpc-status")
        .is_some_and(|s| s.as_bytes() == b"13");
    if internal {
        response
            .headers_mut()
            .insert("grpc-status", axum::http::HeaderValue::from_static("3"));
    }
    response
}

/// What a gRPC or gRPC-Web request for a service we do not serve gets: UNIMPLEMENTED (HTTP 200
/// with the status in the headers, gRPC's trailers-only answer) in the request's own content
/// type, as every gRPC client expects; `None` for any other request.
pub fn unknown_service<B>(request: &http::Request<B>) -> Option<axum::response::Response> {
    let content_type = request.headers().get(http::header::CONTENT_TYPE)?;
    if !content_type.as_bytes().starts_with(b"application/grpc") {
        return None;
    }
    // Outside the gateway's routes, so in the language the request asks for here.
    let lang = crate::texts::asked_by(request.headers()).unwrap_or_default();
    let words = domain::words::say(&domain::error::msg("grpc.unknown_service"), lang);
    let mut response = tonic::Status::unimplemented(words).into_http::<axum::body::Body>();
    response
        .headers_mut()
        .insert(http::header::CONTENT_TYPE, content_type.clone());
    Some(response)
}

fn path_of<S: NamedService>(_: &S) -> String {
    format!("/{}/{{*method}}", S::NAME)
}
