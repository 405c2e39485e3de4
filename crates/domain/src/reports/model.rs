//! A report's stretch of time and the figures it holds. Days are Vietnam's (UTC+7, no summer
//! time): a sale at 23:30 on the 31st belongs to the 31st and to its month.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc};

use crate::error::{DomainError, DomainResult, msg};
use crate::payment::refund::{RefundState, Route};
use crate::payment::{Method, PurposeKind};
use crate::shared::{LocalTime, Money};

/// The longest stretch one report covers: a leap year.
pub const PERIOD_DAYS_MAX: i64 = 366;

/// Whole Vietnam days, from `first` to `last`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    first: NaiveDate,
    last: NaiveDate,
}

impl Period {
    pub fn new(first: NaiveDate, last: NaiveDate) -> DomainResult<Self> {
        if first > last {
            return Err(DomainError::invalid("until", msg("report.period_order")));
        }
        if (last - first).num_days() + 1 > PERIOD_DAYS_MAX {
            return Err(DomainError::invalid(
                "until",
                msg("report.period_long").with("days", PERIOD_DAYS_MAX),
            ));
        }
        Ok(Self { first, last })
    }

    /// From two `YYYY-MM-DD` days.
    pub fn parse(first: &str, last: &str) -> DomainResult<Self> {
        let day = |field: &str, raw: &str| {
            NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
                .map_err(|_| DomainError::invalid(field, msg("report.day")))
        };
        Self::new(day("from", first)?, day("until", last)?)
    }

    /// The Vietnam month `day` falls in.
    pub fn month_of(day: NaiveDate) -> Self {
        let first = day.with_day(1).unwrap_or(day);
        let last = next_month(first).pred_opt().unwrap_or(day);
        Self { first, last }
    }

    pub fn first(&self) -> NaiveDate {
        self.first
    }

    pub fn last(&self) -> NaiveDate {
        self.last
    }

    /// Its first instant: midnight of its first day in Vietnam.
    pub fn starts_at(&self) -> DateTime<Utc> {
        midnight(self.first)
    }

    /// The instant after it: midnight after its last day in Vietnam.
    pub fn ends_at(&self) -> DateTime<Utc> {
        midnight(self.last + Duration::days(1))
    }

    /// `from-until`, for a file's name.
    pub fn code(&self) -> String {
        format!(
            "{}_{}",
            self.first.format("%Y-%m-%d"),
            self.last.format("%Y-%m-%d")
        )
    }
}

/// The Vietnam day `instant` falls on.
pub fn day_of(instant: DateTime<Utc>) -> NaiveDate {
    LocalTime::of(instant).naive().date()
}

/// How long after a Vietnam day ends its money may still be written: a payment settles and a
/// ledger entry is written at the clock's now, in a transaction that commits within moments, on
/// nodes whose clocks agree to within seconds; an hour covers the slowest of them.
pub const DAY_SETTLES_MINUTES: i64 = 60;

/// The first Vietnam day whose figures may still move at `now`. Every day before it is
/// settled: a payment settles once and a ledger entry is never rewritten, and a promo code's use
/// is given back only while its order is unpaid, so those days' sums can be kept once computed.
pub fn unsettled_from(now: DateTime<Utc>) -> NaiveDate {
    day_of(now - Duration::minutes(DAY_SETTLES_MINUTES))
}

fn midnight(day: NaiveDate) -> DateTime<Utc> {
    LocalTime::from_naive(day.and_time(NaiveTime::MIN)).instant()
}

fn next_month(first: NaiveDate) -> NaiveDate {
    first
        .checked_add_months(chrono::Months::new(1))
        .unwrap_or(first)
}

/// How finely sales over time are cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Grain {
    #[default]
    Day,
    /// Monday to Sunday, named by its Monday.
    Week,
    /// Named by its first day.
    Month,
}

impl Grain {
    /// The first day of the stretch `day` belongs to.
    pub fn bucket(self, day: NaiveDate) -> NaiveDate {
        match self {
            Grain::Day => day,
            Grain::Week => day - Duration::days(i64::from(day.weekday().num_days_from_monday())),
            Grain::Month => day.with_day(1).unwrap_or(day),
        }
    }
}

/// One stretch of sales over time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    /// Its first day.
    pub start: NaiveDate,
    /// What customers paid for services: orders and price rises of changes.
    pub sales: Money,
    /// Orders paid.
    pub orders: i64,
    /// What went back to customers, to their wallets or to what paid.
    pub refunds: Money,
}

impl Bucket {
    pub fn net(&self) -> Money {
        Money::vnd(self.sales.amount() - self.refunds.amount())
    }
}

/// A sum under a name: a category, a code, a kind of credit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub key: String,
    pub amount: Money,
    pub count: i64,
}

/// A plan's sales, under its category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanLine {
    pub category: String,
    pub plan_id: String,
    /// Its name on the orders (in the language it was sold in).
    pub name: String,
    pub amount: Money,
    pub orders: i64,
}

/// Money in by one method for one purpose (an order, a change, a tip, a top-up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodLine {
    pub method: Method,
    pub purpose: PurposeKind,
    pub amount: Money,
    pub count: i64,
}

/// Refunds by where they went and how far they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundLine {
    pub route: Route,
    /// A wallet refund is done at once.
    pub state: RefundState,
    pub amount: Money,
    pub count: i64,
}

/// Orders cancelled in the period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cancellations {
    /// Cancelled after being paid, and their prices.
    pub paid: i64,
    pub paid_value: Money,
    /// Cancelled (or lapsed by cancelling) before any payment.
    pub unpaid: i64,
}

/// What partners earned, were paid and are owed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PartnerMoney {
    /// Earned by jobs (completed or no-show) in the period.
    pub earned: Money,
    /// Travellers' tips in the period, which reach partners in full (apart from `earned`).
    pub tips: Money,
    pub tip_count: i64,
    /// Paid out to partners in the period.
    pub paid: Money,
    /// Owed to partners at the end of the period: all they earned until then, less all paid.
    pub due: Money,
}

/// The v-coin the business owes its customers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Liability {
    /// The sum of every wallet's balance, now.
    pub balances: Money,
    /// The sum of every ledger entry ever, now: equal to `balances`, or the books are wrong.
    pub ledger: Money,
    /// The sum of the ledger entries before the period's end: what was owed then.
    pub at_end: Money,
}

impl Liability {
    pub fn balanced(&self) -> bool {
        self.balances == self.ledger
    }
}

/// The period's totals, each the sum of its section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    pub sales: Money,
    pub orders: i64,
    pub refunds: Money,
    pub net: Money,
    pub promotions: Money,
    pub credit: Money,
}

/// The business's numbers over a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub period: Period,
    pub grain: Grain,
    /// Every stretch of the period, empty ones included, so a chart has no holes.
    pub over_time: Vec<Bucket>,
    pub categories: Vec<Line>,
    pub plans: Vec<PlanLine>,
    pub methods: Vec<MethodLine>,
    pub refunds: Vec<RefundLine>,
    pub cancellations: Cancellations,
    /// Promo codes' discounts on the orders paid in the period, by code.
    pub promotions: Vec<Line>,
    /// Credit the business gave (gift codes, referrals, adjustments) and took back (expiry), by
    /// ledger kind.
    pub credit: Vec<Line>,
    pub partners: PartnerMoney,
    pub liability: Liability,
    pub totals: Totals,
}

/// A line of the daily accounting journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Entry {
    /// Sales of a category, VAT included.
    Sales,
    /// The VAT those sales include.
    SalesVat,
    /// Refunds of a category's sales, VAT included.
    Refunds,
    /// The VAT those refunds give back.
    RefundsVat,
    /// V-coin movements of a ledger kind (signed: into wallets positive).
    Wallet,
    /// Paid out to partners.
    Payouts,
}

impl Entry {
    pub const fn code(self) -> &'static str {
        match self {
            Entry::Sales => "sales",
            Entry::SalesVat => "sales_vat",
            Entry::Refunds => "refunds",
            Entry::RefundsVat => "refunds_vat",
            Entry::Wallet => "wallet",
            Entry::Payouts => "payouts",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalLine {
    pub day: NaiveDate,
    pub entry: Entry,
    /// A category's slug, a ledger kind, or nothing.
    pub key: String,
    pub amount: Money,
    /// The VAT rate of a sales or refunds line and of its VAT line.
    pub vat_percent: Option<u8>,
    pub count: i64,
}
