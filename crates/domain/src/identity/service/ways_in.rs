//! An account's ways in, as the profile shows and changes them: the providers linked and not,
//! linking one while signed in, unlinking one (never the last way in), and a first password for
//! an account made with a provider.

use chrono::{DateTime, Utc};

use super::{IdentityService, commit_error};
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::federation::{
    Assertion, FederatedIdentity, ProviderId, ProviderTrust, check_unlink,
};
use crate::identity::model::{Account, Password};
use crate::identity::ports::{Change, CommitError, MailKind};
use crate::identity::tokens::{Principal, Session};
use crate::shared::UserId;

/// The profile's view of an account's ways in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaysIn {
    pub linked: Vec<(FederatedIdentity, ProviderTrust)>,
    /// Configured providers not linked yet.
    pub linkable: Vec<ProviderTrust>,
    pub has_password: bool,
}

impl WaysIn {
    /// Whether a linked provider may go now: not when it is the last way in.
    pub fn can_unlink(&self) -> bool {
        check_unlink(self.linked.len(), self.has_password).is_ok()
    }
}

impl IdentityService {
    /// The profile's list of providers, linked and not, and whether a password is set.
    pub async fn ways_in(&self, who: &Principal) -> DomainResult<WaysIn> {
        let account = self.account_of(who).await?;
        let links = self.deps.federation.identities_of(&account.id).await?;
        let providers = self.providers();
        let linked = links
            .into_iter()
            .filter_map(|l| {
                let trust = providers.iter().find(|p| p.id == l.provider)?.clone();
                Some((l, trust))
            })
            .collect::<Vec<_>>();
        let linkable = providers
            .iter()
            .filter(|p| !linked.iter().any(|(l, _)| l.provider == p.id))
            .cloned()
            .collect();
        Ok(WaysIn {
            linked,
            linkable,
            has_password: account.has_password(),
        })
    }

    /// Unlinks a provider unless it is the account's last way in; the account is told by mail.
    #[tracing::instrument(skip_all)]
    pub async fn unlink_provider(&self, who: &Principal, provider: &str) -> DomainResult<()> {
        let now = self.now();
        let provider = ProviderId::parse(provider)?;
        let account = self.account_of(who).await?;
        let links = self.deps.federation.identities_of(&account.id).await?;
        let Some(link) = links.iter().find(|l| l.provider == provider) else {
            return Err(DomainError::not_found("linked identity provider"));
        };
        check_unlink(links.len(), account.has_password())?;
        let name = self
            .trust(&provider)
            .map(|t| t.display_name)
            .unwrap_or_else(|_| link.provider.as_str().to_owned());
        let mut mail = self.mail(account.email.clone(), MailKind::ProviderUnlinked, None, now);
        mail.detail = Some(name);
        // The store checks again inside its write that a way in is left, so two parallel
        // unlinks of an account's last two providers cannot both pass.
        match self
            .deps
            .store
            .commit(Change {
                unlink: Some((account.id.clone(), provider)),
                mails: vec![mail],
                ..Change::default()
            })
            .await
        {
            Ok(()) => Ok(()),
            Err(CommitError::Stale) => Err(DomainError::FailedPrecondition(msg(
                "federation.last_way_in",
            ))),
            Err(e) => Err(commit_error(e)),
        }
    }

    /// A password for an account made with a provider; one that has a password changes it
    /// with the current one instead. Other sessions end, as at a password change.
    #[tracing::instrument(skip_all)]
    pub async fn set_password(&self, who: &Principal, new_password: &str) -> DomainResult<Session> {
        let now = self.now();
        let mut account = self.account_of(who).await?;
        if account.has_password() {
            return Err(DomainError::FailedPrecondition(msg(
                "federation.has_password",
            )));
        }
        let password = Password::for_role(new_password, account.role)?;
        account.password_hash = self.deps.hasher.hash(&password).await?;
        account.updated_at = now;
        let notice = self.mail(account.email.clone(), MailKind::PasswordSet, None, now);
        self.replace_sessions(account, who.auth_time, vec![notice], None, now)
            .await
    }

    /// From the profile: the signed-in customer's account gets this provider's person too.
    pub(super) async fn link_signed_in(
        &self,
        user: &UserId,
        assertion: &Assertion,
        trust: &ProviderTrust,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        if assertion.provider != trust.id {
            return Err(DomainError::invalid(
                "id_token",
                msg("federation.assertion"),
            ));
        }
        if let Some(link) = self
            .deps
            .federation
            .identity(&trust.id, &assertion.subject)
            .await?
        {
            return if &link.user_id == user {
                Ok(())
            } else {
                Err(DomainError::FailedPrecondition(msg(
                    "federation.linked_elsewhere",
                )))
            };
        }
        let (change, account) = self.link_change(user, assertion, trust, None, now).await?;
        if account.role.is_staff() {
            return Err(DomainError::PermissionDenied(msg("federation.staff")));
        }
        self.commit_federated(change).await
    }

    /// Linking from the profile is for customers: staff sign in with their password only.
    pub(super) async fn customer(&self, who: &Principal) -> DomainResult<Account> {
        let account = self.account_of(who).await?;
        if account.role.is_staff() {
            return Err(DomainError::PermissionDenied(msg("federation.staff")));
        }
        Ok(account)
    }
}
