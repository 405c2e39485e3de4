use std::sync::{Arc, OnceLock};

use chrono::{DateTime, Utc};

use super::model::{Account, Email, Password, Role};
use super::policy::{IdentityPolicy, Limit};
use super::ports::{
    Change, CommitError, IdentityStore, Mail, MailKind, PasswordHasher, RateLimiter, Take,
    TokenSigner,
};
use super::tokens::{
    ActionCode, ActionMode, IdClaims, Principal, RefreshToken, Session, TokenHash,
};
use crate::error::{AuthError, DomainError, DomainResult};
use crate::shared::{Clock, Randomness, UserId};

/// Everything the identity rules work with.
pub struct IdentityDeps {
    pub store: Arc<dyn IdentityStore>,
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
        let principal = claims.check(&self.deps.policy, now)?;
        // The account as it stands: a token from before its last sign-out, password or e-mail
        // change is spent, and a disabled account's tokens stop at once. A database that does
        // not answer is UNAVAILABLE (clients retry), never a bad token.
        let account = self
            .store()
            .account_by_id(&principal.user_id)
            .await?
            .ok_or(AuthError::InvalidIdToken)?;
        if account.disabled {
            return Err(AuthError::UserDisabled.into());
        }
        if claims.issued_at_ms() < account.tokens_valid_after.timestamp_millis() {
            return Err(AuthError::TokenExpired.into());
        }
        Ok(principal)
    }

    #[tracing::instrument(skip_all)]
    pub async fn sign_up(
        &self,
        email: &str,
        password: &str,
        continue_url: &str,
        client: &str,
    ) -> DomainResult<Session> {
        let now = self.now();
        self.throttle(
            &format!("signup:addr:{client}"),
            self.deps.policy.sign_up_per_address,
            now,
        )
        .await?;
        let email = Email::parse(email)?;
        let password = Password::new(password)?;
        let continue_path = self.deps.policy.continue_path(continue_url)?;
        if self.store().account_by_email(&email).await?.is_some() {
            return Err(AuthError::EmailExists.into());
        }
        let account = Account {
            id: UserId::parse(&self.deps.random.id())?,
            email: email.clone(),
            password_hash: self.deps.hasher.hash(&password).await?,
            role: Role::Customer,
            email_verified: false,
            disabled: false,
            created_at: now,
            updated_at: now,
            tokens_valid_after: DateTime::UNIX_EPOCH,
        };
        let (code, mail) =
            self.code_and_mail(&account, ActionMode::VerifyEmail, &continue_path, now);
        let (refresh, secret) = self.new_refresh_token(&account.id, now, now, None);
        self.commit(Change {
            insert_account: Some(account.clone()),
            new_code: Some(code),
            new_refresh_token: Some(refresh),
            mails: vec![mail],
            ..Change::default()
        })
        .await?;
        self.session(&account, secret, now, now).await
    }

    #[tracing::instrument(skip_all)]
    pub async fn sign_in(
        &self,
        email: &str,
        password: &str,
        client: &str,
    ) -> DomainResult<Session> {
        let now = self.now();
        let email = Email::parse(email)?;
        let password = Password::offered(password)?;
        let per_account = format!("signin:email:{}", email.as_str());
        let per_address = format!("signin:addr:{client}");
        let policy = &self.deps.policy;
        // Room is taken before the password is checked, so a burst gets no more guesses than
        // the limit; a sign-in that succeeds gives its room back.
        self.throttle(&per_account, policy.sign_in_per_account, now)
            .await?;
        if let Err(e) = self
            .throttle(&per_address, policy.sign_in_per_address, now)
            .await
        {
            self.deps.limiter.give_back(&per_account).await?;
            return Err(e);
        }
        let account = self.store().account_by_email(&email).await?;
        let matches = match &account {
            Some(a) => self.deps.hasher.verify(&password, &a.password_hash).await?,
            None => {
                let decoy = self.decoy_hash().await?;
                self.deps.hasher.verify(&password, &decoy).await?;
                false
            }
        };
        let Some(account) = account.filter(|_| matches) else {
            return Err(AuthError::InvalidLoginCredentials.into());
        };
        self.deps.limiter.give_back(&per_address).await?;
        if account.disabled {
            return Err(AuthError::UserDisabled.into());
        }
        self.deps.limiter.clear(&per_account).await?;
        let (refresh, secret) = self.new_refresh_token(&account.id, now, now, None);
        self.commit(Change {
            new_refresh_token: Some(refresh),
            ..Change::default()
        })
        .await?;
        self.session(&account, secret, now, now).await
    }

    /// Exchanges a refresh token for a new ID token and a new refresh token. A token used twice
    /// means a copy is in someone else's hands: its whole family is revoked.
    #[tracing::instrument(skip_all)]
    pub async fn refresh(&self, refresh_token: &str) -> DomainResult<Session> {
        let now = self.now();
        let hash = TokenHash::of(refresh_token.trim());
        let Some(token) = self.store().refresh_token(&hash).await? else {
            return Err(AuthError::InvalidRefreshToken.into());
        };
        if token.used_at.is_some() && token.revoked_at.is_none() {
            tracing::warn!(
                user = token.user_id.as_str(),
                "refresh token reused: family revoked"
            );
            self.revoke_family(&token.family).await?;
        }
        if !token.usable(now) {
            return Err(AuthError::InvalidRefreshToken.into());
        }
        let account = self
            .store()
            .account_by_id(&token.user_id)
            .await?
            .ok_or(AuthError::InvalidRefreshToken)?;
        if account.disabled {
            return Err(AuthError::UserDisabled.into());
        }
        let (next, secret) = self.new_refresh_token(
            &account.id,
            token.auth_time,
            now,
            Some(token.family.clone()),
        );
        match self
            .deps
            .store
            .commit(Change {
                use_refresh_token: Some(hash),
                new_refresh_token: Some(next),
                ..Change::default()
            })
            .await
        {
            Ok(()) => self.session(&account, secret, token.auth_time, now).await,
            // Used by a concurrent request between our read and our write: a reuse as well.
            Err(CommitError::Stale) => {
                self.revoke_family(&token.family).await?;
                Err(AuthError::InvalidRefreshToken.into())
            }
            Err(e) => Err(commit_error(e)),
        }
    }

    /// Signs the account out everywhere: every refresh token is revoked, and every ID token
    /// issued until now is refused from now on.
    pub async fn sign_out(&self, who: &Principal) -> DomainResult<()> {
        let mut account = self.account_of(who).await?;
        account.tokens_valid_after = self.now();
        self.commit(Change {
            update_account: Some(account),
            revoke_all_of: Some(who.user_id.clone()),
            ..Change::default()
        })
        .await
    }

    pub async fn send_verification_email(
        &self,
        who: &Principal,
        continue_url: &str,
    ) -> DomainResult<()> {
        let now = self.now();
        let continue_path = self.deps.policy.continue_path(continue_url)?;
        let account = self.account_of(who).await?;
        if account.email_verified {
            return Err(AuthError::EmailAlreadyVerified.into());
        }
        self.throttle(
            &format!("mail:user:{}", account.id.as_str()),
            self.deps.policy.mails_per_recipient,
            now,
        )
        .await?;
        let (code, mail) =
            self.code_and_mail(&account, ActionMode::VerifyEmail, &continue_path, now);
        self.commit(Change {
            new_code: Some(code),
            mails: vec![mail],
            ..Change::default()
        })
        .await
    }

    /// What a code is for, without using it.
    pub async fn check_action_code(&self, code: &str) -> DomainResult<ActionCodeInfo> {
        let (code, _) = self.live_code(code).await?;
        Ok(ActionCodeInfo {
            mode: code.mode,
            email: code.email,
        })
    }

    /// Uses an e-mail verification code: the account's address is verified.
    #[tracing::instrument(skip_all)]
    pub async fn apply_action_code(&self, code: &str) -> DomainResult<ActionCodeInfo> {
        let (code, mut account) = self.live_code(code).await?;
        if code.mode != ActionMode::VerifyEmail {
            return Err(AuthError::InvalidOobCode.into());
        }
        account.email_verified = true;
        account.updated_at = self.now();
        self.commit_code(
            code.hash.clone(),
            Change {
                update_account: Some(account),
                ..Change::default()
            },
        )
        .await?;
        Ok(ActionCodeInfo {
            mode: code.mode,
            email: code.email,
        })
    }

    /// Mails a reset link. The answer is the same whether or not the address has an account:
    /// an unknown address gets a mail saying it has none.
    #[tracing::instrument(skip_all)]
    pub async fn send_password_reset(
        &self,
        email: &str,
        continue_url: &str,
        client: &str,
    ) -> DomainResult<()> {
        let now = self.now();
        let policy = &self.deps.policy;
        let email = Email::parse(email)?;
        let continue_path = policy.continue_path(continue_url)?;
        self.throttle(
            &format!("reset:addr:{client}"),
            policy.reset_requests_per_address,
            now,
        )
        .await?;
        // Past the per-recipient limit the request is answered as usual but sends nothing.
        let room = self
            .deps
            .limiter
            .take(
                &format!("mail:email:{}", email.as_str()),
                policy.mails_per_recipient,
                now,
            )
            .await?;
        if matches!(room, Take::Full(_)) {
            return Ok(());
        }
        let change = match self.store().account_by_email(&email).await? {
            Some(account) if !account.disabled => {
                let (code, mail) =
                    self.code_and_mail(&account, ActionMode::ResetPassword, &continue_path, now);
                Change {
                    new_code: Some(code),
                    mails: vec![mail],
                    ..Change::default()
                }
            }
            _ => Change {
                mails: vec![self.mail(email, MailKind::ResetUnknownAccount, None, now)],
                ..Change::default()
            },
        };
        self.commit(change).await
    }

    /// Sets a new password with a reset code. Every session of the account ends, and the
    /// address counts as verified: the code proved the customer reads its mail.
    #[tracing::instrument(skip_all)]
    pub async fn confirm_password_reset(
        &self,
        code: &str,
        new_password: &str,
    ) -> DomainResult<ActionCodeInfo> {
        let password = Password::new(new_password)?;
        let (code, mut account) = self.live_code(code).await?;
        if code.mode != ActionMode::ResetPassword {
            return Err(AuthError::InvalidOobCode.into());
        }
        account.password_hash = self.deps.hasher.hash(&password).await?;
        account.email_verified = true;
        account.updated_at = self.now();
        account.tokens_valid_after = account.updated_at;
        let user = account.id.clone();
        self.commit_code(
            code.hash.clone(),
            Change {
                update_account: Some(account),
                revoke_all_of: Some(user),
                ..Change::default()
            },
        )
        .await?;
        self.deps
            .limiter
            .clear(&format!("signin:email:{}", code.email.as_str()))
            .await?;
        Ok(ActionCodeInfo {
            mode: code.mode,
            email: code.email,
        })
    }

    /// Changes the password after checking the current one. Other sessions end; this one goes
    /// on with the new tokens returned.
    #[tracing::instrument(skip_all)]
    pub async fn change_password(
        &self,
        who: &Principal,
        current: &str,
        new_password: &str,
    ) -> DomainResult<Session> {
        let now = self.now();
        let mut account = self.reauthenticate(who, current, now).await?;
        let password = Password::new(new_password)?;
        account.password_hash = self.deps.hasher.hash(&password).await?;
        account.updated_at = now;
        self.replace_sessions(account, who.auth_time, Vec::new(), None, now)
            .await
    }

    /// Moves the account to another address after checking the password. The new address is
    /// unverified until its mail's link is used; the old address is told of the change.
    #[tracing::instrument(skip_all)]
    pub async fn change_email(
        &self,
        who: &Principal,
        password: &str,
        new_email: &str,
        continue_url: &str,
    ) -> DomainResult<Session> {
        let now = self.now();
        let new_email = Email::parse(new_email)?;
        let continue_path = self.deps.policy.continue_path(continue_url)?;
        let mut account = self.reauthenticate(who, password, now).await?;
        if account.email == new_email {
            return self
                .replace_sessions(account, who.auth_time, Vec::new(), None, now)
                .await;
        }
        if self.store().account_by_email(&new_email).await?.is_some() {
            return Err(AuthError::EmailExists.into());
        }
        let notice = self.mail(account.email.clone(), MailKind::EmailChanged, None, now);
        account.email = new_email;
        account.email_verified = false;
        account.updated_at = now;
        let (code, mail) =
            self.code_and_mail(&account, ActionMode::VerifyEmail, &continue_path, now);
        self.replace_sessions(account, who.auth_time, vec![mail, notice], Some(code), now)
            .await
    }

    async fn replace_sessions(
        &self,
        account: Account,
        auth_time: DateTime<Utc>,
        mails: Vec<Mail>,
        new_code: Option<ActionCode>,
        now: DateTime<Utc>,
    ) -> DomainResult<Session> {
        let mut account = account;
        account.tokens_valid_after = now;
        let (refresh, secret) = self.new_refresh_token(&account.id, auth_time, now, None);
        self.commit(Change {
            update_account: Some(account.clone()),
            revoke_all_of: Some(account.id.clone()),
            new_refresh_token: Some(refresh),
            new_code,
            mails,
            ..Change::default()
        })
        .await?;
        self.session(&account, secret, auth_time, now).await
    }

    /// The account behind a token, which must still exist and be enabled.
    pub(super) async fn account_of(&self, who: &Principal) -> DomainResult<Account> {
        let account = self
            .store()
            .account_by_id(&who.user_id)
            .await?
            .ok_or(AuthError::InvalidIdToken)?;
        if account.disabled {
            return Err(AuthError::UserDisabled.into());
        }
        Ok(account)
    }

    /// Asks for the password again before a sensitive change, under the sign-in throttle.
    async fn reauthenticate(
        &self,
        who: &Principal,
        password: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<Account> {
        let account = self.account_of(who).await?;
        let limit = self.deps.policy.sign_in_per_account;
        let key = format!("signin:email:{}", account.email.as_str());
        self.throttle(&key, limit, now).await?;
        let password = Password::offered(password)?;
        if !self
            .deps
            .hasher
            .verify(&password, &account.password_hash)
            .await?
        {
            return Err(AuthError::InvalidLoginCredentials.into());
        }
        self.deps.limiter.give_back(&key).await?;
        Ok(account)
    }

    /// A code that exists, is unused and unexpired, with the account it belongs to; a code for an
    /// address the account no longer has is void.
    async fn live_code(&self, raw: &str) -> DomainResult<(ActionCode, Account)> {
        let raw = raw.trim();
        if raw.is_empty() || raw.len() > 256 {
            return Err(AuthError::InvalidOobCode.into());
        }
        let code = self
            .store()
            .action_code(&TokenHash::of(raw))
            .await?
            .ok_or(AuthError::InvalidOobCode)?;
        code.check(self.now())?;
        let account = self
            .store()
            .account_by_id(&code.user_id)
            .await?
            .filter(|a| a.email == code.email && !a.disabled)
            .ok_or(AuthError::InvalidOobCode)?;
        Ok((code, account))
    }

    async fn commit_code(&self, code: TokenHash, mut change: Change) -> DomainResult<()> {
        change.consume_code = Some(code);
        match self.deps.store.commit(change).await {
            Err(CommitError::Stale) => Err(AuthError::InvalidOobCode.into()),
            other => other.map_err(commit_error),
        }
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

    async fn decoy_hash(&self) -> DomainResult<String> {
        if let Some(h) = self.decoy.get() {
            return Ok(h.clone());
        }
        let hash = self
            .deps
            .hasher
            .hash(&Password::new(&self.deps.random.secret())?)
            .await?;
        Ok(self.decoy.get_or_init(|| hash).clone())
    }

    fn new_refresh_token(
        &self,
        user: &UserId,
        auth_time: DateTime<Utc>,
        now: DateTime<Utc>,
        family: Option<String>,
    ) -> (RefreshToken, String) {
        let secret = self.deps.random.secret();
        let token = RefreshToken {
            hash: TokenHash::of(&secret),
            user_id: user.clone(),
            family: family.unwrap_or_else(|| self.deps.random.id()),
            auth_time,
            created_at: now,
            expires_at: now + self.deps.policy.refresh_token_ttl,
            used_at: None,
            revoked_at: None,
        };
        (token, secret)
    }

    fn code_and_mail(
        &self,
        account: &Account,
        mode: ActionMode,
        continue_path: &str,
        now: DateTime<Utc>,
    ) -> (ActionCode, Mail) {
        let secret = self.deps.random.secret();
        let code = ActionCode {
            hash: TokenHash::of(&secret),
            user_id: account.id.clone(),
            mode,
            email: account.email.clone(),
            created_at: now,
            expires_at: now + mode.lifetime(&self.deps.policy),
            used_at: None,
        };
        let link = self
            .deps
            .policy
            .action_link(mode.as_str(), &secret, continue_path);
        let kind = match mode {
            ActionMode::VerifyEmail => MailKind::VerifyEmail,
            ActionMode::ResetPassword => MailKind::ResetPassword,
        };
        (
            code,
            self.mail(account.email.clone(), kind, Some(link), now),
        )
    }

    fn mail(&self, to: Email, kind: MailKind, link: Option<String>, now: DateTime<Utc>) -> Mail {
        Mail {
            id: self.deps.random.id(),
            to,
            kind,
            link,
            created_at: now,
        }
    }

    async fn session(
        &self,
        account: &Account,
        refresh_token: String,
        auth_time: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> DomainResult<Session> {
        let policy = &self.deps.policy;
        let claims = IdClaims::new(
            policy,
            &account.id,
            &account.email,
            account.email_verified,
            account.role,
            auth_time,
            now,
        );
        Ok(Session {
            user_id: account.id.clone(),
            email: account.email.clone(),
            email_verified: account.email_verified,
            id_token: self.deps.tokens.sign(&claims, now).await?,
            refresh_token,
            expires_in_secs: policy.id_token_ttl.num_seconds(),
        })
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
        CommitError::Storage(e) => e,
    }
}
