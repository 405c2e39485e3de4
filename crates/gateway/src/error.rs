//! Domain errors on the wire, in exactly one place per protocol.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::DomainError;
use std::collections::HashMap;
use std::time::Duration;

use domain::error::{Arg, AuthError, AuthErrorKind, Message, msg};
use serde::Serialize;
use tonic_types::{ErrorDetails, FieldViolation as WireViolation, StatusExt};

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
            DomainError::NotFound { what } => ApiError::missing(&what),
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

/// What a gRPC refusal carries besides its code and words, in Google's error model (sent in
/// `grpc-status-details-bin`): an `ErrorInfo` whose reason a client can branch on (the identity
/// provider's code, `EMAIL_EXISTS`; or the message's code, `order.changed` as `ORDER_CHANGED`)
/// with the message's code and values as metadata, a `BadRequest` naming the field, the words as
/// a `LocalizedMessage`, and `RetryInfo` for a throttle.
struct Refusal {
    code: tonic::Code,
    reason: String,
    text: String,
    field: Option<String>,
    metadata: HashMap<String, String>,
    retry_after: Option<u64>,
}

/// Where the reasons of `ErrorInfo` are defined: this API.
const ERROR_DOMAIN: &str = "booking.v1";

impl Refusal {
    fn new(code: tonic::Code, reason: impl Into<String>, text: String) -> Self {
        Self {
            code,
            reason: reason.into(),
            text,
            field: None,
            metadata: HashMap::new(),
            retry_after: None,
        }
    }

    /// A refusal the domain worded: its reason and metadata come from the message.
    fn said(code: tonic::Code, message: &Message) -> Self {
        let mut refusal = Self::new(code, reason_of(message.code), render(message));
        refusal
            .metadata
            .insert("message".into(), message.code.to_owned());
        for (name, arg) in &message.args {
            if let Arg::Value(value) = arg {
                refusal.metadata.insert((*name).to_owned(), value.clone());
            }
        }
        refusal
    }

    fn into_status(self) -> tonic::Status {
        let mut details = ErrorDetails::new();
        let mut metadata = self.metadata;
        if let Some(field) = &self.field {
            metadata.insert("field".into(), field.clone());
            details.set_bad_request(vec![WireViolation::new(field.clone(), self.text.clone())]);
        }
        details.set_error_info(self.reason, ERROR_DOMAIN, metadata);
        details.set_localized_message(crate::texts::current().tag(), self.text.clone());
        if let Some(secs) = self.retry_after {
            details.set_retry_info(Some(Duration::from_secs(secs)));
        }
        let status = tonic::Status::with_error_details(self.code, self.text, details);
        match self.retry_after {
            Some(secs) => with_retry_after(status, secs),
            None => status,
        }
    }
}

/// `order.note_required` → `ORDER_NOTE_REQUIRED`, the form `ErrorInfo` reasons take.
/// The kinds of things the domain may not find, by the words it names them with, and their terms.
const THINGS: [(&str, &str); 14] = [
    ("linked identity provider", "thing.provider"),
    ("identity provider", "thing.provider"),
    ("customer", "thing.customer"),
    ("category", "thing.category"),
    ("image", "thing.photo"),
    ("photo", "thing.photo"),
    ("key", "thing.key"),
    ("operator", "thing.operator"),
    ("order", "thing.order"),
    ("payment", "thing.payment"),
    ("plan", "thing.plan"),
    ("review", "thing.review"),
    ("thread", "thing.thread"),
    ("therapist", "thing.therapist"),
];

/// "找不到訂單", in the caller's language: the kind of thing the domain did not find (an id after
/// its name is not repeated); an unnamed kind is a thing in general.
fn not_found_words(what: &str) -> String {
    let kind = THINGS.iter().find(|(name, _)| {
        what.strip_prefix(name)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    });
    match kind {
        Some((_, term)) => render(&msg("request.not_found").term("what", term)),
        None => render(&msg("request.not_found_any")),
    }
}

fn reason_of(code: &str) -> String {
    code.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// The status message of an identity error is the identity provider's (`WEAK_PASSWORD : …`, as
/// REST says it); the code alone is the `ErrorInfo` reason.
fn auth_refusal(e: AuthError) -> Refusal {
    let code = match e.kind() {
        AuthErrorKind::BadInput => tonic::Code::InvalidArgument,
        AuthErrorKind::Conflict => tonic::Code::AlreadyExists,
        AuthErrorKind::Unauthenticated => tonic::Code::Unauthenticated,
        AuthErrorKind::Forbidden => tonic::Code::PermissionDenied,
        AuthErrorKind::Throttled => tonic::Code::ResourceExhausted,
    };
    let mut refusal = Refusal::new(code, e.code(), e.to_string());
    if let AuthError::TooManyAttempts { retry_after_secs } = e {
        refusal.retry_after = Some(retry_after_secs);
    }
    refusal
}

fn with_retry_after(mut status: tonic::Status, secs: u64) -> tonic::Status {
    if let Ok(v) = secs.to_string().parse() {
        status.metadata_mut().insert("retry-after", v);
    }
    status
}

pub(crate) fn status(err: DomainError) -> tonic::Status {
    use tonic::Code;
    let refusal = match err {
        DomainError::InvalidArgument { field, message } => {
            let mut refusal = Refusal::said(Code::InvalidArgument, &message);
            refusal.field = Some(field);
            refusal
        }
        DomainError::NotFound { what } => {
            let mut refusal = Refusal::new(
                Code::NotFound,
                format!("{}_NOT_FOUND", reason_of(&what)),
                not_found_words(&what),
            );
            refusal.metadata.insert("what".into(), what);
            refusal
        }
        DomainError::FailedPrecondition(reason) => Refusal::said(Code::FailedPrecondition, &reason),
        DomainError::Conflict(reason) => Refusal::said(Code::Aborted, &reason),
        DomainError::TooLarge(reason) => Refusal::said(Code::ResourceExhausted, &reason),
        DomainError::Unsupported(reason) => Refusal::said(Code::InvalidArgument, &reason),
        DomainError::KeyReused => {
            let mut refusal = Refusal::said(Code::InvalidArgument, &msg("request.key_reused"));
            refusal.field = Some("idempotency_key".into());
            refusal
        }
        // What was unavailable is the server's business; the caller is told to come back.
        DomainError::Unavailable(_) => Refusal::new(
            Code::Unavailable,
            "UNAVAILABLE",
            render(&msg("service.unavailable")),
        ),
        DomainError::Throttled {
            message,
            retry_after_secs,
        } => {
            let mut refusal = Refusal::said(Code::ResourceExhausted, &message);
            refusal.retry_after = Some(retry_after_secs);
            refusal
        }
        DomainError::PermissionDenied(reason) => Refusal::said(Code::PermissionDenied, &reason),
        DomainError::Auth(e) => auth_refusal(e),
    };
    refusal.into_status()
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

    /// 404 for `what` the domain names (`order`, `plan p1`), said in the caller's language.
    pub fn missing(what: &str) -> Self {
        Self::new(StatusCode::NOT_FOUND, "NOT_FOUND", not_found_words(what))
    }

    /// A request that could not be read (its body, query or form): words in the caller's language,
    /// and the parser's own diagnosis, for the developer who sent it, in the details under `part`.
    pub fn malformed(part: &str, diagnosis: impl Into<String>) -> Self {
        let words = render(&msg("request.malformed"));
        let mut err = Self::new(StatusCode::BAD_REQUEST, "INVALID_ARGUMENT", words);
        err.details.push(FieldViolation {
            field: part.to_owned(),
            description: diagnosis.into(),
        });
        err
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
