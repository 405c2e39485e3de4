//! The catalogue in SQL through SeaORM; the same code on SQLite and PostgreSQL.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use async_trait::async_trait;
use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::catalog::{
    CatalogRepository, Category, CategorySummary, Gender, Plan, PlanId, PlanTexts, Season,
    Therapist, TherapistTexts, Vehicle,
};
use domain::shared::{Money, Page, PageRequest};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use crate::catalog_file::{
    ContentEntry, PlanTextsEntry, PricingEntry, SeasonEntry, ShiftEntry, TherapistTextsEntry,
    days_off_from, days_off_to, translations_from, translations_of,
};
use crate::sql::common::{corrupt, insert_audit, json, parse_json, storage};
use crate::sql::entities::{category_season, plan, therapist};
use crate::sql::paging::decode_cursor;

pub struct SqlCatalogRepository {
    db: DatabaseConnection,
    /// Told after each change, so this node's copies in memory follow its own writes at once.
    version: Option<crate::stores::catalog_version::CatalogVersion>,
    /// With a version to follow, every plan by id as of a version: orders price from it
    /// without reading the database.
    plans: RwLock<Option<(u64, Arc<PlansById>)>>,
}

impl SqlCatalogRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            version: None,
            plans: RwLock::new(None),
        }
    }

    /// Reads the catalogue's version again after each change.
    pub fn following(mut self, version: crate::stores::catalog_version::CatalogVersion) -> Self {
        self.version = Some(version);
        self
    }
}

type PlansById = HashMap<String, Plan>;

impl SqlCatalogRepository {
    /// Puts each plan's category's seasons on it (a handful of rows, read once for all).
    async fn with_category_seasons(&self, plans: &mut [Plan]) -> DomainResult<()> {
        if plans.is_empty() {
            return Ok(());
        }
        let seasons = self.category_seasons().await?;
        for p in plans {
            if let Some((_, s)) = seasons.iter().find(|(c, _)| *c == p.category) {
                p.pricing.category_seasons.clone_from(s);
            }
        }
        Ok(())
    }

    /// Every plan as of `version` or later: the copy kept for it, else read now (the version was
    /// read before the rows, so a change between the two only makes the copy newer).
    async fn plans_at(&self, version: u64) -> DomainResult<Arc<PlansById>> {
        if let Some((kept, plans)) = &*self.plans.read().unwrap_or_else(|e| e.into_inner())
            && *kept == version
        {
            return Ok(plans.clone());
        }
        let mut plans: Vec<Plan> = plan::Entity::find()
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(plan_from_row)
            .collect::<DomainResult<_>>()?;
        self.with_category_seasons(&mut plans).await?;
        let plans: PlansById = plans
            .into_iter()
            .map(|p| (p.id.as_str().to_owned(), p))
            .collect();
        let plans = Arc::new(plans);
        *self.plans.write().unwrap_or_else(|e| e.into_inner()) = Some((version, plans.clone()));
        Ok(plans)
    }
}

/// Replaces `category`'s seasons in the transaction: its row goes when it has none.
async fn write_category_seasons(
    txn: &sea_orm::DatabaseTransaction,
    category: Category,
    seasons: &[Season],
) -> DomainResult<()> {
    category_season::Entity::delete_by_id(category.slug())
        .exec(txn)
        .await
        .map_err(storage)?;
    if !seasons.is_empty() {
        let entries: Vec<SeasonEntry> = seasons.iter().map(SeasonEntry::from).collect();
        category_season::Entity::insert(category_season::ActiveModel {
            category: Set(category.slug().to_owned()),
            seasons: Set(json(&entries)),
        })
        .exec_without_returning(txn)
        .await
        .map_err(storage)?;
    }
    Ok(())
}

fn plan_from_row(row: plan::Model) -> DomainResult<Plan> {
    let category = Category::from_slug(&row.category).map_err(|e| corrupt("plan", e))?;
    // The price list is stored as JSON in the catalogue file's own shape.
    let pricing: PricingEntry = parse_json("plan", &row.pricing)?;
    let vehicle = match (row.vehicle_seats, row.vehicle_luggage) {
        (Some(seats), Some(luggage)) => Some(Vehicle {
            seats: u32::try_from(seats).map_err(|e| corrupt("plan", e))?,
            luggage: u32::try_from(luggage).map_err(|e| corrupt("plan", e))?,
        }),
        _ => None,
    };
    Ok(Plan {
        id: PlanId::parse(&row.id).map_err(|e| corrupt("plan", e))?,
        category,
        name: row.name,
        summary: row.summary,
        description: row.description,
        images: parse_json("plan", &row.images)?,
        vehicle,
        pricing: pricing.to_rules().map_err(|e| corrupt("plan", e))?,
        airport: row.airport,
        sort_order: row.sort_order,
        active: row.active,
        cancellation: Default::default(),
        content: parse_json::<ContentEntry>("plan", &row.content)?.to_content(),
        translations: translations_from::<PlanTextsEntry, _>(parse_json(
            "plan",
            &row.translations,
        )?)
        .map_err(|e| corrupt("plan", e))?,
    })
}

fn plan_to_row(p: &Plan, now: chrono::DateTime<chrono::FixedOffset>) -> plan::ActiveModel {
    plan::ActiveModel {
        id: Set(p.id.as_str().to_owned()),
        category: Set(p.category.slug().to_owned()),
        name: Set(p.name.clone()),
        summary: Set(p.summary.clone()),
        description: Set(p.description.clone()),
        images: Set(json(&p.images)),
        vehicle_seats: Set(p.vehicle.map(|v| clamp_i32(v.seats))),
        vehicle_luggage: Set(p.vehicle.map(|v| clamp_i32(v.luggage))),
        pricing: Set(json(&PricingEntry::from(&p.pricing))),
        content: Set(json(&ContentEntry::from(&p.content))),
        translations: Set(json(&translations_of::<_, PlanTextsEntry>(
            &p.translations,
            PlanTexts::is_empty,
        ))),
        from_price_vnd: Set(p.from_price().amount()),
        airport: Set(p.airport.clone()),
        sort_order: Set(p.sort_order),
        active: Set(p.active),
        updated_at: Set(now),
    }
}

fn therapist_from_row(row: therapist::Model) -> DomainResult<Therapist> {
    let gender = Gender::parse("gender", &row.gender).map_err(|e| corrupt("therapist", e))?;
    let hours: Vec<ShiftEntry> = parse_json("therapist", &row.hours)?;
    Ok(Therapist {
        id: row.id,
        name: row.name,
        gender,
        photos: parse_json("therapist", &row.photos)?,
        languages: parse_json("therapist", &row.languages)?,
        skills: parse_json("therapist", &row.skills)?,
        years_of_practice: u32::try_from(row.years_of_practice)
            .map_err(|e| corrupt("therapist", e))?,
        rating_tenths: u32::try_from(row.rating_tenths).map_err(|e| corrupt("therapist", e))?,
        bio: row.bio,
        translations: translations_from::<TherapistTextsEntry, _>(parse_json(
            "therapist",
            &row.translations,
        )?)
        .map_err(|e| corrupt("therapist", e))?,
        hours: hours
            .iter()
            .map(ShiftEntry::to_shift)
            .collect::<DomainResult<_>>()
            .map_err(|e| corrupt("therapist", e))?,
        days_off: days_off_from(&parse_json::<Vec<String>>("therapist", &row.days_off)?)
            .map_err(|e| corrupt("therapist", e))?,
        active: row.active,
    })
}

fn therapist_to_row(
    t: &Therapist,
    now: chrono::DateTime<chrono::FixedOffset>,
) -> therapist::ActiveModel {
    therapist::ActiveModel {
        id: Set(t.id.clone()),
        name: Set(t.name.clone()),
        gender: Set(t.gender.code().to_owned()),
        photos: Set(json(&t.photos)),
        languages: Set(json(&t.languages)),
        skills: Set(json(&t.skills)),
        years_of_practice: Set(clamp_i32(t.years_of_practice)),
        rating_tenths: Set(clamp_i32(t.rating_tenths)),
        bio: Set(t.bio.clone()),
        translations: Set(json(&translations_of::<_, TherapistTextsEntry>(
            &t.translations,
            TherapistTexts::is_empty,
        ))),
        hours: Set(json(
            &t.hours.iter().map(ShiftEntry::from).collect::<Vec<_>>(),
        )),
        days_off: Set(json(&days_off_to(&t.days_off))),
        active: Set(t.active),
        updated_at: Set(now),
    }
}

fn clamp_i32(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// The keyset cursor of a plan list: the last row's `sort_order` and id.
fn encode_cursor(p: &Plan) -> String {
    format!("{}.{}", p.sort_order, p.id.as_str())
}

#[async_trait]
impl CatalogRepository for SqlCatalogRepository {
    async fn summarize(&self) -> DomainResult<Vec<CategorySummary>> {
        let rows: Vec<(String, i64, Option<i64>)> = plan::Entity::find()
            .select_only()
            .column(plan::Column::Category)
            .column_as(Expr::col(plan::Column::Id).count(), "plan_count")
            .column_as(Expr::col(plan::Column::FromPriceVnd).min(), "from_price")
            .filter(plan::Column::Active.eq(true))
            .group_by(plan::Column::Category)
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        rows.into_iter()
            .map(|(slug, count, from)| {
                Ok(CategorySummary {
                    category: Category::from_slug(&slug).map_err(|e| corrupt("plan", e))?,
                    plan_count: u32::try_from(count).unwrap_or(u32::MAX),
                    from_price: from.map(Money::vnd),
                })
            })
            .collect()
    }

    async fn list_plans(&self, category: Category, page: &PageRequest) -> DomainResult<Page<Plan>> {
        let mut query = plan::Entity::find()
            .filter(plan::Column::Category.eq(category.slug()))
            .filter(plan::Column::Active.eq(true));
        if let Some(token) = page.token() {
            let (order, id) = decode_cursor::<i32>(token)?;
            query = query.filter(
                Condition::any().add(plan::Column::SortOrder.gt(order)).add(
                    Condition::all()
                        .add(plan::Column::SortOrder.eq(order))
                        .add(plan::Column::Id.gt(id)),
                ),
            );
        }
        let size = page.size() as usize;
        let rows = query
            .order_by_asc(plan::Column::SortOrder)
            .order_by_asc(plan::Column::Id)
            .limit(size as u64 + 1)
            .all(&self.db)
            .await
            .map_err(storage)?;
        let more = rows.len() > size;
        let mut items = rows
            .into_iter()
            .take(size)
            .map(plan_from_row)
            .collect::<DomainResult<Vec<_>>>()?;
        self.with_category_seasons(&mut items).await?;
        let next_token = if more {
            items.last().map(encode_cursor)
        } else {
            None
        };
        Ok(Page { items, next_token })
    }

    async fn get_plan(&self, id: &PlanId) -> DomainResult<Option<Plan>> {
        if let Some(version) = &self.version {
            return Ok(self
                .plans_at(version.current())
                .await?
                .get(id.as_str())
                .cloned());
        }
        let mut plan: Vec<Plan> = plan::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(plan_from_row)
            .transpose()?
            .into_iter()
            .collect();
        self.with_category_seasons(&mut plan).await?;
        Ok(plan.pop())
    }

    async fn list_therapists(&self) -> DomainResult<Vec<Therapist>> {
        therapist::Entity::find()
            .filter(therapist::Column::Active.eq(true))
            .order_by_asc(therapist::Column::Id)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(therapist_from_row)
            .collect()
    }

    async fn everything(&self) -> DomainResult<(Vec<Plan>, Vec<Therapist>)> {
        let plans = plan::Entity::find()
            .order_by_asc(plan::Column::Category)
            .order_by_asc(plan::Column::SortOrder)
            .order_by_asc(plan::Column::Id)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(plan_from_row)
            .collect::<DomainResult<_>>()?;
        let therapists = therapist::Entity::find()
            .order_by_asc(therapist::Column::Id)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(therapist_from_row)
            .collect::<DomainResult<_>>()?;
        Ok((plans, therapists))
    }

    async fn import_file(
        &self,
        plans: &[Plan],
        therapists: &[Therapist],
        category_seasons: &[(Category, Vec<Season>)],
        audit: Option<&AuditEntry>,
    ) -> DomainResult<()> {
        let now = chrono::Utc::now().fixed_offset();
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        for p in plans {
            plan::Entity::insert(plan_to_row(p, now))
                .on_conflict(
                    OnConflict::column(plan::Column::Id)
                        .update_columns([
                            plan::Column::Category,
                            plan::Column::Name,
                            plan::Column::Summary,
                            plan::Column::Description,
                            plan::Column::Images,
                            plan::Column::VehicleSeats,
                            plan::Column::VehicleLuggage,
                            plan::Column::Pricing,
                            plan::Column::Content,
                            plan::Column::Translations,
                            plan::Column::FromPriceVnd,
                            plan::Column::Airport,
                            plan::Column::SortOrder,
                            plan::Column::Active,
                            plan::Column::UpdatedAt,
                        ])
                        .to_owned(),
                )
                .exec(&txn)
                .await
                .map_err(storage)?;
        }
        for t in therapists {
            therapist::Entity::insert(therapist_to_row(t, now))
                .on_conflict(
                    OnConflict::column(therapist::Column::Id)
                        .update_columns([
                            therapist::Column::Name,
                            therapist::Column::Gender,
                            therapist::Column::Photos,
                            therapist::Column::Languages,
                            therapist::Column::Skills,
                            therapist::Column::YearsOfPractice,
                            therapist::Column::RatingTenths,
                            therapist::Column::Bio,
                            therapist::Column::Translations,
                            therapist::Column::Hours,
                            therapist::Column::DaysOff,
                            therapist::Column::Active,
                            therapist::Column::UpdatedAt,
                        ])
                        .to_owned(),
                )
                .exec(&txn)
                .await
                .map_err(storage)?;
        }
        for (category, seasons) in category_seasons {
            write_category_seasons(&txn, *category, seasons).await?;
        }
        if let Some(audit) = audit {
            insert_audit(&txn, audit).await.map_err(storage)?;
        }
        txn.commit().await.map_err(storage)?;
        crate::stores::catalog_version::after_change(self.version.as_ref()).await;
        Ok(())
    }

    async fn category_seasons(&self) -> DomainResult<Vec<(Category, Vec<Season>)>> {
        let rows = category_season::Entity::find()
            .all(&self.db)
            .await
            .map_err(storage)?;
        let mut out = Vec::new();
        for category in Category::ALL {
            let Some(row) = rows.iter().find(|r| r.category == category.slug()) else {
                continue;
            };
            let entries: Vec<SeasonEntry> = parse_json("category seasons", &row.seasons)?;
            let seasons = entries
                .iter()
                .map(SeasonEntry::to_season)
                .collect::<DomainResult<Vec<_>>>()
                .map_err(|e| corrupt("category seasons", e))?;
            out.push((category, seasons));
        }
        Ok(out)
    }

    async fn set_category_seasons(
        &self,
        category: Category,
        seasons: &[Season],
        audit: &AuditEntry,
    ) -> DomainResult<()> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        write_category_seasons(&txn, category, seasons).await?;
        insert_audit(&txn, audit).await.map_err(storage)?;
        txn.commit().await.map_err(storage)?;
        crate::stores::catalog_version::after_change(self.version.as_ref()).await;
        Ok(())
    }

    async fn is_empty(&self) -> DomainResult<bool> {
        let plans = plan::Entity::find()
            .count(&self.db)
            .await
            .map_err(storage)?;
        Ok(plans == 0)
    }
}
