use std::fmt;

use chrono::{DateTime, Utc};
use unicode_normalization::UnicodeNormalization;

use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::shared::{Language, Phone, UserId};

/// An e-mail address, normalised so that one mailbox is one account however it is written:
/// trimmed, NFKC (full-width letters and `＠` become ASCII), lower-cased, the domain in its ASCII
/// (IDNA) form, then checked against RFC 5321/5322 syntax. Every comparison and the accounts'
/// unique index see this form.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Email(String);

impl Email {
    pub const MAX_LEN: usize = 254;

    pub fn parse(raw: &str) -> Result<Self, AuthError> {
        let folded = raw.trim().nfkc().collect::<String>().to_lowercase();
        let (local, domain) = folded.rsplit_once('@').ok_or(AuthError::InvalidEmail)?;
        let domain = idna::domain_to_ascii(domain).map_err(|_| AuthError::InvalidEmail)?;
        let normalised = format!("{local}@{domain}");
        // The library accepts forms no mail system delivers to (quoted local parts, IP literals,
        // single-label domains); customers must receive our mails, so those are refused too.
        let plain = normalised.chars().all(|c| !c.is_whitespace() && c != '"')
            && normalised
                .rsplit_once('@')
                .is_some_and(|(_, domain)| domain.contains('.') && !domain.starts_with('['));
        if normalised.len() > Self::MAX_LEN
            || !plain
            || !email_address::EmailAddress::is_valid(&normalised)
        {
            return Err(AuthError::InvalidEmail);
        }
        Ok(Self(normalised))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Email({})", self.0)
    }
}

/// A new password as typed: at least 6 characters (docs/product.md, "Constants"), at most 128
/// so that hashing work per request stays bounded. Never printed.
#[derive(Clone)]
pub struct Password(String);

impl Password {
    pub const MIN_CHARS: usize = 6;
    pub const MAX_CHARS: usize = 128;

    pub fn new(raw: &str) -> Result<Self, AuthError> {
        Self::for_role(raw, Role::Customer)
    }

    /// A new password for an account of `role`: at least `role.password_min()` characters.
    pub fn for_role(raw: &str, role: Role) -> Result<Self, AuthError> {
        let n = raw.chars().count();
        if n < role.password_min() {
            return Err(AuthError::WeakPassword);
        }
        if n > Self::MAX_CHARS {
            return Err(AuthError::PasswordTooLong);
        }
        Ok(Self(raw.to_owned()))
    }

    /// A password offered at sign-in is not held to today's rules (they may have changed since
    /// it was set), only to the length bound.
    pub fn offered(raw: &str) -> Result<Self, AuthError> {
        if raw.is_empty() || raw.chars().count() > Self::MAX_CHARS {
            return Err(AuthError::InvalidLoginCredentials);
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(…)")
    }
}

/// What an account may do. Staff accounts are made by the `admin` command or by an admin, never by
/// signing up, so a customer cannot become one. The role travels in the ID token, but each call
/// takes it from the account as it stands, so a changed role counts at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Role {
    #[default]
    Customer,
    /// Runs the day: orders, dispatch, support, transfers seen by hand.
    Operator,
    /// An operator who also keeps the catalogue, prices, therapists' hours, wallets, staff and keys.
    Admin,
    /// A driver, guide or therapist: sees and moves their own jobs, and nothing of the back office.
    Partner,
}

impl Role {
    /// Staff and partners' passwords are longer than customers': their accounts reach
    /// travellers' names, phones and whereabouts.
    pub const STAFF_PASSWORD_MIN: usize = 12;

    /// The shortest password an account of this role may set: the one rule every place that
    /// sets or states a password follows (the page learns it with the mailed code).
    pub const fn password_min(self) -> usize {
        match self {
            Role::Customer => Password::MIN_CHARS,
            Role::Operator | Role::Admin | Role::Partner => Self::STAFF_PASSWORD_MIN,
        }
    }

    pub const fn code(self) -> &'static str {
        match self {
            Role::Customer => "customer",
            Role::Operator => "operator",
            Role::Admin => "admin",
            Role::Partner => "partner",
        }
    }

    /// Unknown codes read as a customer: the least a token or a row can grant.
    pub fn from_code(code: &str) -> Self {
        match code {
            "operator" => Role::Operator,
            "admin" => Role::Admin,
            "partner" => Role::Partner,
            _ => Role::Customer,
        }
    }

    pub const fn is_staff(self) -> bool {
        matches!(self, Role::Operator | Role::Admin)
    }
}

/// The credentials and state of one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: UserId,
    pub email: Email,
    pub role: Role,
    /// A PHC string (`$argon2id$…`); the hasher knows how to read it. Empty for an account made
    /// with an identity provider until a password is set.
    pub password_hash: String,
    pub email_verified: bool,
    pub disabled: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// ID tokens issued before this second are refused: it moves at every sign-out, password
    /// change or reset and e-mail change, so that no token from before outlives them.
    pub tokens_valid_after: DateTime<Utc>,
}

impl Account {
    pub fn has_password(&self) -> bool {
        !self.password_hash.is_empty()
    }
}

/// What the member area shows and the drivers and therapists use to reach the customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub user_id: UserId,
    pub display_name: String,
    pub phone: Option<Phone>,
    pub line_id: Option<String>,
    pub zalo_id: Option<String>,
    pub whatsapp_id: Option<String>,
    pub language: Language,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The user the product's `POST /login` returns: the profile with its account's e-mail state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub email: Email,
    pub email_verified: bool,
    pub profile: Profile,
    /// The shortest password the account may set (`Role::password_min`).
    pub password_min: usize,
}

/// A partial update of the profile: `None` leaves a field as it is; an empty string clears an
/// optional field.
#[derive(Debug, Clone, Default)]
pub struct ProfileUpdate {
    pub display_name: Option<String>,
    /// `Some(None)` removes the phone.
    pub phone: Option<Option<(String, String)>>,
    pub line_id: Option<String>,
    pub zalo_id: Option<String>,
    pub whatsapp_id: Option<String>,
    pub language: Option<String>,
}

impl Profile {
    pub const MAX_NAME_CHARS: usize = 40;
    pub const MAX_HANDLE_CHARS: usize = 64;

    /// A first profile: named after the mailbox until the customer says otherwise.
    pub fn first(user_id: UserId, email: &Email, now: DateTime<Utc>) -> Self {
        let local = email.as_str().split('@').next().unwrap_or_default();
        Self {
            user_id,
            display_name: local.chars().take(Self::MAX_NAME_CHARS).collect(),
            phone: None,
            line_id: None,
            zalo_id: None,
            whatsapp_id: None,
            language: Language::default(),
            created_at: now,
            updated_at: now,
        }
    }

    /// Applies an update field by field; the first bad field is named in the error and nothing
    /// changes.
    pub fn apply(&self, update: ProfileUpdate, now: DateTime<Utc>) -> DomainResult<Self> {
        let mut next = self.clone();
        if let Some(name) = update.display_name {
            next.display_name = display_name(&name)?;
        }
        if let Some(phone) = update.phone {
            next.phone = match phone {
                Some((cc, number)) if !(cc.trim().is_empty() && number.trim().is_empty()) => {
                    Some(Phone::parse(&cc, &number)?)
                }
                _ => None,
            };
        }
        if let Some(v) = update.line_id {
            next.line_id = handle("line_id", &v)?;
        }
        if let Some(v) = update.zalo_id {
            next.zalo_id = handle("zalo_id", &v)?;
        }
        if let Some(v) = update.whatsapp_id {
            next.whatsapp_id = handle("whatsapp_id", &v)?;
        }
        if let Some(tag) = update.language {
            next.language = Language::parse(&tag)?;
        }
        next.updated_at = now;
        Ok(next)
    }
}

fn display_name(raw: &str) -> DomainResult<String> {
    let name = crate::shared::optional_text("display_name", raw, usize::MAX)?;
    let n = name.chars().count();
    if n == 0 || n > Profile::MAX_NAME_CHARS {
        return Err(DomainError::invalid(
            "display_name",
            msg("profile.name").with("max", Profile::MAX_NAME_CHARS),
        ));
    }
    Ok(name)
}

/// A messaging app id (LINE, Zalo, WhatsApp): optional, one word.
fn handle(field: &str, raw: &str) -> DomainResult<Option<String>> {
    let v = crate::shared::optional_text(field, raw, Profile::MAX_HANDLE_CHARS)?;
    if v.is_empty() {
        return Ok(None);
    }
    if v.chars().any(char::is_whitespace) {
        return Err(DomainError::invalid(
            field,
            msg("profile.handle").with("max", Profile::MAX_HANDLE_CHARS),
        ));
    }
    Ok(Some(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(
            Email::parse("  Alice.Chen@Example.COM ").unwrap().as_str(),
            "alice.chen@example.com"
        );
        // One mailbox, one form: full-width letters and at sign, and a domain in Unicode or in
        // its punycode form.
        for same in [
            "probe.user@ｅｘａｍｐｌｅ.com",
            "ｐｒｏｂｅ.user＠example.com",
            "PROBE.USER@EXAMPLE.COM",
        ] {
            assert_eq!(
                Email::parse(same).unwrap().as_str(),
                "probe.user@example.com"
            );
        }
        assert_eq!(
            Email::parse("a@exämple.com").unwrap(),
            Email::parse("a@xn--exmple-cua.com").unwrap()
        );
        assert_eq!(
            Email::parse("a@EXÄMPLE.com").unwrap().as_str(),
            "a@xn--exmple-cua.com"
        );
        for bad in [
            "",
            "alice",
            "alice@",
            "@example.com",
            "alice@example",
            "a b@example.com",
            "\"a\"@example.com",
            "alice@[127.0.0.1]",
            &format!("{}@example.com", "a".repeat(250)),
        ] {
            assert_eq!(Email::parse(bad), Err(AuthError::InvalidEmail), "{bad:?}");
        }
    }

    #[test]
    fn passwords_need_six_characters_and_at_most_128() {
        assert_eq!(Password::new("12345").unwrap_err(), AuthError::WeakPassword);
        assert!(Password::new("123456").is_ok());
        assert!(
            Password::new("密碼密碼密碼").is_ok(),
            "characters, not bytes"
        );
        assert_eq!(
            Password::new(&"x".repeat(129)).unwrap_err(),
            AuthError::PasswordTooLong
        );
        assert!(format!("{:?}", Password::new("secret1").unwrap()).contains('…'));
        assert_eq!(
            Password::offered("").unwrap_err(),
            AuthError::InvalidLoginCredentials
        );
        assert!(
            Password::offered("12").is_ok(),
            "old short passwords may sign in"
        );
    }

    #[test]
    fn profile_updates_check_every_field_and_change_nothing_on_error() {
        let now = DateTime::<Utc>::UNIX_EPOCH;
        let email = Email::parse("lin@example.com").unwrap();
        let p = Profile::first(UserId::parse("u1").unwrap(), &email, now);
        assert_eq!(p.display_name, "lin");
        let next = p
            .apply(
                ProfileUpdate {
                    display_name: Some(" 林小姐 ".into()),
                    phone: Some(Some(("+886".into(), "0912345678".into()))),
                    line_id: Some("lin_tw".into()),
                    language: Some("en".into()),
                    ..ProfileUpdate::default()
                },
                now,
            )
            .unwrap();
        assert_eq!(next.display_name, "林小姐");
        assert_eq!(next.phone.as_ref().unwrap().e164(), "+886912345678");
        assert_eq!(next.line_id.as_deref(), Some("lin_tw"));
        assert_eq!(next.language, Language::En);
        let cleared = next
            .apply(
                ProfileUpdate {
                    phone: Some(None),
                    line_id: Some(String::new()),
                    ..ProfileUpdate::default()
                },
                now,
            )
            .unwrap();
        assert_eq!((cleared.phone, cleared.line_id), (None, None));

        for (update, field) in [
            (
                ProfileUpdate {
                    display_name: Some("  ".into()),
                    ..ProfileUpdate::default()
                },
                "display_name",
            ),
            (
                ProfileUpdate {
                    zalo_id: Some("two words".into()),
                    ..ProfileUpdate::default()
                },
                "zalo_id",
            ),
            (
                ProfileUpdate {
                    language: Some("fr".into()),
                    ..ProfileUpdate::default()
                },
                "preferred_language",
            ),
        ] {
            match p.apply(update, now) {
                Err(DomainError::InvalidArgument { field: f, .. }) => assert_eq!(f, field),
                other => panic!("{field}: {other:?}"),
            }
        }
    }
}
