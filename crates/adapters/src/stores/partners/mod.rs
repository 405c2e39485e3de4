//! Partners in SQL: their records, and their ledger of earnings and payouts (`ledger`).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::live::Change;
use domain::ordering::GuideLanguage;
use domain::partners::{Availability, Earning, Partner, PartnerKind, PartnerStore, Vehicle, Week};
use domain::shared::{Money, Phone, Unit, UserId};
use sea_orm::{DatabaseConnection, EntityTrait, PaginatorTrait, QueryOrder, Set};

use crate::catalog_file::{ShiftEntry, days_off_from, days_off_to};
use crate::sql::common::{corrupt, insert_audit, instant, json, ms, parse_json, storage};
use crate::sql::entities::partner;
use crate::stores::live::{self, SqlWork};

pub(crate) mod ledger;

pub struct SqlPartnerStore {
    db: DatabaseConnection,
}

impl SqlPartnerStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl PartnerStore for SqlPartnerStore {
    async fn partner(&self, id: &UserId) -> DomainResult<Option<Partner>> {
        partner::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(partner_from_row)
            .transpose()
    }

    async fn partners(&self) -> DomainResult<Vec<Partner>> {
        partner::Entity::find()
            .order_by_asc(partner::Column::Name)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(partner_from_row)
            .collect()
    }

    async fn save_partner(&self, p: &Partner, audit: &AuditEntry) -> DomainResult<()> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        let row = partner_to_row(p, audit.at);
        let exists = partner::Entity::find_by_id(p.user_id.as_str())
            .count(&txn)
            .await
            .map_err(storage)?
            > 0;
        if exists {
            partner::Entity::update(row)
                .exec(&txn)
                .await
                .map_err(storage)?;
        } else {
            partner::Entity::insert(row)
                .exec(&txn)
                .await
                .map_err(storage)?;
        }
        insert_audit(&txn, audit).await.map_err(storage)?;
        // Their phone reads itself again: paused, it closes; their hours, as set.
        let change = Change::partner(&p.user_id);
        txn.commit(ms(audit.at), &[change]).await.map_err(storage)
    }

    async fn ledger(
        &self,
        partner: Option<&UserId>,
        from: Week,
        until: Week,
    ) -> DomainResult<Vec<Earning>> {
        ledger::ledger(&self.db, partner, from, until).await
    }

    async fn owed(&self, partner: &UserId) -> DomainResult<Money> {
        ledger::owed(&self.db, partner).await
    }

    async fn add_payout(&self, payout: &Earning, audit: &AuditEntry) -> DomainResult<bool> {
        ledger::add_payout(&self.db, payout, audit).await
    }

    async fn earning(&self, key: &str) -> DomainResult<Option<Earning>> {
        ledger::one(&self.db, key).await
    }

    async fn add_earning(&self, line: &Earning, audit: &AuditEntry) -> DomainResult<bool> {
        // One line under its key with its audit entry, as a payout is written.
        ledger::add_payout(&self.db, line, audit).await
    }

    async fn add_earning_in(&self, unit: &mut Unit, line: &Earning) -> DomainResult<bool> {
        let work = SqlWork::of(unit)?;
        ledger::add(work.txn(), line).await
    }
}

fn partner_to_row(p: &Partner, at: DateTime<Utc>) -> partner::ActiveModel {
    let languages: Vec<&str> = p.languages.iter().map(|l| l.code()).collect();
    let vehicle = p.vehicle.as_ref();
    partner::ActiveModel {
        user_id: Set(p.user_id.as_str().to_owned()),
        kind: Set(p.kind.code().to_owned()),
        name: Set(p.name.clone()),
        phone_country_code: Set(p.phone.country_code().to_owned()),
        phone_number: Set(p.phone.number().to_owned()),
        languages: Set(languages.join(",")),
        vehicle_model: Set(vehicle.map(|v| v.model.clone()).unwrap_or_default()),
        vehicle_plate: Set(vehicle.map(|v| v.plate.clone()).unwrap_or_default()),
        vehicle_seats: Set(vehicle.map_or(0, |v| i32::try_from(v.seats).unwrap_or(0))),
        therapist_id: Set(p.therapist_id.clone()),
        hours: Set(json(
            &p.availability
                .hours
                .iter()
                .map(ShiftEntry::from)
                .collect::<Vec<_>>(),
        )),
        days_off: Set(json(&days_off_to(&p.availability.days_off))),
        active: Set(p.active),
        home_city: Set(p.home_city.clone().unwrap_or_default()),
        zalo_notices: Set(p.zalo_notices),
        created_at_ms: Set(ms(p.created_at)),
        updated_at_ms: Set(ms(at)),
    }
}

fn partner_from_row(r: partner::Model) -> DomainResult<Partner> {
    let kind = PartnerKind::parse(&r.kind)?;
    let languages = r
        .languages
        .split(',')
        .filter(|c| !c.is_empty())
        .map(GuideLanguage::parse)
        .collect::<DomainResult<Vec<_>>>()?;
    let vehicle = (kind == PartnerKind::Driver)
        .then(|| {
            let seats = u32::try_from(r.vehicle_seats).map_err(|e| corrupt("seats", e))?;
            Vehicle::new(&r.vehicle_model, &r.vehicle_plate, seats)
        })
        .transpose()?;
    Ok(Partner {
        user_id: UserId::parse(&r.user_id)?,
        kind,
        name: r.name,
        phone: Phone::parse(&r.phone_country_code, &r.phone_number)?,
        languages,
        vehicle,
        therapist_id: r.therapist_id,
        availability: Availability {
            hours: parse_json::<Vec<ShiftEntry>>("partner", &r.hours)?
                .iter()
                .map(ShiftEntry::to_shift)
                .collect::<DomainResult<_>>()
                .map_err(|e| corrupt("partner hours", e))?,
            days_off: days_off_from(&parse_json::<Vec<String>>("partner", &r.days_off)?)
                .map_err(|e| corrupt("partner days off", e))?,
        },
        home_city: Some(r.home_city).filter(|c| !c.is_empty()),
        zalo_notices: r.zalo_notices,
        active: r.active,
        created_at: instant(r.created_at_ms)?,
    })
}
