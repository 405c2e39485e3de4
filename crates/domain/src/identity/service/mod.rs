//! The identity service, one file per subject: sessions, mailed codes, credentials. This file
//! holds what they share.

mod codes;
mod credentials;
mod federated;
mod sessions;
mod ways_in;

use std::sync::{Arc, OnceLock};

use chrono::{DateTime, Utc};

pub use federated::{FederatedOutcome, FederatedStart};
pub use ways_in::WaysIn;

use super::federation::{FederationStore, RelyingParty};
use super::model::Email;
use super::policy::{IdentityPolicy, Limit};
use super::ports::{
    Change, CommitError, IdentityStore, Mail, MailKind, PasswordHasher, RateLimiter, Take,
    TokenSigner,
};
use super::tokens::{ActionMode, Principal};
use crate::error::{AuthError, DomainError, DomainResult};
use crate::shared::{Clock, Randomness};

/// Everything the identity rules work with.
pub struct IdentityDeps {
    pub store: Arc<dyn IdentityStore>,
    pub federation: Arc<dyn FederationStore>,
    pub relying_party: Arc<dyn RelyingParty>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenSigner>,
    pub limiter: Arc<dyn RateLimiter>,
    pub clock: Arc<dyn Clock>,
    pub random: Arc<dyn Randomness>,
    pub policy: IdentityPolicy,
}

/// What a mailed code is for, shown before it is used (the reset page names the account).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionCodeInfo {
    pub mode: ActionMode,
    pub email: Email,
    /// The shortest password the account may set (`Role::password_min`).
    pub password_min: usize,
}

/// Sign-up, sign-in, tokens, and the mailed actions.
#[derive(Clone)]
pub struct IdentityService {
    deps: Arc<IdentityDeps>,
    /// A hash of no one's password, verified against when the e-mail is unknown, so that such a
    /// sign-in costs what a wrong password costs.
    decoy: Arc<OnceLock<String>>,
}
impl IdentityService {
    pub fn new(deps: IdentityDeps) -> Self {
        Self {
            deps: Arc::new(deps),
            decoy: Arc::new(OnceLock::new()),
        }
    }

    /// Makes the decoy hash now, so that not even the first sign-in for an unknown e-mail after
    /// a start costs more than one for a known one.
    pub async fn warm_up(&self) -> DomainResult<()> {
        self.decoy_hash().await.map(|_| ())
    }

    pub fn policy(&self) -> &IdentityPolicy {
        &self.deps.policy
    }

    pub(super) fn store(&self) -> &dyn IdentityStore {
        self.deps.store.as_ref()
    }

    pub(super) fn now(&self) -> DateTime<Utc> {
        self.deps.clock.now()
    }

    /// Checks an ID token: algorithm, key and signature (the signer), then issuer, audience and
    /// validity window (the claims' rules).
    pub async fn authenticate(&self, id_token: &str) -> DomainResult<Principal> {
        let token = id_token.trim();
        let token = token.strip_prefix("Bearer ").unwrap_or(token).trim();
        if token.is_empty() {
            return Err(AuthError::MissingIdToken.into());
        }
        let now = self.now();
        let claims = self.deps.tokens.decode(token, now).await?;
        let mut principal = claims.check(&self.deps.policy, now)?;
        // The account as it stands: a token from before its last sign-out, password or e-mail
        // change is spent, and a disabled account's tokens stop at once. A database that does
        // not answer is UNAVAILABLE (clients retry), never a bad token.
        let (account, language) = self
            .store()
            .account_signed_in(&principal.user_id)
            .await?
            .ok_or(AuthError::InvalidIdToken)?;
        if account.disabled {
            return Err(AuthError::UserDisabled.into());
        }
        if claims.issued_at_ms() < account.tokens_valid_after.timestamp_millis() {
            return Err(AuthError::TokenExpired.into());
        }
        principal.role = account.role;
        principal.language = language.unwrap_or_default();
        Ok(principal)
    }

    async fn commit(&self, change: Change) -> DomainResult<()> {
        self.deps.store.commit(change).await.map_err(commit_error)
    }

    async fn revoke_family(&self, family: &str) -> DomainResult<()> {
        self.commit(Change {
            revoke_family: Some(family.to_owned()),
            ..Change::default()
        })
        .await
    }

    /// Counts one event under `key`, or refuses when its window is full and tells the caller
    /// when to come back.
    async fn throttle(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> DomainResult<()> {
        match self.deps.limiter.take(key, limit, now).await? {
            Take::Counted(_) => Ok(()),
            Take::Full(w) => Err(too_many(w.resets_at, now).into()),
        }
    }

    fn mail(&self, to: Email, kind: MailKind, link: Option<String>, now: DateTime<Utc>) -> Mail {
        Mail {
            id: self.deps.random.id(),
            to,
            kind,
            link,
            detail: None,
            language: None,
            created_at: now,
        }
    }
}

fn too_many(resets_at: DateTime<Utc>, now: DateTime<Utc>) -> AuthError {
    let secs = (resets_at - now).num_seconds().max(1);
    AuthError::TooManyAttempts {
        retry_after_secs: u64::try_from(secs).unwrap_or(1),
    }
}

fn commit_error(e: CommitError) -> DomainError {
    match e {
        CommitError::EmailTaken => AuthError::EmailExists.into(),
        CommitError::Stale => AuthError::InvalidRefreshToken.into(),
        CommitError::AlreadyLinked => federated::linked_already(),
        CommitError::Storage(e) => e,
    }
}
