//! What only operators see: audit entries, threads with their customer, order ids as typed.

use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::catalog::{EntryKind, MissingTranslation, Plan, Rise, Season, Therapist};
use domain::identity::Role;
use domain::operations::{CustomerCard, ServiceKey, StaffMember};
use domain::ordering::{Order, Reader};
use domain::shared::Language;
use domain::support::Thread;
use tonic::Status;

use crate::error::status;
use crate::pb;
use crate::wire::catalog::plan_to_pb;
use crate::wire::order::{order_to_pb, timestamp};
use crate::wire::support::thread_to_pb;

pub(crate) fn one_order(order: DomainResult<Order>) -> Result<Option<pb::Order>, Status> {
    order
        .map(|o| Some(order_to_pb(&o, Reader::Staff)))
        .map_err(status)
}

pub(crate) fn operator_thread_to_pb(t: &Thread) -> pb::OperatorThread {
    pb::OperatorThread {
        thread: Some(thread_to_pb(t)),
        customer_id: t.owner.as_str().into(),
        waiting_count: t.unread_by_operators,
    }
}

pub(crate) fn entry_to_pb(e: &AuditEntry) -> pb::AuditEntry {
    pb::AuditEntry {
        id: e.id.clone(),
        at: Some(timestamp(e.at)),
        actor: e.actor.clone(),
        action: e.action.clone(),
        target: e.target.clone(),
        before: e.before.clone(),
        after: e.after.clone(),
        reason: e.reason.clone(),
    }
}

pub(crate) fn customer_to_pb(c: &CustomerCard) -> pb::Customer {
    pb::Customer {
        customer_id: c.id.as_str().to_owned(),
        email: c.email.clone(),
        display_name: c.display_name.clone(),
        phone: c.phone.clone().unwrap_or_default(),
        created_at: Some(timestamp(c.created_at)),
        disabled: c.disabled,
        balance_vnd: c.balance.amount(),
    }
}

pub(crate) fn staff_role_from_pb(raw: i32) -> Option<Role> {
    match pb::StaffRole::try_from(raw).ok()? {
        pb::StaffRole::Operator => Some(Role::Operator),
        pb::StaffRole::Admin => Some(Role::Admin),
        pb::StaffRole::Unspecified => None,
    }
}

pub(crate) fn member_to_pb(m: &StaffMember) -> pb::StaffMember {
    let a = &m.account;
    pb::StaffMember {
        account_id: a.id.as_str().to_owned(),
        email: a.email.as_str().to_owned(),
        role: match a.role {
            Role::Admin => pb::StaffRole::Admin,
            Role::Operator => pb::StaffRole::Operator,
            Role::Customer | Role::Partner => pb::StaffRole::Unspecified,
        } as i32,
        disabled: a.disabled,
        created_at: Some(timestamp(a.created_at)),
        email_verified: a.email_verified,
        display_name: m.name.clone(),
    }
}

pub(crate) fn key_to_pb(k: &ServiceKey) -> pb::ServiceKeyInfo {
    pb::ServiceKeyInfo {
        key_id: k.id.clone(),
        name: k.name.clone(),
        admin: k.admin,
        created_by: k.created_by.clone(),
        created_at: Some(timestamp(k.created_at)),
        revoked_at: k.revoked_at.map(timestamp),
    }
}

/// A plan with what its customer's view is made from: its rates, capacity and words in each
/// language as kept.
pub(crate) fn season_to_pb(s: &Season) -> pb::PlanSeason {
    let (percent, amount_vnd) = match s.rise {
        Rise::Percent(p) => (p, 0),
        Rise::Fixed(m) => (0, m.amount()),
    };
    pb::PlanSeason {
        from: s.from.format("%Y-%m-%d").to_string(),
        until: s.until.format("%Y-%m-%d").to_string(),
        percent,
        amount_vnd,
    }
}

/// A season as the console sends it, checked as the catalogue file's are.
pub(crate) fn season_from_pb(s: &pb::PlanSeason) -> DomainResult<Season> {
    let percent = (s.percent > 0).then_some(s.percent);
    let vnd = (s.amount_vnd != 0).then_some(s.amount_vnd);
    Season::from_parts(&s.from, &s.until, percent, vnd)
}

pub(crate) fn catalog_plan_to_pb(p: Plan) -> pb::CatalogPlan {
    let own = pb::PlanWords {
        language: Language::default().tag().into(),
        name: p.name.clone(),
        summary: p.summary.clone(),
        description: p.description.clone(),
    };
    let translated = Language::TRANSLATED.into_iter().map(|lang| {
        let t = p.translations.get(&lang).cloned().unwrap_or_default();
        pb::PlanWords {
            language: lang.tag().into(),
            name: t.name,
            summary: t.summary,
            description: t.description,
        }
    });
    pb::CatalogPlan {
        words: std::iter::once(own).chain(translated).collect(),
        rates: p
            .pricing
            .rates
            .iter()
            .map(|r| pb::PlanRate {
                minutes: r.minutes,
                price_vnd: r.price.amount(),
            })
            .collect(),
        max_people: p.pricing.max_people,
        image_sources: p.images.clone(),
        seasons: p.pricing.seasons.iter().map(season_to_pb).collect(),
        plan: Some(plan_to_pb(p)),
    }
}

/// Each therapist's bio in zh-TW and in each language it is translated into.
pub(crate) fn bios_to_pb(therapists: &[Therapist]) -> Vec<pb::TherapistBio> {
    therapists
        .iter()
        .flat_map(|t| {
            let own = (Language::default(), t.texts());
            std::iter::once(own)
                .chain(t.translations.iter().map(|(lang, w)| (*lang, w.clone())))
                .map(|(lang, w)| pb::TherapistBio {
                    therapist_id: t.id.clone(),
                    language: lang.tag().into(),
                    bio: w.bio,
                    name: w.name,
                    skills: w.skills,
                })
        })
        .collect()
}

pub(crate) fn missing_to_pb(m: MissingTranslation) -> pb::MissingTranslation {
    pb::MissingTranslation {
        kind: match m.kind {
            EntryKind::Plan => "plan",
            EntryKind::Therapist => "therapist",
        }
        .into(),
        id: m.id,
        name: m.name,
        language: m.language.tag().into(),
        fields: m.fields.into_iter().map(str::to_owned).collect(),
    }
}

/// The language an edit's words are in: empty is zh-TW, the plan's or therapist's own.
pub(crate) fn edit_language(tag: &str) -> DomainResult<Language> {
    if tag.is_empty() {
        Ok(Language::default())
    } else {
        Language::parse(tag)
    }
}
