use crate::catalog::Category;
use crate::catalog::price_rules::{
    ExtraPerson, PriceRules, chinese_speaking_label, extra_person_label, percent_of,
};
use crate::error::{DomainError, DomainResult, msg};
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
}

impl LineKind {
    pub const ALL: [LineKind; 7] = [
        LineKind::Base,
        LineKind::Night,
        LineKind::ExtraHours,
        LineKind::ExtraPeople,
        LineKind::ChildSeats,
        LineKind::ExtraStops,
        LineKind::ChineseSpeaking,
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
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == code)
    }
}

/// One line of a breakdown: `amount` is `unit_price × quantity`, rounded to 1,000 VND.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineItem {
    pub kind: LineKind,
    pub label: String,
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

impl Estimate {
    pub fn from_lines(lines: Vec<LineItem>) -> Self {
        let total = lines.iter().fold(Money::ZERO, |sum, l| sum + l.amount);
        Self { lines, total }
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
    let mut line = |kind: LineKind, label: String, quantity: u32, unit_price: Money| {
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
            format!("夜間加價 {}%", night.percent),
            1,
            percent_of(rate, night.percent),
        );
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
            "延長時數（每小時）".into(),
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
            extra_person_label(category).into(),
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
            "兒童安全座椅（每張）".into(),
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
            "加停一站（每站）".into(),
            q.extra_stops,
            price,
        );
    }
    if q.chinese_speaking
        && let Some(price) = rules.chinese_speaking
    {
        line(
            LineKind::ChineseSpeaking,
            chinese_speaking_label(category).into(),
            1,
            price,
        );
    }
    Ok(Estimate::from_lines(lines))
}

fn base_label(category: Category, minutes: u32) -> String {
    let length = if minutes.is_multiple_of(60) {
        format!("{} 小時", minutes / 60)
    } else {
        format!("{minutes} 分鐘")
    };
    match category {
        Category::Shuttle => "單程接送（每車）".into(),
        Category::Charter => format!("包車 {length}（每車）"),
        Category::Escort => format!("陪同導覽 {length}"),
        Category::DragonMassage => format!("按摩 {length}"),
    }
}
