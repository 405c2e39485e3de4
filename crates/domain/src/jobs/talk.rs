//! Talking across languages: a thread per job between its traveller and its partner, open from
//! the acceptance until a day after the job ended, read by staff. Quick replies are phrases of a
//! fixed book, kept as their codes and said to each reader in their own language; free text is
//! kept as written, with the language its writer wrote in.

use chrono::{DateTime, Duration, Utc};

use super::model::{Job, JobStatus};
use crate::catalog::Category;
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Direction, ServiceDetails};
use crate::shared::{Language, UserId, text};

/// How long after the job ended the thread stays open (a bag left in the car, a late thank-you).
pub const TALK_AFTER_HOURS: i64 = 24;
/// A message's key (the writer's, for retries) at most, in characters.
pub const KEY_MAX: usize = 64;
/// A free-text message's length at most, in characters.
pub const MESSAGE_MAX: usize = 500;

/// Who wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Traveller,
    Partner,
}

impl Side {
    pub const fn code(self) -> &'static str {
        match self {
            Side::Traveller => "traveller",
            Side::Partner => "partner",
        }
    }

    pub fn parse(code: &str) -> DomainResult<Self> {
        match code {
            "traveller" => Ok(Side::Traveller),
            "partner" => Ok(Side::Partner),
            _ => Err(DomainError::invalid("side", msg("talk.side_unknown"))),
        }
    }
}

/// Where the partner and the traveller meet: with the service, it decides what each may say
/// with one tap (nobody waits in a hotel lobby at an airport pick-up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meeting {
    /// An airport's arrivals hall: a pick-up from a flight.
    Arrivals,
    /// The traveller's hotel or address: a drop-off for a flight, a charter, a guide.
    Address,
    /// The traveller's room: a massage.
    Room,
}

impl Meeting {
    pub fn of(details: &ServiceDetails) -> Self {
        match details {
            ServiceDetails::Shuttle(s) if s.direction == Direction::PickUp => Meeting::Arrivals,
            ServiceDetails::Massage(_) => Meeting::Room,
            _ => Meeting::Address,
        }
    }
}

/// Every service.
const ANY: &[Category] = &Category::ALL;
/// Where a vehicle comes.
const DRIVEN: &[Category] = &[Category::Shuttle, Category::Charter];
const AIRPORT: &[Category] = &[Category::Shuttle];
const ROOM: &[Category] = &[Category::DragonMassage];
/// Anywhere they meet.
const ALL: &[Meeting] = &[Meeting::Arrivals, Meeting::Address, Meeting::Room];
const HALL: &[Meeting] = &[Meeting::Arrivals];
/// A hotel's lobby: at an address or a room, never at arrivals.
const LOBBY: &[Meeting] = &[Meeting::Address, Meeting::Room];

/// A phrase of the book: who may say it, its code, the term of the catalogues that says it in
/// each reader's language, and the services and meetings it makes sense in (a therapist has no
/// car outside, a shuttle's traveller no room to wait in, an arrival no hotel lobby).
pub type Phrase = (
    Side,
    &'static str,
    &'static str,
    &'static [Category],
    &'static [Meeting],
);

#[rustfmt::skip]
pub const PHRASES: [Phrase; 13] = [
    (Side::Partner, "on_my_way", "phrase.on_my_way", ANY, ALL),
    (Side::Partner, "late_10", "phrase.late_10", ANY, ALL),
    (Side::Partner, "at_arrivals", "phrase.at_arrivals", AIRPORT, HALL),
    (Side::Partner, "at_lobby", "phrase.at_lobby", ANY, LOBBY),
    (Side::Partner, "car_outside", "phrase.car_outside", DRIVEN, ALL),
    (Side::Partner, "where_are_you", "phrase.where_are_you", ANY, ALL),
    (Side::Traveller, "landed", "phrase.landed", AIRPORT, HALL),
    (Side::Traveller, "coming_out", "phrase.coming_out", AIRPORT, HALL),
    (Side::Traveller, "late_15", "phrase.late_15", ANY, ALL),
    (Side::Traveller, "in_lobby", "phrase.in_lobby", ANY, LOBBY),
    (Side::Traveller, "in_room", "phrase.in_room", ROOM, ALL),
    (Side::Traveller, "cannot_find", "phrase.cannot_find", ANY, ALL),
    (Side::Traveller, "thanks", "phrase.thanks", ANY, ALL),
];

impl Side {
    /// The phrases this side may send in a job of these details: code and term.
    pub fn phrases(
        self,
        details: &ServiceDetails,
    ) -> impl Iterator<Item = (&'static str, &'static str)> {
        let (category, meeting) = (details.category(), Meeting::of(details));
        PHRASES
            .into_iter()
            .filter(move |(side, _, _, services, meetings)| {
                *side == self && services.contains(&category) && meetings.contains(&meeting)
            })
            .map(|(_, code, term, _, _)| (code, term))
    }
}

/// The term that says a phrase, whoever may send it.
pub fn phrase_term(code: &str) -> Option<&'static str> {
    PHRASES
        .iter()
        .find(|(_, c, _, _, _)| *c == code)
        .map(|(_, _, term, _, _)| *term)
}

/// What a message says: a phrase of the book, or the writer's own words in their language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Phrase(String),
    Text { body: String, language: Language },
}

impl Said {
    /// Free text as written, not empty, in `language`.
    pub fn text(body: &str, language: Language) -> DomainResult<Self> {
        let body = text("text", body, MESSAGE_MAX, msg("talk.text_required"))?;
        Ok(Said::Text { body, language })
    }

    /// Refused when it is a phrase `side` has not in its book for a job of these details.
    pub fn check(&self, side: Side, details: &ServiceDetails) -> DomainResult<()> {
        match self {
            Said::Phrase(code) if !side.phrases(details).any(|(c, _)| c == code) => {
                Err(DomainError::invalid("phrase", msg("talk.phrase_unknown")))
            }
            _ => Ok(()),
        }
    }
}

/// One message of a job's thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobMessage {
    /// 1, 2, … in the order they were written.
    pub seq: u32,
    pub side: Side,
    /// The account that wrote it.
    pub author: UserId,
    /// The writer's own key for it: sent again with the same key, it is written once.
    pub key: String,
    pub said: Said,
    pub at: DateTime<Utc>,
}

impl Job {
    /// When the job ended (completed, or nobody came), if it has.
    pub fn ended_at(&self) -> Option<DateTime<Utc>> {
        self.steps
            .iter()
            .rev()
            .find(|s| matches!(s.status, JobStatus::Completed | JobStatus::NoShow))
            .map(|s| s.at)
    }

    /// Whether its traveller and partner may write at `now`: someone has taken it, and it ended
    /// less than `TALK_AFTER_HOURS` ago. A job back on the board has no one to talk to.
    pub fn talk_open(&self, now: DateTime<Utc>) -> bool {
        if self.partner.is_none() || self.status == JobStatus::Open {
            return false;
        }
        self.ended_at()
            .is_none_or(|ended| now < ended + Duration::hours(TALK_AFTER_HOURS))
    }

    /// Refused unless the thread is open at `now`.
    pub fn require_talk_open(&self, now: DateTime<Utc>) -> DomainResult<()> {
        if self.talk_open(now) {
            Ok(())
        } else {
            Err(DomainError::FailedPrecondition(msg("talk.closed")))
        }
    }
}
