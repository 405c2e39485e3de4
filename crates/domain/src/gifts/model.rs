use chrono::{DateTime, Duration, Utc};

use crate::error::{DomainError, DomainResult, Message, msg};
use crate::shared::codes::{random_code, read_code};
use crate::shared::{Money, Randomness, UserId};

/// Characters a code has: 80 bits, beyond guessing; written in groups of four.
pub const CODE_LENGTH: usize = 16;
/// The most codes one batch issues.
pub const BATCH_MAX: u32 = 1_000;
/// The most one code is worth.
pub const AMOUNT_MAX: Money = Money::vnd(5_000_000);

/// A gift code: `ABCD-EFGH-JKLM-NPQR`, read whatever the case, spaces or dashes the customer
/// typed, so a code copied from a card or a mail is never refused for its form.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GiftCodeId(String);

impl GiftCodeId {
    pub fn parse(raw: &str) -> DomainResult<Self> {
        read_code(raw, CODE_LENGTH).map(Self).ok_or_else(|| {
            DomainError::invalid("code", msg("gift.code_format").with("length", CODE_LENGTH))
        })
    }

    fn random(random: &dyn Randomness) -> Self {
        Self(random_code(random, CODE_LENGTH))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// As people read it: four groups of four.
    pub fn grouped(&self) -> String {
        let chunks: Vec<&str> = (0..CODE_LENGTH / 4)
            .map(|i| &self.0[i * 4..i * 4 + 4])
            .collect();
        chunks.join("-")
    }
}

/// What an admin asks for: `count` codes worth `amount` each, named `name` (the campaign, for the
/// console and the CSV), redeemable until `redeem_by`; the credit each gives expires
/// `credit_days` days after it is redeemed, or never.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub name: String,
    pub count: u32,
    pub amount: Money,
    pub redeem_by: DateTime<Utc>,
    pub credit_days: Option<u32>,
}

impl Batch {
    /// Refuses a batch that could not be issued as asked, naming the field.
    pub fn validate(&self, now: DateTime<Utc>) -> DomainResult<()> {
        crate::shared::text("name", &self.name, 80, crate::shared::REQUIRED)?;
        if !(1..=BATCH_MAX).contains(&self.count) {
            return Err(DomainError::invalid(
                "count",
                msg("gift.count").with("max", BATCH_MAX),
            ));
        }
        let amount = self.amount;
        if amount <= Money::ZERO || amount > AMOUNT_MAX || amount.amount() % 1_000 != 0 {
            return Err(DomainError::invalid(
                "amount",
                msg("gift.amount").money("max", AMOUNT_MAX),
            ));
        }
        if self.redeem_by <= now {
            return Err(DomainError::invalid("redeem_by", msg("gift.redeem_by")));
        }
        if self.credit_days == Some(0) || self.credit_days.is_some_and(|d| d > 3_650) {
            return Err(DomainError::invalid("credit_days", msg("gift.credit_days")));
        }
        Ok(())
    }
}

/// The instant a batch whose last day to redeem is `raw` (`YYYY-MM-DD`, Vietnam time) stops:
/// the start of the next Vietnam day, so the whole last day counts.
pub fn redeem_by_from_last_day(raw: &str) -> DomainResult<DateTime<Utc>> {
    let day = chrono::NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
        .ok()
        .and_then(|d| d.succ_opt())
        .ok_or_else(|| DomainError::invalid("redeem_until", msg("gift.redeem_by")))?;
    Ok(crate::shared::LocalTime::from_naive(day.and_time(chrono::NaiveTime::MIN)).instant())
}

/// The last Vietnam day a code redeemable until `redeem_by` may be redeemed on.
pub fn last_day_of(redeem_by: DateTime<Utc>) -> chrono::NaiveDate {
    crate::shared::LocalTime::of(redeem_by - Duration::milliseconds(1))
        .naive()
        .date()
}

/// One code of a batch, and who redeemed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftCode {
    pub code: GiftCodeId,
    pub batch: String,
    pub amount: Money,
    pub redeem_by: DateTime<Utc>,
    pub credit_days: Option<u32>,
    pub redeemed: Option<(UserId, DateTime<Utc>)>,
}

/// What redeeming gives: the amount, and when it expires if it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Credit {
    pub amount: Money,
    pub expires_at: Option<DateTime<Utc>>,
}

/// The codes of a checked batch, each new and distinct.
pub fn issue(batch: &Batch, random: &dyn Randomness) -> Vec<GiftCode> {
    let mut seen = std::collections::HashSet::new();
    let mut codes = Vec::with_capacity(batch.count as usize);
    while codes.len() < batch.count as usize {
        let code = GiftCodeId::random(random);
        if seen.insert(code.clone()) {
            codes.push(GiftCode {
                code,
                batch: batch.name.trim().to_owned(),
                amount: batch.amount,
                redeem_by: batch.redeem_by,
                credit_days: batch.credit_days,
                redeemed: None,
            });
        }
    }
    codes
}

impl GiftCode {
    /// The credit the code gave when it was redeemed.
    pub fn credit(&self) -> Option<Credit> {
        self.redeemed.as_ref().map(|(_, at)| Credit {
            amount: self.amount,
            expires_at: self.expires_from(*at),
        })
    }

    fn expires_from(&self, redeemed: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.credit_days
            .map(|days| redeemed + Duration::days(i64::from(days)))
    }

    /// Redeems the code for `customer` at `now`: the credit it gives; or why not, in words (one
    /// redeemed already, by them or another, or past its time). The store redeems it once
    /// whoever asks at once: this is the rule it applies.
    pub fn redeem(&mut self, customer: &UserId, now: DateTime<Utc>) -> Result<Credit, Message> {
        let code = self.code.grouped();
        if let Some((by, _)) = &self.redeemed {
            return Err(if by == customer {
                msg("gift.redeemed_by_you").with("code", code)
            } else {
                msg("gift.redeemed").with("code", code)
            });
        }
        if now >= self.redeem_by {
            return Err(msg("gift.expired").with("code", code));
        }
        self.redeemed = Some((customer.clone(), now));
        Ok(Credit {
            amount: self.amount,
            expires_at: self.expires_from(now),
        })
    }
}
