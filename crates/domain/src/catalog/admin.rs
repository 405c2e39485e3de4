//! Admins' duties over the catalogue: the catalogue file, plans on or off sale and their edits,
//! therapists' hours, languages, skills and photos. Each checks the admin's duty and is stored
//! with its audit entry, in one transaction.

use std::sync::Arc;

use super::Category;
use super::PlanId;
use super::model::Plan;
use super::ports::CatalogCodec;
use super::price_rules::{Rate, Season, check_seasons};
use super::service::CatalogService;
use super::therapist::{Shift, Therapist};
use super::translations::MissingTranslation;
use crate::audit::{Auditor, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::{Clock, Language, Randomness};

/// What an admin changes of a plan in the console; what is `None` stays.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlanEdit {
    /// The language the name, summary and description are in: zh-TW's are the plan's own, the
    /// others its translations (where an empty text is "not translated").
    pub language: Language,
    pub name: Option<String>,
    pub summary: Option<String>,
    pub description: Option<String>,
    /// The whole list of rates (a transfer's one, or one per bookable length).
    pub rates: Option<Vec<Rate>>,
    /// A vehicle's seats and luggage (shuttle, charter).
    pub seats: Option<u32>,
    pub luggage: Option<u32>,
    /// How many people the plan takes (escort, massage).
    pub max_people: Option<u32>,
    pub active: Option<bool>,
    /// The whole list of photos' addresses, the first on cards.
    pub images: Option<Vec<String>>,
    /// The whole list of date ranges that cost more (checked as each was made).
    pub seasons: Option<Vec<super::Season>>,
}

impl PlanEdit {
    /// Applies the edit; the plan's own rules are checked when it is stored.
    pub fn apply(&self, plan: &mut Plan) {
        let texts = [&self.name, &self.summary, &self.description];
        let [name, summary, description] = texts.map(|t| t.as_deref().map(str::trim));
        let (to_name, to_summary, to_description) = if self.language == Language::default() {
            (&mut plan.name, &mut plan.summary, &mut plan.description)
        } else {
            let t = plan.translations.entry(self.language).or_default();
            (&mut t.name, &mut t.summary, &mut t.description)
        };
        for (to, text) in [
            (to_name, name),
            (to_summary, summary),
            (to_description, description),
        ] {
            if let Some(text) = text {
                text.clone_into(to);
            }
        }
        plan.translations.retain(|_, t| !t.is_empty());
        if let Some(rates) = &self.rates {
            plan.pricing.rates = rates.clone();
        }
        if let Some(vehicle) = plan.vehicle.as_mut() {
            vehicle.seats = self.seats.unwrap_or(vehicle.seats);
            vehicle.luggage = self.luggage.unwrap_or(vehicle.luggage);
        }
        if let Some(max) = self.max_people {
            plan.pricing.max_people = max;
        }
        if let Some(active) = self.active {
            plan.active = active;
        }
        if let Some(images) = &self.images {
            plan.images = images.iter().map(|i| i.trim().to_owned()).collect();
        }
        if let Some(seasons) = &self.seasons {
            plan.pricing.seasons = seasons.clone();
        }
    }
}

/// What an admin sets of a therapist in the console: the languages she speaks, her hours, and her
/// skills in `language` always; her photos, and her name and bio in `language`, when given.
/// zh-TW's words are her own; empty words elsewhere are "not translated".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TherapistEdit {
    pub language: Language,
    pub languages: Vec<String>,
    pub skills: Vec<String>,
    pub hours: Vec<Shift>,
    pub photos: Option<Vec<String>>,
    pub name: Option<String>,
    pub bio: Option<String>,
}

/// The catalogue as admins keep it.
#[derive(Clone)]
pub struct CatalogAdmin {
    catalog: CatalogService,
    codec: Arc<dyn CatalogCodec>,
    audit: Auditor,
}

impl CatalogAdmin {
    pub fn new(
        catalog: CatalogService,
        codec: Arc<dyn CatalogCodec>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
    ) -> Self {
        Self {
            catalog,
            codec,
            audit: Auditor::new(clock, random),
        }
    }

    /// Loads a catalogue file: plans and therapists are added or replaced by id, and the seasons
    /// of each category it names replaced, all or nothing.
    /// Returns how many of each.
    pub async fn import_catalog(&self, by: &Staff, text: &str) -> DomainResult<(usize, usize)> {
        by.require_admin()?;
        let (plans, therapists) = self.codec.parse(text)?;
        let seasons = self.codec.parse_seasons(text)?;
        if plans.is_empty() && therapists.is_empty() && seasons.is_empty() {
            return Err(DomainError::invalid("catalog_toml", msg("catalog.empty")));
        }
        let ids = |ids: Vec<&str>| ids.join(",");
        let after = format!(
            "plans={} therapists={} seasons={}",
            ids(plans.iter().map(|p| p.id.as_str()).collect()),
            ids(therapists.iter().map(|t| t.id.as_str()).collect()),
            ids(seasons.iter().map(|(c, _)| c.slug()).collect())
        );
        let audit = self.audit.entry(
            by,
            "catalog.import",
            "catalog".into(),
            String::new(),
            after,
            "",
        );
        self.catalog
            .import_file(&plans, &therapists, &seasons, Some(&audit))
            .await?;
        Ok((plans.len(), therapists.len()))
    }

    /// The whole catalogue, inactive entries too, as a file `import_catalog` reads back.
    pub async fn export_catalog(&self, by: &Staff) -> DomainResult<String> {
        by.require_admin()?;
        let (plans, therapists) = self.catalog.everything().await?;
        let seasons = self.catalog.category_seasons().await?;
        self.codec.render(&plans, &therapists, &seasons)
    }

    /// An admin replaces the seasons of a whole category (Tết, national holidays): every plan of
    /// it is priced under them on days its own seasons leave; orders made keep their price.
    pub async fn set_category_seasons(
        &self,
        by: &Staff,
        category: Category,
        seasons: Vec<Season>,
    ) -> DomainResult<Vec<Season>> {
        by.require_admin()?;
        check_seasons(&seasons)?;
        let before = self
            .catalog
            .category_seasons()
            .await?
            .into_iter()
            .find(|(c, _)| *c == category)
            .map(|(_, s)| s)
            .unwrap_or_default();
        let text = |s: &[Season]| {
            s.iter()
                .map(Season::audit_text)
                .collect::<Vec<_>>()
                .join(",")
        };
        let audit = self.audit.entry(
            by,
            "seasons.category",
            format!("category:{}", category.slug()),
            format!("seasons={}", text(&before)),
            format!("seasons={}", text(&seasons)),
            "",
        );
        self.catalog
            .set_category_seasons(category, &seasons, &audit)
            .await?;
        Ok(seasons)
    }

    /// Takes a plan off sale (or back on); orders made for it keep showing it.
    pub async fn set_plan_active(
        &self,
        by: &Staff,
        id: &PlanId,
        active: bool,
    ) -> DomainResult<Plan> {
        by.require_admin()?;
        let action = if active {
            "plan.activate"
        } else {
            "plan.deactivate"
        };
        let state = |p: &Plan| format!("active={}", p.active);
        self.catalog
            .set_plan_active(id, active, |before, after| {
                self.audit.entry(
                    by,
                    action,
                    format!("plan:{}", id.as_str()),
                    state(before),
                    state(after),
                    "",
                )
            })
            .await
    }

    /// An admin's edit of a plan: texts, rates, capacity, on sale or not. New orders see it;
    /// orders already made keep their price.
    pub async fn update_plan(
        &self,
        by: &Staff,
        id: &PlanId,
        edit: &PlanEdit,
    ) -> DomainResult<Plan> {
        by.require_admin()?;
        let snapshot = |p: &Plan| {
            let rates: Vec<String> = p
                .pricing
                .rates
                .iter()
                .map(|r| format!("{}m={}", r.minutes, r.price.amount()))
                .collect();
            let seats = p.vehicle.map_or(p.pricing.max_people, |v| v.seats);
            let names: String = p
                .translations
                .iter()
                .map(|(lang, t)| format!(" name.{}={}", lang.tag(), t.name))
                .collect();
            let seasons: Vec<String> = p
                .pricing
                .seasons
                .iter()
                .map(super::Season::audit_text)
                .collect();
            format!(
                "name={}{names} rates={} capacity={seats} active={} images={} seasons={}",
                p.name,
                rates.join(","),
                p.active,
                p.images.join(","),
                seasons.join(",")
            )
        };
        self.catalog
            .change_plan(
                id,
                |p| edit.apply(p),
                |before, after| {
                    self.audit.entry(
                        by,
                        "plan.update",
                        format!("plan:{}", id.as_str()),
                        snapshot(before),
                        snapshot(after),
                        "",
                    )
                },
            )
            .await
    }

    /// An admin replaces a therapist's languages, skills and weekly hours (Vietnam time), her
    /// photos when given (the first is her card's) and her name and bio when given, the words in
    /// the edit's language; the finder offers her by them from now on, and bookings she has keep
    /// her.
    pub async fn update_therapist(
        &self,
        by: &Staff,
        id: &str,
        edit: TherapistEdit,
    ) -> DomainResult<Therapist> {
        let TherapistEdit {
            language,
            languages,
            skills,
            hours,
            photos,
            name,
            bio,
        } = edit;
        by.require_admin()?;
        let tidy = |list: &[String]| {
            let mut kept: Vec<String> = Vec::new();
            for item in list.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
                if !kept.iter().any(|k| k == item) {
                    kept.push(item.to_owned());
                }
            }
            kept
        };
        let (languages, skills) = (tidy(&languages), tidy(&skills));
        self.change_therapist(by, id, "therapist.update", |t| {
            t.languages = languages;
            t.hours = hours;
            if let Some(photos) = photos {
                t.photos = tidy(&photos);
            }
            // A language's own words only: what it lacks is read from zh-TW, not copied.
            let mut texts = if language == Language::default() {
                t.texts()
            } else {
                t.translations.get(&language).cloned().unwrap_or_default()
            };
            texts.skills = skills;
            if let Some(name) = name {
                texts.name = name.trim().to_owned();
            }
            if let Some(bio) = bio {
                texts.bio = bio.trim().to_owned();
            }
            t.set_texts(language, texts);
        })
        .await
    }

    /// What the catalogue lacks in each language, plans first, for the console's list: any
    /// member of staff may read it (`_by` is the proof).
    pub async fn missing_translations(&self, _by: &Staff) -> DomainResult<Vec<MissingTranslation>> {
        let (plans, therapists) = self.catalog.everything().await?;
        Ok(plans
            .iter()
            .flat_map(Plan::missing_translations)
            .chain(therapists.iter().flat_map(Therapist::missing_translations))
            .collect())
    }

    /// A therapist stops (or starts again) taking bookings.
    pub async fn set_therapist_active(
        &self,
        by: &Staff,
        id: &str,
        active: bool,
    ) -> DomainResult<Therapist> {
        by.require_admin()?;
        let action = if active {
            "therapist.activate"
        } else {
            "therapist.deactivate"
        };
        self.change_therapist(by, id, action, |t| t.active = active)
            .await
    }

    /// A therapist's weekly hours, Vietnam time; the finder offers her only within them.
    pub async fn set_therapist_hours(
        &self,
        by: &Staff,
        id: &str,
        hours: Vec<Shift>,
    ) -> DomainResult<Therapist> {
        by.require_admin()?;
        self.change_therapist(by, id, "therapist.hours", |t| t.hours = hours)
            .await
    }

    async fn change_therapist(
        &self,
        by: &Staff,
        id: &str,
        action: &str,
        change: impl FnOnce(&mut Therapist),
    ) -> DomainResult<Therapist> {
        self.catalog
            .change_therapist(id, change, |before, after| {
                self.audit.entry(
                    by,
                    action,
                    format!("therapist:{}", after.id),
                    therapist_snapshot(before),
                    therapist_snapshot(after),
                    "",
                )
            })
            .await
    }
}

/// What the audit log keeps of a therapist: whether she takes bookings, and her hours.
fn therapist_snapshot(t: &Therapist) -> String {
    let hours: Vec<String> = t.hours.iter().map(Shift::summary).collect();
    let translated: String = t
        .translations
        .iter()
        .map(|(lang, w)| {
            let tag = lang.tag();
            format!(
                " name.{tag}={} skills.{tag}={} bio.{tag}={}",
                w.name,
                w.skills.join(","),
                w.bio.chars().count()
            )
        })
        .collect();
    format!(
        "active={} hours={} languages={} name={} skills={} bio={}{translated}",
        t.active,
        hours.join("; "),
        t.languages.join(","),
        t.name,
        t.skills.join(","),
        t.bio.chars().count()
    )
}
