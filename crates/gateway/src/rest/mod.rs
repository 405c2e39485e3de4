//! The REST shim: the product's documented paths under `/api`, JSON in and out, success as
//! `{"data": …}`, errors as `{"error": …}` (also for unknown paths and methods).

mod catalog;
mod identity;
mod massage;
pub(crate) mod media;
pub(crate) mod oidc;
mod order;
mod payment;
mod user;

use axum::Router;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request};
use axum::handler::Handler;
use axum::routing::{MethodFilter, MethodRouter, get, on};
use http::StatusCode;

use domain::DomainError;
use domain::error::msg;

use crate::error::ApiError;
use crate::services::Services;

/// The methods the shim routes.
#[derive(Clone, Copy, Debug)]
enum Verb {
    Get,
    Post,
    Put,
    Patch,
    Delete,
}
use Verb::{Delete as DELETE, Get as GET, Patch as PATCH, Post as POST, Put as PUT};

impl Verb {
    fn filter(self) -> MethodFilter {
        match self {
            GET => MethodFilter::GET,
            POST => MethodFilter::POST,
            PUT => MethodFilter::PUT,
            PATCH => MethodFilter::PATCH,
            DELETE => MethodFilter::DELETE,
        }
    }
}

/// One row of the route table: the method and path docs/product.md documents, what answers them, and
/// the largest body it takes.
struct Route {
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "read by the OpenAPI document's test")
    )]
    verb: Verb,
    path: &'static str,
    handler: MethodRouter<Services>,
    body_limit: usize,
}

/// A JSON body's bound (axum's own default, stated once so the early refusal uses it too).
const JSON_LIMIT: usize = 2 * 1024 * 1024;

fn at<H: Handler<T, Services>, T: 'static>(verb: Verb, path: &'static str, handler: H) -> Route {
    Route {
        verb,
        path,
        handler: on(verb.filter(), handler),
        body_limit: JSON_LIMIT,
    }
}

impl Route {
    fn limit_body(mut self, bytes: usize) -> Self {
        self.body_limit = bytes;
        self
    }

    /// The handler behind its bound: read no further than it, and refused before reading when
    /// the request announces more.
    fn bounded(self) -> MethodRouter<Services> {
        let limit = self.body_limit;
        self.handler
            .layer(DefaultBodyLimit::max(limit))
            .layer(axum::middleware::from_fn(move |request, next| {
                refuse_announced_over(limit, request, next)
            }))
    }
}

/// A body announced (`Content-Length`) longer than the route takes is refused at once, before a
/// byte of it is read: waiting for a body that would be refused anyway held the connection until
/// the body's deadline. (The listener then reads away a modest rest, so the connection stays
/// usable, or closes it when far more was announced.)
async fn refuse_announced_over(
    limit: usize,
    request: Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let announced = crate::limits::announced_length(request.headers());
    if announced.is_some_and(|n| n > limit as u64) {
        return ApiError::from(DomainError::TooLarge(msg("request.body_too_large")))
            .into_response();
    }
    next.run(request).await
}

/// Every route of the shim. The router is built from this table, and a test holds the OpenAPI
/// document to it, method by method.
fn routes(upload_limit: usize) -> Vec<Route> {
    vec![
        at(GET, "/categories", catalog::list_categories),
        at(GET, "/plan/{category}", catalog::list_plans),
        at(GET, "/plan/{category}/{plan_id}", catalog::get_plan),
        at(GET, "/plan/dragon-massage/therapist", massage::therapists),
        at(
            GET,
            "/plan/dragon-massage/favorite-therapist",
            massage::get_favorites,
        ),
        at(
            PUT,
            "/plan/dragon-massage/favorite-therapist",
            massage::put_favorites,
        ),
        at(
            POST,
            "/plan/dragon-massage/hotel/images/upload",
            massage::upload,
        )
        .limit_body(upload_limit),
        at(
            GET,
            "/plan/dragon-massage/hotel/images/{id}",
            massage::image,
        ),
        at(
            DELETE,
            "/plan/dragon-massage/hotel/images/{id}",
            massage::delete_image,
        ),
        at(
            GET,
            "/plan/dragon-massage/hotel/images/{id}/thumbnail",
            massage::thumbnail,
        ),
        at(POST, "/plan/{category}/{plan_id}/order", order::create),
        at(
            POST,
            "/plan/{category}/{plan_id}/estimateFee",
            order::estimate,
        ),
        at(PUT, "/plan/{category}/order/{order_id}", order::update),
        at(GET, "/order/detail", order::list),
        at(GET, "/order/detail/{id}", order::get),
        at(GET, "/order/detail/{id}/cancel", payment::cancel_quote),
        at(POST, "/order/detail/{id}/cancel", payment::cancel),
        at(
            POST,
            "/plan/{category}/order/{order_id}/payment",
            payment::pay,
        ),
        at(GET, "/payment/methods", payment::methods),
        at(GET, "/payment/vnpay/ipn", payment::vnpay_ipn),
        at(GET, "/payment/vnpay/return", payment::vnpay_return),
        at(POST, "/payment/vietqr/notify", payment::bank_notice),
        at(GET, "/payment/{id}", payment::get),
        at(GET, "/v-coin", payment::wallet),
        at(GET, "/v-coin/entries", payment::entries),
        at(POST, "/v-coin/top-up", payment::top_up),
        at(POST, "/login", user::login),
        at(GET, "/user", user::get_user),
        at(PATCH, "/user", user::update_user),
        at(POST, "/auth/sign-up", identity::sign_up),
        at(POST, "/auth/sign-in", identity::sign_in),
        at(POST, "/auth/refresh", identity::refresh),
        at(POST, "/auth/sign-out", identity::sign_out),
        at(
            POST,
            "/auth/send-verification-email",
            identity::send_verification_email,
        ),
        at(POST, "/auth/check-action-code", identity::check_action_code),
        at(POST, "/auth/apply-action-code", identity::apply_action_code),
        at(
            POST,
            "/auth/send-password-reset",
            identity::send_password_reset,
        ),
        at(
            POST,
            "/auth/confirm-password-reset",
            identity::confirm_password_reset,
        ),
        at(POST, "/auth/change-password", identity::change_password),
        at(POST, "/auth/change-email", identity::change_email),
    ]
}

pub(crate) fn router(services: Services) -> Router {
    let upload_limit = services.media.limits().max_request_bytes();
    routes(upload_limit)
        .into_iter()
        .fold(
            Router::new().route("/openapi.json", get(openapi)),
            |router, r| router.route(r.path, r.bounded()),
        )
        .fallback(|| async { ApiError::missing("API path") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "METHOD_NOT_ALLOWED",
                "method not allowed on this path",
            )
        })
        .with_state(services)
}

/// This shim described for tools (schemathesis fuzzes it from this document), kept beside the
/// routes it describes; a test checks that every route above is in it.
pub(crate) const OPENAPI: &str = include_str!("openapi.json");

async fn openapi() -> impl axum::response::IntoResponse {
    ([(http::header::CONTENT_TYPE, "application/json")], OPENAPI)
}

/// The success envelope of every REST answer.
#[derive(serde::Serialize)]
pub(crate) struct Data<T> {
    pub data: T,
    #[serde(rename = "nextPageToken", skip_serializing_if = "Option::is_none")]
    pub next_page_token: Option<String>,
}

impl<T> Data<T> {
    pub fn new(data: T) -> axum::Json<Self> {
        axum::Json(Self {
            data,
            next_page_token: None,
        })
    }
}

/// A JSON body whose problems (not JSON, wrong shape, unknown fields) are a 400 in our error
/// envelope rather than axum's plain-text answer; one over the size limit is a 413.
pub(crate) struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        axum::Json::<T>::from_request(req, state)
            .await
            .map(|axum::Json(v)| Body(v))
            .map_err(|e: JsonRejection| match e.status() {
                StatusCode::PAYLOAD_TOO_LARGE => {
                    DomainError::TooLarge(msg("request.body_too_large")).into()
                }
                _ => ApiError::malformed("body", e.body_text()),
            })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// The routes the router is built from and the operations the document names, as (method,
    /// path) with each parameter reduced to `{}`: the two sets must be the same.
    #[test]
    fn the_openapi_document_names_every_route_and_method() {
        let shape = |p: &str| {
            p.split('/')
                .map(|s| if s.starts_with('{') { "{}" } else { s })
                .collect::<Vec<_>>()
                .join("/")
        };
        let routed: BTreeSet<(String, String)> = super::routes(1)
            .iter()
            .map(|r| {
                (
                    format!("{:?}", r.verb).to_uppercase(),
                    shape(&format!("/api{}", r.path)),
                )
            })
            .collect();
        let doc: serde_json::Value = serde_json::from_str(super::OPENAPI).unwrap();
        let mut documented = BTreeSet::new();
        for (path, operations) in doc["paths"].as_object().unwrap() {
            for method in operations.as_object().unwrap().keys() {
                if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                    documented.insert((method.to_uppercase(), shape(path)));
                }
            }
        }
        assert_eq!(
            routed.len(),
            super::routes(1).len(),
            "a method and path routed twice"
        );
        assert_eq!(routed, documented);
    }
}
