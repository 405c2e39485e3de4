//! The catalogue as a TOML file: how the demo catalogue ships and how operators import and export
//! it. Reading checks every entry through the domain's own constructors.

use chrono::NaiveTime;
use std::collections::BTreeMap;

use domain::catalog::{
    BookingWindow, Category, ExtraPerson, Gender, NightSurcharge, PayRule, Payout, Plan,
    PlanContent, PlanId, PlanTexts, PriceRules, Rate, Rise, Season, Shift, Therapist,
    TherapistTexts, Translations, Vehicle,
};
use domain::error::msg;
use domain::shared::{Language, Money};
use domain::{DomainError, DomainResult};
use serde::{Deserialize, Serialize};

/// The demo catalogue loaded on first start in the dev environment and by `booking seed-demo`.
pub const DEMO: &str = include_str!("../seed/demo-catalogue.toml");

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogFile {
    /// Seasons for a whole category, by its slug: `[category_seasons]` then
    /// `shuttle = [{ from = "2027-02-05", until = "2027-02-09", percent = 30 }]`. A category
    /// named is given exactly these (an empty list clears it); one not named keeps its own.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub category_seasons: BTreeMap<String, Vec<SeasonEntry>>,
    #[serde(default)]
    pub plans: Vec<PlanEntry>,
    #[serde(default)]
    pub therapists: Vec<TherapistEntry>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanEntry {
    pub id: String,
    pub category: String,
    pub name: String,
    #[serde(default)]
    pub summary: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub images: Vec<String>,
    pub vehicle: Option<VehicleEntry>,
    pub airport: Option<String>,
    #[serde(default)]
    pub sort_order: i32,
    #[serde(default = "yes")]
    pub active: bool,
    pub pricing: PricingEntry,
    /// What the plan's page says beyond the price; all optional.
    #[serde(default, skip_serializing_if = "ContentEntry::is_empty")]
    pub content: ContentEntry,
    /// Its words in other languages (`[plans.translations.vi]`); a field left out is not
    /// translated, and the zh-TW one is shown.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, PlanTextsEntry>,
}

/// A plan's words in one language (`domain::catalog::PlanTexts`), as the file and the database
/// keep them.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanTextsEntry {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub summary: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub included: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excluded: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub meeting_point: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub finding: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub service_area: String,
}

impl From<&PlanTexts> for PlanTextsEntry {
    fn from(t: &PlanTexts) -> Self {
        Self {
            name: t.name.clone(),
            summary: t.summary.clone(),
            description: t.description.clone(),
            included: t.included.clone(),
            excluded: t.excluded.clone(),
            meeting_point: t.meeting_point.clone(),
            finding: t.finding.clone(),
            service_area: t.service_area.clone(),
        }
    }
}

impl From<PlanTextsEntry> for PlanTexts {
    fn from(t: PlanTextsEntry) -> Self {
        Self {
            name: t.name,
            summary: t.summary,
            description: t.description,
            included: t.included,
            excluded: t.excluded,
            meeting_point: t.meeting_point,
            finding: t.finding,
            service_area: t.service_area,
        }
    }
}

/// Translations by language tag, as the file and the database write them, into the domain's:
/// only the languages beside zh-TW (whose words are the entry's own).
pub fn translations_from<E, T: From<E>>(
    entries: BTreeMap<String, E>,
) -> DomainResult<Translations<T>> {
    entries
        .into_iter()
        .map(|(tag, entry)| match Language::parse(&tag) {
            Ok(lang) if lang != Language::default() => Ok((lang, T::from(entry))),
            _ => Err(DomainError::invalid(
                "translations",
                msg("catalog.translation_language").with("language", tag),
            )),
        })
        .collect()
}

/// The domain's translations by language tag, leaving out languages with no words.
pub fn translations_of<T, E: for<'a> From<&'a T>>(
    translations: &Translations<T>,
    is_empty: impl Fn(&T) -> bool,
) -> BTreeMap<String, E> {
    translations
        .iter()
        .filter(|(_, t)| !is_empty(t))
        .map(|(lang, t)| (lang.tag().to_owned(), E::from(t)))
        .collect()
}

/// A plan's page content (`domain::catalog::PlanContent`) as the file and the database keep it.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContentEntry {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub included: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excluded: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub meeting_point: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub finding: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub free_waiting_minutes: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting_fee_vnd: Option<i64>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub service_area: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cities: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub languages: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl ContentEntry {
    fn is_empty(&self) -> bool {
        self == &ContentEntry::default()
    }

    pub fn to_content(&self) -> PlanContent {
        PlanContent {
            included: self.included.clone(),
            excluded: self.excluded.clone(),
            meeting_point: self.meeting_point.clone(),
            finding: self.finding.clone(),
            free_waiting_minutes: self.free_waiting_minutes,
            waiting_fee: self.waiting_fee_vnd.map(Money::vnd),
            service_area: self.service_area.clone(),
            cities: self.cities.clone(),
            languages: self.languages.clone(),
        }
    }
}

impl From<&PlanContent> for ContentEntry {
    fn from(c: &PlanContent) -> Self {
        Self {
            included: c.included.clone(),
            excluded: c.excluded.clone(),
            meeting_point: c.meeting_point.clone(),
            finding: c.finding.clone(),
            free_waiting_minutes: c.free_waiting_minutes,
            waiting_fee_vnd: c.waiting_fee.map(|m| m.amount()),
            service_area: c.service_area.clone(),
            cities: c.cities.clone(),
            languages: c.languages.clone(),
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleEntry {
    pub seats: u32,
    pub luggage: u32,
}

/// A plan's price list (`domain::catalog::PriceRules`) as the file and the database keep it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PricingEntry {
    pub rates: Vec<RateEntry>,
    pub night: Option<NightEntry>,
    pub extra_hour_vnd: Option<i64>,
    #[serde(default)]
    pub max_extra_hours: u32,
    #[serde(default)]
    pub people_included: u32,
    #[serde(default)]
    pub max_people: u32,
    pub extra_person_vnd: Option<i64>,
    pub extra_person_percent: Option<u32>,
    pub child_seat_vnd: Option<i64>,
    pub extra_stop_vnd: Option<i64>,
    #[serde(default)]
    pub max_extra_stops: u32,
    pub chinese_speaking_vnd: Option<i64>,
    pub lead_time_minutes: u32,
    pub horizon_days: u32,
    /// The partner's payout: a share of the price or a fixed sum, one of each pair; neither
    /// leaves the domain's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payout_percent: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payout_vnd: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_show_payout_percent: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_show_payout_vnd: Option<i64>,
    /// Date ranges that cost more: `from` and `until` as `YYYY-MM-DD` (Vietnam days, both
    /// included), and a `percent` of the rate or a fixed `vnd`, one of the two.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seasons: Vec<SeasonEntry>,
}

/// A payout rule from its pair of fields: one of them, or the default when neither is given.
fn pay_rule(percent: Option<u32>, vnd: Option<i64>, default: PayRule) -> DomainResult<PayRule> {
    match (percent, vnd) {
        (Some(p), None) => Ok(PayRule::Share(p)),
        (None, Some(v)) => Ok(PayRule::Fixed(Money::vnd(v))),
        (None, None) => Ok(default),
        (Some(_), Some(_)) => Err(DomainError::invalid(
            "pricing.payout",
            msg("catalog.pricing.payout_kind"),
        )),
    }
}

/// A payout rule as its pair of fields.
fn pay_fields(rule: PayRule) -> (Option<u32>, Option<i64>) {
    match rule {
        PayRule::Share(p) => (Some(p), None),
        PayRule::Fixed(m) => (None, Some(m.amount())),
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateEntry {
    #[serde(default)]
    pub minutes: u32,
    pub price_vnd: i64,
}

/// Times as `HH:MM`, Vietnam time.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeasonEntry {
    pub from: String,
    pub until: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vnd: Option<i64>,
}

impl SeasonEntry {
    pub(crate) fn to_season(&self) -> DomainResult<Season> {
        Season::from_parts(&self.from, &self.until, self.percent, self.vnd)
    }
}

impl From<&Season> for SeasonEntry {
    fn from(s: &Season) -> Self {
        let (percent, vnd) = match s.rise {
            Rise::Percent(p) => (Some(p), None),
            Rise::Fixed(m) => (None, Some(m.amount())),
        };
        Self {
            from: s.from.format("%Y-%m-%d").to_string(),
            until: s.until.format("%Y-%m-%d").to_string(),
            percent,
            vnd,
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NightEntry {
    pub from: String,
    pub until: String,
    pub percent: u32,
}

impl PricingEntry {
    pub fn to_rules(&self) -> DomainResult<PriceRules> {
        let time = |raw: &str| {
            NaiveTime::parse_from_str(raw, "%H:%M")
                .map_err(|_| DomainError::invalid("pricing.night", msg("therapist.hours_time")))
        };
        let night = match &self.night {
            Some(n) => Some(NightSurcharge {
                from: time(&n.from)?,
                until: time(&n.until)?,
                percent: n.percent,
            }),
            None => None,
        };
        let extra_person = match (self.extra_person_vnd, self.extra_person_percent) {
            (Some(m), None) => Some(ExtraPerson::Flat(Money::vnd(m))),
            (None, Some(p)) => Some(ExtraPerson::PercentOfRate(p)),
            (None, None) => None,
            (Some(_), Some(_)) => {
                return Err(DomainError::invalid(
                    "pricing.extra_person",
                    msg("catalog.pricing.extra_person_kind"),
                ));
            }
        };
        Ok(PriceRules {
            rates: self
                .rates
                .iter()
                .map(|r| Rate {
                    minutes: r.minutes,
                    price: Money::vnd(r.price_vnd),
                })
                .collect(),
            night,
            extra_hour: self.extra_hour_vnd.map(Money::vnd),
            max_extra_hours: self.max_extra_hours,
            people_included: self.people_included,
            max_people: self.max_people,
            extra_person,
            child_seat: self.child_seat_vnd.map(Money::vnd),
            extra_stop: self.extra_stop_vnd.map(Money::vnd),
            max_extra_stops: self.max_extra_stops,
            chinese_speaking: self.chinese_speaking_vnd.map(Money::vnd),
            booking: BookingWindow {
                lead_time_minutes: self.lead_time_minutes,
                horizon_days: self.horizon_days,
            },
            payout: {
                let default = Payout::default();
                Payout {
                    completed: pay_rule(self.payout_percent, self.payout_vnd, default.completed)?,
                    no_show: pay_rule(
                        self.no_show_payout_percent,
                        self.no_show_payout_vnd,
                        default.no_show,
                    )?,
                }
            },
            seasons: self
                .seasons
                .iter()
                .map(SeasonEntry::to_season)
                .collect::<DomainResult<_>>()?,
            // The category's are kept with it, and put on the plan when it is read.
            category_seasons: Vec::new(),
        })
    }
}

impl From<&PriceRules> for PricingEntry {
    fn from(r: &PriceRules) -> Self {
        let (payout_percent, payout_vnd) = pay_fields(r.payout.completed);
        let (no_show_payout_percent, no_show_payout_vnd) = pay_fields(r.payout.no_show);
        let (extra_person_vnd, extra_person_percent) = match r.extra_person {
            Some(ExtraPerson::Flat(m)) => (Some(m.amount()), None),
            Some(ExtraPerson::PercentOfRate(p)) => (None, Some(p)),
            None => (None, None),
        };
        PricingEntry {
            rates: r
                .rates
                .iter()
                .map(|x| RateEntry {
                    minutes: x.minutes,
                    price_vnd: x.price.amount(),
                })
                .collect(),
            night: r.night.map(|n| NightEntry {
                from: n.from.format("%H:%M").to_string(),
                until: n.until.format("%H:%M").to_string(),
                percent: n.percent,
            }),
            extra_hour_vnd: r.extra_hour.map(Money::amount),
            max_extra_hours: r.max_extra_hours,
            people_included: r.people_included,
            max_people: r.max_people,
            extra_person_vnd,
            extra_person_percent,
            child_seat_vnd: r.child_seat.map(Money::amount),
            extra_stop_vnd: r.extra_stop.map(Money::amount),
            max_extra_stops: r.max_extra_stops,
            chinese_speaking_vnd: r.chinese_speaking.map(Money::amount),
            lead_time_minutes: r.booking.lead_time_minutes,
            horizon_days: r.booking.horizon_days,
            payout_percent,
            payout_vnd,
            no_show_payout_percent,
            no_show_payout_vnd,
            seasons: r.seasons.iter().map(SeasonEntry::from).collect(),
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TherapistEntry {
    pub id: String,
    pub name: String,
    pub gender: String,
    /// Files written before therapists had several photos name one here.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub photo: String,
    #[serde(default)]
    pub photos: Vec<String>,
    #[serde(default)]
    pub languages: Vec<String>,
    #[serde(default)]
    pub skills: Vec<String>,
    pub years_of_practice: u32,
    pub rating_tenths: u32,
    #[serde(default)]
    pub bio: String,
    /// Her name, skills and bio in other languages (`[therapists.translations.vi]`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, TherapistTextsEntry>,
    /// Files written before names and skills were translated keep only bios here
    /// (`[therapists.bios]`, `vi = "…"`); read, never written.
    #[serde(default, skip_serializing)]
    pub bios: BTreeMap<String, String>,
    #[serde(default)]
    pub hours: Vec<ShiftEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub days_off: Vec<String>,
    #[serde(default = "yes")]
    pub active: bool,
}

/// A therapist's words in one language (`domain::catalog::TherapistTexts`), as the file and the
/// database keep them.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TherapistTextsEntry {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub bio: String,
}

impl From<&TherapistTexts> for TherapistTextsEntry {
    fn from(t: &TherapistTexts) -> Self {
        Self {
            name: t.name.clone(),
            skills: t.skills.clone(),
            bio: t.bio.clone(),
        }
    }
}

impl From<TherapistTextsEntry> for TherapistTexts {
    fn from(t: TherapistTextsEntry) -> Self {
        Self {
            name: t.name,
            skills: t.skills,
            bio: t.bio,
        }
    }
}

/// A weekly shift as the file and the database keep it: `days = ["mon", …]`, `from` and `until`
/// as `HH:MM`, Vietnam time (an `until` not after `from` is past midnight).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShiftEntry {
    pub days: Vec<String>,
    pub from: String,
    pub until: String,
}

impl ShiftEntry {
    pub fn to_shift(&self) -> DomainResult<Shift> {
        Shift::parse(&self.days, &self.from, &self.until)
    }
}

impl From<&Shift> for ShiftEntry {
    fn from(s: &Shift) -> Self {
        let (from, until) = s.times();
        Self {
            days: s.day_codes(),
            from,
            until,
        }
    }
}

fn yes() -> bool {
    true
}

/// Days off as files and rows keep them: `YYYY-MM-DD`.
pub fn days_off_from(raw: &[String]) -> DomainResult<Vec<chrono::NaiveDate>> {
    raw.iter().map(|d| domain::catalog::parse_day(d)).collect()
}

pub fn days_off_to(days: &[chrono::NaiveDate]) -> Vec<String> {
    days.iter()
        .map(|d| d.format("%Y-%m-%d").to_string())
        .collect()
}

/// Translations with an older file's bios folded in, where the language has no bio of its own.
fn with_bios(
    mut translations: BTreeMap<String, TherapistTextsEntry>,
    bios: BTreeMap<String, String>,
) -> BTreeMap<String, TherapistTextsEntry> {
    for (tag, bio) in bios {
        let entry = translations.entry(tag).or_default();
        if entry.bio.is_empty() {
            entry.bio = bio;
        }
    }
    translations
}

/// Parses a catalogue file into domain values; the first bad entry is named in the error.
pub fn parse(text: &str) -> DomainResult<(Vec<Plan>, Vec<Therapist>)> {
    let file: CatalogFile = toml::from_str(text)
        .map_err(|e| DomainError::invalid("catalogue", msg("catalog.toml").with("detail", e)))?;
    let plans = file
        .plans
        .into_iter()
        .map(|p| {
            let id = PlanId::parse(&p.id)?;
            let in_plan = |e: DomainError| match e {
                DomainError::InvalidArgument { field, message } => {
                    DomainError::invalid(format!("plans[{}].{field}", p.id), message)
                }
                other => other,
            };
            let plan = Plan {
                category: Category::from_slug(&p.category).map_err(|_| {
                    DomainError::invalid(
                        format!("plans[{}].category", p.id),
                        msg("catalog.category"),
                    )
                })?,
                id,
                name: p.name,
                summary: p.summary,
                description: p.description,
                images: p.images,
                vehicle: p.vehicle.map(|v| Vehicle {
                    seats: v.seats,
                    luggage: v.luggage,
                }),
                pricing: p.pricing.to_rules().map_err(in_plan)?,
                airport: p.airport,
                sort_order: p.sort_order,
                active: p.active,
                cancellation: Default::default(),
                content: p.content.to_content(),
                translations: translations_from(p.translations).map_err(in_plan)?,
            };
            plan.validate().map_err(in_plan)?;
            Ok(plan)
        })
        .collect::<DomainResult<Vec<_>>>()?;
    let therapists = file
        .therapists
        .into_iter()
        .map(|t| {
            let id = t.id.clone();
            let in_therapist = |e: DomainError| match e {
                DomainError::InvalidArgument { field, message } => {
                    DomainError::invalid(format!("therapists[{id}].{field}"), message)
                }
                other => other,
            };
            let gender = Gender::parse("gender", &t.gender).map_err(in_therapist)?;
            let hours = t
                .hours
                .iter()
                .map(ShiftEntry::to_shift)
                .collect::<DomainResult<Vec<_>>>()
                .map_err(in_therapist)?;
            let therapist = Therapist {
                id: t.id,
                name: t.name,
                gender,
                photos: if t.photos.is_empty() && !t.photo.is_empty() {
                    vec![t.photo]
                } else {
                    t.photos
                },
                languages: t.languages,
                skills: t.skills,
                years_of_practice: t.years_of_practice,
                rating_tenths: t.rating_tenths,
                bio: t.bio,
                translations: translations_from(with_bios(t.translations, t.bios))
                    .map_err(in_therapist)?,
                hours,
                days_off: days_off_from(&t.days_off).map_err(in_therapist)?,
                active: t.active,
            };
            therapist.validate().map_err(in_therapist)?;
            Ok(therapist)
        })
        .collect::<DomainResult<Vec<_>>>()?;
    Ok((plans, therapists))
}

/// The seasons of each category a catalogue file names, checked; an unknown category or a bad
/// season is named.
pub fn parse_seasons(text: &str) -> DomainResult<Vec<(Category, Vec<Season>)>> {
    let file: CatalogFile = toml::from_str(text)
        .map_err(|e| DomainError::invalid("catalogue", msg("catalog.toml").with("detail", e)))?;
    let mut out = Vec::new();
    for (slug, entries) in file.category_seasons {
        let named = |e: DomainError| match e {
            DomainError::InvalidArgument { message, .. } => {
                DomainError::invalid(format!("category_seasons[{slug}]"), message)
            }
            other => other,
        };
        let category = Category::from_slug(&slug).map_err(|_| {
            DomainError::invalid(format!("category_seasons[{slug}]"), msg("catalog.category"))
        })?;
        let seasons = entries
            .iter()
            .map(SeasonEntry::to_season)
            .collect::<DomainResult<Vec<_>>>()
            .map_err(named)?;
        out.push((category, seasons));
    }
    Ok(out)
}

/// Writes plans, therapists and categories' seasons as a catalogue file that [`parse`] and
/// [`parse_seasons`] read back to the same values.
pub fn render(
    plans: &[Plan],
    therapists: &[Therapist],
    category_seasons: &[(Category, Vec<Season>)],
) -> DomainResult<String> {
    let file = CatalogFile {
        category_seasons: category_seasons
            .iter()
            .map(|(c, s)| {
                (
                    c.slug().to_owned(),
                    s.iter().map(SeasonEntry::from).collect(),
                )
            })
            .collect(),
        plans: plans
            .iter()
            .map(|p| PlanEntry {
                id: p.id.as_str().to_owned(),
                category: p.category.slug().to_owned(),
                name: p.name.clone(),
                summary: p.summary.clone(),
                description: p.description.clone(),
                images: p.images.clone(),
                vehicle: p.vehicle.map(|v| VehicleEntry {
                    seats: v.seats,
                    luggage: v.luggage,
                }),
                airport: p.airport.clone(),
                sort_order: p.sort_order,
                active: p.active,
                pricing: PricingEntry::from(&p.pricing),
                content: ContentEntry::from(&p.content),
                translations: translations_of(&p.translations, PlanTexts::is_empty),
            })
            .collect(),
        therapists: therapists
            .iter()
            .map(|t| TherapistEntry {
                id: t.id.clone(),
                name: t.name.clone(),
                gender: t.gender.code().to_owned(),
                photo: String::new(),
                photos: t.photos.clone(),
                languages: t.languages.clone(),
                skills: t.skills.clone(),
                years_of_practice: t.years_of_practice,
                rating_tenths: t.rating_tenths,
                bio: t.bio.clone(),
                translations: translations_of(&t.translations, TherapistTexts::is_empty),
                bios: BTreeMap::new(),
                hours: t.hours.iter().map(ShiftEntry::from).collect(),
                days_off: days_off_to(&t.days_off),
                active: t.active,
            })
            .collect(),
    };
    toml::to_string(&file).map_err(|e| DomainError::Unavailable(format!("catalogue file: {e}")))
}

/// The catalogue file as the operator calls and the admin command read and write it.
pub struct TomlCatalogCodec;

impl domain::catalog::CatalogCodec for TomlCatalogCodec {
    fn parse(&self, text: &str) -> DomainResult<(Vec<Plan>, Vec<Therapist>)> {
        parse(text)
    }

    fn parse_seasons(&self, text: &str) -> DomainResult<Vec<(Category, Vec<Season>)>> {
        parse_seasons(text)
    }

    fn render(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
        category_seasons: &[(Category, Vec<Season>)],
    ) -> DomainResult<String> {
        render(plans, therapists, category_seasons)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rendered_catalogue_reads_back_the_same() {
        let (mut plans, mut therapists) = parse(DEMO).unwrap();
        plans[0].active = false;
        therapists[0].active = false;
        therapists[0].days_off = vec!["2026-12-24".parse().unwrap()];
        let text = render(&plans, &therapists, &[]).unwrap();
        assert!(
            text.contains("days_off = [\"2026-12-24\"]"),
            "days off are written"
        );
        assert!(
            text.contains("[plans.translations.vi]"),
            "translations are written"
        );
        assert!(
            text.contains("[therapists.translations.vi]"),
            "her words in other languages are written"
        );
        assert_eq!(parse(&text).unwrap(), (plans, therapists));
    }

    #[test]
    fn an_older_file_s_bios_are_read_as_her_words() {
        let older = DEMO.replacen(
            "[therapists.translations.vi]\nname = \"Lan\"",
            "[therapists.bios]\nvi = \"Từ Huế\"\n\n[therapists.translations.vi]\nname = \"Lan\"",
            1,
        );
        assert_ne!(older, DEMO);
        let (_, therapists) = parse(&older).unwrap();
        let lan = therapists[0].in_language(Language::Vi);
        assert_eq!(lan.name, "Lan");
        assert_ne!(lan.bio, "Từ Huế", "her own translation wins");
        let only_bios = DEMO.replacen(
            "[therapists.translations.vi]\nname = \"Lan\"\nskills = [\"Bấm huyệt kiểu Việt\", \"Massage tinh dầu\"]\nbio = \"Đến từ Huế, chuyên thư giãn sâu vai gáy và lưng.\"",
            "[therapists.bios]\nvi = \"Từ Huế\"",
            1,
        );
        assert_ne!(only_bios, DEMO);
        let (_, therapists) = parse(&only_bios).unwrap();
        assert_eq!(therapists[0].in_language(Language::Vi).bio, "Từ Huế");
    }

    #[test]
    fn a_plan_s_payout_is_a_share_or_a_sum_and_the_default_when_unsaid() {
        use domain::catalog::{PayRule, Payout};
        let (plans, _) = parse(DEMO).unwrap();
        let payout = |id: &str| {
            plans
                .iter()
                .find(|p| p.id.as_str() == id)
                .unwrap()
                .pricing
                .payout
        };
        assert_eq!(
            payout("shuttle-sgn-7"),
            Payout {
                completed: PayRule::Fixed(Money::vnd(360_000)),
                no_show: PayRule::Fixed(Money::vnd(150_000)),
            }
        );
        assert_eq!(payout("shuttle-sgn-4"), Payout::default());
        let both = DEMO.replacen(
            "payout_vnd = 360000",
            "payout_vnd = 360000\npayout_percent = 50",
            1,
        );
        assert!(parse(&both).is_err(), "a share and a sum at once");
        let too_much = DEMO.replacen("payout_percent = 60", "payout_percent = 160", 1);
        assert!(parse(&too_much).is_err(), "over 100%");
    }

    #[test]
    fn a_plan_s_seasons_are_read_written_and_refused_by_name() {
        use domain::catalog::{Rise, Season};
        let day = |raw: &str| raw.parse::<chrono::NaiveDate>().unwrap();
        let tet = DEMO.replacen(
            "payout_vnd = 360000",
            "payout_vnd = 360000\nseasons = [{ from = \"2027-02-05\", until = \"2027-02-09\", percent = 50 }, { from = \"2027-04-30\", until = \"2027-05-01\", vnd = 200000 }]",
            1,
        );
        assert_ne!(tet, DEMO);
        let (plans, therapists) = parse(&tet).unwrap();
        let seasons = |plans: &[Plan]| {
            plans
                .iter()
                .find(|p| p.id.as_str() == "shuttle-sgn-7")
                .unwrap()
                .pricing
                .seasons
                .clone()
        };
        assert_eq!(
            seasons(&plans),
            [
                Season::new(day("2027-02-05"), day("2027-02-09"), Rise::Percent(50)).unwrap(),
                Season::new(
                    day("2027-04-30"),
                    day("2027-05-01"),
                    Rise::Fixed(Money::vnd(200_000))
                )
                .unwrap(),
            ]
        );
        let text = render(&plans, &therapists, &[]).unwrap();
        assert_eq!(seasons(&parse(&text).unwrap().0), seasons(&plans));
        for bad in [
            "{ from = \"2027-02-09\", until = \"2027-02-05\", percent = 50 }",
            "{ from = \"2027-02-05\", until = \"2027-02-09\", percent = 50, vnd = 1000 }",
            "{ from = \"2027-02-05\", until = \"2027-02-09\" }",
            "{ from = \"Tết\", until = \"2027-02-09\", percent = 50 }",
            "{ from = \"2027-02-05\", until = \"2027-02-09\", percent = 500 }",
        ] {
            let file = DEMO.replacen(
                "payout_vnd = 360000",
                &format!("payout_vnd = 360000\nseasons = [{bad}]"),
                1,
            );
            let err = parse(&file).unwrap_err().to_string();
            assert!(err.contains("shuttle-sgn-7"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_categorys_seasons_are_read_written_and_refused_by_name() {
        let file = format!(
            "[category_seasons]\nshuttle = [{{ from = \"2027-02-05\", until = \"2027-02-09\", percent = 30 }}]\ncharter = []\n\n{DEMO}"
        );
        let seasons = parse_seasons(&file).unwrap();
        assert_eq!(seasons.len(), 2);
        let shuttle = seasons
            .iter()
            .find(|(c, _)| *c == Category::Shuttle)
            .unwrap();
        assert_eq!(shuttle.1[0].rise, Rise::Percent(30));
        assert!(
            seasons
                .iter()
                .any(|(c, s)| *c == Category::Charter && s.is_empty())
        );
        assert!(
            parse_seasons(DEMO).unwrap().is_empty(),
            "a file that names none"
        );
        // Written and read back the same; the plans read as before.
        let (plans, therapists) = parse(&file).unwrap();
        let text = render(&plans, &therapists, &seasons).unwrap();
        let mut again = parse_seasons(&text).unwrap();
        again.sort_by_key(|(c, _)| c.slug());
        let mut seasons = seasons;
        seasons.sort_by_key(|(c, _)| c.slug());
        assert_eq!(again, seasons);
        // An unknown category, or a season backwards, is named.
        for bad in [
            "boat = []".to_owned(),
            "escort = [{ from = \"2027-02-09\", until = \"2027-02-05\", percent = 30 }]".to_owned(),
        ] {
            let err = parse_seasons(&format!("[category_seasons]\n{bad}\n")).unwrap_err();
            assert!(
                matches!(err, DomainError::InvalidArgument { ref field, .. } if field.starts_with("category_seasons[")),
                "{bad}: {err:?}"
            );
        }
    }

    #[test]
    fn the_demo_reads_in_three_languages() {
        let (plans, therapists) = parse(DEMO).unwrap();
        let sgn = plans
            .iter()
            .find(|p| p.id.as_str() == "shuttle-sgn-4")
            .unwrap();
        let en = sgn.in_language(Language::En);
        assert!(en.name.contains("Tan Son Nhat"), "{}", en.name);
        assert!(en.content.finding.contains("name in Chinese"));
        assert_eq!(sgn.in_language(Language::ZhTw), *sgn);
        // Where only the name and summary are translated, the rest is on the missing list.
        let massage = plans
            .iter()
            .find(|p| p.id.as_str() == "massage-foot")
            .unwrap();
        let missing = massage.missing_translations();
        assert_eq!(missing.len(), 2, "{missing:?}");
        assert!(missing[0].fields.contains(&"description"));
        assert!(!missing[0].fields.contains(&"name"));
        assert!(
            therapists
                .iter()
                .all(|t| t.missing_translations().is_empty())
        );
    }

    #[test]
    fn the_demo_catalogue_meets_the_brief() {
        let (plans, therapists) = parse(DEMO).unwrap();
        let shuttle: Vec<_> = plans
            .iter()
            .filter(|p| p.category == Category::Shuttle)
            .collect();
        for airport in ["SGN", "HAN", "DAD", "CXR"] {
            for seats in [4, 7, 16] {
                assert!(
                    shuttle.iter().any(|p| p.airport.as_deref() == Some(airport)
                        && p.vehicle.map(|v| v.seats) == Some(seats)),
                    "shuttle {airport} {seats} seats"
                );
            }
        }
        let charter_hours: Vec<u32> = plans
            .iter()
            .filter(|p| p.category == Category::Charter)
            .flat_map(|p| p.durations_minutes().into_iter().map(|m| m / 60))
            .collect();
        for h in [4, 8, 10] {
            assert!(charter_hours.contains(&h), "charter {h} h");
        }
        assert!(
            plans
                .iter()
                .filter(|p| p.category == Category::Escort)
                .count()
                >= 3
        );
        let massage: Vec<u32> = plans
            .iter()
            .filter(|p| p.category == Category::DragonMassage)
            .flat_map(|p| p.durations_minutes())
            .collect();
        for m in [60, 90, 120] {
            assert!(massage.contains(&m), "massage {m} min");
        }
        assert!(therapists.len() >= 8);
        assert!(plans.iter().all(|p| p.from_price().amount() % 1000 == 0));
        // Every plan's page has its content; a shuttle says where to meet and what waiting costs.
        for p in &plans {
            let c = &p.content;
            assert!(
                !c.included.is_empty() && !c.excluded.is_empty(),
                "{}",
                p.id.as_str()
            );
            assert!(!c.meeting_point.is_empty() && !c.finding.is_empty());
            assert!(!c.service_area.is_empty());
        }
        for p in shuttle {
            assert!(p.content.finding.contains("接機牌"));
            assert_eq!(p.content.free_waiting_minutes, 60);
            assert!(p.content.waiting_fee.is_some());
        }
    }

    #[test]
    fn bad_entries_are_named() {
        let bad = r#"
            [[plans]]
            id = "x-1"
            category = "helicopter"
            name = "n"
            pricing = { rates = [{ price_vnd = 1000 }], lead_time_minutes = 60, horizon_days = 30 }
        "#;
        let err = parse(bad).unwrap_err();
        assert!(err.to_string().contains("plans[x-1].category"), "{err}");
        assert!(parse("plans = 3").is_err());
        // A translation is into a language beside zh-TW, whose words are the entry's own.
        for tag in ["zh-TW", "fr"] {
            let text = format!("{bad}\n[plans.translations.{tag}]\nname = \"x\"\n")
                .replace("helicopter", "escort");
            let err = parse(&text).unwrap_err();
            assert!(
                err.to_string().contains("plans[x-1].translations"),
                "{tag}: {err}"
            );
        }
        assert!(parse("[[plans]]\nid = \"a\"\nunknown = 1").is_err());
    }
}
