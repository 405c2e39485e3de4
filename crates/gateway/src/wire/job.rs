//! Jobs on the wire: a job as staff and its partner read it, its progress as its traveller
//! follows it, positions, a no-show's proof and the job's thread.

use domain::error::msg;
use domain::jobs::{
    Answer, BoardJob, Dispatch, HandOver, Job, JobStatus, MeetingPoint, NoShowProof, PartnerJob,
    Point, Position, Progress, Said, Side, Talk, Whereabouts, phrase_term,
};
use domain::shared::UserId;
use domain::{DomainError, DomainResult};
use tonic::Status;

use super::catalog::category_to_pb;
use super::order::{details_to_pb, instant, timestamp};
use crate::pb;

pub(crate) fn status_to_pb(s: JobStatus) -> pb::JobStatus {
    match s {
        JobStatus::Open => pb::JobStatus::Open,
        JobStatus::Accepted => pb::JobStatus::Accepted,
        JobStatus::OnTheWay => pb::JobStatus::OnTheWay,
        JobStatus::Arrived => pb::JobStatus::Arrived,
        JobStatus::Started => pb::JobStatus::Started,
        JobStatus::Completed => pb::JobStatus::Completed,
        JobStatus::NoShow => pb::JobStatus::NoShow,
        JobStatus::Withdrawn => pb::JobStatus::Withdrawn,
    }
}

/// The step a partner asks for: one they may take (the domain says whether now).
pub(crate) fn step_from_pb(raw: i32) -> DomainResult<JobStatus> {
    match pb::JobStatus::try_from(raw) {
        Ok(pb::JobStatus::OnTheWay) => Ok(JobStatus::OnTheWay),
        Ok(pb::JobStatus::Arrived) => Ok(JobStatus::Arrived),
        Ok(pb::JobStatus::Started) => Ok(JobStatus::Started),
        Ok(pb::JobStatus::Completed) => Ok(JobStatus::Completed),
        _ => Err(DomainError::invalid("status", msg("job.status_unknown"))),
    }
}

/// A job as its traveller follows it: the status, when each step was taken, and where the
/// partner is while they share it.
pub(crate) fn progress_to_pb(p: &Progress) -> pb::JobProgress {
    pb::JobProgress {
        status: status_to_pb(p.job.status).into(),
        steps: steps_to_pb(&p.job),
        whereabouts: p.whereabouts.as_ref().map(whereabouts_to_pb),
    }
}

pub(crate) fn whereabouts_to_pb(w: &Whereabouts) -> pb::PartnerWhereabouts {
    let (meeting, airport) = match &w.meeting {
        None => (pb::MeetingPoint::Unspecified, String::new()),
        Some(MeetingPoint::Airport(code)) => (pb::MeetingPoint::Airport, code.clone()),
        Some(MeetingPoint::Traveller(_)) => (pb::MeetingPoint::Traveller, String::new()),
    };
    let meeting_at = w.meeting.as_ref().and_then(MeetingPoint::point);
    pb::PartnerWhereabouts {
        position: Some(position_to_pb(&w.position)),
        meeting: meeting.into(),
        airport,
        distance_m: w.distance_m,
        eta_minutes: w.eta_minutes,
        eta_by_road: w.eta_by_road,
        meeting_latitude: meeting_at.map(|p| p.latitude),
        meeting_longitude: meeting_at.map(|p| p.longitude),
    }
}

pub(crate) fn position_to_pb(p: &Position) -> pb::GeoPosition {
    pb::GeoPosition {
        latitude: p.latitude,
        longitude: p.longitude,
        accuracy: p.accuracy,
        taken_at: Some(timestamp(p.taken_at)),
    }
}

/// A reading from the phone, checked for its shape; whether to believe it is the domain's.
pub(crate) fn position_from_pb(p: Option<pb::GeoPosition>) -> Result<Position, Status> {
    let malformed =
        || crate::error::status(DomainError::invalid("position", msg("position.malformed")));
    let p = p.ok_or_else(malformed)?;
    let taken_at = instant(p.taken_at.as_ref().ok_or_else(malformed)?)?;
    Position::new(p.latitude, p.longitude, p.accuracy, taken_at).map_err(crate::error::status)
}

/// Where the traveller's page says they are, if it says.
pub(crate) fn point_from_pb(p: Option<pb::GeoPoint>) -> Result<Option<Point>, Status> {
    p.map(|p| Point::new(p.latitude, p.longitude))
        .transpose()
        .map_err(crate::error::status)
}

/// A job on the operators' board, with its partner's last reading.
pub(crate) fn board_job_to_pb(b: &BoardJob, now: chrono::DateTime<chrono::Utc>) -> pb::Job {
    pb::Job {
        last_position: b.position.as_ref().map(position_to_pb),
        ..job_to_pb(&b.job, None, now)
    }
}

fn steps_to_pb(j: &Job) -> Vec<pb::JobStep> {
    j.steps
        .iter()
        .map(|s| pb::JobStep {
            status: status_to_pb(s.status).into(),
            at: Some(timestamp(s.at)),
        })
        .collect()
}

/// A job as `reader` may see it: a partner sees only their own offer, operators (`None`) all.
pub(crate) fn job_to_pb(
    j: &Job,
    reader: Option<&UserId>,
    now: chrono::DateTime<chrono::Utc>,
) -> pb::Job {
    let offers = j
        .offers
        .iter()
        .filter(|o| reader.is_none_or(|r| &o.partner == r))
        .map(|o| {
            let (answer, at, reason) = match &o.answer {
                None => ("", None, String::new()),
                Some(Answer::Accepted { at }) => ("accepted", Some(timestamp(*at)), String::new()),
                Some(Answer::Declined { at, reason }) => {
                    ("declined", Some(timestamp(*at)), reason.clone())
                }
                Some(Answer::Taken { at }) => ("taken", Some(timestamp(*at)), String::new()),
            };
            pb::JobOffer {
                partner_id: o.partner.as_str().into(),
                offered_at: Some(timestamp(o.offered_at)),
                expires_at: Some(timestamp(o.expires_at)),
                answer: answer.into(),
                answered_at: at,
                reason,
            }
        })
        .collect();
    pb::Job {
        order_id: j.order_id.as_str().into(),
        category: category_to_pb(j.category).into(),
        starts_at: Some(timestamp(j.starts_at())),
        ends_at: Some(timestamp(j.ends_at())),
        status: status_to_pb(j.status).into(),
        partner_id: j
            .partner
            .as_ref()
            .map(|p| p.as_str().to_owned())
            .unwrap_or_default(),
        offers,
        steps: steps_to_pb(j),
        free_waiting_minutes: j.free_waiting_minutes,
        unanswered: reader.is_none() && j.unanswered(now),
        redispatch: reader.is_none() && j.redispatch(),
        can_offer: reader.is_none() && j.offerable(now),
        can_take_back: reader.is_none() && j.can_take_back(),
        changed_at: j.changed_at.map(timestamp),
        can_decline_change: reader.is_some() && j.may_decline_change(),
        by_hand: reader.is_none() && j.dispatch == Dispatch::ByHand,
        handed_over: j
            .dispatch
            .handed_over()
            .filter(|_| reader.is_none())
            .map_or(pb::HandOver::Unspecified, |(why, _)| hand_over_to_pb(why))
            .into(),
        handed_over_at: j
            .dispatch
            .handed_over()
            .filter(|_| reader.is_none())
            .map(|(_, at)| timestamp(at)),
        last_position: None,
        next_step: j
            .status
            .next()
            .map_or(pb::JobStatus::Unspecified, status_to_pb)
            .into(),
        meeting: j.status.shares_position(),
        pay_vnd: j.pay.completed.amount(),
        no_show_pay_vnd: j.pay.no_show.amount(),
        next_step_at: j
            .status
            .next()
            .and_then(|next| j.opens_at(next))
            .filter(|opens| *opens > now)
            .map(timestamp),
        no_show_at: j.opens_at(JobStatus::NoShow).map(timestamp),
        no_show: j.no_show.as_ref().map(|p| pb::NoShowProof {
            photo_url: format!("/api/plan/dragon-massage/hotel/images/{}", p.photo),
            position: Some(position_to_pb(&p.position)),
        }),
    }
}

fn hand_over_to_pb(why: HandOver) -> pb::HandOver {
    match why {
        HandOver::NobodyLeft => pb::HandOver::NobodyLeft,
        HandOver::Deadline => pb::HandOver::Deadline,
        HandOver::FlightCancelled => pb::HandOver::FlightCancelled,
        HandOver::FlightDiverted => pb::HandOver::FlightDiverted,
    }
}

pub(crate) fn partner_job_to_pb(
    pj: &PartnerJob,
    reader: &UserId,
    now: chrono::DateTime<chrono::Utc>,
) -> pb::PartnerJob {
    pb::PartnerJob {
        job: Some(job_to_pb(&pj.job, Some(reader), now)),
        // The plan's name in the partner's language; the order's own (the language it was made
        // in) once the plan left the catalogue.
        plan_name: pj.plan.as_ref().map_or_else(
            || pj.order.plan_name.clone(),
            |p| p.in_language(crate::texts::current()).name,
        ),
        details: Some(pb::OrderDetails {
            service: Some(details_to_pb(&pj.order.details)),
        }),
        customer_name: pj
            .order
            .contact
            .as_ref()
            .map(|c| c.name.clone())
            .unwrap_or_default(),
        customer_phone: pj.phone.as_ref().map(|p| p.e164()).unwrap_or_default(),
        note: pj.order.note.clone(),
    }
}

pub(crate) fn proof_from_pb(
    photo: String,
    position: Option<pb::GeoPosition>,
) -> Result<NoShowProof, Status> {
    let missing = position.as_ref().is_none_or(|p| p.taken_at.is_none());
    if missing {
        return Err(crate::error::status(DomainError::invalid(
            "position",
            msg("job.no_show_position"),
        )));
    }
    Ok(NoShowProof {
        photo,
        position: position_from_pb(position)?,
    })
}

/// A job's thread as `reader` reads it (staff: `None`): each phrase in the call's language, free
/// text as written with its language, and the reader's own phrasebook.
pub(crate) fn thread_to_pb(t: &Talk, reader: Option<&UserId>) -> pb::JobThread {
    let lang = crate::texts::current();
    let say = |term: &str| domain::words::term(term, lang);
    let messages = t
        .messages
        .iter()
        .map(|m| {
            let (text, phrase, language) = match &m.said {
                Said::Phrase(code) => (
                    phrase_term(code).map_or_else(|| code.clone(), say),
                    code.clone(),
                    String::new(),
                ),
                Said::Text { body, language } => {
                    (body.clone(), String::new(), language.tag().to_owned())
                }
            };
            pb::JobMessage {
                seq: m.seq,
                side: match m.side {
                    Side::Traveller => pb::JobSide::Traveller,
                    Side::Partner => pb::JobSide::Partner,
                }
                .into(),
                mine: reader == Some(&m.author),
                text,
                phrase,
                language,
                at: Some(timestamp(m.at)),
            }
        })
        .collect();
    let phrases = t
        .phrases
        .iter()
        .map(|(code, term)| pb::JobPhrase {
            code: (*code).into(),
            text: say(term),
        })
        .collect();
    pb::JobThread {
        messages,
        open: t.open,
        phrases,
    }
}

/// What a message says: a phrase's code, or free text in the call's language.
pub(crate) fn said_from_pb(phrase: Option<String>, text: Option<String>) -> DomainResult<Said> {
    match (phrase, text) {
        (Some(code), _) => Ok(Said::Phrase(code.trim().to_owned())),
        (None, Some(body)) => Said::text(&body, crate::texts::current()),
        (None, None) => Err(DomainError::invalid("said", msg("talk.text_required"))),
    }
}
