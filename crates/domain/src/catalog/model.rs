use super::category::Category;
use super::price_rules::{PlanOption, PriceRules};
use super::translations::{
    EntryKind, MissingTranslation, PlanTexts, Translations, list_or_default, missing_fields,
    or_default,
};
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::{Language, Money};

/// A plan's identifier: a lowercase slug, stable across catalogue imports so orders keep pointing
/// at the plan they were made for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlanId(String);

impl PlanId {
    pub const MAX_LEN: usize = 64;

    pub fn parse(raw: &str) -> DomainResult<Self> {
        let ok = !raw.is_empty()
            && raw.len() <= Self::MAX_LEN
            && raw
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !raw.starts_with('-')
            && !raw.ends_with('-');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(DomainError::invalid("plan_id", msg("catalog.plan_id")))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Seats for passengers and pieces of checked luggage a vehicle takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vehicle {
    pub seats: u32,
    pub luggage: u32,
}

/// Cancelling a paid order: free until `free_until_hours` before the service starts, then a fee
/// of `late_fee_percent` of what was paid; once the service has started, only an operator can.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CancellationPolicy {
    pub free_until_hours: u32,
    pub late_fee_percent: u32,
}

impl Default for CancellationPolicy {
    fn default() -> Self {
        Self {
            free_until_hours: 24,
            late_fee_percent: 50,
        }
    }
}

impl CancellationPolicy {
    /// Until when cancelling a service that starts at `start` costs nothing.
    pub fn free_until(&self, start: crate::shared::LocalTime) -> chrono::DateTime<chrono::Utc> {
        start.instant() - chrono::Duration::hours(i64::from(self.free_until_hours))
    }
}

/// Changing a paid order (its time, addresses, flight, passengers): allowed until this many hours
/// before the service, per category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangePolicy {
    /// Hours before the service, by `Category::ALL`'s order.
    pub until_hours: [u32; 4],
}

impl Default for ChangePolicy {
    fn default() -> Self {
        Self {
            until_hours: [24; 4],
        }
    }
}

impl ChangePolicy {
    /// Until when a service of `category` that starts at `start` may still be changed.
    pub fn open_until(
        &self,
        category: super::Category,
        start: crate::shared::LocalTime,
    ) -> chrono::DateTime<chrono::Utc> {
        start.instant() - chrono::Duration::hours(i64::from(self.until_hours[Self::at(category)]))
    }

    /// Where `category`'s hours are kept.
    fn at(category: super::Category) -> usize {
        super::Category::ALL
            .iter()
            .position(|c| *c == category)
            .unwrap_or(0)
    }

    /// Read from `24` (every category) or `24,dragon-massage=6` (a default, then categories by
    /// their slug).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut policy = Self::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let hours = |v: &str| {
                v.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|h| *h <= 24 * 30)
                    .ok_or_else(|| format!("{v:?} is no number of hours"))
            };
            match part.split_once('=') {
                None => policy.until_hours = [hours(part)?; 4],
                Some((slug, v)) => {
                    let category = super::Category::from_slug(slug.trim())
                        .map_err(|_| format!("{slug:?} is no category"))?;
                    policy.until_hours[Self::at(category)] = hours(v)?;
                }
            }
        }
        Ok(policy)
    }
}

/// What a plan's own page tells a traveller beyond its price: what is and is not included, where
/// the driver or guide meets them and how to find them, how long they wait, where they go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlanContent {
    pub included: Vec<String>,
    pub excluded: Vec<String>,
    /// Where the service starts (the arrivals hall, the hotel lobby).
    pub meeting_point: String,
    /// How to find the driver or guide there (the name sign, the exit, the message before).
    pub finding: String,
    /// How long the driver waits without charge (a pick-up counts from landing); 0 when not said.
    pub free_waiting_minutes: u32,
    /// What each further half hour of waiting costs, if it is charged.
    pub waiting_fee: Option<Money>,
    /// Where the service goes (the districts, the route).
    pub service_area: String,
    /// The cities it is offered in (`CITIES`' codes), for the category pages' and the home page's
    /// city filter; a shuttle's is its airport's (`Plan::cities`), so may be left out.
    pub cities: Vec<String>,
    /// The languages its guide or interpreter speaks (`zh`, `en`, `vi`); empty where none.
    pub languages: Vec<String>,
}

/// The cities the catalogue serves: code, then the airport that serves it.
pub const CITIES: [(&str, &str); 4] = [
    ("hcm", "SGN"),
    ("han", "HAN"),
    ("dad", "DAD"),
    ("nha", "CXR"),
];
pub(super) const LANGUAGES: [&str; 3] = ["zh", "en", "vi"];

/// At most this many items in an included or excluded list.
pub const CONTENT_ITEMS_MAX: usize = 12;

impl PlanContent {
    fn validate(&self) -> DomainResult<()> {
        for (field, items) in [("included", &self.included), ("excluded", &self.excluded)] {
            if items.len() > CONTENT_ITEMS_MAX {
                return Err(DomainError::invalid(
                    format!("content.{field}"),
                    msg("catalog.content_items").with("max", CONTENT_ITEMS_MAX),
                ));
            }
            for item in items {
                crate::shared::text(
                    &format!("content.{field}"),
                    item,
                    100,
                    crate::shared::REQUIRED,
                )?;
            }
        }
        crate::shared::lines("content.meeting_point", &self.meeting_point, 300)?;
        crate::shared::lines("content.finding", &self.finding, 500)?;
        crate::shared::lines("content.service_area", &self.service_area, 300)?;
        if let Some(bad) = self
            .cities
            .iter()
            .find(|c| !CITIES.iter().any(|(code, _)| code == c))
        {
            return Err(DomainError::invalid(
                "content.cities",
                msg("catalog.city").with("city", bad.as_str()),
            ));
        }
        if self
            .languages
            .iter()
            .any(|l| !LANGUAGES.contains(&l.as_str()))
        {
            return Err(DomainError::invalid(
                "content.languages",
                msg("catalog.language"),
            ));
        }
        if self.waiting_fee.is_some_and(|m| m < Money::ZERO) {
            return Err(DomainError::invalid(
                "content.waiting_fee_vnd",
                msg("catalog.pricing.price_range"),
            ));
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub id: PlanId,
    pub category: Category,
    pub name: String,
    pub summary: String,
    pub description: String,
    pub images: Vec<String>,
    /// Shuttle and charter plans are for one vehicle; escort and massage plans have none.
    pub vehicle: Option<Vehicle>,
    /// The price list: rates, extras, surcharges and the booking window. What the catalogue
    /// shows (lengths, extras, "from" price) is read from it, so it is said once.
    pub pricing: PriceRules,
    /// IATA code of the airport a shuttle plan serves.
    pub airport: Option<String>,
    pub sort_order: i32,
    pub active: bool,
    /// The terms a booking of it is cancelled under: the catalogue service sets them from the
    /// configured policy on every plan it hands out.
    pub cancellation: CancellationPolicy,
    pub content: PlanContent,
    /// Its words in the other languages (`translations.rs`); its own fields are zh-TW's.
    pub translations: Translations<PlanTexts>,
}

impl Plan {
    /// Photos a plan page shows at most.
    pub const IMAGES_MAX: usize = 8;

    /// The catalogue's own consistency rules, checked before anything is stored.
    pub fn validate(&self) -> DomainResult<()> {
        // The shared text rule: what a traveller reads holds no controls or direction overrides.
        crate::shared::text("name", &self.name, 100, crate::shared::REQUIRED)?;
        crate::shared::optional_text("summary", &self.summary, 300)?;
        crate::shared::lines("description", &self.description, 4000)?;
        self.pricing.validate(self.category)?;
        self.content.validate()?;
        // Each language's words hold the same rules as zh-TW's.
        for lang in self.translations.keys() {
            let theirs = self.in_language(*lang);
            crate::shared::text("name", &theirs.name, 100, crate::shared::REQUIRED)?;
            crate::shared::optional_text("summary", &theirs.summary, 300)?;
            crate::shared::lines("description", &theirs.description, 4000)?;
            theirs.content.validate()?;
        }
        photo_list("images", &self.images)?;
        let needs_vehicle = matches!(self.category, Category::Shuttle | Category::Charter);
        if needs_vehicle != self.vehicle.is_some() {
            return Err(DomainError::invalid("vehicle", msg("catalog.vehicle")));
        }
        if self.vehicle.is_some_and(|v| v.seats == 0) {
            return Err(DomainError::invalid("vehicle.seats", msg("catalog.seats")));
        }
        if (self.category == Category::Shuttle) != self.airport.is_some() {
            return Err(DomainError::invalid("airport", msg("catalog.airport")));
        }
        // A shuttle is in its airport's city, and only there.
        if let Some(airport) = &self.airport
            && let Some((city, _)) = CITIES.iter().find(|(_, a)| a == airport)
            && !self.content.cities.is_empty()
            && self.content.cities != [*city]
        {
            return Err(DomainError::invalid(
                "content.cities",
                msg("catalog.airport_city").with("city", *city),
            ));
        }
        Ok(())
    }

    /// The cities it is offered in: a shuttle's airport's, else what its content says.
    pub fn cities(&self) -> Vec<String> {
        let airport = self.airport.as_deref();
        match CITIES.iter().find(|(_, a)| Some(*a) == airport) {
            Some((city, _)) => vec![(*city).to_owned()],
            None => self.content.cities.clone(),
        }
    }

    /// Bookable lengths in minutes (charter packages, escort hours, massage sessions); empty for
    /// a transfer, whose length is the drive.
    pub fn durations_minutes(&self) -> Vec<u32> {
        self.pricing.durations()
    }

    /// The extras a customer may add, as the catalogue shows them.
    pub fn options(&self) -> Vec<PlanOption> {
        self.pricing.options(self.category)
    }

    /// The lowest price a customer can pay for this plan, shown as "from".
    pub fn from_price(&self) -> Money {
        self.pricing.from_price()
    }

    /// How many people the plan takes: the vehicle's seats, or the price list's maximum.
    pub fn capacity(&self) -> u32 {
        self.vehicle.map_or(self.pricing.max_people, |v| v.seats)
    }
}

impl Plan {
    /// Its zh-TW words, in the shape a translation takes.
    pub fn texts(&self) -> PlanTexts {
        PlanTexts {
            name: self.name.clone(),
            summary: self.summary.clone(),
            description: self.description.clone(),
            included: self.content.included.clone(),
            excluded: self.content.excluded.clone(),
            meeting_point: self.content.meeting_point.clone(),
            finding: self.content.finding.clone(),
            service_area: self.content.service_area.clone(),
        }
    }

    /// The plan as a reader of `lang` sees it: each field in that language where it is
    /// translated, in zh-TW where it is not.
    pub fn in_language(&self, lang: Language) -> Plan {
        let Some(t) = self.translations.get(&lang) else {
            return self.clone();
        };
        let mut plan = self.clone();
        plan.name = or_default(&t.name, &self.name);
        plan.summary = or_default(&t.summary, &self.summary);
        plan.description = or_default(&t.description, &self.description);
        let c = &mut plan.content;
        c.included = list_or_default(&t.included, &self.content.included);
        c.excluded = list_or_default(&t.excluded, &self.content.excluded);
        c.meeting_point = or_default(&t.meeting_point, &self.content.meeting_point);
        c.finding = or_default(&t.finding, &self.content.finding);
        c.service_area = or_default(&t.service_area, &self.content.service_area);
        plan
    }

    /// The languages it lacks words in, with the fields: those zh-TW has and they do not.
    pub fn missing_translations(&self) -> Vec<MissingTranslation> {
        let ours = self.texts();
        Language::TRANSLATED
            .into_iter()
            .filter_map(|language| {
                let fields = missing_fields(
                    ours.filled(),
                    self.translations.get(&language).map(PlanTexts::filled),
                );
                (!fields.is_empty()).then(|| MissingTranslation {
                    kind: EntryKind::Plan,
                    id: self.id.as_str().to_owned(),
                    name: self.name.clone(),
                    language,
                    fields,
                })
            })
            .collect()
    }
}

/// A category with what its plans have in common, for the home page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategorySummary {
    pub category: Category,
    pub plan_count: u32,
    pub from_price: Option<Money>,
}

/// A plan's or a therapist's photos: at most `Plan::IMAGES_MAX`, each a path of this site.
pub(crate) fn photo_list(field: &str, urls: &[String]) -> DomainResult<()> {
    if urls.len() > Plan::IMAGES_MAX {
        return Err(DomainError::invalid(
            field,
            msg("catalog.images_max").with("max", Plan::IMAGES_MAX),
        ));
    }
    for url in urls {
        crate::shared::site_path(field, url)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shuttle() -> Plan {
        crate::testing::plan("shuttle-sgn-4", Category::Shuttle, 450_000)
    }

    #[test]
    fn slugs_round_trip_and_unknown_is_not_found() {
        for c in Category::ALL {
            assert_eq!(Category::from_slug(c.slug()), Ok(c));
        }
        assert!(matches!(
            Category::from_slug("helicopter"),
            Err(DomainError::NotFound { .. })
        ));
    }

    #[test]
    fn plan_ids_are_slugs() {
        assert!(PlanId::parse("massage-90").is_ok());
        for bad in ["", "Massage", "a b", "-a", "a-", "a/b", &"x".repeat(65)] {
            assert!(PlanId::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn a_valid_plan_passes() {
        assert_eq!(shuttle().validate(), Ok(()));
    }

    #[test]
    fn page_content_follows_the_text_rules() {
        let field = |p: Plan| match p.validate() {
            Err(DomainError::InvalidArgument { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        let mut p = shuttle();
        p.content.included = vec!["過路費".into(); CONTENT_ITEMS_MAX + 1];
        assert_eq!(field(p), "content.included");
        let mut p = shuttle();
        p.content.excluded = vec!["  ".into()];
        assert_eq!(field(p), "content.excluded");
        let mut p = shuttle();
        p.content.finding = "看\u{202e}牌子".into();
        assert_eq!(field(p), "content.finding");
        let mut p = shuttle();
        p.content.waiting_fee = Some(Money::vnd(-1));
        assert_eq!(field(p), "content.waiting_fee_vnd");
        let mut p = shuttle();
        p.content.languages = vec!["fr".into()];
        assert_eq!(field(p), "content.languages");
        // A shuttle's city is its airport's: another is refused, none is read from the airport.
        let mut p = shuttle();
        p.content.cities = vec!["paris".into()];
        assert_eq!(field(p), "content.cities");
        let mut p = shuttle();
        p.content.cities = vec!["han".into()];
        assert_eq!(field(p.clone()), "content.cities");
        p.content.cities.clear();
        assert_eq!(p.cities(), [CITIES[0].0]);
    }

    #[test]
    fn vehicle_and_airport_rules() {
        let mut p = shuttle();
        p.vehicle = None;
        assert!(p.validate().is_err());
        let mut p = shuttle();
        p.airport = None;
        assert!(p.validate().is_err());
        let mut p = shuttle();
        p.category = Category::DragonMassage;
        assert!(p.validate().is_err(), "a massage plan has no vehicle");
        let mut p = shuttle();
        p.pricing.rates[0].price = Money::vnd(-1);
        assert!(p.validate().is_err());
    }
}
