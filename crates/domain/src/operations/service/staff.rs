//! Admins' duties over people and machines: staff accounts (made from the shell or invited,
//! promoted, demoted, disabled) and service keys.

use super::OperatorService;
use crate::audit::{AuditEntry, Staff};
use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::identity::{Account, Change, CommitError, Email, Password, Role, TokenHash};
use crate::operations::ServiceKey;
use crate::shared::{UserId, text};

impl OperatorService {
    /// Makes a staff account (`role` operator or admin): separate from any customer's, its
    /// e-mail taken as verified.
    pub async fn create_operator(
        &self,
        by: &Staff,
        email: &str,
        password: &str,
        role: Role,
    ) -> DomainResult<Account> {
        by.require_admin()?;
        if password.chars().count() < Role::STAFF_PASSWORD_MIN {
            return Err(DomainError::invalid(
                "password",
                msg("staff.password_min").with("min", Role::STAFF_PASSWORD_MIN),
            ));
        }
        let password = Password::new(password)?;
        let (mut account, audit) = self.new_staff(by, "operator.create", email, role)?;
        account.password_hash = self.p.hasher.hash(&password).await?;
        account.email_verified = true;
        let change = Change {
            insert_account: Some(account.clone()),
            audit: Some(audit),
            ..Change::default()
        };
        self.p.identity.commit(change).await.map_err(|e| match e {
            CommitError::EmailTaken | CommitError::Stale | CommitError::AlreadyLinked => {
                AuthError::EmailExists.into()
            }
            CommitError::Storage(e) => e,
        })?;
        Ok(account)
    }

    /// A staff account about to be made, and the audit entry of `action` that makes it; its
    /// password is the caller's to set.
    fn new_staff(
        &self,
        by: &Staff,
        action: &str,
        email: &str,
        role: Role,
    ) -> DomainResult<(Account, AuditEntry)> {
        if !role.is_staff() {
            return Err(DomainError::invalid("role", msg("staff.role")));
        }
        let email = staff_email(email)?;
        let now = self.p.clock.now();
        let account = Account {
            id: UserId::parse(&self.p.random.id())?,
            email,
            role,
            password_hash: String::new(),
            email_verified: false,
            disabled: false,
            created_at: now,
            updated_at: now,
            tokens_valid_after: chrono::DateTime::UNIX_EPOCH,
        };
        let audit = self.entry(
            by,
            action,
            format!("account:{}", account.id.as_str()),
            String::new(),
            format!("{} role={}", account.email.as_str(), role.code()),
            "",
        );
        Ok((account, audit))
    }

    /// Every staff account, for admins.
    pub async fn staff(&self, by: &Staff) -> DomainResult<Vec<Account>> {
        by.require_admin()?;
        self.p.customers.staff().await
    }

    /// An admin makes a staff account and mails the invitation to set its password; the link
    /// lands on `continue_url` afterwards. An address already in use is `EMAIL_EXISTS`.
    pub async fn invite_staff(
        &self,
        by: &Staff,
        email: &str,
        role: Role,
        continue_url: &str,
    ) -> DomainResult<Account> {
        by.require_admin()?;
        // The identity service sets a password nobody knows, until the invitation is used.
        let (account, audit) = self.new_staff(by, "operator.invite", email, role)?;
        // A customer's address cannot also be a staff sign-in: the words say the ways out.
        if let Some(holder) = self.p.identity.account_by_email(&account.email).await?
            && !holder.role.is_staff()
        {
            return Err(DomainError::FailedPrecondition(
                msg("staff.email_is_customer").with("email", account.email.as_str()),
            ));
        }
        self.p
            .accounts
            .invite_staff(account.clone(), audit, continue_url)
            .await?;
        Ok(account)
    }

    /// An admin changes another staff member's role or sign-in address, or disables (or enables)
    /// their account; a disabled account's tokens stop at once and its sessions end, and so do
    /// those of a changed address. Nobody changes their own.
    pub async fn update_staff(
        &self,
        by: &Staff,
        id: &UserId,
        role: Option<Role>,
        disabled: Option<bool>,
        email: Option<&str>,
    ) -> DomainResult<Account> {
        by.require_admin()?;
        if matches!(by, Staff::Operator { user_id, .. } if user_id == id) {
            return Err(DomainError::FailedPrecondition(msg("staff.not_self")));
        }
        let before = self
            .p
            .identity
            .account_by_id(id)
            .await?
            .filter(|a| a.role.is_staff())
            .ok_or_else(|| DomainError::not_found("operator"))?;
        if role.is_some_and(|r| !r.is_staff()) {
            return Err(DomainError::invalid("role", msg("staff.role")));
        }
        let mut after = before.clone();
        after.role = role.unwrap_or(before.role);
        after.disabled = disabled.unwrap_or(before.disabled);
        if let Some(email) = email {
            after.email = staff_email(email)?;
        }
        if after == before {
            return Ok(after);
        }
        let now = self.p.clock.now();
        after.updated_at = now;
        let moved = after.email != before.email;
        if moved {
            // The admin vouches for the address; tokens naming the old one stop.
            after.email_verified = true;
            after.tokens_valid_after = now;
        }
        let state = |a: &Account| {
            let mut text = format!("role={} disabled={}", a.role.code(), a.disabled);
            if moved {
                text = format!("{} {text}", a.email.as_str());
            }
            text
        };
        let audit = self.entry(
            by,
            "operator.update",
            format!("account:{}", id.as_str()),
            state(&before),
            state(&after),
            "",
        );
        let change = Change {
            update_account: Some(after.clone()),
            revoke_all_of: (after.disabled || moved).then(|| id.clone()),
            audit: Some(audit),
            ..Change::default()
        };
        self.p.identity.commit(change).await.map_err(|e| match e {
            CommitError::EmailTaken => AuthError::EmailExists.into(),
            CommitError::Stale | CommitError::AlreadyLinked => {
                DomainError::Conflict(msg("request.repeated"))
            }
            CommitError::Storage(e) => e,
        })?;
        Ok(after)
    }

    /// A new key for a service account, with an admin's duties or an operator's; the secret is
    /// returned once and never again.
    pub async fn issue_key(
        &self,
        by: &Staff,
        name: &str,
        admin: bool,
    ) -> DomainResult<(ServiceKey, String)> {
        by.require_admin()?;
        let name = text("name", name, ServiceKey::NAME_MAX, msg("staff.key_name"))?;
        let secret = format!("{}{}", ServiceKey::PREFIX, self.p.random.secret());
        let key = ServiceKey {
            id: format!("key-{}", crate::shared::id_tail(&self.p.random.id(), 16)),
            name,
            hash: TokenHash::of(&secret),
            admin,
            created_by: by.actor(),
            created_at: self.p.clock.now(),
            revoked_at: None,
        };
        let audit = self.entry(
            by,
            "key.issue",
            format!("key:{}", key.id),
            String::new(),
            format!("{} admin={admin}", key.name),
            "",
        );
        self.p.staff.insert_key(&key, &audit).await?;
        Ok((key, secret))
    }

    /// Revokes a key at once; revoking twice is no error.
    pub async fn revoke_key(&self, by: &Staff, id: &str) -> DomainResult<ServiceKey> {
        by.require_admin()?;
        let key = self
            .p
            .staff
            .key(id.trim())
            .await?
            .ok_or_else(|| DomainError::not_found("key"))?;
        if key.revoked_at.is_none() {
            let audit = self.entry(
                by,
                "key.revoke",
                format!("key:{}", key.id),
                "active".into(),
                "revoked".into(),
                "",
            );
            self.p
                .staff
                .revoke_key(&key.id, self.p.clock.now(), &audit)
                .await?;
        }
        self.p
            .staff
            .key(&key.id)
            .await?
            .ok_or_else(|| DomainError::not_found("key"))
    }

    pub async fn keys(&self, by: &Staff) -> DomainResult<Vec<ServiceKey>> {
        by.require_admin()?;
        self.p.staff.keys().await
    }
}

/// A staff member's sign-in address, which also names them in the audit log.
fn staff_email(raw: &str) -> DomainResult<Email> {
    let email = Email::parse(raw)?;
    if email.as_str().chars().count() > Staff::NAME_MAX {
        return Err(DomainError::invalid(
            "email",
            msg("staff.email_max").with("max", Staff::NAME_MAX),
        ));
    }
    Ok(email)
}
