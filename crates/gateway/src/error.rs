//! Domain errors on the wire, in exactly one place per protocol.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::DomainError;
use domain::error::{AuthError, AuthErrorKind, msg};
use serde::Serialize;

use crate::texts::render;

impl From<DomainError> for ApiError {
    fn from(err: DomainError) -> Self {
        match err {
            DomainError::InvalidArgument { field, message } => {
                let description = render(&message);
                ApiError {
                    status: StatusCode::BAD_REQUEST,
                    code: "INVALID_ARGUMENT",
                    message: format!("{field}: {description}"),
                    details: vec![FieldViolation { field, description }],
                    retry_after: None,
                }
            }
            DomainError::NotFound { what } => ApiError::new(
                StatusCode::NOT_FOUND,
                "NOT_FOUND",
                format!("{what} not found"),
            ),
            DomainError::FailedPrecondition(reason) => {
                ApiError::new(StatusCode::CONFLICT, "FAILED_PRECONDITION", render(&reason))
            }
            DomainError::Conflict(reason) => {
                ApiError::new(StatusCode::CONFLICT, "ABORTED", render(&reason))
            }
            DomainError::TooLarge(reason) => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "PAYLOAD_TOO_LARGE",
                render(&reason),
            ),
            DomainError::Unsupported(reason) => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "UNSUPPORTED_MEDIA_TYPE",
                render(&reason),
            ),
            DomainError::KeyReused => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "IDEMPOTENCY_KEY_REUSED",
                render(&msg("request.key_reused")),
            ),
            DomainError::Unavailable(_) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "UNAVAILABLE",
                render(&msg("service.unavailable")),
            ),
            DomainError::Throttled {
                message,
                retry_after_secs,
            } => {
                let mut err = ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "RESOURCE_EXHAUSTED",
                    render(&message),
                );
                err.retry_after = Some(retry_after_secs);
                err
            }
            DomainError::PermissionDenied(reason) => {
                ApiError::new(StatusCode::FORBIDDEN, "PERMISSION_DENIED", render(&reason))
            }
            DomainError::Auth(e) => e.into(),
        }
    }
}

/// A domain error in words, as the REST shim says it (`field: message` for a field), for the
/// edges that are not the wire (the operator's command line).
pub fn describe(err: DomainError) -> String {
    ApiError::from(err).message
}

/// Identity errors keep the identity provider's code in `code` and its message in `message`.
impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        let status = match e.kind() {
            AuthErrorKind::BadInput => StatusCode::BAD_REQUEST,
            AuthErrorKind::Conflict => StatusCode::CONFLICT,
            AuthErrorKind::Unauthenticated => StatusCode::UNAUTHORIZED,
            AuthErrorKind::Forbidden => StatusCode::FORBIDDEN,
            AuthErrorKind::Throttled => StatusCode::TOO_MANY_REQUESTS,
        };
        let mut err = ApiError::new(status, e.code(), e.to_string());
        if let AuthError::TooManyAttempts { retry_after_secs } = e {
            err.retry_after = Some(retry_after_secs);
        }
        err
    }
}

/// The status message is the identity provider's (`EMAIL_EXISTS`, `WEAK_PASSWORD : …`), which
/// clients read the code from.
fn auth_status(e: AuthError) -> tonic::Status {
    let message = e.to_string();
    let mut status = match e.kind() {
        AuthErrorKind::BadInput => tonic::Status::invalid_argument(message),
        AuthErrorKind::Conflict => tonic::Status::already_exists(message),
        AuthErrorKind::Unauthenticated => tonic::Status::unauthenticated(message),
        AuthErrorKind::Forbidden => tonic::Status::permission_denied(message),
        AuthErrorKind::Throttled => tonic::Status::resource_exhausted(message),
    };
    if let AuthError::TooManyAttempts { retry_after_secs } = e {
        status = with_retry_after(status, retry_after_secs);
    }
    status
}

fn with_retry_after(mut status: tonic::Status, secs: u64) -> tonic::Status {
    if let Ok(v) = secs.to_string().parse() {
        status.metadata_mut().insert("retry-after", v);
    }
    status
}

pub(crate) fn status(err: DomainError) -> tonic::Status {
    match err {
        DomainError::InvalidArgument { field, message } => {
            tonic::Status::invalid_argument(format!("{field}: {}", render(&message)))
        }
        DomainError::NotFound { what } => tonic::Status::not_found(format!("{what} not found")),
        DomainError::FailedPrecondition(reason) => {
            tonic::Status::failed_precondition(render(&reason))
        }
        DomainError::Conflict(reason) => tonic::Status::aborted(render(&reason)),
        DomainError::TooLarge(reason) => tonic::Status::resource_exhausted(render(&reason)),
        DomainError::Unsupported(reason) => tonic::Status::invalid_argument(render(&reason)),
        DomainError::KeyReused => tonic::Status::invalid_argument(format!(
            "idempotency_key: {}",
            render(&msg("request.key_reused"))
        )),
        DomainError::Unavailable(what) => tonic::Status::unavailable(what),
        DomainError::Throttled {
            message,
            retry_after_secs,
        } => with_retry_after(
            tonic::Status::resource_exhausted(render(&message)),
            retry_after_secs,
        ),
        DomainError::PermissionDenied(reason) => tonic::Status::permission_denied(render(&reason)),
        DomainError::Auth(e) => auth_status(e),
    }
}

/// The REST error body: `{"error": {"code", "message", "details"}}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    details: Vec<FieldViolation>,
    /// Seconds, for a throttled request's `Retry-After`.
    retry_after: Option<u64>,
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
            retry_after: None,
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
        let mut response = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            response
                .headers_mut()
                .insert(http::header::RETRY_AFTER, http::HeaderValue::from(secs));
        }
        response
    }
}
