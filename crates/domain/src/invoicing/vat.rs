//! VAT per category, as the business's accountant sets it (`APP_VAT_PERCENT`: `10`, or
//! `8,dragon-massage=10`: a default, then categories by slug). Prices are VAT included, as
//! Vietnamese consumers are quoted: the VAT in an amount is `amount × r / (100 + r)`, to the đồng.

use crate::catalog::Category;
use crate::shared::Money;

/// The rates a Vietnamese invoice may carry for these services.
pub const VAT_RATES: [u8; 4] = [0, 5, 8, 10];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VatRates {
    /// Percent, by `Category::ALL`'s order.
    percent: [u8; 4],
}

impl Default for VatRates {
    /// The standard rate.
    fn default() -> Self {
        Self { percent: [10; 4] }
    }
}

impl VatRates {
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut rates = Self::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let rate = |v: &str| {
                v.trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|r| VAT_RATES.contains(r))
                    .ok_or_else(|| format!("{v:?} is no VAT rate (0, 5, 8 or 10)"))
            };
            match part.split_once('=') {
                None => rates.percent = [rate(part)?; 4],
                Some((slug, v)) => {
                    let category = Category::from_slug(slug.trim())
                        .map_err(|_| format!("{slug:?} is no category"))?;
                    rates.percent[at(category)] = rate(v)?;
                }
            }
        }
        Ok(rates)
    }

    pub fn percent(&self, category: Category) -> u8 {
        self.percent[at(category)]
    }

    /// The VAT included in `gross`, a price of `category`, rounded half up to the đồng.
    pub fn included(&self, category: Category, gross: Money) -> Money {
        let r = i64::from(self.percent(category));
        let (g, d) = (
            i128::from(gross.amount()) * i128::from(r),
            i128::from(100 + r),
        );
        // Half up away from zero, so a refund's VAT mirrors its sale's.
        let vat = (g.abs() * 2 + d) / (2 * d) * g.signum();
        Money::vnd(i64::try_from(vat).unwrap_or(0))
    }
}

fn at(category: Category) -> usize {
    Category::ALL
        .iter()
        .position(|c| *c == category)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_read_per_category_and_vat_is_what_a_gross_price_includes() {
        let rates = VatRates::parse("8, dragon-massage=10").unwrap();
        assert_eq!(rates.percent(Category::Shuttle), 8);
        assert_eq!(rates.percent(Category::DragonMassage), 10);
        // 1,080,000 at 8% holds 80,000; 1,100,000 at 10% holds 100,000.
        assert_eq!(
            rates.included(Category::Shuttle, Money::vnd(1_080_000)),
            Money::vnd(80_000)
        );
        assert_eq!(
            rates.included(Category::DragonMassage, Money::vnd(1_100_000)),
            Money::vnd(100_000)
        );
        // 500,000 at 8%: 37,037.03… → 37,037; a refund's is the same, negative.
        assert_eq!(
            rates.included(Category::Charter, Money::vnd(500_000)),
            Money::vnd(37_037)
        );
        assert_eq!(
            rates.included(Category::Charter, Money::vnd(-500_000)),
            Money::vnd(-37_037)
        );
        assert_eq!(VatRates::default().percent(Category::Escort), 10);
        for bad in ["7", "10,spa=8", "ten", "8,shuttle=12"] {
            assert!(VatRates::parse(bad).is_err(), "{bad}");
        }
    }
}
