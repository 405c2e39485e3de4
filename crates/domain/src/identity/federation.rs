//! Sign-in with an identity provider (OpenID Connect): what a provider vouched for, and
//! what that makes of our accounts. The exchange itself (PKCE, `state`, `nonce`, the ID token's
//! signature, issuer and audience, a code used once) is the relying party adapter's; the rules of
//! who becomes which account are here.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{Account, Email};
use super::tokens::TokenHash;
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::UserId;

/// A configured provider, by the short name our addresses use (`google`, `apple`, `line`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ProviderId(String);

impl ProviderId {
    pub const MAX_LEN: usize = 32;

    /// Lower-case letters, digits and dashes: it appears in paths and in the configuration's keys.
    pub fn parse(raw: &str) -> DomainResult<Self> {
        let ok = (1..=Self::MAX_LEN).contains(&raw.len())
            && raw
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(DomainError::not_found("identity provider"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What the configuration says of a provider beyond how to reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderTrust {
    pub id: ProviderId,
    /// Shown on the buttons: 「使用 {name} 繼續」; a brand's name is the same in every language.
    pub display_name: String,
    /// Where the name is another in a language (a provider of our own, named in words).
    pub display_names: Vec<(crate::shared::Language, String)>,
    /// Whether its word that an address is verified is enough to join an existing account of
    /// ours with that address (a provider that owns the mailboxes it vouches for, as Google does
    /// for Gmail). Off unless configured.
    pub links_by_email: bool,
}

impl ProviderTrust {
    /// The name a reader of `language` sees.
    pub fn display_name_in(&self, language: crate::shared::Language) -> &str {
        self.display_names
            .iter()
            .find(|(l, _)| *l == language)
            .map_or(self.display_name.as_str(), |(_, name)| name.as_str())
    }
}

/// What a verified ID token says about the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assertion {
    pub provider: ProviderId,
    /// The provider's stable id of the person (`sub`): the link's key, since an address can change.
    pub subject: String,
    pub email: Option<Email>,
    pub email_verified: bool,
}

/// One provider's person linked to one of our accounts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FederatedIdentity {
    pub provider: ProviderId,
    pub subject: String,
    pub user_id: UserId,
    /// The address the provider gave when it was linked, for the profile's list.
    pub email: String,
    pub linked_at: DateTime<Utc>,
}

impl FederatedIdentity {
    /// The longest `sub` kept: OpenID Connect caps it at 255 ASCII characters.
    pub const SUBJECT_MAX: usize = 255;
}

/// A sign-in sent to a provider and not back yet. Kept under the hash of its `state` (the
/// browser holds the state itself), taken once when the provider sends the person back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingLogin {
    pub state: TokenHash,
    pub provider: ProviderId,
    /// The ID token must carry it back.
    pub nonce: String,
    /// PKCE: what the code exchange proves the request came from us.
    pub pkce_verifier: String,
    /// Where in the site to come back to.
    pub return_to: String,
    /// The signed-in account this sign-in links to (from the profile), if any.
    pub link_to: Option<UserId>,
    pub expires_at: DateTime<Utc>,
}

/// A sign-in that came back from the provider but needs one more step from the person (their
/// password, to join an existing account; or an address, when the provider gave none). Kept under
/// the hash of a ticket the browser holds, for a few minutes, and used once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingLink {
    pub ticket: TokenHash,
    pub assertion: Assertion,
    pub return_to: String,
    pub expires_at: DateTime<Utc>,
}

/// The links and the sign-ins under way. No provider token is kept: the ID token is read during
/// the exchange and dropped. Links are written with the account's other changes
/// ([`crate::identity::Change`]), so an account is never made without its link.
#[async_trait]
pub trait FederationStore: Send + Sync {
    async fn identity(
        &self,
        provider: &ProviderId,
        subject: &str,
    ) -> DomainResult<Option<FederatedIdentity>>;
    /// An account's links, oldest first.
    async fn identities_of(&self, user: &UserId) -> DomainResult<Vec<FederatedIdentity>>;
    async fn begin(&self, login: &PendingLogin) -> DomainResult<()>;
    /// The sign-in under way with this state, removed as it is read: a second take, or one after
    /// it expired, finds nothing.
    async fn take(
        &self,
        state: &TokenHash,
        now: DateTime<Utc>,
    ) -> DomainResult<Option<PendingLogin>>;
    async fn hold(&self, link: &PendingLink) -> DomainResult<()>;
    /// A held sign-in, unless it expired; it is used up by the change that finishes it.
    async fn held(
        &self,
        ticket: &TokenHash,
        now: DateTime<Utc>,
    ) -> DomainResult<Option<PendingLink>>;
}

/// The relying party: the OpenID Connect exchange with the configured providers.
#[async_trait]
pub trait RelyingParty: Send + Sync {
    /// The configured providers, in the order their buttons are shown.
    fn providers(&self) -> &[ProviderTrust];
    /// Where to send the browser: the provider's authorization endpoint with our client id,
    /// exact redirect URI, `state`, `nonce` and the S256 challenge of `pkce_verifier`; with
    /// `reauthenticate`, also the provider's prompt to sign in again.
    async fn authorization_url(
        &self,
        provider: &ProviderId,
        state: &str,
        nonce: &str,
        pkce_verifier: &str,
        reauthenticate: bool,
    ) -> DomainResult<String>;
    /// Redeems a code with its PKCE verifier and checks the ID token: signature against the
    /// provider's published keys, issuer, audience, expiry and `nonce`. Any failure is
    /// [`DomainError::InvalidArgument`] on `id_token` (the provider's own words are logged, not
    /// shown); a provider that cannot be reached is `Unavailable`.
    async fn redeem(
        &self,
        provider: &ProviderId,
        code: &str,
        pkce_verifier: &str,
        nonce: &str,
    ) -> DomainResult<Assertion>;
}

/// What a sign-in with a provider comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arrival {
    /// The person is linked already: that account signs in.
    SignIn(UserId),
    /// No account has the address: one is made with it (verified when the provider says so).
    Create { email: Email, verified: bool },
    /// An account has the address and this provider's word is enough: link, then sign in.
    Link(UserId),
    /// An account has the address but this provider's word is not enough: its password, once,
    /// links them.
    ConfirmWithPassword { email: Email },
    /// The provider gave no address: the person gives one, verified by our mail as today.
    AskEmail,
}

/// Which account a provider's sign-in reaches. `linked` is the account this provider's subject is
/// linked to, `same_email` the account that has the asserted address, if any.
pub fn arrive(
    assertion: &Assertion,
    trust: &ProviderTrust,
    linked: Option<&Account>,
    same_email: Option<&Account>,
) -> DomainResult<Arrival> {
    let subject_ok = (1..=FederatedIdentity::SUBJECT_MAX).contains(&assertion.subject.len())
        && assertion.subject.bytes().all(|b| b.is_ascii_graphic());
    if !subject_ok || assertion.provider != trust.id {
        return Err(DomainError::invalid(
            "id_token",
            msg("federation.assertion"),
        ));
    }
    if let Some(account) = linked {
        return admit(account).map(|()| Arrival::SignIn(account.id.clone()));
    }
    let Some(email) = &assertion.email else {
        return Ok(Arrival::AskEmail);
    };
    let Some(account) = same_email else {
        return Ok(Arrival::Create {
            email: email.clone(),
            verified: assertion.email_verified,
        });
    };
    admit(account)?;
    if assertion.email_verified && trust.links_by_email {
        Ok(Arrival::Link(account.id.clone()))
    } else {
        Ok(Arrival::ConfirmWithPassword {
            email: email.clone(),
        })
    }
}

/// Staff sign in with their password only, and a disabled account not at all.
fn admit(account: &Account) -> DomainResult<()> {
    if account.role.is_staff() {
        return Err(DomainError::PermissionDenied(msg("federation.staff")));
    }
    if account.disabled {
        return Err(crate::error::AuthError::UserDisabled.into());
    }
    Ok(())
}

/// Unlinking must leave a way in: another provider, or a password.
pub fn check_unlink(linked: usize, has_password: bool) -> DomainResult<()> {
    if linked <= 1 && !has_password {
        return Err(DomainError::FailedPrecondition(msg(
            "federation.last_way_in",
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::Role;

    fn account(id: &str, role: Role) -> Account {
        let at = chrono::DateTime::<Utc>::UNIX_EPOCH;
        Account {
            id: UserId::parse(id).unwrap(),
            email: Email::parse(&format!("{id}@example.com")).unwrap(),
            role,
            password_hash: "$argon2id$x".into(),
            email_verified: true,
            disabled: false,
            created_at: at,
            updated_at: at,
            tokens_valid_after: at,
        }
    }

    fn trust(links_by_email: bool) -> ProviderTrust {
        ProviderTrust {
            id: ProviderId::parse("google").unwrap(),
            display_name: "Google".into(),
            display_names: Vec::new(),
            links_by_email,
        }
    }

    fn says(email: Option<&str>, verified: bool) -> Assertion {
        Assertion {
            provider: ProviderId::parse("google").unwrap(),
            subject: "1100223344".into(),
            email: email.map(|e| Email::parse(e).unwrap()),
            email_verified: verified,
        }
    }

    #[test]
    fn a_linked_person_signs_in_and_a_new_one_gets_an_account() {
        let ann = account("ann", Role::Customer);
        let a = says(Some("ann@example.com"), true);
        assert_eq!(
            arrive(&a, &trust(false), Some(&ann), None).unwrap(),
            Arrival::SignIn(ann.id.clone())
        );
        assert_eq!(
            arrive(&a, &trust(false), None, None).unwrap(),
            Arrival::Create {
                email: Email::parse("ann@example.com").unwrap(),
                verified: true
            }
        );
        let unverified = says(Some("ann@example.com"), false);
        assert!(matches!(
            arrive(&unverified, &trust(true), None, None).unwrap(),
            Arrival::Create {
                verified: false,
                ..
            }
        ));
        assert_eq!(
            arrive(&says(None, false), &trust(true), None, None).unwrap(),
            Arrival::AskEmail
        );
    }

    #[test]
    fn an_existing_address_links_only_on_a_trusted_providers_verified_word() {
        let ann = account("ann", Role::Customer);
        let verified = says(Some("ann@example.com"), true);
        assert_eq!(
            arrive(&verified, &trust(true), None, Some(&ann)).unwrap(),
            Arrival::Link(ann.id.clone())
        );
        for (assertion, trusted) in [
            (verified.clone(), false),
            (says(Some("ann@example.com"), false), true),
        ] {
            assert!(matches!(
                arrive(&assertion, &trust(trusted), None, Some(&ann)).unwrap(),
                Arrival::ConfirmWithPassword { .. }
            ));
        }
    }

    #[test]
    fn staff_disabled_accounts_and_odd_assertions_are_refused() {
        let ops = account("ops", Role::Operator);
        let a = says(Some("ops@example.com"), true);
        for (linked, same) in [(Some(&ops), None), (None, Some(&ops))] {
            let err = arrive(&a, &trust(true), linked, same).unwrap_err();
            assert!(matches!(err, DomainError::PermissionDenied(_)), "{err:?}");
        }
        let mut off = account("off", Role::Customer);
        off.disabled = true;
        assert!(arrive(&a, &trust(true), Some(&off), None).is_err());
        for subject in ["", "has space", &"x".repeat(256)] {
            let odd = Assertion {
                subject: subject.into(),
                ..a.clone()
            };
            assert!(
                arrive(&odd, &trust(true), None, None).is_err(),
                "{subject:?}"
            );
        }
        let other = Assertion {
            provider: ProviderId::parse("line").unwrap(),
            ..a.clone()
        };
        assert!(
            arrive(&other, &trust(true), None, None).is_err(),
            "mixed up providers"
        );
        for bad in ["", "Google", "a/b", &"x".repeat(33)] {
            assert!(ProviderId::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_last_way_in_stays() {
        assert!(check_unlink(1, false).is_err());
        assert!(check_unlink(1, true).is_ok());
        assert!(check_unlink(2, false).is_ok());
    }

    #[test]
    fn a_provider_is_named_in_the_reader_s_language_where_it_has_a_name_in_it() {
        use crate::shared::Language;
        let ours = ProviderTrust {
            display_name: "測試 A".into(),
            display_names: vec![
                (Language::Vi, "Thử A".into()),
                (Language::En, "Test A".into()),
            ],
            ..trust(false)
        };
        assert_eq!(ours.display_name_in(Language::Vi), "Thử A");
        assert_eq!(ours.display_name_in(Language::En), "Test A");
        assert_eq!(ours.display_name_in(Language::ZhTw), "測試 A");
        assert_eq!(trust(false).display_name_in(Language::Vi), "Google");
    }
}
