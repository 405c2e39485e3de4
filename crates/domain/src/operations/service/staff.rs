//! Admins' duties over people and machines: staff accounts (made from the shell or invited,
//! promoted, demoted, disabled) and service keys.

use super::OperatorService;
use crate::audit::{AuditEntry, Staff};
use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::identity::{
    Account, Change, CommitError, Email, Password, Principal, Profile, ProfileUpdate, Role,
    TokenHash,
};
use crate::operations::{ServiceKey, StaffMember};
use crate::shared::{Language, UserId, text};

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
        if password.chars().count() < role.password_min() {
            return Err(DomainError::invalid(
                "password",
                msg("staff.password_min").with("min", role.password_min()),
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
        let audit = self.audit.entry(
            by,
            action,
            format!("account:{}", account.id.as_str()),
            String::new(),
            format!("{} role={}", account.email.as_str(), role.code()),
            "",
        );
        Ok((account, audit))
    }

    /// The staff member a token names, with the name customers see; a customer is refused.
    pub async fn staff_of(&self, principal: Principal) -> DomainResult<Staff> {
        let mut staff = principal.into_staff()?;
        if let Staff::Operator { user_id, name, .. } = &mut staff
            && let Some(profile) = self.p.identity.profile(user_id).await?
        {
            *name = profile.display_name;
        }
        Ok(staff)
    }

    /// Every staff account with its name, for admins.
    pub async fn staff(&self, by: &Staff) -> DomainResult<Vec<StaffMember>> {
        by.require_admin()?;
        let mut out = Vec::new();
        // A handful of people: one read each is cheaper than a join to keep.
        for account in self.p.customers.staff().await? {
            let name = self.profile_of(&account).await?.display_name;
            out.push(StaffMember { account, name });
        }
        Ok(out)
    }

    /// The account's profile, or the one it starts with (named after the mailbox).
    async fn profile_of(&self, account: &Account) -> DomainResult<Profile> {
        Ok(match self.p.identity.profile(&account.id).await? {
            Some(p) => p,
            None => Profile::first(account.id.clone(), &account.email, self.p.clock.now()),
        })
    }

    /// An admin makes a staff account under the name customers will see (the mailbox when none
    /// is given) and mails the invitation to set its password; the link lands on `continue_url`
    /// afterwards. An address already in use is `EMAIL_EXISTS`.
    pub async fn invite_staff(
        &self,
        by: &Staff,
        email: &str,
        name: &str,
        role: Role,
        continue_url: &str,
    ) -> DomainResult<StaffMember> {
        by.require_admin()?;
        // The identity service sets a password nobody knows, until the invitation is used.
        let (account, mut audit) = self.new_staff(by, "operator.invite", email, role)?;
        let profile = named(
            Profile::first(account.id.clone(), &account.email, self.p.clock.now()),
            name,
            self.p.clock.now(),
        )?;
        audit.after = format!("{} name={}", audit.after, profile.display_name);
        // A customer's address cannot also be a staff sign-in: the words say the ways out.
        if let Some(holder) = self.p.identity.account_by_email(&account.email).await?
            && !holder.role.is_staff()
        {
            return Err(DomainError::FailedPrecondition(
                msg("staff.email_is_customer").with("email", account.email.as_str()),
            ));
        }
        let name = profile.display_name.clone();
        self.p
            .accounts
            .invite_staff(account.clone(), profile, audit, continue_url)
            .await?;
        Ok(StaffMember { account, name })
    }

    /// An admin makes a partner's account (the partner role) under `name` and mails the
    /// invitation to set its password, as for staff. An address already invited as a partner
    /// gives that account back (a retry, or a record to write again), mailing nothing; any other
    /// account's address is `EMAIL_EXISTS`.
    pub async fn invite_partner(
        &self,
        by: &Staff,
        email: &str,
        name: &str,
        continue_url: &str,
    ) -> DomainResult<Account> {
        by.require_admin()?;
        let email = staff_email(email)?;
        if let Some(holder) = self.p.identity.account_by_email(&email).await? {
            return if holder.role == Role::Partner {
                Ok(holder)
            } else {
                Err(AuthError::EmailExists.into())
            };
        }
        let now = self.p.clock.now();
        let account = Account {
            id: UserId::parse(&self.p.random.id())?,
            email,
            role: Role::Partner,
            password_hash: String::new(),
            email_verified: false,
            disabled: false,
            created_at: now,
            updated_at: now,
            tokens_valid_after: chrono::DateTime::UNIX_EPOCH,
        };
        let audit = self.audit.entry(
            by,
            "partner.invite",
            format!("account:{}", account.id.as_str()),
            String::new(),
            format!("{} role=partner", account.email.as_str()),
            "",
        );
        let mut profile = named(
            Profile::first(account.id.clone(), &account.email, now),
            name,
            now,
        )?;
        // Partners' words are Vietnamese until they choose (the invitation's too).
        profile.language = Language::Vi;
        self.p
            .accounts
            .invite_staff(account.clone(), profile, audit, continue_url)
            .await?;
        Ok(account)
    }

    /// An admin changes another staff member's role, sign-in address or name, or disables (or
    /// enables) their account; a disabled account's tokens stop at once and its sessions end, and
    /// so do those of a changed address. Nobody changes their own.
    pub async fn update_staff(
        &self,
        by: &Staff,
        id: &UserId,
        change: StaffChange<'_>,
    ) -> DomainResult<StaffMember> {
        let StaffChange {
            role,
            disabled,
            email,
            name,
        } = change;
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
        let profile = self.profile_of(&before).await?;
        let renamed = match name {
            Some(name) => named(profile.clone(), name, self.p.clock.now())?,
            None => profile.clone(),
        };
        let new_name = renamed.display_name != profile.display_name;
        if after == before && !new_name {
            return Ok(StaffMember {
                account: after,
                name: profile.display_name,
            });
        }
        let now = self.p.clock.now();
        after.updated_at = now;
        let moved = after.email != before.email;
        if moved {
            // The admin vouches for the address; tokens naming the old one stop.
            after.email_verified = true;
            after.tokens_valid_after = now;
        }
        let state = |a: &Account, name: &str| {
            let mut text = format!("role={} disabled={}", a.role.code(), a.disabled);
            if moved {
                text = format!("{} {text}", a.email.as_str());
            }
            if new_name {
                text = format!("{text} name={name}");
            }
            text
        };
        let audit = self.audit.entry(
            by,
            "operator.update",
            format!("account:{}", id.as_str()),
            state(&before, &profile.display_name),
            state(&after, &renamed.display_name),
            "",
        );
        let change = Change {
            update_account: Some(after.clone()),
            revoke_all_of: (after.disabled || moved).then(|| id.clone()),
            audit: Some(audit),
            name_profile: new_name.then(|| renamed.clone()),
            ..Change::default()
        };
        self.p.identity.commit(change).await.map_err(|e| match e {
            CommitError::EmailTaken => AuthError::EmailExists.into(),
            CommitError::Stale | CommitError::AlreadyLinked => {
                DomainError::Conflict(msg("request.repeated"))
            }
            CommitError::Storage(e) => e,
        })?;
        Ok(StaffMember {
            account: after,
            name: renamed.display_name,
        })
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
        let audit = self.audit.entry(
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
            let audit = self.audit.entry(
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

/// What an admin changes of a staff member: `None` keeps it.
#[derive(Debug, Clone, Copy, Default)]
pub struct StaffChange<'a> {
    pub role: Option<Role>,
    pub disabled: Option<bool>,
    pub email: Option<&'a str>,
    pub name: Option<&'a str>,
}

/// `profile` under `raw`, the profile's own rule for names; blank keeps the name it has.
fn named(profile: Profile, raw: &str, now: chrono::DateTime<chrono::Utc>) -> DomainResult<Profile> {
    if raw.trim().is_empty() {
        return Ok(profile);
    }
    profile.apply(
        ProfileUpdate {
            display_name: Some(raw.to_owned()),
            ..ProfileUpdate::default()
        },
        now,
    )
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
