use std::fmt;
use std::ops::{Add, Mul};

/// An amount of Vietnamese đồng. VND has no minor unit in practice, so integers are exact and
/// floats are never used for money.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

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
        Money((self.0 + 500).div_euclid(1000) * 1000)
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0 + rhs.0)
    }
}

impl Mul<i64> for Money {
    type Output = Money;
    fn mul(self, rhs: i64) -> Money {
        Money(self.0 * rhs)
    }
}

impl fmt::Display for Money {
    /// `1,250,000 ₫`: thousands separated by commas, as VND is written for our customers.
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
        write!(f, "{sign}{grouped} ₫")
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
        assert_eq!(Money::vnd(1_250_000).to_string(), "1,250,000 ₫");
        assert_eq!(Money::vnd(999).to_string(), "999 ₫");
        assert_eq!(Money::vnd(-12_000).to_string(), "-12,000 ₫");
    }

    #[test]
    fn adds_and_multiplies() {
        assert_eq!(Money::vnd(500) + Money::vnd(250) * 2, Money::vnd(1_000));
    }
}
