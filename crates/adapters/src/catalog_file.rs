//! The catalogue as a TOML file: how the demo catalogue ships and how operators import and export
//! it. Reading checks every entry through the domain's own constructors.

use domain::catalog::{Category, Gender, Plan, PlanId, PlanOption, Therapist, Vehicle};
use domain::shared::Money;
use domain::{DomainError, DomainResult};
use serde::{Deserialize, Serialize};

/// The demo catalogue loaded on first start in the dev environment and by `booking seed-demo`.
pub const DEMO: &str = include_str!("../seed/demo-catalogue.toml");

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogFile {
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
    #[serde(default)]
    pub durations_minutes: Vec<u32>,
    #[serde(default)]
    pub options: Vec<OptionEntry>,
    pub from_price_vnd: i64,
    pub airport: Option<String>,
    #[serde(default)]
    pub sort_order: i32,
    #[serde(default = "yes")]
    pub active: bool,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleEntry {
    pub seats: u32,
    pub luggage: u32,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionEntry {
    pub code: String,
    pub name: String,
    pub price_vnd: i64,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TherapistEntry {
    pub id: String,
    pub name: String,
    pub gender: String,
    pub photo: String,
    #[serde(default)]
    pub languages: Vec<String>,
    #[serde(default)]
    pub skills: Vec<String>,
    pub years_of_practice: u32,
    pub rating_tenths: u32,
    #[serde(default)]
    pub bio: String,
    #[serde(default = "yes")]
    pub active: bool,
}

impl From<OptionEntry> for PlanOption {
    fn from(o: OptionEntry) -> Self {
        PlanOption {
            code: o.code,
            name: o.name,
            price: Money::vnd(o.price_vnd),
        }
    }
}

impl From<&PlanOption> for OptionEntry {
    fn from(o: &PlanOption) -> Self {
        OptionEntry {
            code: o.code.clone(),
            name: o.name.clone(),
            price_vnd: o.price.amount(),
        }
    }
}

fn yes() -> bool {
    true
}

/// Parses a catalogue file into domain values; the first bad entry is named in the error.
pub fn parse(text: &str) -> DomainResult<(Vec<Plan>, Vec<Therapist>)> {
    let file: CatalogFile =
        toml::from_str(text).map_err(|e| DomainError::invalid("catalogue", e.to_string()))?;
    let plans = file
        .plans
        .into_iter()
        .map(|p| {
            let id = PlanId::parse(&p.id)?;
            let plan = Plan {
                category: Category::from_slug(&p.category).map_err(|_| {
                    DomainError::invalid(format!("plans[{}].category", p.id), "unknown category")
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
                durations_minutes: p.durations_minutes,
                options: p.options.into_iter().map(Into::into).collect(),
                from_price: Money::vnd(p.from_price_vnd),
                airport: p.airport,
                sort_order: p.sort_order,
                active: p.active,
            };
            plan.validate()?;
            Ok(plan)
        })
        .collect::<DomainResult<Vec<_>>>()?;
    let therapists = file
        .therapists
        .into_iter()
        .map(|t| {
            let gender = match t.gender.as_str() {
                "female" => Gender::Female,
                "male" => Gender::Male,
                _ => {
                    return Err(DomainError::invalid(
                        format!("therapists[{}].gender", t.id),
                        "female or male",
                    ));
                }
            };
            Ok(Therapist {
                id: t.id,
                name: t.name,
                gender,
                photo: t.photo,
                languages: t.languages,
                skills: t.skills,
                years_of_practice: t.years_of_practice,
                rating_tenths: t.rating_tenths,
                bio: t.bio,
                active: t.active,
            })
        })
        .collect::<DomainResult<Vec<_>>>()?;
    Ok((plans, therapists))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            .flat_map(|p| p.durations_minutes.iter().map(|m| m / 60))
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
            .flat_map(|p| p.durations_minutes.clone())
            .collect();
        for m in [60, 90, 120] {
            assert!(massage.contains(&m), "massage {m} min");
        }
        assert!(therapists.len() >= 8);
        assert!(plans.iter().all(|p| p.from_price.amount() % 1000 == 0));
    }

    #[test]
    fn bad_entries_are_named() {
        let bad = r#"
            [[plans]]
            id = "x-1"
            category = "helicopter"
            name = "n"
            from_price_vnd = 1000
        "#;
        let err = parse(bad).unwrap_err();
        assert!(err.to_string().contains("plans[x-1].category"), "{err}");
        assert!(parse("plans = 3").is_err());
        assert!(parse("[[plans]]\nid = \"a\"\nunknown = 1").is_err());
    }
}
