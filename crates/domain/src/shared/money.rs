use std::fmt;
use std::ops::{Add, Mul};

/// An amount of Vietnamese đồng. VND has no minor unit in practice, so integers are exact and
/// floats are never used for money. Arithmetic saturates instead of wrapping or panicking; the
/// amounts that enter (`Money::ENTRY_MAX`) are bounded far below where it would.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);
    /// The most any one amount from outside may be (a bank notice, a VNPay result, a top-up, an
    /// adjustment, a refund): a billion đồng, beyond any booking this business takes.
    pub const ENTRY_MAX: Money = Money(1_000_000_000);

    /// `self + rhs`, or `None` past what an i64 holds.
    pub const fn checked_add(self, rhs: Money) -> Option<Money> {
        match self.0.checked_add(rhs.0) {
            Some(v) => Some(Money(v)),
            None => None,
        }
    }

    pub const fn vnd(amount: i64) -> Self {
        Money(amount)
    }

    pub const fn amount(self) -> i64 {
        self.0
    }

    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// Rounds half up to the nearest 1,000 VND, the granularity prices are quoted in.
    pub fn round_to_thousand(self) -> Self {
        Money(
            self.0
                .saturating_add(500)
                .div_euclid(1000)
                .saturating_mul(1000),
        )
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0.saturating_add(rhs.0))
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl Mul<i64> for Money {
    type Output = Money;
    fn mul(self, rhs: i64) -> Money {
        Money(self.0.saturating_mul(rhs))
    }
}

/// An amount as a refusal's message carries it (`error::Message::money`).
impl From<Money> for i64 {
    fn from(m: Money) -> Self {
        m.0
    }
}

impl fmt::Display for Money {
    /// `VND 1,250,000`, for logs and the audit's records, which are not in anyone's language.
    /// What people read is written by `words::money`, in theirs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.unsigned_abs().to_string();
        let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(c);
        }
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}VND {grouped}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_half_up_to_thousands() {
        assert_eq!(Money::vnd(1_499).round_to_thousand(), Money::vnd(1_000));
        assert_eq!(Money::vnd(1_500).round_to_thousand(), Money::vnd(2_000));
        assert_eq!(Money::vnd(0).round_to_thousand(), Money::ZERO);
        assert_eq!(Money::vnd(-400).round_to_thousand(), Money::ZERO);
    }

    #[test]
    fn displays_with_thousands_separators() {
        assert_eq!(Money::vnd(1_250_000).to_string(), "VND 1,250,000");
        assert_eq!(Money::vnd(999).to_string(), "VND 999");
        assert_eq!(Money::vnd(-12_000).to_string(), "-VND 12,000");
    }

    #[test]
    fn never_wraps() {
        let max = Money::vnd(i64::MAX);
        assert_eq!(max + Money::vnd(1), max);
        assert_eq!(Money::vnd(i64::MIN) + Money::vnd(-1), Money::vnd(i64::MIN));
        assert_eq!(max * 2, max);
        assert_eq!(max.checked_add(Money::vnd(1)), None);
        assert_eq!(max.round_to_thousand().amount() % 1000, 0);
    }

    #[test]
    fn adds_and_multiplies() {
        assert_eq!(Money::vnd(500) + Money::vnd(250) * 2, Money::vnd(1_000));
    }
}
