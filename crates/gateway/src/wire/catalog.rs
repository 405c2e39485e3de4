//! Categories, plans and their price lists.

use domain::DomainError;
use domain::catalog::{self, CategorySummary};
use domain::error::msg;
use domain::media::sized;
use domain::ordering::{DROP_OFF_LEAD_MINUTES, DROP_OFF_MIN_LEAD_MINUTES};
use tonic::Status;

use crate::error::status;
use crate::pb;
use crate::texts;

pub(crate) fn category_to_pb(c: catalog::Category) -> pb::Category {
    match c {
        catalog::Category::Shuttle => pb::Category::Shuttle,
        catalog::Category::Charter => pb::Category::Charter,
        catalog::Category::Escort => pb::Category::Escort,
        catalog::Category::DragonMassage => pb::Category::DragonMassage,
    }
}

pub(crate) fn category_from_pb(raw: i32) -> Result<catalog::Category, Status> {
    match pb::Category::try_from(raw) {
        Ok(pb::Category::Shuttle) => Ok(catalog::Category::Shuttle),
        Ok(pb::Category::Charter) => Ok(catalog::Category::Charter),
        Ok(pb::Category::Escort) => Ok(catalog::Category::Escort),
        Ok(pb::Category::DragonMassage) => Ok(catalog::Category::DragonMassage),
        Ok(pb::Category::Unspecified) | Err(_) => Err(status(DomainError::invalid(
            "category",
            msg("catalog.category"),
        ))),
    }
}

pub(crate) fn category_info(s: CategorySummary) -> pb::CategoryInfo {
    pb::CategoryInfo {
        category: category_to_pb(s.category).into(),
        slug: s.category.slug().into(),
        name: texts::term(s.category.name()),
        description: texts::term(s.category.description()),
        plan_count: s.plan_count,
        from_price_vnd: s.from_price.map(|m| m.amount()).unwrap_or(0),
    }
}

pub(crate) fn rules_to_pb(p: &catalog::Plan) -> pb::BookingRules {
    pb::BookingRules {
        lead_time_minutes: p.pricing.booking.lead_time_minutes,
        horizon_days: p.pricing.booking.horizon_days,
        capacity: p.capacity(),
        max_extra_hours: p.pricing.max_extra_hours,
        max_extra_stops: p.pricing.max_extra_stops,
        drop_off_lead_minutes: shuttle_only(p, DROP_OFF_LEAD_MINUTES),
        drop_off_min_lead_minutes: shuttle_only(p, DROP_OFF_MIN_LEAD_MINUTES),
        free_cancellation_hours: p.cancellation.free_until_hours,
        late_cancellation_fee_percent: p.cancellation.late_fee_percent,
    }
}

fn shuttle_only(p: &catalog::Plan, minutes: i64) -> u32 {
    match p.category {
        catalog::Category::Shuttle => u32::try_from(minutes).unwrap_or(0),
        _ => 0,
    }
}

/// A plan as lists carry it: of its page's content only what the lists' filters use (its cities
/// and its guides' languages). The page itself asks for the plan (`GetPlan`), content and all.
pub(crate) fn listed(plan: pb::Plan) -> pb::Plan {
    pb::Plan {
        content: plan.content.map(|c| pb::PlanContent {
            cities: c.cities,
            languages: c.languages,
            ..Default::default()
        }),
        ..plan
    }
}

/// A plan card's photo width (320 CSS pixels at 2×).
const CARD_WIDTH: u32 = 640;

/// A plan in the request's language: its own words where translated, zh-TW's where not.
pub(crate) fn plan_to_pb(p: catalog::Plan) -> pb::Plan {
    let p = p.in_language(texts::current());
    let (durations, options, from_price, rules) = (
        p.durations_minutes(),
        p.options(),
        p.from_price(),
        rules_to_pb(&p),
    );
    let cities = p.cities();
    pb::Plan {
        id: p.id.as_str().into(),
        category: category_to_pb(p.category).into(),
        name: p.name,
        summary: p.summary,
        description: p.description,
        // The size a card draws (the plan page asks for larger ones itself); the category's
        // drawing where there is no photo.
        images: if p.images.is_empty() {
            vec![p.category.drawing()]
        } else {
            p.images.iter().map(|i| sized(i, CARD_WIDTH)).collect()
        },
        vehicle: p.vehicle.map(|v| pb::Vehicle {
            seats: v.seats,
            luggage: v.luggage,
        }),
        duration_minutes: durations,
        options: options
            .into_iter()
            .map(|o| pb::PlanOption {
                code: o.code,
                name: texts::render(&o.name),
                price_vnd: o.price.amount(),
            })
            .collect(),
        from_price_vnd: from_price.amount(),
        rules: Some(rules),
        airport: p.airport.unwrap_or_default(),
        active: p.active,
        // Counted by the reviews, which the catalogue service adds.
        reviews: None,
        content: Some(pb::PlanContent {
            included: p.content.included,
            excluded: p.content.excluded,
            meeting_point: p.content.meeting_point,
            finding: p.content.finding,
            free_waiting_minutes: p.content.free_waiting_minutes,
            waiting_fee_vnd: p.content.waiting_fee.map_or(0, |m| m.amount()),
            service_area: p.content.service_area,
            cities,
            languages: p.content.languages,
        }),
    }
}
