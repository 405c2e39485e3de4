//! The REST shim: the spec's documented paths under `/api`, JSON in and out, success as
//! `{"data": …}`, errors as `{"error": …}` (also for unknown paths and methods).

mod catalog;

use axum::Router;
use axum::routing::get;
use http::StatusCode;

use crate::{ApiError, Services};

pub(crate) fn router(services: Services) -> Router {
    Router::new()
        .route("/categories", get(catalog::list_categories))
        .route("/plan/{category}", get(catalog::list_plans))
        .route("/plan/{category}/{plan_id}", get(catalog::get_plan))
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
