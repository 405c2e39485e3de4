use chrono::{DateTime, Duration, Utc};

use crate::error::{DomainError, DomainResult, Message, msg};
use crate::shared::codes::{random_code, read_code};
use crate::shared::{Money, Randomness, UserId};

pub const CODE_LENGTH: usize = 8;
/// The most the program gives either side.
pub const AMOUNT_MAX: Money = Money::vnd(1_000_000);

/// A customer's referral code: 8 characters of the alphabet, read however it is typed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReferralCode(String);

impl ReferralCode {
    pub fn parse(raw: &str) -> DomainResult<Self> {
        read_code(raw, CODE_LENGTH)
            .map(Self)
            .ok_or_else(|| DomainError::invalid("code", msg("referral.code_format")))
    }

    pub fn random(random: &dyn Randomness) -> Self {
        Self(random_code(random, CODE_LENGTH))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What the program gives, as admins set it. Off, nobody may claim; what a claim was promised
/// stays with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Program {
    pub active: bool,
    /// To the customer who invited.
    pub referrer: Money,
    /// To the new customer.
    pub referred: Money,
    /// Days the credit lasts; none, it does not expire.
    pub credit_days: Option<u32>,
}

impl Default for Program {
    fn default() -> Self {
        Self {
            active: false,
            referrer: Money::ZERO,
            referred: Money::ZERO,
            credit_days: None,
        }
    }
}

impl Program {
    pub fn validate(&self) -> DomainResult<()> {
        for (field, amount) in [
            ("referrer_vnd", self.referrer),
            ("referred_vnd", self.referred),
        ] {
            if amount < Money::ZERO || amount > AMOUNT_MAX || amount.amount() % 1_000 != 0 {
                return Err(DomainError::invalid(
                    field,
                    msg("referral.amount").money("max", AMOUNT_MAX),
                ));
            }
        }
        if self.active && self.referrer == Money::ZERO && self.referred == Money::ZERO {
            return Err(DomainError::invalid(
                "referrer_vnd",
                msg("referral.nothing"),
            ));
        }
        if self.credit_days == Some(0) || self.credit_days.is_some_and(|d| d > 3_650) {
            return Err(DomainError::invalid("credit_days", msg("gift.credit_days")));
        }
        Ok(())
    }

    /// When credit granted at `at` expires.
    pub fn expires(&self, at: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.credit_days.map(|d| at + Duration::days(i64::from(d)))
    }
}

/// A new customer's claim of an inviter's code, with what the program promised both then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Referral {
    pub id: String,
    pub referrer: UserId,
    pub referred: UserId,
    /// The new customer's e-mail as `email_key` reads it: one claim per person.
    pub referred_key: String,
    pub terms: Program,
    pub claimed_at: DateTime<Utc>,
    pub rewarded_at: Option<DateTime<Utc>>,
}

impl Referral {
    /// The lots (or lasting credit) the reward grants: the inviter's and the new customer's.
    pub fn grant_ids(&self) -> (String, String) {
        (
            format!("ref-{}-by", self.id),
            format!("ref-{}-new", self.id),
        )
    }
}

/// An e-mail as one person's: lower case, without a `+tag`, and for Gmail without dots (Gmail
/// delivers `a.b+x@googlemail.com` to `ab@gmail.com`). Two accounts with one key are twins.
pub fn email_key(email: &str) -> String {
    let email = email.trim().to_lowercase();
    let Some((local, domain)) = email.rsplit_once('@') else {
        return email;
    };
    let local = local.split('+').next().unwrap_or_default();
    let (local, domain) = match domain {
        "gmail.com" | "googlemail.com" => (local.replace('.', ""), "gmail.com"),
        _ => (local.to_owned(), domain),
    };
    format!("{local}@{domain}")
}

/// Whether `me` (`my_email`) may claim the code of `referrer` (`their_email`): not their own,
/// not an e-mail twin of theirs, and only before buying anything. The words say why not.
pub fn check_claim(
    (referrer, their_email): (&UserId, &str),
    (me, my_email): (&UserId, &str),
    has_ordered: bool,
) -> Result<(), Message> {
    if referrer == me {
        return Err(msg("referral.self"));
    }
    if email_key(their_email) == email_key(my_email) {
        return Err(msg("referral.twin"));
    }
    if has_ordered {
        return Err(msg("referral.not_new"));
    }
    Ok(())
}
