//! Every API on one router, and the caching every answer is given.

use axum::Router;
use axum::extract::State;

use crate::auth::{Authenticated, TOKEN_HEADER};
use crate::services::Services;
use crate::texts;
use crate::{grpc, rest};
use domain::identity::Principal;

/// Every API on one router: gRPC and gRPC-Web under `/booking.v1.*`, REST under `/api`.
pub fn router(services: Services) -> Router {
    grpc::router(&services)
        .merge(rest::media::photos(services.clone()))
        .merge(rest::oidc::callbacks(services.clone()))
        .merge(Router::new().nest("/api", rest::router(services.clone())))
        .layer(axum::middleware::from_fn(cache_control))
        .layer(axum::middleware::from_fn_with_state(services, language))
}

/// Every answer is in the caller's language, as its `Accept-Language` asks (Traditional Chinese
/// when it asks for none of ours): refusals, labels and every other word the server returns. A
/// signed-in caller that sends no `Accept-Language` is answered in their profile's language.
async fn language(
    State(s): State<Services>,
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let lang = match texts::asked_by(request.headers()) {
        Some(lang) => lang,
        None => {
            let who = caller(&s, request.headers()).await;
            let lang = who.as_ref().map(|who| who.language).unwrap_or_default();
            if let Some(who) = who {
                request.extensions_mut().insert(Authenticated(who));
            }
            lang
        }
    };
    texts::speaking(lang, next.run(request)).await
}

/// The signed-in caller; none for anyone else (a bad token is refused by the call itself, in
/// the default language).
async fn caller(s: &Services, headers: &http::HeaderMap) -> Option<Principal> {
    let token = headers.get(TOKEN_HEADER)?.to_str().ok()?;
    s.identity.authenticate(token).await.ok()
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
