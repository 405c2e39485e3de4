//! Domain errors on the wire, in exactly one place per protocol.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::DomainError;
use serde::Serialize;

impl From<DomainError> for ApiError {
    fn from(err: DomainError) -> Self {
        match err {
            DomainError::InvalidArgument { field, message } => ApiError {
                status: StatusCode::BAD_REQUEST,
                code: "INVALID_ARGUMENT",
                message: format!("{field}: {message}"),
                details: vec![FieldViolation {
                    field,
                    description: message,
                }],
            },
            DomainError::NotFound { what } => ApiError::new(
                StatusCode::NOT_FOUND,
                "NOT_FOUND",
                format!("{what} not found"),
            ),
            DomainError::FailedPrecondition(reason) => {
                ApiError::new(StatusCode::CONFLICT, "FAILED_PRECONDITION", reason)
            }
            DomainError::Unavailable(_) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "UNAVAILABLE",
                "服務暫時無法使用，請稍後再試",
            ),
        }
    }
}

pub(crate) fn status(err: DomainError) -> tonic::Status {
    match err {
        DomainError::InvalidArgument { field, message } => {
            tonic::Status::invalid_argument(format!("{field}: {message}"))
        }
        DomainError::NotFound { what } => tonic::Status::not_found(format!("{what} not found")),
        DomainError::FailedPrecondition(reason) => tonic::Status::failed_precondition(reason),
        DomainError::Unavailable(what) => tonic::Status::unavailable(what),
    }
}

/// The REST error body: `{"error": {"code", "message", "details"}}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    details: Vec<FieldViolation>,
}

#[derive(Debug, Serialize)]
struct FieldViolation {
    field: String,
    description: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            details: Vec::new(),
        }
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "NOT_FOUND", message)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "INVALID_ARGUMENT", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body<'a> {
            error: Inner<'a>,
        }
        #[derive(Serialize)]
        struct Inner<'a> {
            code: &'a str,
            message: &'a str,
            details: &'a [FieldViolation],
        }
        let body = Body {
            error: Inner {
                code: self.code,
                message: &self.message,
                details: &self.details,
            },
        };
        (self.status, Json(body)).into_response()
    }
}
