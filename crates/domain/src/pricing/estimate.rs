use crate::catalog::Category;
use crate::catalog::price_rules::{ExtraPerson, PriceRules, Rise, percent_of};
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::shared::{LocalTime, Money};

/// What a price depends on, taken from an order's service details.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    pub start: LocalTime,
    /// The booked length; 0 for a transfer.
    pub minutes: u32,
    pub extra_hours: u32,
    pub people: u32,
    pub child_seats: u32,
    pub extra_stops: u32,
    pub chinese_speaking: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    Base,
    Night,
    ExtraHours,
    ExtraPeople,
    ChildSeats,
    ExtraStops,
    ChineseSpeaking,
    /// A promo code's discount: the one line whose amount is below zero.
    Promo,
    /// A date range that costs more (Tết, a holiday, a peak week).
    Season,
}

impl LineKind {
    pub const ALL: [LineKind; 9] = [
        LineKind::Base,
        LineKind::Night,
        LineKind::ExtraHours,
        LineKind::ExtraPeople,
        LineKind::ChildSeats,
        LineKind::ExtraStops,
        LineKind::ChineseSpeaking,
        LineKind::Promo,
        LineKind::Season,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            LineKind::Base => "base",
            LineKind::Night => "night",
            LineKind::ExtraHours => "extra-hours",
            LineKind::ExtraPeople => "extra-people",
            LineKind::ChildSeats => "child-seats",
            LineKind::ExtraStops => "extra-stops",
            LineKind::ChineseSpeaking => "chinese-speaking",
            LineKind::Promo => "promo",
            LineKind::Season => "season",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == code)
    }
}

/// The labels a line may keep, with the names of their values (for `Message::from_stored`); what
/// an order kept before labels were codes reads back as `text.as_is`.
pub const LINE_LABELS: &[(&str, &[&str])] = &[
    ("line.shuttle", &[]),
    ("line.charter.hours", &["hours"]),
    ("line.charter.minutes", &["minutes"]),
    ("line.escort.hours", &["hours"]),
    ("line.escort.minutes", &["minutes"]),
    ("line.massage.hours", &["hours"]),
    ("line.massage.minutes", &["minutes"]),
    ("line.night", &["percent"]),
    ("line.extra_hours", &[]),
    ("line.extra_person", &[]),
    ("line.extra_therapist", &[]),
    ("line.child_seats", &[]),
    ("line.extra_stops", &[]),
    ("option.chinese_speaking_driver", &[]),
    ("option.chinese_speaking_guide", &[]),
    ("line.promo", &["code"]),
    ("line.season", &["percent"]),
    ("line.season_fixed", &[]),
    ("text.as_is", &["text"]),
];

/// One line of a breakdown: `amount` is `unit_price × quantity`, rounded to 1,000 VND.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineItem {
    pub kind: LineKind,
    /// What the line is, said at the edge.
    pub label: Message,
    pub quantity: u32,
    pub unit_price: Money,
    pub amount: Money,
}

/// A priced breakdown. The total is the sum of the lines, so what the customer reads adds up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Estimate {
    pub lines: Vec<LineItem>,
    pub total: Money,
}

/// The least a breakdown with a discount may come to: a service is never free, and an order of
/// nothing could not be paid.
pub const LEAST_TOTAL: Money = Money::vnd(1_000);

impl Estimate {
    pub fn from_lines(lines: Vec<LineItem>) -> Self {
        let total = lines.iter().fold(Money::ZERO, |sum, l| sum + l.amount);
        Self { lines, total }
    }

    /// The promo code named on the breakdown, and what it takes off (a positive sum).
    pub fn promo(&self) -> Option<(&str, Money)> {
        let line = self.lines.iter().find(|l| l.kind == LineKind::Promo)?;
        let code = match line.label.arg("code") {
            Some(crate::error::Arg::Value(code)) => code.as_str(),
            _ => "",
        };
        Some((code, Money::vnd(-line.amount.amount())))
    }

    /// The price before any code: the sum of the other lines.
    pub fn subtotal(&self) -> Money {
        self.lines
            .iter()
            .filter(|l| l.kind != LineKind::Promo)
            .fold(Money::ZERO, |sum, l| sum + l.amount)
    }

    /// The same breakdown without a code's line.
    pub fn without_promo(mut self) -> Self {
        self.lines.retain(|l| l.kind != LineKind::Promo);
        Self::from_lines(self.lines)
    }

    /// The breakdown with `code`'s discount as its last line (in place of any other code's),
    /// taking off `off` but never bringing the total below [`LEAST_TOTAL`]; a discount of nothing
    /// adds no line.
    pub fn with_promo(self, code: &str, off: Money) -> Self {
        let mut lines = self.without_promo().lines;
        let subtotal = lines.iter().fold(Money::ZERO, |sum, l| sum + l.amount);
        let most = Money::vnd((subtotal.amount() - LEAST_TOTAL.amount()).max(0));
        let off = off.max(Money::ZERO).min(most);
        if off > Money::ZERO {
            lines.push(LineItem {
                kind: LineKind::Promo,
                label: msg("line.promo").with("code", code),
                quantity: 1,
                unit_price: Money::vnd(-off.amount()),
                amount: Money::vnd(-off.amount()),
            });
        }
        Self::from_lines(lines)
    }
}

/// Prices a quote under a plan's rules. Pure: the same rules and quote always give the same
/// breakdown. Capacity and booking-window rules are the order's; this only refuses what has no
/// price (a length the plan does not sell, an extra it does not offer, more than its maximum).
pub fn estimate(category: Category, rules: &PriceRules, q: &Quote) -> DomainResult<Estimate> {
    let rate = rules
        .rate(q.minutes)
        .ok_or_else(|| DomainError::invalid("details.duration_minutes", msg("pricing.duration")))?;
    let mut lines = Vec::new();
    let mut line = |kind: LineKind, label: Message, quantity: u32, unit_price: Money| {
        if quantity > 0 {
            lines.push(LineItem {
                kind,
                label,
                quantity,
                unit_price,
                amount: (unit_price * i64::from(quantity)).round_to_thousand(),
            });
        }
    };
    line(LineKind::Base, base_label(category, q.minutes), 1, rate);
    if let Some(night) = rules.night.filter(|n| n.applies_at(q.start.naive().time())) {
        line(
            LineKind::Night,
            msg("line.night").with("percent", night.percent),
            1,
            percent_of(rate, night.percent),
        );
    }
    // A season rises the service's rate; the extras keep their own prices.
    if let Some(season) = rules.season_on(q.start.naive().date()) {
        let (label, price) = match season.rise {
            Rise::Percent(p) => (msg("line.season").with("percent", p), percent_of(rate, p)),
            Rise::Fixed(m) => (msg("line.season_fixed"), m),
        };
        line(LineKind::Season, label, 1, price);
    }
    if q.extra_hours > 0 {
        let price = rules
            .extra_hour
            .filter(|_| q.extra_hours <= rules.max_extra_hours);
        let price = price.ok_or_else(|| {
            DomainError::invalid(
                "details.extra_hours",
                msg("pricing.extra_hours_max").with("max", rules.max_extra_hours),
            )
        })?;
        line(
            LineKind::ExtraHours,
            msg("line.extra_hours"),
            q.extra_hours,
            price,
        );
    }
    let extra_people = q.people.saturating_sub(rules.people_included);
    if extra_people > 0
        && let Some(extra) = rules.extra_person
    {
        let unit = match extra {
            ExtraPerson::Flat(m) => m,
            ExtraPerson::PercentOfRate(p) => percent_of(rate, p),
        };
        line(
            LineKind::ExtraPeople,
            msg(match category {
                Category::DragonMassage => "line.extra_therapist",
                _ => "line.extra_person",
            }),
            extra_people,
            unit,
        );
    }
    if q.child_seats > 0 {
        let price = rules.child_seat.ok_or_else(|| {
            DomainError::invalid("details.child_seats", msg("pricing.no_child_seats"))
        })?;
        line(
            LineKind::ChildSeats,
            msg("line.child_seats"),
            q.child_seats,
            price,
        );
    }
    if q.extra_stops > 0 {
        let price = rules
            .extra_stop
            .filter(|_| q.extra_stops <= rules.max_extra_stops);
        let price = price.ok_or_else(|| {
            DomainError::invalid(
                "details.extra_stops",
                msg("pricing.extra_stops_max").with("max", rules.max_extra_stops),
            )
        })?;
        line(
            LineKind::ExtraStops,
            msg("line.extra_stops"),
            q.extra_stops,
            price,
        );
    }
    if q.chinese_speaking
        && let Some(price) = rules.chinese_speaking
    {
        line(
            LineKind::ChineseSpeaking,
            msg(match category {
                Category::Shuttle | Category::Charter => "option.chinese_speaking_driver",
                Category::Escort | Category::DragonMassage => "option.chinese_speaking_guide",
            }),
            1,
            price,
        );
    }
    Ok(Estimate::from_lines(lines))
}

fn base_label(category: Category, minutes: u32) -> Message {
    let hours = minutes.is_multiple_of(60);
    let code = match (category, hours) {
        (Category::Shuttle, _) => return msg("line.shuttle"),
        (Category::Charter, true) => "line.charter.hours",
        (Category::Charter, false) => "line.charter.minutes",
        (Category::Escort, true) => "line.escort.hours",
        (Category::Escort, false) => "line.escort.minutes",
        (Category::DragonMassage, true) => "line.massage.hours",
        (Category::DragonMassage, false) => "line.massage.minutes",
    };
    if hours {
        msg(code).with("hours", minutes / 60)
    } else {
        msg(code).with("minutes", minutes)
    }
}
