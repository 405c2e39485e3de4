//! Signing up, in and out, and refreshing a session: ID tokens and rotating refresh tokens.

use chrono::{DateTime, Utc};

use super::{IdentityService, commit_error};
use crate::error::{AuthError, DomainResult};
use crate::identity::model::{Account, Email, Password, Role};
use crate::identity::ports::{Change, CommitError};
use crate::identity::tokens::{ActionMode, IdClaims, Principal, RefreshToken, Session, TokenHash};
use crate::shared::{Language, UserId};

impl IdentityService {
    #[tracing::instrument(skip_all)]
    pub async fn sign_up(
        &self,
        email: &str,
        password: &str,
        continue_url: &str,
        client: &str,
        language: Language,
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
        let (code, mut mail) =
            self.code_and_mail(&account, ActionMode::VerifyEmail, &continue_path, now);
        // Written in the language the person signed up in (no profile says otherwise yet).
        mail.language = Some(language);
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
        let account = self.check_credentials(email, password, client, now).await?;
        let (refresh, secret) = self.new_refresh_token(&account.id, now, now, None);
        self.commit(Change {
            new_refresh_token: Some(refresh),
            ..Change::default()
        })
        .await?;
        self.session(&account, secret, now, now).await
    }

    /// The account an e-mail and password open, under the sign-in throttles.
    pub(super) async fn check_credentials(
        &self,
        email: &str,
        password: &str,
        client: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<Account> {
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
        // An account made with an identity provider has no password: it is checked against the
        // decoy, so that it costs what a wrong password costs and opens nothing.
        let matches = match &account {
            Some(a) if a.has_password() => {
                self.deps.hasher.verify(&password, &a.password_hash).await?
            }
            _ => {
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
        Ok(account)
    }

    /// Exchanges a refresh token for a new ID token and a new refresh token. A token used twice
    /// means a copy is in someone else's hands: its whole family is revoked. Used again within
    /// the policy's grace of its first use (an answer lost to a navigation, two tabs at once), it
    /// is the same client, which gets another token of the family instead.
    #[tracing::instrument(skip_all)]
    pub async fn refresh(&self, refresh_token: &str) -> DomainResult<Session> {
        let hash = TokenHash::of(refresh_token.trim());
        // A second try only when a concurrent request used the token between our read and write.
        for attempt in 0..2 {
            let now = self.now();
            let Some(token) = self.store().refresh_token(&hash).await? else {
                return Err(AuthError::InvalidRefreshToken.into());
            };
            let again = token.in_reuse_grace(now, self.deps.policy.refresh_reuse_grace);
            if token.used_at.is_some() && token.revoked_at.is_none() && !again {
                tracing::warn!(
                    user = token.user_id.as_str(),
                    "refresh token reused: family revoked"
                );
                self.revoke_family(&token.family).await?;
            }
            if !token.usable(now) && !again {
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
            let change = Change {
                use_refresh_token: (!again).then_some(hash.clone()),
                new_refresh_token: Some(next),
                ..Change::default()
            };
            match self.deps.store.commit(change).await {
                Ok(()) => return self.session(&account, secret, token.auth_time, now).await,
                // Used meanwhile by a concurrent request: read again, now within the grace (or,
                // with no grace, refused there as a reuse). The second try uses nothing up, so
                // it cannot be stale.
                Err(CommitError::Stale) if attempt == 0 => {}
                Err(e) => return Err(commit_error(e)),
            }
        }
        Err(AuthError::InvalidRefreshToken.into())
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

    pub(super) async fn session(
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

    pub(super) fn new_refresh_token(
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

    pub(super) async fn decoy_hash(&self) -> DomainResult<String> {
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
}
