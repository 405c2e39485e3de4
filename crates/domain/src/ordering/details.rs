//! What a customer books, typed per service, and the rules each field must meet. Errors name the
//! field (`details.passengers`) in the words the order pages show.

use crate::catalog::{Category, Plan};
use crate::error::{DomainError, DomainResult, msg};
use crate::media::ImageId;
use crate::pricing::Quote;
use crate::shared::{LocalTime, Phone, lines, text};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServiceDetails {
    Shuttle(ShuttleDetails),
    Charter(CharterDetails),
    Escort(EscortDetails),
    Massage(MassageDetails),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// From the airport to the customer's address (接機).
    PickUp,
    /// From the customer's address to the airport (送機).
    DropOff,
}

/// Wire and storage codes of the small enums, said once here.
macro_rules! codes {
    ($ty:ident, $field:literal, { $($variant:ident => $code:literal),+ $(,)? }) => {
        impl $ty {
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            pub const fn code(self) -> &'static str {
                match self {
                    $($ty::$variant => $code),+
                }
            }

            pub fn parse(code: &str) -> DomainResult<Self> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|v| v.code() == code)
                    .ok_or_else(|| DomainError::invalid($field, msg("choice.required")))
            }
        }
    };
}

codes!(Direction, "details.direction", { PickUp => "pick-up", DropOff => "drop-off" });

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShuttleDetails {
    pub direction: Direction,
    pub flight_number: String,
    /// The flight's landing time for a pick-up; the time the driver collects the traveller at the
    /// hotel for a drop-off.
    pub start: LocalTime,
    /// A drop-off's flight departure (the pick-up time is planned back from it); none for a pick-up.
    pub departure: Option<LocalTime>,
    /// Hotel name or address in the city.
    pub address: String,
    pub passengers: u32,
    pub luggage: u32,
    pub child_seats: u32,
    pub extra_stops: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GuideLanguage {
    Chinese,
    English,
    Vietnamese,
}

codes!(GuideLanguage, "details.language", { Chinese => "zh", English => "en", Vietnamese => "vi" });

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharterDetails {
    pub start: LocalTime,
    pub duration_minutes: u32,
    pub extra_hours: u32,
    pub pickup_address: String,
    pub itinerary: String,
    pub passengers: u32,
    pub child_seats: u32,
    pub extra_stops: u32,
    pub driver_language: GuideLanguage,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EscortDetails {
    pub start: LocalTime,
    pub duration_minutes: u32,
    pub extra_hours: u32,
    pub meeting_point: String,
    pub people: u32,
    pub language: GuideLanguage,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TherapistChoice {
    Any,
    Specific(String),
    /// Any one of the customer's favourite therapists.
    Favourite,
}

impl TherapistChoice {
    pub fn code(&self) -> &'static str {
        match self {
            TherapistChoice::Any => "any",
            TherapistChoice::Specific(_) => "specific",
            TherapistChoice::Favourite => "favourite",
        }
    }

    /// `therapist_id` is read for `specific` only.
    pub fn parse(code: &str, therapist_id: &str) -> DomainResult<Self> {
        match code {
            "any" | "" => Ok(TherapistChoice::Any),
            "favourite" => Ok(TherapistChoice::Favourite),
            "specific" => Ok(TherapistChoice::Specific(therapist_id.trim().to_owned())),
            _ => Err(DomainError::invalid(
                "details.therapist",
                msg("choice.required"),
            )),
        }
    }

    pub fn therapist_id(&self) -> &str {
        match self {
            TherapistChoice::Specific(id) => id,
            _ => "",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MassageDetails {
    pub hotel_name: String,
    pub hotel_address: String,
    pub room: String,
    pub start: LocalTime,
    pub duration_minutes: u32,
    pub people: u32,
    pub therapist: TherapistChoice,
    /// Photos of the hotel or the room, uploaded by the customer beforehand.
    pub hotel_images: Vec<ImageId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessagingApp {
    Line,
    WhatsApp,
    Zalo,
    WeChat,
}

codes!(MessagingApp, "contact.messaging_app", {
    Line => "line",
    WhatsApp => "whatsapp",
    Zalo => "zalo",
    WeChat => "wechat",
});

/// Who the driver, guide or therapist calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub name: String,
    pub phone: Phone,
    pub messaging: Option<(MessagingApp, String)>,
}

impl Contact {
    pub fn new(
        name: &str,
        phone: Phone,
        messaging: Option<(MessagingApp, &str)>,
    ) -> DomainResult<Self> {
        let name = text("contact.name", name, 60, msg("contact.name_required"))?;
        let messaging = match messaging {
            Some((app, id)) if !id.trim().is_empty() => Some((
                app,
                text("contact.messaging_id", id, 60, crate::shared::REQUIRED)?,
            )),
            _ => None,
        };
        Ok(Self {
            name,
            phone,
            messaging,
        })
    }
}

/// At most this many characters in a customer's note.
pub const NOTE_MAX: usize = 500;

pub fn note(raw: &str) -> DomainResult<String> {
    lines("note", raw, NOTE_MAX)
}

/// At most this many characters in why an order is called off.
pub const REASON_MAX: usize = 200;

/// Why an order is cancelled or refunded, as the customer or the operator wrote it (may be none).
pub fn reason(raw: &str) -> DomainResult<String> {
    lines("reason", raw, REASON_MAX)
}

/// A drop-off's suggested pick-up: this long before the flight leaves (check-in closes about an
/// hour before an international departure, and the ride to the airport can take an hour).
pub const DROP_OFF_LEAD_MINUTES: i64 = 180;
/// The latest pick-up a drop-off accepts: this long before the flight leaves.
pub const DROP_OFF_MIN_LEAD_MINUTES: i64 = 90;

/// A drop-off needs its departure, and a pick-up early enough to catch it; a pick-up (接機) has none.
fn departure(d: &ShuttleDetails) -> DomainResult<Option<LocalTime>> {
    match (d.direction, d.departure) {
        (Direction::PickUp, _) => Ok(None),
        (Direction::DropOff, None) => Err(DomainError::invalid(
            "details.departure",
            msg("shuttle.departure_required"),
        )),
        (Direction::DropOff, Some(leaves)) => {
            let lead = leaves.naive() - d.start.naive();
            if lead < chrono::Duration::minutes(DROP_OFF_MIN_LEAD_MINUTES) {
                Err(DomainError::invalid(
                    "details.start",
                    msg("shuttle.pickup_too_late").with("minutes", DROP_OFF_MIN_LEAD_MINUTES),
                ))
            } else if lead > chrono::Duration::hours(12) {
                Err(DomainError::invalid(
                    "details.start",
                    msg("shuttle.pickup_too_early"),
                ))
            } else {
                Ok(Some(leaves))
            }
        }
    }
}

/// IATA flight designator: two-character airline code, 1–4 digits, optional suffix (VN123, BR391).
fn flight_number(raw: &str) -> DomainResult<String> {
    let f: String = raw
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    let (airline, rest) = f.split_at(f.len().min(2));
    let digits = rest.trim_end_matches(|c: char| c.is_ascii_uppercase());
    let ok = airline.len() == 2
        && airline.bytes().all(|b| b.is_ascii_alphanumeric())
        && !airline.bytes().all(|b| b.is_ascii_digit())
        && (1..=4).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && rest.len() - digits.len() <= 1;
    if ok {
        Ok(f)
    } else {
        Err(DomainError::invalid(
            "details.flight_number",
            msg("shuttle.flight_number"),
        ))
    }
}

impl ServiceDetails {
    pub fn category(&self) -> Category {
        match self {
            ServiceDetails::Shuttle(_) => Category::Shuttle,
            ServiceDetails::Charter(_) => Category::Charter,
            ServiceDetails::Escort(_) => Category::Escort,
            ServiceDetails::Massage(_) => Category::DragonMassage,
        }
    }

    pub fn start(&self) -> LocalTime {
        match self {
            ServiceDetails::Shuttle(d) => d.start,
            ServiceDetails::Charter(d) => d.start,
            ServiceDetails::Escort(d) => d.start,
            ServiceDetails::Massage(d) => d.start,
        }
    }

    /// What the price depends on.
    pub fn quote(&self) -> Quote {
        let base = Quote {
            start: self.start(),
            minutes: 0,
            extra_hours: 0,
            people: 1,
            child_seats: 0,
            extra_stops: 0,
            chinese_speaking: false,
        };
        match self {
            ServiceDetails::Shuttle(d) => Quote {
                people: d.passengers,
                child_seats: d.child_seats,
                extra_stops: d.extra_stops,
                ..base
            },
            ServiceDetails::Charter(d) => Quote {
                minutes: d.duration_minutes,
                extra_hours: d.extra_hours,
                people: d.passengers,
                child_seats: d.child_seats,
                extra_stops: d.extra_stops,
                chinese_speaking: d.driver_language == GuideLanguage::Chinese,
                ..base
            },
            ServiceDetails::Escort(d) => Quote {
                minutes: d.duration_minutes,
                extra_hours: d.extra_hours,
                people: d.people,
                chinese_speaking: d.language == GuideLanguage::Chinese,
                ..base
            },
            ServiceDetails::Massage(d) => Quote {
                minutes: d.duration_minutes,
                people: d.people,
                ..base
            },
        }
    }

    /// Cleans the text fields and checks every rule that does not depend on the clock.
    pub fn checked(self, plan: &Plan) -> DomainResult<Self> {
        if self.category() != plan.category {
            return Err(DomainError::invalid(
                "details",
                msg("order.details_category"),
            ));
        }
        let people = |field: &str, n: u32| {
            let max = plan.capacity();
            if n == 0 {
                Err(DomainError::invalid(field, msg("order.people_min")))
            } else if n > max {
                Err(DomainError::invalid(
                    field,
                    msg("order.people_max").with("max", max),
                ))
            } else {
                Ok(n)
            }
        };
        let child_seats = |seats: u32, passengers: u32| {
            if seats > passengers {
                Err(DomainError::invalid(
                    "details.child_seats",
                    msg("order.child_seats_passengers"),
                ))
            } else {
                Ok(seats)
            }
        };
        Ok(match self {
            ServiceDetails::Shuttle(d) => {
                let luggage_max = plan.vehicle.map_or(0, |v| v.luggage);
                if d.luggage > luggage_max {
                    return Err(DomainError::invalid(
                        "details.luggage",
                        msg("shuttle.luggage_max").with("max", luggage_max),
                    ));
                }
                ServiceDetails::Shuttle(ShuttleDetails {
                    flight_number: flight_number(&d.flight_number)?,
                    departure: departure(&d)?,
                    address: text(
                        "details.address",
                        &d.address,
                        200,
                        msg("shuttle.address_required"),
                    )?,
                    passengers: people("details.passengers", d.passengers)?,
                    child_seats: child_seats(d.child_seats, d.passengers)?,
                    ..d
                })
            }
            ServiceDetails::Charter(d) => ServiceDetails::Charter(CharterDetails {
                pickup_address: text(
                    "details.pickup_address",
                    &d.pickup_address,
                    200,
                    msg("charter.pickup_required"),
                )?,
                itinerary: lines("details.itinerary", &d.itinerary, 1000)?,
                passengers: people("details.passengers", d.passengers)?,
                child_seats: child_seats(d.child_seats, d.passengers)?,
                ..d
            }),
            ServiceDetails::Escort(d) => ServiceDetails::Escort(EscortDetails {
                meeting_point: text(
                    "details.meeting_point",
                    &d.meeting_point,
                    200,
                    msg("escort.meeting_point_required"),
                )?,
                people: people("details.people", d.people)?,
                ..d
            }),
            ServiceDetails::Massage(d) => {
                if let TherapistChoice::Specific(id) = &d.therapist
                    && id.trim().is_empty()
                {
                    return Err(DomainError::invalid(
                        "details.therapist_id",
                        msg("order.therapist_required"),
                    ));
                }
                ServiceDetails::Massage(MassageDetails {
                    hotel_name: text(
                        "details.hotel_name",
                        &d.hotel_name,
                        100,
                        msg("massage.hotel_name_required"),
                    )?,
                    hotel_address: text(
                        "details.hotel_address",
                        &d.hotel_address,
                        200,
                        msg("massage.hotel_address_required"),
                    )?,
                    room: text("details.room", &d.room, 20, msg("massage.room_required"))?,
                    people: people("details.people", d.people)?,
                    ..d
                })
            }
        })
    }
}
