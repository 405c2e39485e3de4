//! The REST shim: the spec's documented paths under `/api`, JSON in and out, success as
//! `{"data": …}`, errors as `{"error": …}` (also for unknown paths and methods).

mod catalog;
mod identity;
mod massage;
mod order;
mod payment;
mod user;

use axum::Router;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request};
use axum::routing::{get, post, put};
use http::StatusCode;

use crate::{ApiError, Services};

pub(crate) fn router(services: Services) -> Router {
    Router::new()
        .route("/openapi.json", get(openapi))
        .route("/categories", get(catalog::list_categories))
        .route("/plan/{category}", get(catalog::list_plans))
        .route("/plan/{category}/{plan_id}", get(catalog::get_plan))
        .route("/plan/dragon-massage/therapist", get(massage::therapists))
        .route(
            "/plan/dragon-massage/favorite-therapist",
            get(massage::get_favorites).put(massage::put_favorites),
        )
        .route(
            "/plan/dragon-massage/hotel/images/upload",
            post(massage::upload).layer(DefaultBodyLimit::max(
                services.media.limits().max_request_bytes(),
            )),
        )
        .route(
            "/plan/dragon-massage/hotel/images/{id}",
            get(massage::image).delete(massage::delete_image),
        )
        .route(
            "/plan/dragon-massage/hotel/images/{id}/thumbnail",
            get(massage::thumbnail),
        )
        .route("/plan/{category}/{plan_id}/order", post(order::create))
        .route(
            "/plan/{category}/{plan_id}/estimateFee",
            post(order::estimate),
        )
        .route("/plan/{category}/order/{order_id}", put(order::update))
        .route("/order/detail", get(order::list))
        .route("/order/detail/{id}", get(order::get))
        .route(
            "/order/detail/{id}/cancel",
            get(payment::cancel_quote).post(payment::cancel),
        )
        .route(
            "/plan/{category}/order/{order_id}/payment",
            post(payment::pay),
        )
        .route("/payment/methods", get(payment::methods))
        .route("/payment/vnpay/ipn", get(payment::vnpay_ipn))
        .route("/payment/vnpay/return", get(payment::vnpay_return))
        .route("/payment/vietqr/notify", post(payment::bank_notice))
        .route("/payment/{id}", get(payment::get))
        .route("/v-coin", get(payment::wallet))
        .route("/v-coin/entries", get(payment::entries))
        .route("/v-coin/top-up", post(payment::top_up))
        .route("/login", post(user::login))
        .route("/user", get(user::get_user).patch(user::update_user))
        .route("/auth/sign-up", post(identity::sign_up))
        .route("/auth/sign-in", post(identity::sign_in))
        .route("/auth/refresh", post(identity::refresh))
        .route("/auth/sign-out", post(identity::sign_out))
        .route(
            "/auth/send-verification-email",
            post(identity::send_verification_email),
        )
        .route("/auth/check-action-code", post(identity::check_action_code))
        .route("/auth/apply-action-code", post(identity::apply_action_code))
        .route(
            "/auth/send-password-reset",
            post(identity::send_password_reset),
        )
        .route(
            "/auth/confirm-password-reset",
            post(identity::confirm_password_reset),
        )
        .route("/auth/change-password", post(identity::change_password))
        .route("/auth/change-email", post(identity::change_email))
        .fallback(|| async { ApiError::not_found("no such API path") })
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
/// envelope rather than axum's plain-text answer.
pub(crate) struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        axum::Json::<T>::from_request(req, state)
            .await
            .map(|axum::Json(v)| Body(v))
            .map_err(|e: JsonRejection| ApiError::bad_request(e.body_text()))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// The routes as written in `router` above and the paths the document names, each parameter
    /// reduced to `{}`: the two lists must be the same.
    #[test]
    fn the_openapi_document_names_every_route() {
        let shape = |p: &str| {
            p.split('/')
                .map(|s| if s.starts_with('{') { "{}" } else { s })
                .collect::<Vec<_>>()
                .join("/")
        };
        let source = include_str!("mod.rs");
        let router = &source[..source.find("/// This shim described").unwrap()];
        let routes: BTreeSet<String> = router
            .split(".route(")
            .skip(1)
            .filter_map(|r| r.split('"').nth(1))
            .filter(|p| *p != "/openapi.json")
            .map(|p| shape(&format!("/api{p}")))
            .collect();
        let doc: serde_json::Value = serde_json::from_str(super::OPENAPI).unwrap();
        let documented: BTreeSet<String> = doc["paths"]
            .as_object()
            .unwrap()
            .keys()
            .map(|p| shape(p))
            .collect();
        assert_eq!(routes, documented);
    }
}
