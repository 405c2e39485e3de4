//! A promo code and what it takes off a purchase. Every rule a customer can meet is decided here
//! and answered as a message in their language; how many uses are left is the store's to count,
//! in the write that takes one.

use chrono::{DateTime, Utc};

use crate::catalog::Category;
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::pricing::LEAST_TOTAL;
use crate::shared::{LocalTime, Money};

/// The longest code; long enough for a campaign's name and a year.
pub const CODE_MAX: usize = 32;
const CODE_MIN: usize = 3;

/// A code as customers type it: letters, digits and `-` (not first), kept in capitals, so
/// `tet2027`, ` TET2027 ` and `Tet2027` are one code.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PromoCodeId(String);

impl PromoCodeId {
    pub fn parse(raw: &str) -> DomainResult<Self> {
        let code = raw.trim().to_ascii_uppercase();
        let allowed = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-';
        let first = code.starts_with(|c: char| c.is_ascii_alphanumeric());
        if !(CODE_MIN..=CODE_MAX).contains(&code.len()) || !code.chars().all(allowed) || !first {
            return Err(DomainError::invalid(
                "code",
                msg("promo.code_format")
                    .with("min", CODE_MIN)
                    .with("max", CODE_MAX),
            ));
        }
        Ok(Self(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What a code takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Discount {
    /// A share of the purchase, at most `cap` when there is one.
    Percent { percent: u32, cap: Option<Money> },
    /// A fixed sum.
    Fixed(Money),
}

/// The rules an admin sets on a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoRules {
    pub discount: Discount,
    /// The purchase's price before the code must reach this.
    pub min_spend: Money,
    /// The categories it is for; none, every one.
    pub categories: Vec<Category>,
    /// The plans it is for (their ids); none, every plan of its categories.
    pub plans: Vec<String>,
    /// From when until when it may be used, Vietnam time (the end itself is past).
    pub valid_from: LocalTime,
    pub valid_until: LocalTime,
    /// Uses in all; none, no limit.
    pub total_uses: Option<u32>,
    pub uses_per_customer: u32,
    /// Only for a customer's first order.
    pub first_order_only: bool,
}

/// A code and its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoCode {
    pub code: PromoCodeId,
    pub rules: PromoRules,
    /// Admins switch a code off rather than delete it: orders keep naming it.
    pub active: bool,
}

/// What a code is weighed against: the purchase as priced before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Purchase<'a> {
    pub category: Category,
    pub plan_id: &'a str,
    pub subtotal: Money,
    pub at: DateTime<Utc>,
}

/// What has been used, as the store counts it: the code's uses in all and the customer's, and
/// whether the customer has had an order (any that was paid or still may be).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Uses {
    pub total: u32,
    pub by_customer: u32,
    pub has_ordered: bool,
}

impl PromoRules {
    /// Refuses rules that could not be applied as written, naming the field.
    pub fn validate(&self) -> DomainResult<()> {
        let thousands = |m: Money| m.amount() > 0 && m.amount() % 1_000 == 0;
        match self.discount {
            Discount::Percent { percent, cap } => {
                if !(1..=100).contains(&percent) {
                    return Err(DomainError::invalid("percent", msg("promo.percent_range")));
                }
                if cap.is_some_and(|c| !thousands(c) || c > Money::ENTRY_MAX) {
                    return Err(DomainError::invalid("cap", msg("promo.amount_thousands")));
                }
            }
            Discount::Fixed(amount) => {
                if !thousands(amount) || amount > Money::ENTRY_MAX {
                    return Err(DomainError::invalid(
                        "amount",
                        msg("promo.amount_thousands"),
                    ));
                }
            }
        }
        if self.min_spend.is_negative() || self.min_spend > Money::ENTRY_MAX {
            return Err(DomainError::invalid(
                "min_spend",
                msg("promo.amount_thousands"),
            ));
        }
        if self.valid_from.instant() >= self.valid_until.instant() {
            return Err(DomainError::invalid("valid_until", msg("promo.window")));
        }
        if self.uses_per_customer == 0 || self.total_uses == Some(0) {
            return Err(DomainError::invalid("uses", msg("promo.uses")));
        }
        Ok(())
    }

    /// What the discount comes to on `subtotal`, before the least total is kept.
    fn amount_on(&self, subtotal: Money) -> Money {
        match self.discount {
            Discount::Percent { percent, cap } => {
                let share = Money::vnd(subtotal.amount() * i64::from(percent) / 100);
                let share = share.round_to_thousand();
                cap.map_or(share, |cap| share.min(cap))
            }
            Discount::Fixed(amount) => amount,
        }
    }
}

impl PromoCode {
    /// What the code takes off `purchase`, given what was used; or why it does not apply, in the
    /// order a customer can act on (a code that is not on yet or over first, then one for another
    /// service, then the customer's own limits, then the amount). The discount never takes the
    /// total below [`LEAST_TOTAL`].
    pub fn discount_for(&self, purchase: &Purchase<'_>, uses: &Uses) -> Result<Money, Message> {
        let rules = &self.rules;
        let code = self.code.as_str();
        if !self.active {
            return Err(msg("promo.unknown").with("code", code));
        }
        if purchase.at < rules.valid_from.instant() {
            return Err(msg("promo.not_yet")
                .with("code", code)
                .with("from", rules.valid_from.naive().format("%Y-%m-%d %H:%M")));
        }
        if purchase.at >= rules.valid_until.instant() {
            return Err(msg("promo.expired").with("code", code));
        }
        let category_fits =
            rules.categories.is_empty() || rules.categories.contains(&purchase.category);
        let plan_fits = rules.plans.is_empty() || rules.plans.iter().any(|p| p == purchase.plan_id);
        if !category_fits || !plan_fits {
            return Err(msg("promo.not_for_plan").with("code", code));
        }
        if rules.first_order_only && uses.has_ordered {
            return Err(msg("promo.first_order_only").with("code", code));
        }
        if rules.total_uses.is_some_and(|total| uses.total >= total) {
            return Err(msg("promo.used_up").with("code", code));
        }
        if uses.by_customer >= rules.uses_per_customer {
            return Err(msg("promo.already_used").with("code", code));
        }
        if purchase.subtotal < rules.min_spend {
            return Err(msg("promo.minimum")
                .with("code", code)
                .money("min", rules.min_spend));
        }
        let most = Money::vnd((purchase.subtotal.amount() - LEAST_TOTAL.amount()).max(0));
        Ok(rules.amount_on(purchase.subtotal).min(most))
    }
}
