//! Orders: the details of each service, contacts, estimates, states and filters.

use chrono::{DateTime, Utc};
use domain::catalog::PlanId;
use domain::error::msg;
use domain::media::ImageId;
use domain::ordering::{
    CharterDetails, Contact, Direction, Driver, EscortDetails, GuideLanguage, MassageDetails,
    MessagingApp, Order, OrderAction, OrderFilter, OrderGroup, OrderId, OrderState, Reader,
    ServiceDetails, ShuttleDetails, StepReason, TherapistChoice,
};
use domain::pricing::Estimate;
use domain::shared::{LocalTime, Phone};
use domain::{DomainError, DomainResult};
use tonic::Status;

use crate::error::status;
use crate::pb::{self, order_details::Service};
use crate::wire::catalog::{category_from_pb, category_to_pb};

/// The metadata entry (REST: header) that makes a create request safe to retry.
pub(crate) const IDEMPOTENCY_KEY: &str = "idempotency-key";

pub(crate) fn start(raw: &str) -> DomainResult<LocalTime> {
    LocalTime::parse("details.start", raw)
}

pub(crate) fn shuttle_from_pb(d: pb::ShuttleDetails) -> DomainResult<ServiceDetails> {
    Ok(ServiceDetails::Shuttle(ShuttleDetails {
        direction: Direction::parse(&d.direction)?,
        flight_number: d.flight_number,
        start: start(&d.start)?,
        departure: match d.departure.trim() {
            "" => None,
            raw => Some(LocalTime::parse("details.departure", raw)?),
        },
        address: d.address,
        passengers: d.passengers,
        luggage: d.luggage,
        child_seats: d.child_seats,
        extra_stops: d.extra_stops,
    }))
}

pub(crate) fn charter_from_pb(d: pb::CharterDetails) -> DomainResult<ServiceDetails> {
    Ok(ServiceDetails::Charter(CharterDetails {
        start: start(&d.start)?,
        duration_minutes: d.duration_minutes,
        extra_hours: d.extra_hours,
        pickup_address: d.pickup_address,
        itinerary: d.itinerary,
        passengers: d.passengers,
        child_seats: d.child_seats,
        extra_stops: d.extra_stops,
        driver_language: GuideLanguage::parse(&d.driver_language).map_err(|_| {
            DomainError::invalid("details.driver_language", msg("order.driver_language"))
        })?,
    }))
}

pub(crate) fn escort_from_pb(d: pb::EscortDetails) -> DomainResult<ServiceDetails> {
    Ok(ServiceDetails::Escort(EscortDetails {
        start: start(&d.start)?,
        duration_minutes: d.duration_minutes,
        extra_hours: d.extra_hours,
        meeting_point: d.meeting_point,
        people: d.people,
        language: GuideLanguage::parse(&d.language)?,
    }))
}

pub(crate) fn massage_from_pb(d: pb::MassageDetails) -> DomainResult<ServiceDetails> {
    Ok(ServiceDetails::Massage(MassageDetails {
        hotel_name: d.hotel_name,
        hotel_address: d.hotel_address,
        room: d.room,
        start: start(&d.start)?,
        duration_minutes: d.duration_minutes,
        people: d.people,
        therapist: TherapistChoice::parse(&d.therapist, &d.therapist_id)?,
        hotel_images: d
            .hotel_image_ids
            .iter()
            .map(|id| {
                ImageId::parse(id.trim()).map_err(|_| {
                    DomainError::invalid("details.hotel_image_ids", msg("media.unknown"))
                })
            })
            .collect::<DomainResult<_>>()?,
    }))
}

pub(crate) fn details_from_pb(d: Option<pb::OrderDetails>) -> DomainResult<ServiceDetails> {
    match d.and_then(|d| d.service) {
        Some(Service::Shuttle(d)) => shuttle_from_pb(d),
        Some(Service::Charter(d)) => charter_from_pb(d),
        Some(Service::Escort(d)) => escort_from_pb(d),
        Some(Service::Massage(d)) => massage_from_pb(d),
        None => Err(DomainError::invalid(
            "details",
            msg("order.details_required"),
        )),
    }
}

pub(crate) fn details_to_pb(d: &ServiceDetails) -> Service {
    match d {
        ServiceDetails::Shuttle(d) => Service::Shuttle(pb::ShuttleDetails {
            direction: d.direction.code().into(),
            flight_number: d.flight_number.clone(),
            start: d.start.to_string(),
            departure: d.departure.map(|t| t.to_string()).unwrap_or_default(),
            address: d.address.clone(),
            passengers: d.passengers,
            luggage: d.luggage,
            child_seats: d.child_seats,
            extra_stops: d.extra_stops,
        }),
        ServiceDetails::Charter(d) => Service::Charter(pb::CharterDetails {
            start: d.start.to_string(),
            duration_minutes: d.duration_minutes,
            extra_hours: d.extra_hours,
            pickup_address: d.pickup_address.clone(),
            itinerary: d.itinerary.clone(),
            passengers: d.passengers,
            child_seats: d.child_seats,
            extra_stops: d.extra_stops,
            driver_language: d.driver_language.code().into(),
        }),
        ServiceDetails::Escort(d) => Service::Escort(pb::EscortDetails {
            start: d.start.to_string(),
            duration_minutes: d.duration_minutes,
            extra_hours: d.extra_hours,
            meeting_point: d.meeting_point.clone(),
            people: d.people,
            language: d.language.code().into(),
        }),
        ServiceDetails::Massage(d) => Service::Massage(pb::MassageDetails {
            hotel_name: d.hotel_name.clone(),
            hotel_address: d.hotel_address.clone(),
            room: d.room.clone(),
            start: d.start.to_string(),
            duration_minutes: d.duration_minutes,
            people: d.people,
            therapist: d.therapist.code().into(),
            therapist_id: d.therapist.therapist_id().into(),
            hotel_image_ids: d
                .hotel_images
                .iter()
                .map(|i| i.as_str().to_owned())
                .collect(),
        }),
    }
}

pub(crate) fn contact_from_pb(c: pb::Contact) -> DomainResult<Contact> {
    let phone = Phone::parse(&c.phone_country_code, &c.phone_number).map_err(|e| match e {
        DomainError::InvalidArgument { field, message } => {
            DomainError::invalid(format!("contact.{field}"), message)
        }
        other => other,
    })?;
    let messaging = if c.messaging_app.is_empty() {
        None
    } else {
        Some((
            MessagingApp::parse(&c.messaging_app)?,
            c.messaging_id.as_str(),
        ))
    };
    Contact::new(&c.name, phone, messaging)
}

pub(crate) fn contact_to_pb(c: &Contact) -> pb::Contact {
    let (app, id) = c
        .messaging
        .as_ref()
        .map_or(("", ""), |(app, id)| (app.code(), id.as_str()));
    pb::Contact {
        name: c.name.clone(),
        phone_country_code: c.phone.country_code().into(),
        phone_number: c.phone.number().into(),
        messaging_app: app.into(),
        messaging_id: id.into(),
    }
}

pub(crate) fn estimate_to_pb(e: &Estimate) -> pb::FeeEstimate {
    pb::FeeEstimate {
        lines: e
            .lines
            .iter()
            .map(|l| pb::LineItem {
                code: l.kind.code().into(),
                label: crate::texts::render(&l.label),
                quantity: l.quantity,
                unit_price_vnd: l.unit_price.amount(),
                amount_vnd: l.amount.amount(),
            })
            .collect(),
        total_vnd: e.total.amount(),
    }
}

pub(crate) fn state_to_pb(s: OrderState) -> pb::OrderState {
    match s {
        OrderState::Draft => pb::OrderState::Draft,
        OrderState::PendingPayment => pb::OrderState::PendingPayment,
        OrderState::Paid => pb::OrderState::Paid,
        OrderState::Confirmed => pb::OrderState::Confirmed,
        OrderState::Completed => pb::OrderState::Completed,
        OrderState::Cancelled => pb::OrderState::Cancelled,
        OrderState::Expired => pb::OrderState::Expired,
        OrderState::Refunded => pb::OrderState::Refunded,
    }
}

/// A list's states (a group's, when one is named) and category from the wire (unspecified
/// category: every one).
pub(crate) fn filter_from_pb(
    states: &[i32],
    group: i32,
    category: i32,
) -> Result<OrderFilter, Status> {
    let states = match group {
        0 => states
            .iter()
            .map(|s| state_from_pb(*s))
            .collect::<DomainResult<_>>()
            .map_err(status)?,
        raw => OrderGroup::ALL
            .into_iter()
            .find(|g| group_to_pb(*g) as i32 == raw)
            .ok_or_else(|| {
                status(DomainError::invalid(
                    "group",
                    msg("order.group_unknown").with("code", raw),
                ))
            })?
            .states(),
    };
    Ok(OrderFilter {
        states,
        category: match category {
            0 => None,
            raw => Some(category_from_pb(raw)?),
        },
        ..OrderFilter::default()
    })
}

pub(crate) fn state_from_pb(raw: i32) -> DomainResult<OrderState> {
    OrderState::ALL
        .into_iter()
        .find(|s| state_to_pb(*s) as i32 == raw)
        .ok_or_else(|| DomainError::invalid("states", msg("order.state.unknown").with("code", raw)))
}

/// A wire instant; one no calendar holds is INVALID_ARGUMENT.
pub(crate) fn instant(t: &prost_types::Timestamp) -> Result<DateTime<Utc>, Status> {
    u32::try_from(t.nanos)
        .ok()
        .and_then(|nanos| DateTime::from_timestamp(t.seconds, nanos))
        .ok_or_else(|| status(DomainError::invalid("time", msg("time.local"))))
}

pub(crate) fn timestamp(t: DateTime<Utc>) -> prost_types::Timestamp {
    prost_types::Timestamp {
        seconds: t.timestamp(),
        nanos: i32::try_from(t.timestamp_subsec_nanos()).unwrap_or(0),
    }
}

/// The order as `reader` reads it: with what they may do with it now.
pub(crate) fn order_to_pb(o: &Order, reader: Reader) -> pb::Order {
    pb::Order {
        id: o.id.as_str().into(),
        category: category_to_pb(o.category).into(),
        plan_id: o.plan_id.as_str().into(),
        plan_name: o.plan_name.clone(),
        state: state_to_pb(o.state).into(),
        details: Some(pb::OrderDetails {
            service: Some(details_to_pb(&o.details)),
        }),
        contact: o.contact.as_ref().map(contact_to_pb),
        note: o.note.clone(),
        estimate: Some(estimate_to_pb(&o.estimate)),
        created_at: Some(timestamp(o.created_at)),
        updated_at: Some(timestamp(o.updated_at)),
        expires_at: Some(timestamp(o.expires_at)),
        events: o
            .history
            .iter()
            .map(|t| pb::OrderEvent {
                from: t
                    .from
                    .map_or(pb::OrderState::Unspecified, state_to_pb)
                    .into(),
                to: state_to_pb(t.to).into(),
                at: Some(timestamp(t.at)),
                actor: t.actor.code(),
                reason: t.reason.clone(),
                why: Some(why_to_pb(t.why())),
            })
            .collect(),
        driver: driver_to_pb(o),
        customer_id: o.owner.as_str().into(),
        version: o.version,
        assigned: o.is_assigned(),
        payment_opened_at: o.payment_opened_at.map(timestamp),
        actions: o
            .actions(reader)
            .into_iter()
            .map(|a| i32::from(action_to_pb(a)))
            .collect(),
        group: group_to_pb(o.state.group()).into(),
        paid: o.state.is_paid(),
    }
}

fn action_to_pb(a: OrderAction) -> pb::OrderAction {
    match a {
        OrderAction::Pay => pb::OrderAction::Pay,
        OrderAction::Change => pb::OrderAction::Change,
        OrderAction::Amend => pb::OrderAction::Amend,
        OrderAction::Cancel => pb::OrderAction::Cancel,
        OrderAction::Voucher => pb::OrderAction::Voucher,
        OrderAction::FollowJob => pb::OrderAction::FollowJob,
        OrderAction::Review => pb::OrderAction::Review,
        OrderAction::Confirm => pb::OrderAction::Confirm,
        OrderAction::Assign => pb::OrderAction::Assign,
        OrderAction::Complete => pb::OrderAction::Complete,
        OrderAction::Dispatch => pb::OrderAction::Dispatch,
    }
}

fn group_to_pb(g: OrderGroup) -> pb::OrderGroup {
    match g {
        OrderGroup::Unpaid => pb::OrderGroup::Unpaid,
        OrderGroup::Upcoming => pb::OrderGroup::Upcoming,
        OrderGroup::Done => pb::OrderGroup::Done,
        OrderGroup::Closed => pb::OrderGroup::Closed,
    }
}

/// The order's driver on the wire; `typed` when operators typed them in (no partner account).
pub(crate) fn driver_to_pb(o: &Order) -> Option<pb::Driver> {
    let d: &Driver = o.driver.as_ref()?;
    Some(pb::Driver {
        name: d.name.clone(),
        phone_country_code: d.phone.country_code().into(),
        phone_number: d.phone.number().into(),
        plate: d.plate.clone(),
        typed: !o.driver_from_partner(),
    })
}

/// An order's id as a caller sends it (spaces around it are forgiven).
pub(crate) fn order_id(raw: &str) -> DomainResult<OrderId> {
    OrderId::parse(raw.trim())
}

pub(crate) fn plan_id(raw: &str) -> DomainResult<PlanId> {
    PlanId::parse(raw).map_err(|_| DomainError::not_found("plan"))
}

/// The order as its customer reads it.
pub(crate) fn respond(o: &Order) -> Option<pb::Order> {
    Some(order_to_pb(o, Reader::Customer))
}

fn why_to_pb(why: StepReason) -> pb::order_event::Why {
    use pb::order_event::Why;
    match why {
        StepReason::Code(code) => Why::Code(code),
        StepReason::Paid { method, payment } => Why::Paid(pb::PaidStep {
            method,
            payment_id: payment,
        }),
        StepReason::Driver { name } => Why::Driver(name),
        StepReason::Therapist { name } => Why::Therapist(name),
        StepReason::Changed { before, after } => Why::Changed(pb::ChangedStep {
            before_vnd: before.amount(),
            after_vnd: after.amount(),
        }),
        StepReason::Refunded { fee, refund, said } => Why::Refunded(pb::RefundedStep {
            fee_vnd: fee.amount(),
            refund_vnd: refund.amount(),
            said,
        }),
    }
}
