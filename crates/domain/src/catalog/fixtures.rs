//! Valid plans for the domain's unit tests.

use chrono::NaiveTime;

use super::model::{Category, Plan, PlanId, Vehicle};
use crate::catalog::{BookingWindow, ExtraPerson, NightSurcharge, PriceRules, Rate};
use crate::shared::Money;

/// A plan that passes `Plan::validate` for its category: a vehicle for shuttle and charter, an
/// airport for shuttle, a 4-hour rate for the others (two lengths for massage), and the extras each
/// category sells.
pub(crate) fn plan(id: &str, category: Category, price: i64) -> Plan {
    let transport = matches!(category, Category::Shuttle | Category::Charter);
    let rate = |minutes| Rate {
        minutes,
        price: Money::vnd(price),
    };
    let rates = match category {
        Category::Shuttle => vec![rate(0)],
        Category::DragonMassage => vec![
            rate(60),
            Rate {
                minutes: 90,
                price: Money::vnd(price + 150_000),
            },
        ],
        _ => vec![rate(240)],
    };
    let hours = category != Category::Shuttle && category != Category::DragonMassage;
    let pricing = PriceRules {
        rates,
        night: Some(NightSurcharge {
            from: NaiveTime::from_hms_opt(22, 0, 0).unwrap(),
            until: NaiveTime::from_hms_opt(6, 0, 0).unwrap(),
            percent: 20,
        }),
        extra_hour: hours.then_some(Money::vnd(250_000)),
        max_extra_hours: if hours { 4 } else { 0 },
        people_included: if category == Category::Escort { 4 } else { 1 },
        max_people: if category == Category::Escort { 8 } else { 2 },
        extra_person: match category {
            Category::Escort => Some(ExtraPerson::Flat(Money::vnd(100_000))),
            Category::DragonMassage => Some(ExtraPerson::PercentOfRate(100)),
            _ => None,
        },
        child_seat: transport.then_some(Money::vnd(100_000)),
        extra_stop: transport.then_some(Money::vnd(100_000)),
        max_extra_stops: if transport { 3 } else { 0 },
        chinese_speaking: (category == Category::Charter).then_some(Money::vnd(300_000)),
        booking: BookingWindow {
            lead_time_minutes: 240,
            horizon_days: 180,
        },
    };
    Plan {
        id: PlanId::parse(id).unwrap(),
        category,
        name: format!("方案 {id}"),
        summary: String::new(),
        description: String::new(),
        images: vec![],
        vehicle: transport.then_some(Vehicle {
            seats: 4,
            luggage: 3,
        }),
        pricing,
        airport: (category == Category::Shuttle).then(|| "SGN".into()),
        sort_order: 0,
        active: true,
    }
}
