//! Signing in with an identity provider: the start, the return from the provider, the
//! one more step some returns need, and the profile's links. The protocol is the relying party's;
//! what becomes of our accounts is [`arrive`]'s.

use chrono::{DateTime, Utc};

use super::{IdentityService, commit_error};
use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::identity::federation::{
    Arrival, Assertion, FederatedIdentity, PendingLink, PendingLogin, ProviderId, ProviderTrust,
    arrive,
};
use crate::identity::model::{Account, Email, Role};
use crate::identity::ports::{Change, CommitError, Mail, MailKind};
use crate::identity::tokens::{ActionMode, Principal, Session, TokenHash};
use crate::shared::UserId;

/// Where the browser goes to sign in, and the state it must bring back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FederatedStart {
    pub authorization_url: String,
    /// Kept by the browser (a cookie of the callback's path) and compared on the way back, so a
    /// return started in another browser is refused.
    pub state: String,
}

/// What a return from the provider comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FederatedOutcome {
    SignedIn {
        session: Session,
        return_to: String,
    },
    /// The signed-in customer linked one more provider (from the profile).
    Linked {
        provider: ProviderTrust,
        return_to: String,
    },
    /// One more step under `ticket`: the password of the account with `email`, or, when `email`
    /// is none, an address.
    Held {
        ticket: String,
        provider: ProviderTrust,
        email: Option<Email>,
        return_to: String,
    },
}

impl IdentityService {
    /// The configured providers, for the sign-in buttons.
    pub fn providers(&self) -> &[ProviderTrust] {
        self.deps.relying_party.providers()
    }

    pub(super) fn trust(&self, provider: &ProviderId) -> DomainResult<ProviderTrust> {
        self.providers()
            .iter()
            .find(|p| &p.id == provider)
            .cloned()
            .ok_or_else(|| DomainError::not_found("identity provider"))
    }

    /// Starts a sign-in with a provider, or, for a signed-in customer (`link_for`), the linking
    /// of one more provider. After a sign-out on the device (`reauthenticate`), the provider is
    /// asked to make the person sign in again: on a shared phone, whoever it remembers may be
    /// someone else. Throttled per client address.
    #[tracing::instrument(skip_all)]
    pub async fn begin_federated(
        &self,
        provider: &str,
        return_to: &str,
        link_for: Option<&Principal>,
        reauthenticate: bool,
        client: &str,
    ) -> DomainResult<FederatedStart> {
        let now = self.now();
        let provider = ProviderId::parse(provider)?;
        self.trust(&provider)?;
        let return_to = self.deps.policy.continue_path(return_to)?;
        let link_to = match link_for {
            Some(who) => Some(self.customer(who).await?.id),
            None => None,
        };
        self.throttle(
            &format!("federation:addr:{client}"),
            self.deps.policy.federated_per_address,
            now,
        )
        .await?;
        let (state, nonce, pkce_verifier) = (
            self.deps.random.secret(),
            self.deps.random.secret(),
            self.deps.random.secret(),
        );
        let authorization_url = self
            .deps
            .relying_party
            .authorization_url(&provider, &state, &nonce, &pkce_verifier, reauthenticate)
            .await?;
        self.deps
            .federation
            .begin(&PendingLogin {
                state: TokenHash::of(&state),
                provider,
                nonce,
                pkce_verifier,
                return_to,
                link_to,
                expires_at: now + self.deps.policy.federation_ttl,
            })
            .await?;
        Ok(FederatedStart {
            authorization_url,
            state,
        })
    }

    /// The provider sent the person back with a code. `browser_state` is what the browser kept
    /// when it left; the state in the address must be it, and is good once.
    #[tracing::instrument(skip_all)]
    pub async fn finish_federated(
        &self,
        provider: &str,
        state: &str,
        browser_state: &str,
        code: &str,
    ) -> DomainResult<FederatedOutcome> {
        let now = self.now();
        let provider = ProviderId::parse(provider)?;
        let trust = self.trust(&provider)?;
        let bad_state = || DomainError::invalid("state", msg("federation.state"));
        if state.is_empty() || state.len() > 256 || state != browser_state {
            return Err(bad_state());
        }
        let pending = self
            .deps
            .federation
            .take(&TokenHash::of(state), now)
            .await?
            .ok_or_else(bad_state)?;
        // Sent to one provider and back at another's door: a mix-up, refused before any code is
        // spent at either.
        if pending.provider != provider {
            return Err(bad_state());
        }
        if code.is_empty() || code.len() > 2048 {
            return Err(DomainError::invalid("code", msg("federation.assertion")));
        }
        let assertion = self
            .deps
            .relying_party
            .redeem(&provider, code, &pending.pkce_verifier, &pending.nonce)
            .await?;
        if let Some(user) = &pending.link_to {
            self.link_signed_in(user, &assertion, &trust, now).await?;
            return Ok(FederatedOutcome::Linked {
                provider: trust,
                return_to: pending.return_to,
            });
        }
        // A second return of one new person (two tabs) may make the account first: then the
        // rules are asked again and find the link.
        let mut tries = 0;
        loop {
            tries += 1;
            match self
                .arrive_now(&assertion, &trust, &pending.return_to, now)
                .await
            {
                Err(Raced) if tries < 2 => continue,
                Err(Raced) => return Err(DomainError::Conflict(msg("federation.retry"))),
                Ok(outcome) => return outcome,
            }
        }
    }

    /// The person turned back at the provider (or it refused them): the sign-in under way is
    /// dropped, and the path they came from is given back, when the state is still good.
    pub async fn abandon_federated(&self, state: &str, browser_state: &str) -> Option<String> {
        if state.is_empty() || state != browser_state {
            return None;
        }
        let pending = self
            .deps
            .federation
            .take(&TokenHash::of(state), self.now())
            .await
            .ok()??;
        Some(pending.return_to)
    }

    async fn arrive_now(
        &self,
        assertion: &Assertion,
        trust: &ProviderTrust,
        return_to: &str,
        now: DateTime<Utc>,
    ) -> Result<DomainResult<FederatedOutcome>, Raced> {
        let run = async {
            let store = self.store();
            let linked = match self
                .deps
                .federation
                .identity(&trust.id, &assertion.subject)
                .await?
            {
                Some(link) => store.account_by_id(&link.user_id).await?,
                None => None,
            };
            let same_email = match (&linked, &assertion.email) {
                (None, Some(email)) => store.account_by_email(email).await?,
                _ => None,
            };
            arrive(assertion, trust, linked.as_ref(), same_email.as_ref())
        };
        let arrival = match run.await {
            Ok(a) => a,
            Err(e) => return Ok(Err(e)),
        };
        let signed_in = |r: DomainResult<Session>| {
            r.map(|session| FederatedOutcome::SignedIn {
                session,
                return_to: return_to.to_owned(),
            })
        };
        Ok(match arrival {
            Arrival::SignIn(user) => {
                signed_in(self.federated_session(&user, Change::default(), now).await)
            }
            Arrival::Link(user) => {
                let change = self.link_change(&user, assertion, trust, None, now).await;
                match change {
                    Ok((change, _)) => match self.federated_session(&user, change, now).await {
                        Err(e) if is_race(&e) => return Err(Raced),
                        r => signed_in(r),
                    },
                    Err(e) => Err(e),
                }
            }
            Arrival::Create { email, verified } => {
                match self
                    .create_federated(assertion, trust, email, verified, None, now)
                    .await
                {
                    Err(e) if is_race(&e) => return Err(Raced),
                    r => signed_in(r),
                }
            }
            Arrival::ConfirmWithPassword { email } => {
                self.hold(assertion, trust, Some(email), return_to, now)
                    .await
            }
            Arrival::AskEmail => self.hold(assertion, trust, None, return_to, now).await,
        })
    }

    async fn hold(
        &self,
        assertion: &Assertion,
        trust: &ProviderTrust,
        email: Option<Email>,
        return_to: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<FederatedOutcome> {
        let ticket = self.deps.random.secret();
        self.deps
            .federation
            .hold(&PendingLink {
                ticket: TokenHash::of(&ticket),
                assertion: assertion.clone(),
                return_to: return_to.to_owned(),
                expires_at: now + self.deps.policy.federation_ttl,
            })
            .await?;
        Ok(FederatedOutcome::Held {
            ticket,
            provider: trust.clone(),
            email,
            return_to: return_to.to_owned(),
        })
    }

    /// The last step of a held sign-in: the password of the account with the provider's
    /// address, which links them; or, when the provider gave no address, one from the person
    /// (a new account, verified by mail as at sign-up; an existing one needs its password).
    #[tracing::instrument(skip_all)]
    pub async fn finish_held(
        &self,
        ticket: &str,
        email: &str,
        password: &str,
        client: &str,
    ) -> DomainResult<(Session, String)> {
        let now = self.now();
        let expired = held_gone;
        let ticket = ticket.trim();
        if ticket.is_empty() || ticket.len() > 256 {
            return Err(expired());
        }
        let held = self
            .deps
            .federation
            .held(&TokenHash::of(ticket), now)
            .await?
            .ok_or_else(expired)?;
        let trust = self.trust(&held.assertion.provider)?;
        let address = match &held.assertion.email {
            Some(e) => e.clone(),
            None => Email::parse(email)?,
        };
        let existing = self.store().account_by_email(&address).await?;
        if existing.is_some() && password.is_empty() {
            return Err(DomainError::FailedPrecondition(msg(
                "federation.password_needed",
            )));
        }
        let session = if existing.is_some() || held.assertion.email.is_some() {
            let account = self
                .check_credentials(address.as_str(), password, client, now)
                .await?;
            if account.role.is_staff() {
                return Err(DomainError::PermissionDenied(msg("federation.staff")));
            }
            let (change, _) = self
                .link_change(&account.id, &held.assertion, &trust, Some(&held), now)
                .await?;
            self.federated_session(&account.id, change, now).await?
        } else {
            self.create_federated(&held.assertion, &trust, address, false, Some(&held), now)
                .await?
        };
        Ok((session, held.return_to))
    }

    /// A new account for a provider's person: no password, the address verified when the
    /// provider said so (else mailed a verification as at sign-up), linked in the same write.
    async fn create_federated(
        &self,
        assertion: &Assertion,
        trust: &ProviderTrust,
        email: Email,
        verified: bool,
        held: Option<&PendingLink>,
        now: DateTime<Utc>,
    ) -> DomainResult<Session> {
        let account = Account {
            id: UserId::parse(&self.deps.random.id())?,
            email: email.clone(),
            password_hash: String::new(),
            role: Role::Customer,
            email_verified: verified,
            disabled: false,
            created_at: now,
            updated_at: now,
            tokens_valid_after: DateTime::UNIX_EPOCH,
        };
        let mut mails = vec![self.linked_mail(&email, trust, now)];
        let mut new_code = None;
        if !verified {
            let (code, mail) = self.code_and_mail(&account, ActionMode::VerifyEmail, "/", now);
            new_code = Some(code);
            mails.push(mail);
        }
        let (refresh, secret) = self.new_refresh_token(&account.id, now, now, None);
        self.commit_federated(Change {
            insert_account: Some(account.clone()),
            use_pending_link: held.map(|h| h.ticket.clone()),
            link: Some(identity_of(assertion, &account.id, now)),
            new_code,
            new_refresh_token: Some(refresh),
            mails,
            ..Change::default()
        })
        .await?;
        self.session(&account, secret, now, now).await
    }

    /// The write that links a provider's person to an account, with its mail.
    pub(super) async fn link_change(
        &self,
        user: &UserId,
        assertion: &Assertion,
        trust: &ProviderTrust,
        held: Option<&PendingLink>,
        now: DateTime<Utc>,
    ) -> DomainResult<(Change, Account)> {
        let account = self
            .store()
            .account_by_id(user)
            .await?
            .ok_or(AuthError::InvalidIdToken)?;
        let change = Change {
            use_pending_link: held.map(|h| h.ticket.clone()),
            link: Some(identity_of(assertion, user, now)),
            mails: vec![self.linked_mail(&account.email, trust, now)],
            ..Change::default()
        };
        Ok((change, account))
    }

    /// Signs an account in with `change` written alongside its new refresh token.
    async fn federated_session(
        &self,
        user: &UserId,
        change: Change,
        now: DateTime<Utc>,
    ) -> DomainResult<Session> {
        let account = self
            .store()
            .account_by_id(user)
            .await?
            .ok_or(AuthError::InvalidIdToken)?;
        if account.disabled {
            return Err(AuthError::UserDisabled.into());
        }
        let (refresh, secret) = self.new_refresh_token(&account.id, now, now, None);
        self.commit_federated(Change {
            new_refresh_token: Some(refresh),
            ..change
        })
        .await?;
        self.session(&account, secret, now, now).await
    }

    /// The only use these writes make is of a held sign-in: stale means it was finished already.
    pub(super) async fn commit_federated(&self, change: Change) -> DomainResult<()> {
        match self.deps.store.commit(change).await {
            Err(CommitError::Stale) => Err(held_gone()),
            r => r.map_err(commit_error),
        }
    }

    fn linked_mail(&self, to: &Email, trust: &ProviderTrust, now: DateTime<Utc>) -> Mail {
        let mut mail = self.mail(
            to.clone(),
            MailKind::ProviderLinked,
            Some("/profile".into()),
            now,
        );
        mail.detail = Some(trust.display_name.clone());
        mail
    }
}

/// Another return of the same person wrote first.
struct Raced;

fn is_race(e: &DomainError) -> bool {
    matches!(e, DomainError::Auth(AuthError::EmailExists)) || e == &linked_already()
}

pub(super) fn linked_already() -> DomainError {
    DomainError::FailedPrecondition(msg("federation.provider_taken"))
}

/// A held sign-in finished by a parallel request first.
pub(super) fn held_gone() -> DomainError {
    DomainError::invalid("ticket", msg("federation.expired"))
}

fn identity_of(assertion: &Assertion, user: &UserId, now: DateTime<Utc>) -> FederatedIdentity {
    FederatedIdentity {
        provider: assertion.provider.clone(),
        subject: assertion.subject.clone(),
        user_id: user.clone(),
        email: assertion
            .email
            .as_ref()
            .map(|e| e.as_str().to_owned())
            .unwrap_or_default(),
        linked_at: now,
    }
}
