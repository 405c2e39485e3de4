//! Tokens and codes: the ID token's claims, opaque refresh tokens, and the single-use codes that
//! mails carry. Opaque secrets are kept only as their SHA-256, so a copy of the database grants
//! nothing.

use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

use super::model::{Email, Role};
use super::policy::IdentityPolicy;
use crate::audit::Staff;
use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::shared::{Language, UserId};

/// The SHA-256 of an opaque secret, in hex: what is stored and looked up.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokenHash(String);

impl TokenHash {
    pub fn of(secret: &str) -> Self {
        let digest = Sha256::digest(secret.as_bytes());
        Self(digest.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// A hash as stored.
    pub fn from_stored(hex: String) -> Self {
        Self(hex)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The claims of an ID token. Times are seconds since the Unix epoch, as JWT has them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdClaims {
    pub iss: String,
    pub aud: String,
    pub sub: String,
    pub email: String,
    pub email_verified: bool,
    /// Absent from customers' tokens; `operator` or `admin` for staff.
    pub role: Role,
    pub auth_time: i64,
    pub iat: i64,
    /// When it was issued to the millisecond (a claim of ours), so that a sign-out refuses the
    /// tokens of its own second too. Tokens without it count from `iat`.
    pub iat_ms: Option<i64>,
    pub nbf: i64,
    pub exp: i64,
}

/// Who is calling, as proven by a valid ID token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    pub user_id: UserId,
    pub email: String,
    pub email_verified: bool,
    pub role: Role,
    pub auth_time: DateTime<Utc>,
    /// The language the caller chose in their profile (the default before they have one), read
    /// with their account when the token is checked: a call answered in it reads no more.
    pub language: Language,
}

impl Principal {
    /// An operator's ID token makes staff; a customer's is refused.
    pub fn into_staff(self) -> DomainResult<Staff> {
        match self.role {
            Role::Operator | Role::Admin => Ok(Staff::Operator {
                user_id: self.user_id,
                // Until their profile's is read (`OperatorService::staff_of`): the mailbox.
                name: self.email.split('@').next().unwrap_or_default().to_owned(),
                email: self.email,
                admin: self.role == Role::Admin,
            }),
            Role::Customer | Role::Partner => Err(DomainError::PermissionDenied(msg("staff.only"))),
        }
    }
}

impl IdClaims {
    pub fn new(
        policy: &IdentityPolicy,
        user: &UserId,
        email: &Email,
        email_verified: bool,
        role: Role,
        auth_time: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Self {
        Self {
            iss: policy.issuer.clone(),
            aud: policy.audience.clone(),
            sub: user.as_str().to_owned(),
            email: email.as_str().to_owned(),
            email_verified,
            role,
            auth_time: auth_time.timestamp(),
            iat: now.timestamp(),
            iat_ms: Some(now.timestamp_millis()),
            nbf: now.timestamp(),
            exp: (now + policy.id_token_ttl).timestamp(),
        }
    }

    /// When the token was issued, to the millisecond where it says.
    pub fn issued_at_ms(&self) -> i64 {
        self.iat_ms
            .filter(|ms| ms.div_euclid(1000) == self.iat)
            .unwrap_or(self.iat.saturating_mul(1000))
    }

    /// The rules a signature does not cover: issuer, audience, and the validity window, with a
    /// small leeway for clocks of different nodes.
    pub fn check(
        &self,
        policy: &IdentityPolicy,
        now: DateTime<Utc>,
    ) -> Result<Principal, AuthError> {
        let now_s = now.timestamp();
        let leeway = policy.clock_leeway.num_seconds();
        if self.iss != policy.issuer || self.aud != policy.audience || self.nbf > now_s + leeway {
            return Err(AuthError::InvalidIdToken);
        }
        if self.exp <= now_s - leeway {
            return Err(AuthError::TokenExpired);
        }
        let user_id = UserId::parse(&self.sub).map_err(|_| AuthError::InvalidIdToken)?;
        let auth_time =
            DateTime::from_timestamp(self.auth_time, 0).ok_or(AuthError::InvalidIdToken)?;
        Ok(Principal {
            user_id,
            email: self.email.clone(),
            email_verified: self.email_verified,
            role: self.role,
            auth_time,
            language: Language::default(),
        })
    }
}

/// A refresh token as stored. Tokens of one sign-in form a family; each use replaces the token
/// with a new one of the same family, and a second use of a replaced token revokes the family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefreshToken {
    pub hash: TokenHash,
    pub user_id: UserId,
    pub family: String,
    /// When the family's sign-in happened (the ID token's `auth_time`).
    pub auth_time: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

impl RefreshToken {
    pub fn usable(&self, now: DateTime<Utc>) -> bool {
        self.used_at.is_none() && self.revoked_at.is_none() && now < self.expires_at
    }

    /// Used already, but within `grace` of that use, and neither revoked nor expired: the client
    /// that used it lost the answer or asked twice at once, so it may have another of the family.
    pub fn in_reuse_grace(&self, now: DateTime<Utc>, grace: Duration) -> bool {
        self.revoked_at.is_none()
            && now < self.expires_at
            && self.used_at.is_some_and(|used| now - used <= grace)
    }
}

/// What a mailed code lets its holder do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionMode {
    VerifyEmail,
    ResetPassword,
}

impl ActionMode {
    /// The `mode` of the link, as the identity provider names it.
    pub const fn as_str(self) -> &'static str {
        match self {
            ActionMode::VerifyEmail => "verifyEmail",
            ActionMode::ResetPassword => "resetPassword",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [ActionMode::VerifyEmail, ActionMode::ResetPassword]
            .into_iter()
            .find(|m| m.as_str() == raw)
    }

    pub fn lifetime(self, policy: &IdentityPolicy) -> Duration {
        match self {
            ActionMode::VerifyEmail => policy.verify_code_ttl,
            ActionMode::ResetPassword => policy.reset_code_ttl,
        }
    }
}

/// A single-use code sent by mail, stored as its hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionCode {
    pub hash: TokenHash,
    pub user_id: UserId,
    pub mode: ActionMode,
    /// The address it was sent to: a code for an address the account no longer has is void.
    pub email: Email,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

impl ActionCode {
    pub fn check(&self, now: DateTime<Utc>) -> Result<(), AuthError> {
        if self.used_at.is_some() {
            return Err(AuthError::InvalidOobCode);
        }
        if now >= self.expires_at {
            return Err(AuthError::ExpiredOobCode);
        }
        Ok(())
    }
}

/// What a signed-in client holds: a short-lived ID token and the refresh token that renews it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub user_id: UserId,
    pub email: Email,
    pub email_verified: bool,
    pub id_token: String,
    pub refresh_token: String,
    pub expires_in_secs: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(s, 0).unwrap()
    }

    fn claims(policy: &IdentityPolicy, now: DateTime<Utc>) -> IdClaims {
        IdClaims::new(
            policy,
            &UserId::parse("u1").unwrap(),
            &Email::parse("a@example.com").unwrap(),
            false,
            Role::Customer,
            now,
            now,
        )
    }

    #[test]
    fn hashes_are_sha256_hex() {
        assert_eq!(
            TokenHash::of("abc").as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn claims_hold_for_an_hour_within_the_leeway() {
        let policy = IdentityPolicy::for_site("http://localhost:8080");
        let issued = at(1_800_000_000);
        let c = claims(&policy, issued);
        assert_eq!(c.exp - c.iat, 3600);
        assert_eq!(c.check(&policy, issued).unwrap().user_id.as_str(), "u1");
        assert!(
            c.check(&policy, issued + Duration::seconds(3600 + 29))
                .is_ok()
        );
        assert_eq!(
            c.check(&policy, issued + Duration::seconds(3600 + 30)),
            Err(AuthError::TokenExpired)
        );
        assert_eq!(
            c.check(&policy, issued - Duration::seconds(31)),
            Err(AuthError::InvalidIdToken),
            "not before its nbf"
        );
        for tamper in [
            |c: &mut IdClaims| c.aud = "other-project".into(),
            |c: &mut IdClaims| c.iss = "https://evil.example".into(),
            |c: &mut IdClaims| c.sub = "../x".into(),
        ] {
            let mut bad = c.clone();
            tamper(&mut bad);
            assert_eq!(bad.check(&policy, issued), Err(AuthError::InvalidIdToken));
        }
    }

    #[test]
    fn codes_are_single_use_and_expire() {
        let now = at(1_800_000_000);
        let mut code = ActionCode {
            hash: TokenHash::of("x"),
            user_id: UserId::parse("u1").unwrap(),
            mode: ActionMode::VerifyEmail,
            email: Email::parse("a@example.com").unwrap(),
            created_at: now,
            expires_at: now + Duration::hours(1),
            used_at: None,
        };
        assert!(code.check(now).is_ok());
        assert_eq!(
            code.check(now + Duration::hours(1)),
            Err(AuthError::ExpiredOobCode)
        );
        code.used_at = Some(now);
        assert_eq!(code.check(now), Err(AuthError::InvalidOobCode));
        assert_eq!(
            ActionMode::parse("resetPassword"),
            Some(ActionMode::ResetPassword)
        );
        assert_eq!(ActionMode::parse("signIn"), None);
    }
}
