//! A job: one order's service, offered to partners, taken by one, and moved by them from the way
//! there to the end. Its rules (who, which state, when) live here; stores make them atomic.

use chrono::{DateTime, Duration, Utc};

use crate::catalog::{Category, Payout};
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::MailKind;
use crate::ordering::{Order, OrderId, OrderState, ServiceDetails};
use crate::shared::{LocalTime, Money, UserId, text};

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

/// A reading of the partner's phone: where, how precise, and when the phone took it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Position {
    pub latitude: f64,
    pub longitude: f64,
    /// Metres, as the phone reports it.
    pub accuracy: f64,
    pub taken_at: DateTime<Utc>,
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
            version: 0,
        })
    }

    pub fn starts_at(&self) -> DateTime<Utc> {
        self.start.instant()
    }

    pub fn ends_at(&self) -> DateTime<Utc> {
        self.starts_at() + Duration::minutes(i64::from(self.minutes))
    }

    /// Offers the job to `partner` (operators have checked they fit: `Partner::unfit_for`). An
    /// offer still open is not repeated; one declined or lapsed is made again.
    pub fn offer(&mut self, partner: &UserId, now: DateTime<Utc>) -> DomainResult<()> {
        if self.status != JobStatus::Open {
            return Err(DomainError::FailedPrecondition(msg("job.taken")));
        }
        if now >= self.starts_at() {
            return Err(DomainError::FailedPrecondition(msg("job.started_already")));
        }
        if self
            .offers
            .iter()
            .any(|o| &o.partner == partner && o.is_open(now))
        {
            return Ok(());
        }
        self.offers.retain(|o| &o.partner != partner);
        self.offers.push(Offer {
            partner: partner.clone(),
            offered_at: now,
            expires_at: now + Duration::minutes(OFFER_MINUTES),
            answer: None,
        });
        Ok(())
    }

    /// The offer made to `partner` that is still open, or why there is none. A partner who was
    /// never offered the job is told it is not found: another's job is not theirs to know of.
    fn open_offer(&mut self, partner: &UserId, now: DateTime<Utc>) -> DomainResult<&mut Offer> {
        if self.status != JobStatus::Open && self.partner.as_ref() == Some(partner) {
            return Err(DomainError::FailedPrecondition(msg("job.yours_already")));
        }
        let open = self.status == JobStatus::Open;
        let offer = self
            .offers
            .iter_mut()
            .find(|o| &o.partner == partner)
            .ok_or_else(|| DomainError::not_found("job"))?;
        if !open {
            return Err(DomainError::FailedPrecondition(msg("job.taken")));
        }
        if !offer.is_open(now) {
            return Err(DomainError::FailedPrecondition(msg("job.offer_closed")));
        }
        Ok(offer)
    }

    /// The first partner to accept takes the job (the store keeps it so across nodes: see
    /// `version`). Accepting a job already yours is said so.
    pub fn accept(&mut self, partner: &UserId, now: DateTime<Utc>) -> DomainResult<()> {
        self.open_offer(partner, now)?.answer = Some(Answer::Accepted { at: now });
        // The others' offers close: operators read them so, and their phones say who was first.
        for other in self.offers.iter_mut().filter(|o| o.is_open(now)) {
            other.answer = Some(Answer::Taken { at: now });
        }
        self.partner = Some(partner.clone());
        self.step(
            JobStatus::Accepted,
            format!("partner:{}", partner.as_str()),
            now,
        );
        Ok(())
    }

    /// A partner turns the offer down, saying why.
    pub fn decline(
        &mut self,
        partner: &UserId,
        reason: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        let reason = text("reason", reason, 200, msg("job.decline_reason_required"))?;
        self.open_offer(partner, now)?.answer = Some(Answer::Declined { at: now, reason });
        Ok(())
    }

    /// Offered, and every offer answered no or lapsed: operators should look again.
    pub fn unanswered(&self, now: DateTime<Utc>) -> bool {
        self.status == JobStatus::Open
            && !self.offers.is_empty()
            && !self.offers.iter().any(|o| o.is_open(now))
    }

    /// The partner moves the job one step on (on the way → arrived → started → completed). The
    /// same step again changes nothing, as phones retry.
    pub fn advance(
        &mut self,
        partner: &UserId,
        to: JobStatus,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require_partner(partner)?;
        if self.status == to {
            return Ok(());
        }
        if self.status.next() != Some(to) {
            return Err(DomainError::FailedPrecondition(
                msg("job.step_out_of_order")
                    .term("from", status_term(self.status))
                    .term("to", status_term(to)),
            ));
        }
        if self.opens_at(to).is_some_and(|opens| now < opens) {
            return Err(DomainError::FailedPrecondition(
                msg("job.too_early").with("hours", SET_OFF_HOURS),
            ));
        }
        self.step(to, format!("partner:{}", partner.as_str()), now);
        Ok(())
    }

    /// The partner meets the traveller and checks their voucher: its code (the order's number,
    /// which its QR holds) must be this job's. The job starts; met on the way (at the arrivals
    /// hall, say), it is marked arrived first.
    pub fn check_in(
        &mut self,
        partner: &UserId,
        code: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require_partner(partner)?;
        if self.status == JobStatus::Started {
            return Ok(());
        }
        let code = code.trim();
        if !code.eq_ignore_ascii_case(self.order_id.as_str()) {
            return Err(DomainError::invalid(
                "voucher_code",
                msg("job.voucher_mismatch"),
            ));
        }
        if self.status == JobStatus::OnTheWay {
            self.advance(partner, JobStatus::Arrived, now)?;
        }
        self.advance(partner, JobStatus::Started, now)
    }

    /// Nobody came: only after arriving, once the free waiting time has passed since the later
    /// of the arrival and the start, with the photo and position to show for it.
    pub fn no_show(
        &mut self,
        partner: &UserId,
        proof: NoShowProof,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require_partner(partner)?;
        if self.status == JobStatus::NoShow {
            return Ok(());
        }
        let Some(allowed) = self.opens_at(JobStatus::NoShow) else {
            return Err(DomainError::FailedPrecondition(msg(
                "job.no_show_not_arrived",
            )));
        };
        if now < allowed {
            // Whole minutes, rounded up: "1 minute" until the last second.
            let minutes = ((allowed - now).num_seconds() + 59) / 60;
            return Err(DomainError::FailedPrecondition(
                msg("job.no_show_too_soon")
                    .with("waiting", self.free_waiting_minutes)
                    .with("minutes", minutes),
            ));
        }
        if proof.photo.trim().is_empty() {
            return Err(DomainError::invalid("photo", msg("job.no_show_photo")));
        }
        // The proof's reading is held to the rules of any other (`Position::check`).
        if let Err(dropped) = proof.position.check(None, now) {
            return Err(DomainError::invalid("position", dropped.message()));
        }
        self.no_show = Some(proof);
        self.step(
            JobStatus::NoShow,
            format!("partner:{}", partner.as_str()),
            now,
        );
        Ok(())
    }

    /// When the partner may take step `to`, where a step waits for a time (the apps show it, and
    /// the button opens then): setting off `SET_OFF_HOURS` before the start; a no-show, once
    /// arrived, when the free waiting time has passed since the later of the arrival and the
    /// start (`None` before arriving). Other steps wait for nothing.
    pub fn opens_at(&self, to: JobStatus) -> Option<DateTime<Utc>> {
        match to {
            JobStatus::OnTheWay => Some(self.starts_at() - Duration::hours(SET_OFF_HOURS)),
            JobStatus::NoShow => self
                .arrived_at()
                .filter(|_| self.status == JobStatus::Arrived)
                .map(|arrived| {
                    arrived.max(self.starts_at())
                        + Duration::minutes(i64::from(self.free_waiting_minutes))
                }),
            _ => None,
        }
    }

    /// Operators take the job back from its partner (disabled, or not coming): it returns to the
    /// board offered to no one, and the step stays in its history. Says whose it was; a job on
    /// the board already is left as it is (operators' calls are retried).
    pub fn withdraw(&mut self, by: &str, now: DateTime<Utc>) -> DomainResult<Option<UserId>> {
        if self.status == JobStatus::Open {
            return Ok(None);
        }
        if self.status.is_over() || self.status == JobStatus::Started {
            return Err(DomainError::FailedPrecondition(msg("job.over")));
        }
        let was = self.partner.take();
        self.offers.clear();
        self.step(JobStatus::Withdrawn, by.to_owned(), now);
        self.status = JobStatus::Open;
        Ok(was)
    }

    /// Whether `partner` was offered the job and another took it first, within the last
    /// `LOST_SHOWN_MINUTES` at `now`: their phone still shows it, saying so.
    pub fn lost_by(&self, partner: &UserId, now: DateTime<Utc>) -> bool {
        self.partner.as_ref() != Some(partner)
            && self.offers.iter().any(|o| {
                &o.partner == partner
                    && matches!(o.answer, Some(Answer::Taken { at })
                        if now < at + Duration::minutes(LOST_SHOWN_MINUTES))
            })
    }

    /// The job as a partner who lost the race to it sees it: their offer, closed, on a job still
    /// open to them for all they know of it (who took it, and what came after, is not theirs).
    pub fn as_lost_by(&self, partner: &UserId) -> Job {
        Job {
            status: JobStatus::Open,
            partner: None,
            offers: self
                .offers
                .iter()
                .filter(|o| &o.partner == partner)
                .cloned()
                .collect(),
            steps: Vec::new(),
            no_show: None,
            ..self.clone()
        }
    }

    /// Back on the board after operators took it from a partner: it must be offered again.
    pub fn redispatch(&self) -> bool {
        self.status == JobStatus::Open
            && self
                .steps
                .last()
                .is_some_and(|s| s.status == JobStatus::Withdrawn)
            && self.offers.is_empty()
    }

    /// When the partner said they had arrived.
    pub fn arrived_at(&self) -> Option<DateTime<Utc>> {
        self.steps
            .iter()
            .rev()
            .find(|s| s.status == JobStatus::Arrived)
            .map(|s| s.at)
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

    /// Whether `partner` may send where they are: theirs, on the way or there.
    pub fn may_report(&self, partner: &UserId) -> DomainResult<()> {
        self.require_partner(partner)?;
        if !self.status.shares_position() {
            return Err(DomainError::FailedPrecondition(msg("position.not_sharing")));
        }
        Ok(())
    }

    /// Another's job (or one taken back) is not found for `partner`, as if it did not exist.
    fn require_partner(&self, partner: &UserId) -> DomainResult<()> {
        if self.partner.as_ref() != Some(partner) || self.status == JobStatus::Withdrawn {
            return Err(DomainError::not_found("job"));
        }
        Ok(())
    }

    fn step(&mut self, status: JobStatus, actor: String, at: DateTime<Utc>) {
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
