//! Valid plans for the catalogue's unit tests.

use super::model::{Category, Plan, PlanId, Vehicle};
use crate::shared::Money;

/// A plan that passes `Plan::validate` for its category: a vehicle for shuttle and charter, an
/// airport for shuttle, durations for the others.
pub(crate) fn plan(id: &str, category: Category, price: i64) -> Plan {
    let transport = matches!(category, Category::Shuttle | Category::Charter);
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
        durations_minutes: if category == Category::Shuttle {
            vec![]
        } else {
            vec![240]
        },
        options: vec![],
        from_price: Money::vnd(price),
        airport: (category == Category::Shuttle).then(|| "SGN".into()),
        sort_order: 0,
        active: true,
    }
}
