//! The mailed single-use codes: verifying an e-mail address and resetting a password.

use chrono::{DateTime, Utc};

use super::{ActionCodeInfo, IdentityService, commit_error};
use crate::audit::AuditEntry;
use crate::error::{AuthError, DomainResult};
use crate::identity::model::{Account, Email, Password, Profile, Role};
use crate::identity::ports::{Change, CommitError, Mail, MailKind, Take};
use crate::identity::tokens::{ActionCode, ActionMode, Principal, TokenHash};
use crate::shared::Language;

impl IdentityService {
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
        let (code, account) = self.live_code(code).await?;
        Ok(ActionCodeInfo {
            mode: code.mode,
            email: code.email,
            password_min: account.role.password_min(),
        })
    }

    /// Uses an e-mail verification code: the account's address is verified.
    #[tracing::instrument(skip_all)]
    pub async fn apply_action_code(&self, code: &str) -> DomainResult<ActionCodeInfo> {
        let (code, mut account) = self.live_code(code).await?;
        if code.mode != ActionMode::VerifyEmail {
            return Err(AuthError::InvalidOobCode.into());
        }
        let account_role = account.role;
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
            password_min: account_role.password_min(),
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
        language: Language,
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
        let mut change = match self.store().account_by_email(&email).await? {
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
        // In the asker's language, unless the account's profile says another.
        for mail in &mut change.mails {
            mail.language = Some(language);
        }
        self.commit(change).await
    }

    /// Makes a staff account and mails its invitation: a password-reset code, so the invited
    /// person sets the password through the same page and rules as a reset. The account, its
    /// code, the mail and the admin's audit entry are one commit. Until then its password is a
    /// random secret nobody knows.
    #[tracing::instrument(skip_all)]
    pub async fn invite_staff(
        &self,
        mut account: Account,
        profile: Profile,
        audit: AuditEntry,
        continue_url: &str,
    ) -> DomainResult<()> {
        let now = self.now();
        let continue_path = self.deps.policy.continue_path(continue_url)?;
        let unknown = Password::new(&self.deps.random.secret())?;
        account.password_hash = self.deps.hasher.hash(&unknown).await?;
        let (code, mut mail) =
            self.code_and_mail(&account, ActionMode::ResetPassword, &continue_path, now);
        mail.kind = if account.role == Role::Partner {
            MailKind::PartnerInvitation
        } else {
            MailKind::StaffInvitation
        };
        self.commit(Change {
            insert_account: Some(account),
            name_profile: Some(profile),
            new_code: Some(code),
            mails: vec![mail],
            audit: Some(audit),
            ..Change::default()
        })
        .await
    }

    /// Sets a new password with a reset code. Every session of the account ends, and the
    /// address counts as verified: the code proved the customer reads its mail.
    #[tracing::instrument(skip_all)]
    pub async fn confirm_password_reset(
        &self,
        code: &str,
        new_password: &str,
    ) -> DomainResult<ActionCodeInfo> {
        Password::new(new_password)?;
        let (code, mut account) = self.live_code(code).await?;
        if code.mode != ActionMode::ResetPassword {
            return Err(AuthError::InvalidOobCode.into());
        }
        let password = Password::for_role(new_password, account.role)?;
        let account_role = account.role;
        account.password_hash = self.deps.hasher.hash(&password).await?;
        // Whoever linked a provider to an address nobody had proven (a provider's unverified
        // word, or an address typed in) loses that link now that the mailbox's owner has come.
        let unproven = !account.email_verified;
        account.email_verified = true;
        account.updated_at = self.now();
        account.tokens_valid_after = account.updated_at;
        let user = account.id.clone();
        self.commit_code(
            code.hash.clone(),
            Change {
                update_account: Some(account),
                unlink_all_of: unproven.then(|| user.clone()),
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
            password_min: account_role.password_min(),
        })
    }

    /// A code that exists, is unused and unexpired, with the account it belongs to; a code for an
    /// address the account no longer has is void.
    pub(super) async fn live_code(&self, raw: &str) -> DomainResult<(ActionCode, Account)> {
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

    pub(super) async fn commit_code(
        &self,
        code: TokenHash,
        mut change: Change,
    ) -> DomainResult<()> {
        change.consume_code = Some(code);
        match self.deps.store.commit(change).await {
            Err(CommitError::Stale) => Err(AuthError::InvalidOobCode.into()),
            other => other.map_err(commit_error),
        }
    }

    pub(super) fn code_and_mail(
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
}
