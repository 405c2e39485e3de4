//! The catalogue: valid plans and therapists, and a repository holding them in memory.

use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{NaiveTime, Weekday};

use crate::audit::AuditEntry;
use crate::catalog::{
    BookingWindow, CatalogRepository, Category, CategorySummary, ExtraPerson, Gender,
    NightSurcharge, Plan, PlanId, PriceRules, Rate, Season, Shift, Therapist, Vehicle,
};
use crate::error::DomainResult;
use crate::shared::{Money, Page, PageRequest};

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
        payout: Default::default(),
        seasons: vec![],
        category_seasons: vec![],
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
        cancellation: Default::default(),
        content: Default::default(),
        translations: Default::default(),
    }
}

/// A therapist working Monday to Saturday, 18:00 to 02:00.
pub(crate) fn therapist(id: &str) -> Therapist {
    Therapist {
        id: id.into(),
        name: format!("按摩師 {id}"),
        gender: Gender::Female,
        photos: Vec::new(),
        languages: vec!["zh".into()],
        skills: vec!["精油推拿".into()],
        years_of_practice: 5,
        rating_tenths: 48,
        bio: String::new(),
        translations: Default::default(),
        hours: vec![Shift {
            days: vec![
                Weekday::Mon,
                Weekday::Tue,
                Weekday::Wed,
                Weekday::Thu,
                Weekday::Fri,
                Weekday::Sat,
            ],
            from: NaiveTime::from_hms_opt(18, 0, 0).unwrap_or_default(),
            until: NaiveTime::from_hms_opt(2, 0, 0).unwrap_or_default(),
        }],
        days_off: Vec::new(),
        active: true,
    }
}

/// A catalogue in memory, its plans paged by position, which is all the rules need.
#[derive(Default)]
pub(crate) struct Catalog {
    pub plans: Mutex<Vec<Plan>>,
    pub therapists: Mutex<Vec<Therapist>>,
    pub seasons: Mutex<Vec<(Category, Vec<Season>)>>,
}

impl Catalog {
    pub(crate) fn with(plans: Vec<Plan>, therapists: Vec<Therapist>) -> Self {
        Self {
            plans: Mutex::new(plans),
            therapists: Mutex::new(therapists),
            seasons: Mutex::default(),
        }
    }
}

#[async_trait]
impl CatalogRepository for Catalog {
    async fn summarize(&self) -> DomainResult<Vec<CategorySummary>> {
        let plans = self.plans.lock().unwrap();
        let mut out: Vec<CategorySummary> = Vec::new();
        for p in plans.iter().filter(|p| p.active) {
            match out.iter_mut().find(|s| s.category == p.category) {
                Some(s) => {
                    s.plan_count += 1;
                    s.from_price = s.from_price.min(Some(p.from_price()));
                }
                None => out.push(CategorySummary {
                    category: p.category,
                    plan_count: 1,
                    from_price: Some(p.from_price()),
                }),
            }
        }
        Ok(out)
    }
    async fn list_plans(&self, category: Category, page: &PageRequest) -> DomainResult<Page<Plan>> {
        let plans = self.plans.lock().unwrap();
        let all: Vec<Plan> = plans
            .iter()
            .filter(|p| p.category == category)
            .cloned()
            .collect();
        let start: usize = page.token().map_or(0, |t| t.parse().unwrap());
        let end = (start + page.size() as usize).min(all.len());
        Ok(Page {
            items: all[start..end].to_vec(),
            next_token: (end < all.len()).then(|| end.to_string()),
        })
    }
    async fn get_plan(&self, id: &PlanId) -> DomainResult<Option<Plan>> {
        let mut plan = self
            .plans
            .lock()
            .unwrap()
            .iter()
            .find(|p| &p.id == id)
            .cloned();
        if let Some(p) = plan.as_mut() {
            let seasons = self.seasons.lock().unwrap();
            if let Some((_, s)) = seasons.iter().find(|(c, _)| *c == p.category) {
                p.pricing.category_seasons.clone_from(s);
            }
        }
        Ok(plan)
    }
    async fn category_seasons(&self) -> DomainResult<Vec<(Category, Vec<Season>)>> {
        Ok(self.seasons.lock().unwrap().clone())
    }
    async fn set_category_seasons(
        &self,
        category: Category,
        seasons: &[Season],
        _: &AuditEntry,
    ) -> DomainResult<()> {
        let mut kept = self.seasons.lock().unwrap();
        kept.retain(|(c, _)| *c != category);
        if !seasons.is_empty() {
            kept.push((category, seasons.to_vec()));
        }
        Ok(())
    }
    async fn list_therapists(&self) -> DomainResult<Vec<Therapist>> {
        Ok(self.therapists.lock().unwrap().clone())
    }
    async fn import_file(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
        category_seasons: &[(Category, Vec<Season>)],
        _: Option<&AuditEntry>,
    ) -> DomainResult<()> {
        for (category, seasons) in category_seasons {
            let mut kept = self.seasons.lock().unwrap();
            kept.retain(|(c, _)| c != category);
            kept.push((*category, seasons.clone()));
        }
        // By id, as the port says: a plan or therapist already kept is replaced.
        let mut kept = self.plans.lock().unwrap();
        kept.retain(|p| !plans.iter().any(|n| n.id == p.id));
        kept.extend_from_slice(plans);
        let mut kept = self.therapists.lock().unwrap();
        kept.retain(|t| !therapists.iter().any(|n| n.id == t.id));
        kept.extend_from_slice(therapists);
        Ok(())
    }
    async fn is_empty(&self) -> DomainResult<bool> {
        Ok(self.plans.lock().unwrap().is_empty())
    }
    async fn everything(&self) -> DomainResult<(Vec<Plan>, Vec<Therapist>)> {
        Ok((
            self.plans.lock().unwrap().clone(),
            self.therapists.lock().unwrap().clone(),
        ))
    }
}
