//! What can go wrong with an account, in the identity provider's own words: the codes are the
//! contract with clients (the web app maps them to the product's Traditional-Chinese messages).

use thiserror::Error;

#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
pub enum AuthError {
    #[error("EMAIL_EXISTS")]
    EmailExists,
    #[error("INVALID_EMAIL")]
    InvalidEmail,
    /// The message carries the rule, as the identity provider's does.
    #[error("WEAK_PASSWORD : Password should be at least 6 characters")]
    WeakPassword,
    #[error("PASSWORD_TOO_LONG : Password should be at most 128 characters")]
    PasswordTooLong,
    /// Wrong password and unknown e-mail alike, so the answer never tells which e-mails exist.
    #[error("INVALID_LOGIN_CREDENTIALS")]
    InvalidLoginCredentials,
    #[error("TOO_MANY_ATTEMPTS_TRY_LATER")]
    TooManyAttempts { retry_after_secs: u64 },
    #[error("USER_DISABLED")]
    UserDisabled,
    #[error("INVALID_OOB_CODE")]
    InvalidOobCode,
    #[error("EXPIRED_OOB_CODE")]
    ExpiredOobCode,
    #[error("INVALID_REFRESH_TOKEN")]
    InvalidRefreshToken,
    /// No token on a call that needs one.
    #[error("MISSING_ID_TOKEN")]
    MissingIdToken,
    /// A token that is not ours: bad signature, wrong algorithm, key, issuer or audience, garbage.
    #[error("INVALID_ID_TOKEN")]
    InvalidIdToken,
    #[error("TOKEN_EXPIRED")]
    TokenExpired,
    /// A continue link that does not point back into this site.
    #[error("INVALID_CONTINUE_URI")]
    InvalidContinueUri,
    #[error("EMAIL_ALREADY_VERIFIED")]
    EmailAlreadyVerified,
}

impl AuthError {
    /// The bare code (`EMAIL_EXISTS`), without the explanation some messages carry.
    pub fn code(&self) -> &'static str {
        match self {
            Self::EmailExists => "EMAIL_EXISTS",
            Self::InvalidEmail => "INVALID_EMAIL",
            Self::WeakPassword => "WEAK_PASSWORD",
            Self::PasswordTooLong => "PASSWORD_TOO_LONG",
            Self::InvalidLoginCredentials => "INVALID_LOGIN_CREDENTIALS",
            Self::TooManyAttempts { .. } => "TOO_MANY_ATTEMPTS_TRY_LATER",
            Self::UserDisabled => "USER_DISABLED",
            Self::InvalidOobCode => "INVALID_OOB_CODE",
            Self::ExpiredOobCode => "EXPIRED_OOB_CODE",
            Self::InvalidRefreshToken => "INVALID_REFRESH_TOKEN",
            Self::MissingIdToken => "MISSING_ID_TOKEN",
            Self::InvalidIdToken => "INVALID_ID_TOKEN",
            Self::TokenExpired => "TOKEN_EXPIRED",
            Self::InvalidContinueUri => "INVALID_CONTINUE_URI",
            Self::EmailAlreadyVerified => "EMAIL_ALREADY_VERIFIED",
        }
    }

    /// What kind of failure it is, which decides the wire status.
    pub fn kind(&self) -> AuthErrorKind {
        match self {
            Self::EmailExists => AuthErrorKind::Conflict,
            Self::InvalidEmail
            | Self::WeakPassword
            | Self::PasswordTooLong
            | Self::InvalidOobCode
            | Self::ExpiredOobCode
            | Self::InvalidContinueUri
            | Self::EmailAlreadyVerified => AuthErrorKind::BadInput,
            Self::InvalidLoginCredentials
            | Self::InvalidRefreshToken
            | Self::MissingIdToken
            | Self::InvalidIdToken
            | Self::TokenExpired => AuthErrorKind::Unauthenticated,
            Self::UserDisabled => AuthErrorKind::Forbidden,
            Self::TooManyAttempts { .. } => AuthErrorKind::Throttled,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthErrorKind {
    BadInput,
    Conflict,
    Unauthenticated,
    Forbidden,
    Throttled,
}
