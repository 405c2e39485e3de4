//! A signed-in customer changes their password or e-mail address; both sign out every other
//! session.

use chrono::{DateTime, Utc};

use super::IdentityService;
use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::identity::model::{Account, Email, Password};
use crate::identity::ports::{Change, Mail, MailKind};
use crate::identity::tokens::{ActionCode, ActionMode, Principal, Session};

impl IdentityService {
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
        let password = Password::for_role(new_password, account.role)?;
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
        // A staff member's address is their name in the audit log: admins change it, audited.
        if account.role.is_staff() {
            return Err(DomainError::PermissionDenied(msg("staff.email_by_admin")));
        }
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

    pub(super) async fn replace_sessions(
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
    pub(in crate::identity) async fn account_of(&self, who: &Principal) -> DomainResult<Account> {
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
    pub(super) async fn reauthenticate(
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
}
