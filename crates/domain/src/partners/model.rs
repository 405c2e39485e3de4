//! Who a partner is: a driver with a vehicle, a guide, or one of the catalogue's therapists, with
//! the languages they speak; and which orders each may be offered.

use chrono::{DateTime, Utc};

use super::availability::Availability;
use crate::catalog::{CITIES, Category};
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::ordering::{GuideLanguage, Order, ServiceDetails, TherapistChoice};
use crate::shared::{Phone, UserId, text};

/// What a partner delivers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PartnerKind {
    /// Shuttles and charters, in their own vehicle.
    Driver,
    /// Escorts.
    Guide,
    /// Massages: linked to a therapist of the catalogue, whose hours and holds are hers.
    Therapist,
}

impl PartnerKind {
    pub const ALL: [PartnerKind; 3] = [
        PartnerKind::Driver,
        PartnerKind::Guide,
        PartnerKind::Therapist,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            PartnerKind::Driver => "driver",
            PartnerKind::Guide => "guide",
            PartnerKind::Therapist => "therapist",
        }
    }

    /// Its name, as a term of the catalogue.
    pub const fn term(self) -> &'static str {
        match self {
            PartnerKind::Driver => "partner.kind.driver",
            PartnerKind::Guide => "partner.kind.guide",
            PartnerKind::Therapist => "partner.kind.therapist",
        }
    }

    pub fn parse(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.code() == code.trim())
            .ok_or_else(|| DomainError::invalid("kind", msg("partner.kind_unknown")))
    }

    /// The categories whose jobs this kind of partner takes.
    pub fn serves(self, category: Category) -> bool {
        matches!(
            (self, category),
            (PartnerKind::Driver, Category::Shuttle | Category::Charter)
                | (PartnerKind::Guide, Category::Escort)
                | (PartnerKind::Therapist, Category::DragonMassage)
        )
    }
}

/// A driver's vehicle: what the traveller looks for, and how many it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vehicle {
    /// Make, model and colour as a traveller would recognise them ("white Toyota Innova").
    pub model: String,
    pub plate: String,
    /// Passenger seats, the driver's not counted.
    pub seats: u32,
}

impl Vehicle {
    pub const MAX_SEATS: u32 = 45;

    pub fn new(model: &str, plate: &str, seats: u32) -> DomainResult<Self> {
        let model = text(
            "vehicle.model",
            model,
            60,
            msg("partner.vehicle_model_required"),
        )?;
        let plate = text(
            "vehicle.plate",
            plate,
            crate::ordering::Driver::PLATE_MAX,
            msg("driver.plate_required"),
        )?
        .to_uppercase();
        if seats == 0 || seats > Self::MAX_SEATS {
            return Err(DomainError::invalid(
                "vehicle.seats",
                msg("partner.seats").with("max", Self::MAX_SEATS),
            ));
        }
        Ok(Self {
            model,
            plate,
            seats,
        })
    }
}

/// A person who delivers our services, with an account on our identity provider (role `partner`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partner {
    pub user_id: UserId,
    pub kind: PartnerKind,
    /// As customers see it on their order.
    pub name: String,
    pub phone: Phone,
    /// The languages they can serve a traveller in.
    pub languages: Vec<GuideLanguage>,
    /// A driver's; none for the others.
    pub vehicle: Option<Vehicle>,
    /// A therapist partner's record in the catalogue; none for the others.
    pub therapist_id: Option<String>,
    /// When a driver or guide works (a therapist's is her catalogue record's).
    pub availability: Availability,
    /// The city they work from (a code of the catalogue's `CITIES`): automatic dispatch counts
    /// their distance from it when it has no fresh reading of theirs.
    pub home_city: Option<String>,
    /// They asked for their notices on Zalo too, at their phone number.
    pub zalo_notices: bool,
    /// A disabled partner's tokens stop at once and no job is offered to them.
    pub active: bool,
    pub created_at: DateTime<Utc>,
}

impl Partner {
    pub const NAME_MAX: usize = 40;

    /// A partner as an admin describes them: what each kind needs, and nothing another kind has.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        user_id: UserId,
        kind: PartnerKind,
        name: &str,
        phone: Phone,
        languages: Vec<GuideLanguage>,
        vehicle: Option<Vehicle>,
        therapist_id: Option<String>,
        now: DateTime<Utc>,
    ) -> DomainResult<Self> {
        let name = text("name", name, Self::NAME_MAX, msg("partner.name_required"))?;
        if languages.is_empty() {
            return Err(DomainError::invalid(
                "languages",
                msg("partner.languages_required"),
            ));
        }
        let therapist_id = therapist_id
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty());
        match kind {
            PartnerKind::Driver if vehicle.is_none() => {
                return Err(DomainError::invalid(
                    "vehicle",
                    msg("partner.vehicle_required"),
                ));
            }
            PartnerKind::Therapist if therapist_id.is_none() => {
                return Err(DomainError::invalid(
                    "therapist_id",
                    msg("partner.therapist_required"),
                ));
            }
            _ => {}
        }
        let mut languages = languages;
        languages.dedup();
        Ok(Self {
            user_id,
            kind,
            name,
            phone,
            languages,
            vehicle: vehicle.filter(|_| kind == PartnerKind::Driver),
            therapist_id: therapist_id.filter(|_| kind == PartnerKind::Therapist),
            availability: Availability::default(),
            home_city: None,
            zalo_notices: false,
            active: true,
            created_at: now,
        })
    }

    /// The partner working from `city`, a code of the catalogue's cities; empty for none.
    pub fn with_home_city(mut self, city: &str) -> DomainResult<Self> {
        let city = city.trim();
        self.home_city = if city.is_empty() {
            None
        } else if CITIES.iter().any(|(code, _)| *code == city) {
            Some(city.to_owned())
        } else {
            return Err(DomainError::invalid(
                "home_city",
                msg("partner.home_city_unknown"),
            ));
        };
        Ok(self)
    }

    /// Whether their weekly hours may not be empty: a therapist with none could never be booked,
    /// while a driver or guide with none works any time.
    pub fn keeps_hours(&self) -> bool {
        self.kind == PartnerKind::Therapist
    }

    /// Why this partner may not be offered `order`'s job, or `None` when they may: their kind,
    /// the vehicle's seats, the language the traveller asked for, the therapist the traveller
    /// chose. Whether they are free then is the holds' to say.
    pub fn unfit_for(&self, order: &Order) -> Option<Message> {
        if !self.active {
            return Some(msg("partner.disabled"));
        }
        if !self.kind.serves(order.category) {
            return Some(msg("partner.wrong_kind"));
        }
        let seats = self.vehicle.as_ref().map_or(0, |v| v.seats);
        let speaks = |l: GuideLanguage| self.languages.contains(&l);
        match &order.details {
            ServiceDetails::Shuttle(d) if d.passengers > seats => {
                Some(msg("partner.too_few_seats").with("seats", seats))
            }
            ServiceDetails::Charter(d) if d.passengers > seats => {
                Some(msg("partner.too_few_seats").with("seats", seats))
            }
            ServiceDetails::Charter(d) if !speaks(d.driver_language) => {
                Some(msg("partner.language").term("language", language_term(d.driver_language)))
            }
            ServiceDetails::Escort(d) if !speaks(d.language) => {
                Some(msg("partner.language").term("language", language_term(d.language)))
            }
            ServiceDetails::Massage(m) => match &m.therapist {
                TherapistChoice::Specific(id) if Some(id) != self.therapist_id.as_ref() => {
                    Some(msg("partner.not_chosen"))
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// A partner as an admin describes them, before their account exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPartner {
    pub kind: PartnerKind,
    pub name: String,
    pub phone: Phone,
    pub languages: Vec<GuideLanguage>,
    pub vehicle: Option<Vehicle>,
    pub therapist_id: Option<String>,
    /// A code of the catalogue's cities, or empty.
    pub home_city: String,
}

impl NewPartner {
    /// The partner of account `user_id`, checked.
    pub fn of(self, user_id: UserId, now: DateTime<Utc>) -> DomainResult<Partner> {
        Partner::new(
            user_id,
            self.kind,
            &self.name,
            self.phone,
            self.languages,
            self.vehicle,
            self.therapist_id,
            now,
        )?
        .with_home_city(&self.home_city)
    }
}

/// A language a partner speaks, as a term of the catalogue.
pub const fn language_term(language: GuideLanguage) -> &'static str {
    match language {
        GuideLanguage::Chinese => "partner.speaks.zh",
        GuideLanguage::English => "partner.speaks.en",
        GuideLanguage::Vietnamese => "partner.speaks.vi",
    }
}
