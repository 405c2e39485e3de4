//! Partners on the wire: who they are, their invitation, when they work.

use domain::catalog::parse_day;
use domain::error::msg;
use domain::ordering::GuideLanguage;
use domain::partners::{Availability, NewPartner, Partner, PartnerKind, Vehicle};
use domain::shared::Phone;
use domain::{DomainError, DomainResult};

use super::catalog::category_to_pb;
use crate::pb;

pub(crate) fn kind_to_pb(k: PartnerKind) -> pb::PartnerKind {
    match k {
        PartnerKind::Driver => pb::PartnerKind::Driver,
        PartnerKind::Guide => pb::PartnerKind::Guide,
        PartnerKind::Therapist => pb::PartnerKind::Therapist,
    }
}

pub(crate) fn partner_to_pb(p: &Partner) -> pb::Partner {
    pb::Partner {
        user_id: p.user_id.as_str().into(),
        kind: kind_to_pb(p.kind).into(),
        name: p.name.clone(),
        phone_country_code: p.phone.country_code().into(),
        phone_number: p.phone.number().into(),
        languages: p.languages.iter().map(|l| l.code().to_owned()).collect(),
        vehicle: p.vehicle.as_ref().map(|v| pb::PartnerVehicle {
            model: v.model.clone(),
            plate: v.plate.clone(),
            seats: v.seats,
        }),
        therapist_id: p.therapist_id.clone().unwrap_or_default(),
        active: p.active,
        home_city: p.home_city.clone().unwrap_or_default(),
        zalo_notices: p.zalo_notices,
        serves: domain::catalog::Category::ALL
            .into_iter()
            .filter(|c| p.kind.serves(*c))
            .map(|c| category_to_pb(c).into())
            .collect(),
    }
}

/// The partner an admin describes (an invitation's), checked by the domain.
pub(crate) fn new_partner_from_pb(p: pb::Partner) -> DomainResult<NewPartner> {
    let kind = match pb::PartnerKind::try_from(p.kind) {
        Ok(pb::PartnerKind::Driver) => PartnerKind::Driver,
        Ok(pb::PartnerKind::Guide) => PartnerKind::Guide,
        Ok(pb::PartnerKind::Therapist) => PartnerKind::Therapist,
        _ => {
            return Err(DomainError::invalid(
                "partner.kind",
                msg("partner.kind_unknown"),
            ));
        }
    };
    let languages = p
        .languages
        .iter()
        .map(|l| GuideLanguage::parse(l.trim()))
        .collect::<DomainResult<Vec<_>>>()?;
    let vehicle = p
        .vehicle
        .filter(|_| kind == PartnerKind::Driver)
        .map(|v| Vehicle::new(&v.model, &v.plate, v.seats))
        .transpose()?;
    Ok(NewPartner {
        kind,
        name: p.name,
        phone: Phone::parse(&p.phone_country_code, &p.phone_number)?,
        languages,
        vehicle,
        therapist_id: Some(p.therapist_id),
        home_city: p.home_city,
    })
}

/// When a partner works, as the app edits it.
pub(crate) fn availability_to_pb(p: &Partner, a: &Availability) -> pb::Availability {
    pb::Availability {
        hours: a.hours.iter().map(super::massage::shift_to_pb).collect(),
        days_off: a
            .days_off
            .iter()
            .map(|d| d.format("%Y-%m-%d").to_string())
            .collect(),
        hours_required: p.keeps_hours(),
    }
}

/// Days off as `YYYY-MM-DD`.
pub(crate) fn days_off_from_pb(days: &[String]) -> DomainResult<Vec<chrono::NaiveDate>> {
    days.iter().map(|d| parse_day(d)).collect()
}
