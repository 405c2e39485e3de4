use chrono::{NaiveDate, NaiveTime};

use super::category::Category;
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::shared::Money;

/// An extra a customer may add to a plan (child seat, Chinese-speaking driver, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanOption {
    pub code: String,
    /// Its name, said at the edge.
    pub name: Message,
    pub price: Money,
}

/// A plan's price list, kept as data in the catalogue. Every figure is integer VND.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceRules {
    /// The price before extras: one rate for a transfer (`minutes` 0), or one per bookable length
    /// (charter packages, escort hours, massage sessions), shortest first.
    pub rates: Vec<Rate>,
    pub night: Option<NightSurcharge>,
    /// Each hour beyond the booked length, up to `max_extra_hours`.
    pub extra_hour: Option<Money>,
    pub max_extra_hours: u32,
    /// How many people the rate covers and how many the plan takes at most. Shuttle and charter
    /// take their vehicle's seats instead of `max_people`.
    pub people_included: u32,
    pub max_people: u32,
    pub extra_person: Option<ExtraPerson>,
    pub child_seat: Option<Money>,
    pub extra_stop: Option<Money>,
    pub max_extra_stops: u32,
    /// A Chinese-speaking driver or guide, when the plan charges for one.
    pub chinese_speaking: Option<Money>,
    pub booking: BookingWindow,
    /// What the partner who delivers it earns; never shown to travellers.
    pub payout: Payout,
    /// Date ranges that cost more (Tết, national holidays, peak weeks); the first that covers a
    /// service's day applies.
    pub seasons: Vec<Season>,
    /// The seasons of the plan's whole category, kept with the category (not the plan) and put
    /// here when the plan is read: one of them applies on a day none of the plan's own covers.
    pub category_seasons: Vec<Season>,
}

/// A date-range price rule: a service starting on a Vietnam day from `from` to `until` (both
/// included) costs more, by a share of its rate or a fixed sum. An order keeps the price it was
/// made at: a season added or changed later moves only new estimates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Season {
    pub from: NaiveDate,
    pub until: NaiveDate,
    pub rise: Rise,
}

/// How much a season adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rise {
    /// A share of the rate, 1 to `SEASON_PERCENT_MAX`.
    Percent(u32),
    /// A fixed sum, whole thousands of đồng, above nothing.
    Fixed(Money),
}

/// The most a season may add to a rate, in percent (Tết prices double at most).
pub const SEASON_PERCENT_MAX: u32 = 200;

impl Season {
    /// A season as the catalogue states it, refused in words when its days run backwards or its
    /// rise is none, too much, or not whole thousands.
    pub fn new(from: NaiveDate, until: NaiveDate, rise: Rise) -> DomainResult<Self> {
        if until < from {
            return Err(DomainError::invalid(
                "pricing.seasons",
                msg("catalog.season.days"),
            ));
        }
        let fine = match rise {
            Rise::Percent(p) => (1..=SEASON_PERCENT_MAX).contains(&p),
            Rise::Fixed(m) => m > Money::ZERO && m.amount() % 1_000 == 0,
        };
        if !fine {
            return Err(DomainError::invalid(
                "pricing.seasons",
                msg("catalog.season.rise").with("max", SEASON_PERCENT_MAX),
            ));
        }
        Ok(Self { from, until, rise })
    }

    /// A season as the catalogue file and the console state it: days as `YYYY-MM-DD`, and a
    /// share of the rate or a fixed sum, one of the two.
    pub fn from_parts(
        from: &str,
        until: &str,
        percent: Option<u32>,
        vnd: Option<i64>,
    ) -> DomainResult<Self> {
        let day = |raw: &str| {
            NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
                .map_err(|_| DomainError::invalid("pricing.seasons", msg("catalog.season.days")))
        };
        let rise = match (percent, vnd) {
            (Some(p), None) => Rise::Percent(p),
            (None, Some(v)) => Rise::Fixed(Money::vnd(v)),
            _ => {
                return Err(DomainError::invalid(
                    "pricing.seasons",
                    msg("catalog.season.rise").with("max", SEASON_PERCENT_MAX),
                ));
            }
        };
        Self::new(day(from)?, day(until)?, rise)
    }

    pub fn covers(&self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.until
    }

    /// As the audit log writes it: `2027-02-05..2027-02-09+50%`.
    pub fn audit_text(&self) -> String {
        let rise = match self.rise {
            Rise::Percent(p) => format!("{p}%"),
            Rise::Fixed(m) => m.amount().to_string(),
        };
        format!("{}..{}+{rise}", self.from, self.until)
    }
}

/// The most seasons one plan or one category may have: a year's holidays and peak weeks.
pub const SEASONS_MAX: usize = 40;

/// Refuses more seasons than `SEASONS_MAX`, in words.
pub fn check_seasons(seasons: &[Season]) -> DomainResult<()> {
    if seasons.len() > SEASONS_MAX {
        return Err(DomainError::invalid(
            "seasons",
            msg("catalog.season.too_many").with("max", SEASONS_MAX),
        ));
    }
    Ok(())
}

/// What a partner earns for one job of a plan: for a service delivered, and for a traveller who
/// never came (the partner went and waited).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payout {
    pub completed: PayRule,
    pub no_show: PayRule,
}

/// A plan that says nothing pays its partners 70% of the service's price, and half of it for a
/// traveller who never came (`docs/decisions/partners.md`).
impl Default for Payout {
    fn default() -> Self {
        Self {
            completed: PayRule::Share(70),
            no_show: PayRule::Share(35),
        }
    }
}

/// One payout rule: a fixed sum, or a share of what the traveller paid for the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayRule {
    Fixed(Money),
    /// Percent of the order's price, rounded to a thousand đồng.
    Share(u32),
}

impl PayRule {
    /// The sum this rule pays for a service sold at `price`.
    pub fn of(self, price: Money) -> Money {
        match self {
            PayRule::Fixed(m) => m,
            PayRule::Share(p) => percent_of(price, p),
        }
    }

    fn valid(self) -> bool {
        match self {
            PayRule::Fixed(m) => !m.is_negative() && m.amount() <= MAX_PRICE,
            PayRule::Share(p) => p <= 100,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub minutes: u32,
    pub price: Money,
}

/// A surcharge on the rate for services that start inside a window of Vietnam time. The window
/// may wrap past midnight (22:00–06:00).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NightSurcharge {
    pub from: NaiveTime,
    pub until: NaiveTime,
    pub percent: u32,
}

impl NightSurcharge {
    pub fn applies_at(&self, t: NaiveTime) -> bool {
        if self.from <= self.until {
            self.from <= t && t < self.until
        } else {
            t >= self.from || t < self.until
        }
    }
}

/// What each person beyond those included costs: a flat fee (a bigger escort group) or a share of
/// the rate (a second therapist for a couple's massage costs a whole session).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraPerson {
    Flat(Money),
    PercentOfRate(u32),
}

/// How early and how far ahead a plan can be booked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookingWindow {
    pub lead_time_minutes: u32,
    pub horizon_days: u32,
}

impl PriceRules {
    /// The season a service starting on `day` (Vietnam time) is priced under, if any: the
    /// plan's own first, then its category's.
    pub fn season_on(&self, day: NaiveDate) -> Option<&Season> {
        self.seasons
            .iter()
            .chain(&self.category_seasons)
            .find(|s| s.covers(day))
    }

    pub fn rate(&self, minutes: u32) -> Option<Money> {
        self.rates
            .iter()
            .find(|r| r.minutes == minutes)
            .map(|r| r.price)
    }

    /// Bookable lengths, shortest first; empty for a transfer.
    pub fn durations(&self) -> Vec<u32> {
        self.rates
            .iter()
            .map(|r| r.minutes)
            .filter(|m| *m > 0)
            .collect()
    }

    /// The lowest price a customer can pay: the cheapest rate.
    pub fn from_price(&self) -> Money {
        self.rates
            .iter()
            .map(|r| r.price)
            .min()
            .unwrap_or(Money::ZERO)
    }

    /// The extras as the catalogue shows them, in the words of the plan's category.
    pub fn options(&self, category: Category) -> Vec<PlanOption> {
        let mut options = Vec::new();
        let mut add = |code: &str, name: Message, price: Money| {
            options.push(PlanOption {
                code: code.to_owned(),
                name,
                price,
            })
        };
        if let Some(price) = self.chinese_speaking {
            let who = match category {
                Category::Shuttle | Category::Charter => "option.chinese_speaking_driver",
                Category::Escort | Category::DragonMassage => "option.chinese_speaking_guide",
            };
            add("chinese-speaking", msg(who), price);
        }
        if let Some(price) = self.child_seat {
            add("child-seat", msg("option.child_seat"), price);
        }
        if let Some(price) = self.extra_stop {
            add("extra-stop", msg("option.extra_stop"), price);
        }
        if let Some(price) = self.extra_hour {
            add("extra-hour", msg("option.extra_hour"), price);
        }
        if let Some(ExtraPerson::Flat(price)) = self.extra_person {
            add(
                "extra-person",
                msg("option.extra_person_over").with("people", self.people_included),
                price,
            );
        }
        if let (Some(ExtraPerson::PercentOfRate(p)), Some(rate)) =
            (self.extra_person, self.rates.first())
        {
            let name = match category {
                Category::DragonMassage => "option.extra_therapist",
                _ => "option.extra_person",
            };
            add("extra-person", msg(name), percent_of(rate.price, p));
        }
        if let Some(n) = self.night {
            add(
                "night",
                msg("option.night")
                    .with("percent", n.percent)
                    .with("from", n.from.format("%H:%M"))
                    .with("until", n.until.format("%H:%M")),
                percent_of(self.from_price(), n.percent),
            );
        }
        options
    }

    /// The price list's own consistency, checked before a catalogue is stored.
    pub fn validate(&self, category: Category) -> DomainResult<()> {
        check_seasons(&self.seasons)?;
        let invalid = |field: &str, message: &'static str| {
            Err(DomainError::invalid(
                format!("pricing.{field}"),
                msg(message),
            ))
        };
        if self.rates.is_empty() {
            return invalid("rates", "catalog.pricing.one_rate");
        }
        let transfer = category == Category::Shuttle;
        if transfer && (self.rates.len() != 1 || self.rates[0].minutes != 0) {
            return invalid("rates", "catalog.pricing.transfer_rate");
        }
        if !transfer && self.rates.iter().any(|r| r.minutes == 0) {
            return invalid("rates", "catalog.pricing.rate_minutes");
        }
        // A service is never free: an order of it would be "paid" with nothing (extras may be).
        if self.rates.iter().any(|r| r.price.amount() < MIN_RATE) {
            return Err(DomainError::invalid(
                "pricing.rates",
                msg("catalog.pricing.rate_min").money("min", Money::vnd(MIN_RATE)),
            ));
        }
        // Longer never costs less, so "more hours never cost less" holds for lengths too.
        if self
            .rates
            .windows(2)
            .any(|w| w[0].minutes >= w[1].minutes || w[0].price > w[1].price)
        {
            return invalid("rates", "catalog.pricing.rate_order");
        }
        let prices = self
            .rates
            .iter()
            .map(|r| r.price)
            .chain(self.extra_hour)
            .chain(self.child_seat)
            .chain(self.extra_stop)
            .chain(self.chinese_speaking)
            .chain(match self.extra_person {
                Some(ExtraPerson::Flat(m)) => Some(m),
                _ => None,
            });
        for price in prices {
            if price.is_negative() || price.amount() > MAX_PRICE {
                return invalid("prices", "catalog.pricing.price_range");
            }
        }
        if self
            .night
            .is_some_and(|n| n.percent > 100 || n.from == n.until)
        {
            return invalid("night", "catalog.pricing.night");
        }
        if matches!(self.extra_person, Some(ExtraPerson::PercentOfRate(p)) if p > 100) {
            return invalid("extra_person", "catalog.pricing.extra_person");
        }
        if self.extra_hour.is_none() != (self.max_extra_hours == 0) {
            return invalid("max_extra_hours", "catalog.pricing.max_extra_hours");
        }
        if self.extra_stop.is_none() != (self.max_extra_stops == 0) {
            return invalid("max_extra_stops", "catalog.pricing.max_extra_stops");
        }
        if !matches!(category, Category::Shuttle | Category::Charter)
            && (self.people_included == 0 || self.max_people < self.people_included)
        {
            return invalid("max_people", "catalog.pricing.max_people");
        }
        if self.booking.horizon_days == 0
            || i64::from(self.booking.lead_time_minutes)
                >= i64::from(self.booking.horizon_days) * 1440
        {
            return invalid("booking", "catalog.pricing.booking_window");
        }
        if !self.payout.completed.valid() || !self.payout.no_show.valid() {
            return invalid("payout", "catalog.pricing.payout");
        }
        Ok(())
    }
}

/// The least a service's rate may be (prices are whole thousands of đồng).
const MIN_RATE: i64 = 1_000;

/// Upper bound of any single price, so sums of a few dozen lines stay far from overflow.
const MAX_PRICE: i64 = 1_000_000_000;

pub(crate) fn percent_of(m: Money, percent: u32) -> Money {
    Money::vnd(m.amount() * i64::from(percent) / 100).round_to_thousand()
}
