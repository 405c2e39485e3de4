//! A job: one order's service, offered to partners, taken by one, and moved by them from the way
//! there to the end. Its rules (who, which state, when) live here; stores make them atomic.

use chrono::{DateTime, Duration, Utc};

use super::positions::Position;
use crate::catalog::{Category, Payout};
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::MailKind;
use crate::ordering::{Order, OrderId, OrderState, ServiceDetails};
use crate::partners::{Earning, EarningCause, Week};
use crate::shared::{LocalTime, Money, UserId};

/// How long an offer waits for an answer before the job goes back to the board, flagged.
pub const OFFER_MINUTES: i64 = 15;
/// How long a partner who lost the race to a job still finds it on their phone, marked taken.
pub const LOST_SHOWN_MINUTES: i64 = 60;
/// The grid a partner's busy time is kept on (one row per partner and slot, unique).
pub const SLOT_MINUTES: i64 = crate::ordering::holds::SLOT_MINUTES;
/// How early a partner may set off (a drop-off's long drive to the hotel included).
pub const SET_OFF_HOURS: i64 = 3;
/// From how long before the service until how long after its end the partner sees the
/// traveller's phone number; masked otherwise.
pub const PHONE_VISIBLE_HOURS: i64 = 2;
/// A shuttle's time from its start (landing, or the hotel pick-up) to the drop.
pub const SHUTTLE_MINUTES: u32 = 120;

/// What a job pays its partner, by how it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pay {
    pub completed: Money,
    pub no_show: Money,
}

impl Pay {
    /// The pay of a job sold at `price` under `payout`.
    pub fn of(payout: Payout, price: Money) -> Self {
        Self {
            completed: payout.completed.of(price),
            no_show: payout.no_show.of(price),
        }
    }
}

/// Where a job is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobStatus {
    /// On the board: offered to no one yet, or to partners who have not accepted.
    Open,
    Accepted,
    OnTheWay,
    Arrived,
    /// The traveller is on board; the massage has begun.
    Started,
    Completed,
    /// The partner waited past the free waiting time and nobody came.
    NoShow,
    /// A step only: operators took the job back from its partner, and it went back to the board.
    Withdrawn,
}

impl JobStatus {
    pub const ALL: [JobStatus; 8] = [
        JobStatus::Open,
        JobStatus::Accepted,
        JobStatus::OnTheWay,
        JobStatus::Arrived,
        JobStatus::Started,
        JobStatus::Completed,
        JobStatus::NoShow,
        JobStatus::Withdrawn,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            JobStatus::Open => "open",
            JobStatus::Accepted => "accepted",
            JobStatus::OnTheWay => "on_the_way",
            JobStatus::Arrived => "arrived",
            JobStatus::Started => "started",
            JobStatus::Completed => "completed",
            JobStatus::NoShow => "no_show",
            JobStatus::Withdrawn => "withdrawn",
        }
    }

    pub fn parse(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.code() == code)
            .ok_or_else(|| DomainError::invalid("status", msg("job.status_unknown")))
    }

    /// The step a partner may take from here, in order; none after the end.
    pub const fn next(self) -> Option<JobStatus> {
        match self {
            JobStatus::Accepted => Some(JobStatus::OnTheWay),
            JobStatus::OnTheWay => Some(JobStatus::Arrived),
            JobStatus::Arrived => Some(JobStatus::Started),
            JobStatus::Started => Some(JobStatus::Completed),
            _ => None,
        }
    }

    /// The job is over: nothing more is done on it.
    pub const fn is_over(self) -> bool {
        matches!(
            self,
            JobStatus::Completed | JobStatus::NoShow | JobStatus::Withdrawn
        )
    }

    /// The partner is on their way to the traveller or waiting for them: their position is
    /// shared with the traveller (from the start of the service it is not).
    pub const fn shares_position(self) -> bool {
        matches!(self, JobStatus::OnTheWay | JobStatus::Arrived)
    }
}

/// An offer of a job to one partner, and their answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub partner: UserId,
    pub offered_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub answer: Option<Answer>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Accepted {
        at: DateTime<Utc>,
    },
    Declined {
        at: DateTime<Utc>,
        reason: String,
    },
    /// Another partner accepted first: the offer closed without an answer of this partner's.
    Taken {
        at: DateTime<Utc>,
    },
}

impl Answer {
    pub fn at(&self) -> DateTime<Utc> {
        match self {
            Answer::Accepted { at } | Answer::Declined { at, .. } | Answer::Taken { at } => *at,
        }
    }
}

impl Offer {
    /// Still waiting for its answer at `now`.
    pub fn is_open(&self, now: DateTime<Utc>) -> bool {
        self.answer.is_none() && now < self.expires_at
    }
}

/// What a partner shows when they declare a no-show: a photo of the meeting point, and where and
/// when their phone said they were.
#[derive(Debug, Clone, PartialEq)]
pub struct NoShowProof {
    /// The photo's path in the media store.
    pub photo: String,
    pub position: Position,
}

/// One step of a job, kept for the operator and the audit log.
#[derive(Debug, Clone, PartialEq)]
pub struct JobStep {
    pub status: JobStatus,
    pub at: DateTime<Utc>,
    /// `partner:{id}` or `operator:{e-mail}`.
    pub actor: String,
}

impl JobStep {
    /// The mail this step sends the traveller, queued with the step so it goes once: their
    /// partner set off, or is at the meeting point.
    pub fn notice(&self) -> Option<MailKind> {
        match self.status {
            JobStatus::OnTheWay => Some(MailKind::PartnerOnTheWay),
            JobStatus::Arrived => Some(MailKind::PartnerArrived),
            _ => None,
        }
    }
}

/// Why automatic dispatch gave a job to the operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandOver {
    /// Everyone able was offered it and none took it.
    NobodyLeft,
    /// The start is near and nobody has it.
    Deadline,
    /// The pick-up's flight was cancelled (`flights`): operators see to the order.
    FlightCancelled,
    /// The pick-up's flight landed elsewhere.
    FlightDiverted,
}

impl HandOver {
    pub const fn code(self) -> &'static str {
        match self {
            HandOver::NobodyLeft => "nobody_left",
            HandOver::Deadline => "deadline",
            HandOver::FlightCancelled => "flight_cancelled",
            HandOver::FlightDiverted => "flight_diverted",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [
            HandOver::NobodyLeft,
            HandOver::Deadline,
            HandOver::FlightCancelled,
            HandOver::FlightDiverted,
        ]
        .into_iter()
        .find(|h| h.code() == code)
    }
}

/// How a job finds its partner: automatically unless operators said otherwise, and until
/// automatic dispatch gives it to them. One state, so a job cannot be by hand and handed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dispatch {
    /// Automatic dispatch is finding its partner.
    #[default]
    Automatic,
    /// Operators offer this one by hand: they turned automatic dispatch off for it.
    ByHand,
    /// Automatic dispatch gave it to the operators: why, and when.
    HandedOver(HandOver, DateTime<Utc>),
}

impl Dispatch {
    /// Why and when it was handed over, if it was.
    pub fn handed_over(self) -> Option<(HandOver, DateTime<Utc>)> {
        match self {
            Dispatch::HandedOver(why, at) => Some((why, at)),
            _ => None,
        }
    }
}

/// One order's job.
#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    pub order_id: OrderId,
    pub category: Category,
    pub start: LocalTime,
    /// From the start to the end of the service.
    pub minutes: u32,
    /// The plan's free waiting time when the job was opened: a no-show may be declared only after
    /// it has passed since arriving.
    pub free_waiting_minutes: u32,
    pub status: JobStatus,
    /// Who took it.
    pub partner: Option<UserId>,
    pub offers: Vec<Offer>,
    pub steps: Vec<JobStep>,
    pub no_show: Option<NoShowProof>,
    /// What it pays its partner, fixed when it was opened (`earnings.rs`).
    pub pay: Pay,
    /// When the traveller last changed the order since its partner took it: the partner may turn
    /// that change down until they set off (`changes.rs`).
    pub changed_at: Option<DateTime<Utc>>,
    /// Whether automatic dispatch finds its partner, and whether it gave up (`dispatch.rs`).
    pub dispatch: Dispatch,
    /// When its flight landed, as its provider said (`flights`): free waiting counts from then.
    pub landed_at: Option<DateTime<Utc>>,
    /// Bumped by every save; a save against an older version is refused, so of two partners
    /// accepting at once one wins, on any node.
    pub version: i64,
}

impl Job {
    /// A paid or confirmed order's job, on the board, paying its partner by the plan's rule.
    pub fn open(order: &Order, free_waiting_minutes: u32, payout: Payout) -> DomainResult<Self> {
        if !matches!(order.state, OrderState::Paid | OrderState::Confirmed) {
            return Err(DomainError::FailedPrecondition(msg("job.order_not_paid")));
        }
        Ok(Self {
            order_id: order.id.clone(),
            category: order.category,
            start: order.details.start(),
            minutes: service_minutes(&order.details),
            free_waiting_minutes,
            status: JobStatus::Open,
            partner: None,
            offers: Vec::new(),
            steps: Vec::new(),
            no_show: None,
            pay: Pay::of(payout, order.estimate.total),
            changed_at: None,
            dispatch: Dispatch::default(),
            landed_at: None,
            version: 0,
        })
    }

    pub fn starts_at(&self) -> DateTime<Utc> {
        self.start.instant()
    }

    pub fn ends_at(&self) -> DateTime<Utc> {
        self.starts_at() + Duration::minutes(i64::from(self.minutes))
    }

    /// Whether the partner may see the traveller's phone number at `now`.
    pub fn phone_visible(&self, now: DateTime<Utc>) -> bool {
        let window = Duration::hours(PHONE_VISIBLE_HOURS);
        self.partner.is_some()
            && !matches!(self.status, JobStatus::Withdrawn)
            && self.starts_at() - window <= now
            && now <= self.ends_at() + window
    }

    /// The quarter-hour slots the partner is busy for: from the start, rounded down, until the
    /// end plus the time to reach the next job, rounded up. Two jobs share a slot exactly when they
    /// are closer than that travel time.
    pub fn slots(&self, travel_minutes: i64) -> Vec<DateTime<Utc>> {
        let end = self.ends_at() + Duration::minutes(travel_minutes);
        crate::ordering::holds::grid(self.starts_at(), end)
    }

    /// Another's job (or one taken back) is not found for `partner`, as if it did not exist.
    pub(super) fn require_partner(&self, partner: &UserId) -> DomainResult<()> {
        if self.partner.as_ref() != Some(partner) || self.status == JobStatus::Withdrawn {
            return Err(DomainError::not_found("job"));
        }
        Ok(())
    }

    pub(super) fn step(&mut self, status: JobStatus, actor: String, at: DateTime<Utc>) {
        self.status = status;
        self.steps.push(JobStep { status, at, actor });
    }
}

/// The time a partner needs after a job to reach the next one: across a city for drivers and
/// guides, from one hotel to the next for therapists (as the catalogue's own holds count it).
pub fn travel_minutes(category: Category) -> i64 {
    match category {
        Category::DragonMassage => crate::ordering::holds::TRAVEL_MINUTES,
        _ => 60,
    }
}

/// How long a service takes from its start.
pub fn service_minutes(details: &ServiceDetails) -> u32 {
    match details {
        ServiceDetails::Shuttle(_) => SHUTTLE_MINUTES,
        ServiceDetails::Charter(d) => d.duration_minutes + d.extra_hours * 60,
        ServiceDetails::Escort(d) => d.duration_minutes + d.extra_hours * 60,
        ServiceDetails::Massage(d) => d.duration_minutes,
    }
}

/// The status as a term of the catalogue, said in the reader's language at the edge.
pub const fn status_term(status: JobStatus) -> &'static str {
    match status {
        JobStatus::Open => "job.status.open",
        JobStatus::Accepted => "job.status.accepted",
        JobStatus::OnTheWay => "job.status.on_the_way",
        JobStatus::Arrived => "job.status.arrived",
        JobStatus::Started => "job.status.started",
        JobStatus::Completed => "job.status.completed",
        JobStatus::NoShow => "job.status.no_show",
        JobStatus::Withdrawn => "job.status.withdrawn",
    }
}

impl Job {
    /// What the job's end earns its partner, written with the step that ends it: its pay for a
    /// service delivered, or for a traveller who never came. Nothing for a job not ended so, and
    /// nothing for a pay of zero (a ledger holds no empty lines).
    pub fn earning(&self, at: DateTime<Utc>) -> Option<Earning> {
        let (cause, amount) = match self.status {
            JobStatus::Completed => (EarningCause::Completed, self.pay.completed),
            JobStatus::NoShow => (EarningCause::NoShow, self.pay.no_show),
            _ => return None,
        };
        let partner = self.partner.clone()?;
        (amount > Money::ZERO).then(|| Earning {
            partner,
            cause,
            order_id: Some(self.order_id.clone()),
            service_at: Some(self.starts_at()),
            amount,
            week: Week::of(at),
            at,
            reference: String::new(),
            by: String::new(),
            request: None,
        })
    }
}
