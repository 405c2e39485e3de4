//! How an order is kept in SQL: its row, the JSON columns that mirror the details, the contact,
//! the driver and the priced breakdown (read back through the domain's constructors), and its
//! transitions' rows.
use domain::catalog::{Category, PlanId};
use domain::error::Message;
use domain::media::ImageId;
use domain::ordering::{
    Actor, CharterDetails, Contact, Direction, Driver, EscortDetails, GuideLanguage,
    MassageDetails, MessagingApp, Order, OrderId, OrderState, ServiceDetails, ShuttleDetails,
    TherapistChoice, Transition,
};
use domain::pricing::{Estimate, LINE_LABELS, LineItem, LineKind};
use domain::shared::{LocalTime, Money, Phone, UserId};
use domain::{DomainError, DomainResult};
use sea_orm::Set;
use serde::{Deserialize, Serialize};

use crate::sql::common::{corrupt, instant, json, ms, parse_json};
use crate::sql::entities::{order, order_event};

#[derive(Serialize, Deserialize)]
#[serde(tag = "service", rename_all = "kebab-case", deny_unknown_fields)]
enum DetailsJson {
    Shuttle {
        direction: String,
        flight_number: String,
        start: String,
        /// A drop-off's flight departure; absent in rows written before it was asked.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        departure: String,
        address: String,
        passengers: u32,
        luggage: u32,
        child_seats: u32,
        extra_stops: u32,
    },
    Charter {
        start: String,
        duration_minutes: u32,
        extra_hours: u32,
        pickup_address: String,
        itinerary: String,
        passengers: u32,
        child_seats: u32,
        extra_stops: u32,
        driver_language: String,
    },
    Escort {
        start: String,
        duration_minutes: u32,
        extra_hours: u32,
        meeting_point: String,
        people: u32,
        language: String,
    },
    Massage {
        hotel_name: String,
        hotel_address: String,
        room: String,
        start: String,
        duration_minutes: u32,
        people: u32,
        therapist: String,
        therapist_id: String,
        #[serde(default)]
        hotel_images: Vec<String>,
    },
}

impl From<&ServiceDetails> for DetailsJson {
    fn from(d: &ServiceDetails) -> Self {
        match d {
            ServiceDetails::Shuttle(d) => DetailsJson::Shuttle {
                direction: d.direction.code().into(),
                flight_number: d.flight_number.clone(),
                start: d.start.to_string(),
                departure: d.departure.map(|t| t.to_string()).unwrap_or_default(),
                address: d.address.clone(),
                passengers: d.passengers,
                luggage: d.luggage,
                child_seats: d.child_seats,
                extra_stops: d.extra_stops,
            },
            ServiceDetails::Charter(d) => DetailsJson::Charter {
                start: d.start.to_string(),
                duration_minutes: d.duration_minutes,
                extra_hours: d.extra_hours,
                pickup_address: d.pickup_address.clone(),
                itinerary: d.itinerary.clone(),
                passengers: d.passengers,
                child_seats: d.child_seats,
                extra_stops: d.extra_stops,
                driver_language: d.driver_language.code().into(),
            },
            ServiceDetails::Escort(d) => DetailsJson::Escort {
                start: d.start.to_string(),
                duration_minutes: d.duration_minutes,
                extra_hours: d.extra_hours,
                meeting_point: d.meeting_point.clone(),
                people: d.people,
                language: d.language.code().into(),
            },
            ServiceDetails::Massage(d) => DetailsJson::Massage {
                hotel_name: d.hotel_name.clone(),
                hotel_address: d.hotel_address.clone(),
                room: d.room.clone(),
                start: d.start.to_string(),
                duration_minutes: d.duration_minutes,
                people: d.people,
                therapist: d.therapist.code().into(),
                therapist_id: d.therapist.therapist_id().into(),
                hotel_images: d
                    .hotel_images
                    .iter()
                    .map(|i| i.as_str().to_owned())
                    .collect(),
            },
        }
    }
}

/// A service's details as the orders table keeps them (a change waiting for its money keeps them
/// the same way).
pub(crate) fn details_json(d: &ServiceDetails) -> String {
    json(&DetailsJson::from(d))
}

pub(crate) fn details_from_json(raw: &str) -> DomainResult<ServiceDetails> {
    parse_json::<DetailsJson>("details", raw)?
        .into_domain()
        .map_err(|e| corrupt("details", e))
}

impl DetailsJson {
    fn into_domain(self) -> DomainResult<ServiceDetails> {
        let at = |s: &str| LocalTime::parse("details.start", s);
        Ok(match self {
            DetailsJson::Shuttle {
                direction,
                flight_number,
                start,
                departure,
                address,
                passengers,
                luggage,
                child_seats,
                extra_stops,
            } => ServiceDetails::Shuttle(ShuttleDetails {
                direction: Direction::parse(&direction)?,
                flight_number,
                start: at(&start)?,
                departure: (!departure.is_empty())
                    .then(|| at(&departure))
                    .transpose()?,
                address,
                passengers,
                luggage,
                child_seats,
                extra_stops,
            }),
            DetailsJson::Charter {
                start,
                duration_minutes,
                extra_hours,
                pickup_address,
                itinerary,
                passengers,
                child_seats,
                extra_stops,
                driver_language,
            } => ServiceDetails::Charter(CharterDetails {
                start: at(&start)?,
                duration_minutes,
                extra_hours,
                pickup_address,
                itinerary,
                passengers,
                child_seats,
                extra_stops,
                driver_language: GuideLanguage::parse(&driver_language)?,
            }),
            DetailsJson::Escort {
                start,
                duration_minutes,
                extra_hours,
                meeting_point,
                people,
                language,
            } => ServiceDetails::Escort(EscortDetails {
                start: at(&start)?,
                duration_minutes,
                extra_hours,
                meeting_point,
                people,
                language: GuideLanguage::parse(&language)?,
            }),
            DetailsJson::Massage {
                hotel_name,
                hotel_address,
                room,
                start,
                duration_minutes,
                people,
                therapist,
                therapist_id,
                hotel_images,
            } => ServiceDetails::Massage(MassageDetails {
                hotel_name,
                hotel_address,
                room,
                start: at(&start)?,
                duration_minutes,
                people,
                therapist: TherapistChoice::parse(&therapist, &therapist_id)?,
                hotel_images: hotel_images
                    .iter()
                    .map(|i| ImageId::parse(i))
                    .collect::<DomainResult<_>>()?,
            }),
        })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContactJson {
    name: String,
    phone_country_code: String,
    phone_number: String,
    messaging_app: Option<String>,
    messaging_id: Option<String>,
}

impl From<&Contact> for ContactJson {
    fn from(c: &Contact) -> Self {
        ContactJson {
            name: c.name.clone(),
            phone_country_code: c.phone.country_code().into(),
            phone_number: c.phone.number().into(),
            messaging_app: c.messaging.as_ref().map(|(app, _)| app.code().into()),
            messaging_id: c.messaging.as_ref().map(|(_, id)| id.clone()),
        }
    }
}

impl ContactJson {
    fn into_domain(self) -> DomainResult<Contact> {
        let messaging = match (self.messaging_app, self.messaging_id) {
            (Some(app), Some(id)) => Some((MessagingApp::parse(&app)?, id)),
            _ => None,
        };
        Contact::new(
            &self.name,
            Phone::parse(&self.phone_country_code, &self.phone_number)?,
            messaging.as_ref().map(|(app, id)| (*app, id.as_str())),
        )
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DriverJson {
    name: String,
    phone_country_code: String,
    phone_number: String,
    plate: String,
}

impl From<&Driver> for DriverJson {
    fn from(d: &Driver) -> Self {
        DriverJson {
            name: d.name.clone(),
            phone_country_code: d.phone.country_code().into(),
            phone_number: d.phone.number().into(),
            plate: d.plate.clone(),
        }
    }
}

impl DriverJson {
    fn into_domain(self) -> DomainResult<Driver> {
        Ok(Driver {
            name: self.name,
            phone: Phone::parse(&self.phone_country_code, &self.phone_number)?,
            plate: self.plate,
        })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LineJson {
    kind: String,
    /// The label's stored form (`Message::stored`); orders priced before labels were codes kept
    /// the words, which read back as they were.
    label: String,
    quantity: u32,
    unit_price_vnd: i64,
    amount_vnd: i64,
}

fn estimate_json(e: &Estimate) -> Vec<LineJson> {
    e.lines
        .iter()
        .map(|l| LineJson {
            kind: l.kind.code().into(),
            label: l.label.stored(),
            quantity: l.quantity,
            unit_price_vnd: l.unit_price.amount(),
            amount_vnd: l.amount.amount(),
        })
        .collect()
}

fn estimate_from(lines: Vec<LineJson>) -> DomainResult<Estimate> {
    let lines = lines
        .into_iter()
        .map(|l| {
            Ok(LineItem {
                kind: LineKind::from_code(&l.kind).ok_or_else(|| corrupt("order", &l.kind))?,
                label: Message::from_stored(&l.label, LINE_LABELS),
                quantity: l.quantity,
                unit_price: Money::vnd(l.unit_price_vnd),
                amount: Money::vnd(l.amount_vnd),
            })
        })
        .collect::<DomainResult<Vec<_>>>()?;
    Ok(Estimate::from_lines(lines))
}

pub(crate) fn order_to_row(o: &Order) -> order::ActiveModel {
    order::ActiveModel {
        id: Set(o.id.as_str().into()),
        owner: Set(o.owner.as_str().into()),
        category: Set(o.category.slug().into()),
        plan_id: Set(o.plan_id.as_str().into()),
        plan_name: Set(o.plan_name.clone()),
        state: Set(o.state.code().into()),
        details: Set(json(&DetailsJson::from(&o.details))),
        contact: Set(o.contact.as_ref().map(|c| json(&ContactJson::from(c)))),
        contact_number: Set(o.contact.as_ref().map(|c| c.phone.number().to_owned())),
        note: Set(o.note.clone()),
        estimate: Set(json(&estimate_json(&o.estimate))),
        total_vnd: Set(o.estimate.total.amount()),
        start_at_ms: Set(ms(o.details.start().instant())),
        created_at_ms: Set(ms(o.created_at)),
        updated_at_ms: Set(ms(o.updated_at)),
        expires_at_ms: Set(ms(o.expires_at)),
        version: Set(o.version),
        driver: Set(o.driver.as_ref().map(|d| json(&DriverJson::from(d)))),
        payment_opened_at_ms: Set(o.payment_opened_at.map(ms)),
    }
}

pub(crate) fn order_from_row(
    r: order::Model,
    events: Vec<order_event::Model>,
) -> DomainResult<Order> {
    let bad = |e: DomainError| corrupt("order", e);
    let history = events
        .into_iter()
        .map(|e| {
            Ok(Transition {
                from: e
                    .from_state
                    .as_deref()
                    .map(OrderState::from_code)
                    .transpose()?,
                to: OrderState::from_code(&e.to_state)?,
                at: instant(e.at_ms)?,
                actor: Actor::parse(&e.actor)?,
                reason: e.reason,
            })
        })
        .collect::<DomainResult<Vec<_>>>()
        .map_err(bad)?;
    Ok(Order {
        id: OrderId::parse(&r.id).map_err(bad)?,
        owner: UserId::parse(&r.owner).map_err(bad)?,
        category: Category::from_slug(&r.category).map_err(bad)?,
        plan_id: PlanId::parse(&r.plan_id).map_err(bad)?,
        plan_name: r.plan_name,
        details: parse_json::<DetailsJson>("order", &r.details)?
            .into_domain()
            .map_err(bad)?,
        contact: match r.contact {
            Some(c) => Some(
                parse_json::<ContactJson>("order", &c)?
                    .into_domain()
                    .map_err(bad)?,
            ),
            None => None,
        },
        note: r.note,
        estimate: estimate_from(parse_json("order", &r.estimate)?)?,
        state: OrderState::from_code(&r.state).map_err(bad)?,
        created_at: instant(r.created_at_ms)?,
        updated_at: instant(r.updated_at_ms)?,
        expires_at: instant(r.expires_at_ms)?,
        history,
        driver: match r.driver {
            Some(d) => Some(
                parse_json::<DriverJson>("order", &d)?
                    .into_domain()
                    .map_err(bad)?,
            ),
            None => None,
        },
        payment_opened_at: r.payment_opened_at_ms.map(instant).transpose()?,
        version: r.version,
    })
}

pub(crate) fn event_rows(o: &Order, from_seq: usize) -> Vec<order_event::ActiveModel> {
    o.history
        .iter()
        .enumerate()
        .skip(from_seq)
        .map(|(seq, t)| order_event::ActiveModel {
            order_id: Set(o.id.as_str().into()),
            seq: Set(i32::try_from(seq).unwrap_or(i32::MAX)),
            from_state: Set(t.from.map(|s| s.code().into())),
            to_state: Set(t.to.code().into()),
            at_ms: Set(ms(t.at)),
            actor: Set(t.actor.code()),
            reason: Set(t.reason.clone()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use domain::error::msg;

    use super::*;

    #[test]
    fn an_estimate_kept_before_labels_were_codes_reads_back_with_its_words() {
        let kept = r#"[{"kind":"base","label":"單程接送（每車）","quantity":1,"unit_price_vnd":380000,"amount_vnd":380000}]"#;
        let e = estimate_from(parse_json("order", kept).unwrap()).unwrap();
        assert_eq!(
            e.lines[0].label,
            msg("text.as_is").with("text", "單程接送（每車）")
        );
        assert_eq!(e.total, Money::vnd(380_000));
    }

    #[test]
    fn an_estimate_keeps_its_labels_as_codes_and_values() {
        let e = Estimate::from_lines(vec![LineItem {
            kind: LineKind::Night,
            label: msg("line.night").with("percent", 20),
            quantity: 1,
            unit_price: Money::vnd(76_000),
            amount: Money::vnd(76_000),
        }]);
        let kept = json(&estimate_json(&e));
        assert_eq!(
            kept,
            r#"[{"kind":"night","label":"line.night\u001fpercent=20","quantity":1,"unit_price_vnd":76000,"amount_vnd":76000}]"#
        );
        assert_eq!(
            estimate_from(parse_json("order", &kept).unwrap()).unwrap(),
            e
        );
    }
}
