//! Therapists and the therapist finder's query.

use domain::catalog::{Gender, Slot, Therapist, TherapistQuery};
use domain::error::msg;
use domain::favorites::Found;
use domain::media::sized;
use domain::ordering::OrderId;
use domain::shared::{LocalTime, PageRequest};
use domain::{DomainError, DomainResult};

use crate::pb;

pub(crate) fn gender_from_pb(raw: i32) -> Option<Gender> {
    match pb::Gender::try_from(raw) {
        Ok(pb::Gender::Female) => Some(Gender::Female),
        Ok(pb::Gender::Male) => Some(Gender::Male),
        _ => None,
    }
}

/// The finder's query and page from the request; both protocols read it through here.
pub(crate) fn query_from_pb(
    r: pb::ListTherapistsRequest,
) -> DomainResult<(TherapistQuery, Option<OrderId>, PageRequest)> {
    let slot = match (r.start.trim(), r.duration_minutes) {
        ("", 0) => None,
        ("", _) => return Err(DomainError::invalid("start", msg("massage.start_required"))),
        (_, 0) => {
            return Err(DomainError::invalid(
                "duration",
                msg("massage.duration_required"),
            ));
        }
        (start, minutes) => Some(Slot::new(LocalTime::parse("start", start)?, minutes)?),
    };
    let text = |s: String| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    Ok((
        TherapistQuery {
            slot,
            gender: gender_from_pb(r.gender),
            language: text(r.language),
            skill: text(r.skill),
        },
        match r.order_id.trim() {
            "" => None,
            id => Some(OrderId::parse(id)?),
        },
        PageRequest::new(r.page_size, Some(r.page_token))?,
    ))
}

/// A therapist with her name, skills and bio in the request's language (zh-TW's where not
/// translated).
pub(crate) fn therapist_to_pb(t: Therapist, favorite: bool) -> pb::Therapist {
    let t = t.in_language(crate::texts::current());
    // The size a therapist card draws (72 CSS pixels at 2×).
    let photo = t.photo().map(|p| sized(p, 144)).unwrap_or_default();
    pb::Therapist {
        gender: match t.gender {
            Gender::Female => pb::Gender::Female,
            Gender::Male => pb::Gender::Male,
        }
        .into(),
        hours: t.hours.iter().map(shift_to_pb).collect(),
        id: t.id,
        name: t.name,
        photo,
        photos: t.photos,
        languages: t.languages,
        skills: t.skills,
        years_of_practice: t.years_of_practice,
        rating_tenths: t.rating_tenths,
        bio: t.bio,
        favorite,
        active: t.active,
        // Counted by the reviews, which the massage service adds.
        reviews: None,
    }
}

pub(crate) fn found_to_pb(f: Found) -> pb::Therapist {
    therapist_to_pb(f.therapist, f.favorite)
}

pub(crate) fn shift_to_pb(s: &domain::catalog::Shift) -> pb::Shift {
    let (from, until) = s.times();
    pb::Shift {
        days: s.day_codes(),
        from,
        until,
    }
}

pub(crate) fn shifts_from_pb(
    hours: &[pb::Shift],
) -> domain::DomainResult<Vec<domain::catalog::Shift>> {
    hours
        .iter()
        .map(|s| domain::catalog::Shift::parse(&s.days, &s.from, &s.until))
        .collect()
}
