//! The one error type the application services return. The gateway maps each kind to exactly one
//! gRPC status and one REST status, so the kinds are chosen by what a caller can do about them.

use thiserror::Error;

mod auth;
mod message;

pub use auth::{AuthError, AuthErrorKind};
pub use message::{Arg, Message, msg};

pub type DomainResult<T> = Result<T, DomainError>;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum DomainError {
    /// The caller sent something that can never be valid; `field` names the offending input.
    #[error("{field}: {message}")]
    InvalidArgument { field: String, message: Message },
    /// The thing asked for does not exist (or the caller may not know it exists).
    #[error("{what} not found")]
    NotFound { what: String },
    /// The request is valid but the current state does not allow it.
    #[error("{0}")]
    FailedPrecondition(Message),
    /// A storage or other infrastructure failure; the caller may retry.
    /// A concurrent write got there first; retrying may succeed.
    #[error("conflict: {0}")]
    Conflict(Message),
    /// An upload beyond the size a request or a file may have.
    #[error("too large: {0}")]
    TooLarge(Message),
    /// Content of a type we do not take (judged from the bytes, not the declared type).
    #[error("unsupported: {0}")]
    Unsupported(Message),
    /// An idempotency key already used for a different request.
    #[error("idempotency key reused for a different request")]
    KeyReused,
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// Too many requests of a kind for now; the caller may try again after `retry_after_secs`.
    #[error("throttled: {message}")]
    Throttled {
        message: Message,
        retry_after_secs: u64,
    },
    /// The caller is known but may not do this (a customer on an operator call).
    #[error("permission denied: {0}")]
    PermissionDenied(Message),
    /// An account or token problem, with the identity provider's code.
    #[error(transparent)]
    Auth(#[from] AuthError),
}

impl DomainError {
    pub fn invalid(field: impl Into<String>, message: impl Into<Message>) -> Self {
        Self::InvalidArgument {
            field: field.into(),
            message: message.into(),
        }
    }

    pub fn not_found(what: impl Into<String>) -> Self {
        Self::NotFound { what: what.into() }
    }
}
