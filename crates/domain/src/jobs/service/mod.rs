//! What operators and partners do with jobs. Operators offer; partners accept, decline and move
//! their own. Every call takes its caller as a value and checks it here: a partner's is made by
//! `partner_of` from the account as it stands, so a disabled partner is refused at once.

use std::collections::HashMap;
use std::sync::Arc;

mod availability;
mod earnings;

use chrono::{DateTime, Duration, NaiveTime, Utc};

use crate::audit::{AuditEntry, Staff};
use crate::catalog::{CatalogService, Payout, Plan};
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::identity::{Principal, Role};
use crate::media::{ImageId, MediaService, Variant};
use crate::operations::OperatorService;
use crate::ordering::{Actor, Direction, Driver, Order, OrderId, OrderStore, ServiceDetails};
use crate::partners::jobs::{Job, JobStatus, NoShowProof, Position, travel_minutes};
use crate::partners::model::{NewPartner, Partner, PartnerKind};
use crate::partners::ports::{JobStoreError, JobWrite, PartnerStore};
use crate::partners::positions::{
    Dropped, KeptPosition, MIN_REPORT_SECONDS, MeetingPoint, Point, Whereabouts, too_often,
};
use crate::partners::talk::{JobMessage, KEY_MAX, Said, Side};
use crate::shared::{Clock, LocalTime, Phone, Randomness, UserId};

/// How far ahead a disabled partner's jobs are taken back (jobs are booked at most months ahead;
/// the board reads two weeks).
const REDISPATCH_DAYS: i64 = 400;

/// How far before today a job begun then, that its partner works on today, still shows on their
/// schedule (a job is hours long, not days).
const CARRY_OVER_HOURS: i64 = 12;

/// To whom operators offer a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Offering {
    /// One partner: refused, with the reason, when they do not fit or are busy.
    One(UserId),
    /// Every active partner who fits and is free.
    Eligible,
}

/// A job as its partner reads it: what the traveller booked, and their phone only around the
/// service.
#[derive(Debug, Clone, PartialEq)]
pub struct PartnerJob {
    pub job: Job,
    pub order: Order,
    /// `None` outside the window in which the partner may call.
    pub phone: Option<Phone>,
    /// The order's plan, with its words in every language; `None` once it left the catalogue.
    pub plan: Option<Plan>,
}

/// A job as its traveller follows it: its steps and, while the partner is on the way or there,
/// where they are.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub job: Job,
    pub whereabouts: Option<Whereabouts>,
}

/// A job on the operators' board, with its partner's last reading while it is not over.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardJob {
    pub job: Job,
    pub position: Option<Position>,
}

/// Who reads or writes a job's thread.
#[derive(Debug, Clone, Copy)]
pub enum Talker<'a> {
    /// The order's customer.
    Traveller(&'a UserId),
    /// The partner who took the job.
    Partner(&'a Partner),
    /// Staff read every thread and write in none.
    Staff(&'a Staff),
}

/// A job's thread as its reader has it: the messages, whether they may write now, and their side
/// (none for staff).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Talk {
    pub messages: Vec<JobMessage>,
    pub open: bool,
    pub side: Option<Side>,
    /// What the reader may say with one tap in this job: code and term (none for staff).
    pub phrases: Vec<(&'static str, &'static str)>,
}

#[derive(Clone)]
pub struct PartnerService {
    store: Arc<dyn PartnerStore>,
    orders: Arc<dyn OrderStore>,
    catalog: CatalogService,
    /// Where a no-show's photo was uploaded.
    media: MediaService,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
}

impl PartnerService {
    pub fn new(
        store: Arc<dyn PartnerStore>,
        orders: Arc<dyn OrderStore>,
        catalog: CatalogService,
        media: MediaService,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
    ) -> Self {
        Self {
            store,
            orders,
            catalog,
            media,
            clock,
            random,
        }
    }

    /// The clock the service reads (the wire says whether an offer is still open by it).
    pub fn clock(&self) -> &dyn Clock {
        &*self.clock
    }

    /// The partner behind an ID token: the role, and an active partner record.
    pub async fn partner_of(&self, principal: &Principal) -> DomainResult<Partner> {
        if principal.role != Role::Partner {
            return Err(DomainError::PermissionDenied(msg("partner.only")));
        }
        match self.store.partner(&principal.user_id).await? {
            Some(p) if p.active => Ok(p),
            Some(_) => Err(DomainError::PermissionDenied(msg("partner.disabled"))),
            None => Err(DomainError::PermissionDenied(msg("partner.only"))),
        }
    }

    /// Every partner, for staff (operators dispatch; admins keep the list).
    pub async fn list(&self, _by: &Staff) -> DomainResult<Vec<Partner>> {
        self.store.partners().await
    }

    /// An admin invites a partner: checked first, then their account is made and mailed by
    /// `operators` (the staff's invitation), then their record is written with its audit entry.
    /// Sent again for the same address, the account is found and the record written again, so a
    /// retry after a failed second write completes it.
    pub async fn invite(
        &self,
        by: &Staff,
        operators: &OperatorService,
        email: &str,
        new: NewPartner,
        continue_url: &str,
    ) -> DomainResult<Partner> {
        by.require_admin()?;
        let now = self.clock.now();
        // Refused before any account is made.
        new.clone().of(UserId::parse("checking")?, now)?;
        let account = operators
            .invite_partner(by, email, &new.name, continue_url)
            .await?;
        let mut partner = new.of(account.id, now)?;
        if let Some(before) = self.store.partner(&partner.user_id).await? {
            partner.created_at = before.created_at;
            partner.active = before.active;
            partner.availability = before.availability;
        }
        let audit = AuditEntry::new(
            &*self.random,
            now,
            by,
            "partner.save",
            format!("partner:{}", partner.user_id.as_str()),
            String::new(),
            format!("{} {}", partner.kind.code(), partner.name),
            "",
        );
        self.store.save_partner(&partner, &audit).await?;
        Ok(partner)
    }

    /// An admin turns a partner off or on. Off, their calls are refused at once (`partner_of`
    /// reads the record on every call) and every job of theirs not yet started goes back to the
    /// board: returned, as the list operators must dispatch again. Each job is its own write, so
    /// a retry finds what is left and finishes it.
    pub async fn set_active(
        &self,
        by: &Staff,
        id: &UserId,
        active: bool,
    ) -> DomainResult<(Partner, Vec<Job>)> {
        by.require_admin()?;
        let mut partner = self
            .store
            .partner(id)
            .await?
            .ok_or_else(|| DomainError::not_found("partner"))?;
        if partner.active != active {
            let before = format!("active={}", partner.active);
            partner.active = active;
            let audit = AuditEntry::new(
                &*self.random,
                self.clock.now(),
                by,
                "partner.active",
                format!("partner:{}", id.as_str()),
                before,
                format!("active={active}"),
                "",
            );
            self.store.save_partner(&partner, &audit).await?;
        }
        let mut returned = Vec::new();
        if !active {
            let now = self.clock.now();
            let ahead = now + Duration::days(REDISPATCH_DAYS);
            for job in self
                .store
                .jobs_of(id, now - Duration::days(1), ahead)
                .await?
            {
                let theirs = job.partner.as_ref() == Some(id);
                if theirs && !job.status.is_over() && job.status != JobStatus::Started {
                    returned.push(self.withdraw(by, &job.order_id).await?);
                }
            }
        }
        Ok((partner, returned))
    }

    /// Operators take a job back from its partner: the job returns to the board, the order to
    /// paid without its driver or therapist (the customer's history says so), the partner's time
    /// is freed. A job on the board already is returned as it is.
    pub async fn withdraw(&self, by: &Staff, order_id: &OrderId) -> DomainResult<Job> {
        let mut job = self.job_of_order(order_id).await?;
        let before = job_snapshot(&job);
        let now = self.clock.now();
        let Some(_) = job.withdraw(&by.actor(), now)? else {
            return Ok(job);
        };
        let mut order = self.order(order_id).await?;
        order.release(Actor::Operator(by.checked_name()?), now)?;
        let audit = self.audit(by, "job.withdraw", &job, before, "");
        let write = JobWrite {
            order: Some(&order),
            release: true,
            audit: Some(&audit),
            ..JobWrite::default()
        };
        self.save(&job, write).await?;
        job.version += 1;
        Ok(job)
    }

    /// A traveller follows their order's job: `None` until someone has taken it. Another
    /// customer's order is not found. While the partner is on the way or there, it says where
    /// they are and how far from `near`, where the traveller's phone says they are (never kept),
    /// or from the airport an arrival is met at.
    pub async fn progress(
        &self,
        customer: &UserId,
        order_id: &OrderId,
        near: Option<Point>,
    ) -> DomainResult<Option<Progress>> {
        let order = self.order(order_id).await?;
        if &order.owner != customer {
            return Err(DomainError::not_found("order"));
        }
        let Some(job) = self
            .store
            .job(order_id)
            .await?
            .filter(|job| job.partner.is_some())
        else {
            return Ok(None);
        };
        let whereabouts = match self.shared_position(&job).await? {
            Some(position) => Some(Whereabouts::of(
                position,
                self.meeting_point(&order, near).await?,
                job.status == JobStatus::OnTheWay,
            )),
            None => None,
        };
        Ok(Some(Progress { job, whereabouts }))
    }

    /// The job's partner's last reading, while they share it (on the way or there): a reading
    /// of a partner it was taken back from is not theirs to show.
    async fn shared_position(&self, job: &Job) -> DomainResult<Option<Position>> {
        if !job.status.shares_position() {
            return Ok(None);
        }
        Ok(self
            .store
            .position(&job.order_id)
            .await?
            .filter(|kept| job.partner.as_ref() == Some(&kept.partner))
            .map(|kept| kept.position))
    }

    /// Where the traveller meets their partner: an arrival at its airport's arrivals hall, else
    /// where the traveller's phone says they are, if they let it say.
    async fn meeting_point(
        &self,
        order: &Order,
        near: Option<Point>,
    ) -> DomainResult<Option<MeetingPoint>> {
        if let ServiceDetails::Shuttle(d) = &order.details
            && d.direction == Direction::PickUp
        {
            match self.catalog.get_plan(&order.plan_id).await {
                Ok(plan) => {
                    if let Some(airport) = plan.airport {
                        return Ok(Some(MeetingPoint::Airport(airport)));
                    }
                }
                Err(DomainError::NotFound { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(near.map(MeetingPoint::Traveller))
    }

    /// The partner's phone says where they are, every few seconds on the way and while waiting.
    /// A reading that cannot be believed is dropped, and the phone told why (`Dropped`); one
    /// kept replaces the last and reaches the traveller's page at once. One job keeps one
    /// reading every `MIN_REPORT_SECONDS` at most: one sent sooner is refused as throttled, with
    /// how long to wait.
    pub async fn report_position(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        position: Position,
    ) -> DomainResult<Result<(), Dropped>> {
        let job = self.job_of_order(order_id).await?;
        job.may_report(&partner.user_id)?;
        let now = self.clock.now();
        let last = self
            .store
            .position(order_id)
            .await?
            .filter(|kept| kept.partner == partner.user_id);
        // A reading that cannot be believed is said so first: the phone learns why at once.
        if let Err(dropped) = position.check(last.as_ref().map(|k| &k.position), now) {
            return Ok(Err(dropped));
        }
        if let Some(wait) = last
            .as_ref()
            .and_then(|l| l.wait_for(&partner.user_id, now))
        {
            return Err(too_often(wait));
        }
        let order = self.order(order_id).await?;
        let kept = KeptPosition {
            partner: partner.user_id.clone(),
            position,
            kept_at: now,
        };
        let interval = chrono::Duration::seconds(MIN_REPORT_SECONDS);
        if !self
            .store
            .keep_position(order_id, &order.owner, &kept, now - interval)
            .await?
        {
            // Another reading of the same phone was kept in the meantime.
            return Err(too_often(interval));
        }
        Ok(Ok(()))
    }

    /// A job's thread for `who`: a traveller their own order's (another's is not found), a
    /// partner the job they took, staff any. Empty and closed while nobody has taken the job.
    pub async fn talk(&self, who: Talker<'_>, order_id: &OrderId) -> DomainResult<Talk> {
        let (job, side) = self.thread_of(who, order_id).await?;
        let Some(job) = job else {
            return Ok(Talk {
                messages: Vec::new(),
                open: false,
                side,
                phrases: Vec::new(),
            });
        };
        let phrases = match side {
            Some(s) => s.phrases(&self.order(order_id).await?.details).collect(),
            None => Vec::new(),
        };
        Ok(Talk {
            messages: self.store.messages(order_id).await?,
            open: side.is_some() && job.talk_open(self.clock.now()),
            side,
            phrases,
        })
    }

    /// The traveller or the partner writes in the job's thread while it is open: a phrase of
    /// their side's book, or their own words, under a key of theirs (a retry with it writes
    /// nothing more). The other reads it at once (the order is announced).
    pub async fn say(
        &self,
        who: Talker<'_>,
        order_id: &OrderId,
        said: Said,
        key: &str,
    ) -> DomainResult<JobMessage> {
        let key = crate::shared::text("key", key, KEY_MAX, msg("talk.key_required"))?;
        let (job, side) = self.thread_of(who, order_id).await?;
        let order = self.order(order_id).await?;
        let (author, owner) = match who {
            Talker::Traveller(id) => (id.clone(), id.clone()),
            Talker::Partner(p) => (p.user_id.clone(), order.owner.clone()),
            Talker::Staff(_) => {
                return Err(DomainError::PermissionDenied(msg("talk.staff_read_only")));
            }
        };
        let (Some(job), Some(side)) = (job, side) else {
            return Err(DomainError::FailedPrecondition(msg("talk.closed")));
        };
        let now = self.clock.now();
        job.require_talk_open(now)?;
        said.check(side, &order.details)?;
        let message = JobMessage {
            seq: 0,
            side,
            author,
            key,
            said,
            at: now,
        };
        self.store.add_message(order_id, &owner, message).await
    }

    /// The job whose thread `who` may read, if someone has taken it, and their side.
    async fn thread_of(
        &self,
        who: Talker<'_>,
        order_id: &OrderId,
    ) -> DomainResult<(Option<Job>, Option<Side>)> {
        let taken = |job: Option<Job>| job.filter(|j| j.partner.is_some());
        match who {
            Talker::Traveller(customer) => {
                if &self.order(order_id).await?.owner != customer {
                    return Err(DomainError::not_found("order"));
                }
                Ok((
                    taken(self.store.job(order_id).await?),
                    Some(Side::Traveller),
                ))
            }
            Talker::Partner(partner) => {
                let job = self.job_of_order(order_id).await?;
                if job.partner.as_ref() != Some(&partner.user_id) {
                    return Err(DomainError::not_found("job"));
                }
                Ok((Some(job), Some(Side::Partner)))
            }
            Talker::Staff(_) => Ok((taken(self.store.job(order_id).await?), None)),
        }
    }

    /// The operators' board: jobs not over that start from the start of today for `days` days,
    /// each with its partner's last reading.
    pub async fn board(&self, _by: &Staff, days: u32) -> DomainResult<Vec<BoardJob>> {
        let (from, until) = self.days_from_today(days);
        let jobs = self.store.board(from, until).await?;
        let taken: Vec<OrderId> = jobs
            .iter()
            .filter(|j| j.partner.is_some())
            .map(|j| j.order_id.clone())
            .collect();
        let mut kept: HashMap<OrderId, KeptPosition> =
            self.store.positions(&taken).await?.into_iter().collect();
        Ok(jobs
            .into_iter()
            .map(|job| {
                let position = kept
                    .remove(&job.order_id)
                    .filter(|k| job.partner.as_ref() == Some(&k.partner))
                    .map(|k| k.position);
                BoardJob { job, position }
            })
            .collect())
    }

    /// An order's job for operators, if it has one.
    pub async fn job_of(&self, _by: &Staff, order_id: &OrderId) -> DomainResult<Option<Job>> {
        self.store.job(order_id).await
    }

    async fn order(&self, id: &OrderId) -> DomainResult<Order> {
        self.orders
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("order"))
    }

    /// The order's job as it stands, or a new one on the board.
    async fn job_for(&self, order: &Order) -> DomainResult<Job> {
        if let Some(job) = self.store.job(&order.id).await? {
            return Ok(job);
        }
        let (waiting, payout) = match self.catalog.get_plan(&order.plan_id).await {
            Ok(plan) => (plan.content.free_waiting_minutes, plan.pricing.payout),
            Err(DomainError::NotFound { .. }) => (0, Payout::default()),
            Err(e) => return Err(e),
        };
        Job::open(order, waiting, payout)
    }

    /// Why `partner` cannot take `job` then, if they cannot: they do not fit the order, hold
    /// another job in its time, or (a therapist) do not work then.
    async fn unable(
        &self,
        partner: &Partner,
        order: &Order,
        job: &Job,
        busy: &[UserId],
    ) -> DomainResult<Option<Message>> {
        if let Some(why) = partner.unfit_for(order) {
            return Ok(Some(why));
        }
        if busy.contains(&partner.user_id) {
            return Ok(Some(msg("partner.busy")));
        }
        let works = if partner.kind == PartnerKind::Therapist {
            let id = partner.therapist_id.as_deref().unwrap_or_default();
            let therapist = self.catalog.therapist(id).await?;
            therapist.active && therapist.works(job.start, job.minutes)
        } else {
            partner.availability.covers(job.start, job.minutes)
        };
        Ok((!works).then(|| msg("partner.off_duty")))
    }

    /// An operator offers an order's job to one partner or to every one who fits and is free
    /// then; the offers wait `OFFER_MINUTES` for an answer. Returns the job and who it went to.
    pub async fn offer(
        &self,
        by: &Staff,
        order_id: &OrderId,
        to: Offering,
    ) -> DomainResult<(Job, Vec<UserId>)> {
        let order = self.order(order_id).await?;
        let mut job = self.job_for(&order).await?;
        let before = job_snapshot(&job);
        let candidates = match &to {
            Offering::One(id) => vec![
                self.store
                    .partner(id)
                    .await?
                    .ok_or_else(|| DomainError::not_found("partner"))?,
            ],
            Offering::Eligible => self.store.partners().await?,
        };
        let busy = self
            .store
            .busy_partners(&job.slots(travel_minutes(job.category)))
            .await?;
        let now = self.clock.now();
        let mut offered = Vec::new();
        for partner in &candidates {
            match (self.unable(partner, &order, &job, &busy).await?, &to) {
                (Some(why), Offering::One(_)) => return Err(DomainError::FailedPrecondition(why)),
                (Some(_), Offering::Eligible) => continue,
                (None, _) => {
                    job.offer(&partner.user_id, now)?;
                    offered.push(partner.user_id.clone());
                }
            }
        }
        if offered.is_empty() {
            return Err(DomainError::FailedPrecondition(msg("job.nobody_free")));
        }
        let names: Vec<&str> = offered.iter().map(UserId::as_str).collect();
        let audit = self.audit(by, "job.offer", &job, before, &names.join(" "));
        self.save(
            &job,
            JobWrite {
                audit: Some(&audit),
                ..JobWrite::default()
            },
        )
        .await?;
        job.version += 1;
        Ok((job, offered))
    }

    /// A partner takes a job offered to them: the first to accept has it, the order is confirmed
    /// with them as its driver, guide or therapist, and their time is held. One who lost a race
    /// reads the job again, and is told it was taken.
    pub async fn accept(&self, partner: &Partner, order_id: &OrderId) -> DomainResult<PartnerJob> {
        on_a_fresh_read(|| self.try_accept(partner, order_id)).await
    }

    async fn try_accept(&self, partner: &Partner, order_id: &OrderId) -> DomainResult<PartnerJob> {
        let mut order = self.order(order_id).await?;
        let mut job = self.job_of_order(order_id).await?;
        let now = self.clock.now();
        job.accept(&partner.user_id, now)?;
        let actor = Actor::Partner(partner.user_id.clone());
        match partner.kind {
            PartnerKind::Therapist => {
                let id = partner.therapist_id.as_deref().unwrap_or_default();
                order.assign_therapist(id, &partner.name, actor, now)?;
            }
            PartnerKind::Driver | PartnerKind::Guide => {
                let plate = partner.vehicle.as_ref().map_or("", |v| v.plate.as_str());
                let driver =
                    Driver::new(order.category, &partner.name, partner.phone.clone(), plate)?;
                order.assign_driver(driver, actor, now)?;
            }
        }
        let slots = job.slots(travel_minutes(job.category));
        let write = JobWrite {
            order: Some(&order),
            hold: Some((&partner.user_id, slots)),
            ..JobWrite::default()
        };
        self.save(&job, write).await?;
        job.version += 1;
        order.version += 1;
        self.seen_by_partner(job, order, now).await
    }

    /// A partner turns an offer down, saying why; the operators see the reason.
    pub async fn decline(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        reason: &str,
    ) -> DomainResult<Job> {
        on_a_fresh_read(|| self.try_decline(partner, order_id, reason)).await
    }

    async fn try_decline(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        reason: &str,
    ) -> DomainResult<Job> {
        let mut job = self.job_of_order(order_id).await?;
        job.decline(&partner.user_id, reason, self.clock.now())?;
        self.save(&job, JobWrite::default()).await?;
        job.version += 1;
        Ok(job)
    }

    /// The partner moves their job on; completing it completes the order. The step the job has
    /// already (a phone's retry, the same tap sent twice at once) answers the job as it is.
    pub async fn advance(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        to: JobStatus,
    ) -> DomainResult<PartnerJob> {
        on_a_fresh_read(|| self.try_advance(partner, order_id, to)).await
    }

    async fn try_advance(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        to: JobStatus,
    ) -> DomainResult<PartnerJob> {
        let mut order = self.order(order_id).await?;
        let mut job = self.job_of_order(order_id).await?;
        let now = self.clock.now();
        let was = job.status;
        job.advance(&partner.user_id, to, now)?;
        if job.status == was {
            return self.seen_by_partner(job, order, now).await;
        }
        let completes = to == JobStatus::Completed;
        if completes {
            // The job started: completing follows the job, not the booked time.
            order.complete_served(partner.user_id.clone(), now)?;
        }
        let earning = job.earning(now);
        let write = JobWrite {
            order: completes.then_some(&order),
            tell: Some(&order),
            earn: earning.as_ref(),
            ..JobWrite::default()
        };
        self.save(&job, write).await?;
        job.version += 1;
        if completes {
            order.version += 1;
        }
        self.seen_by_partner(job, order, now).await
    }

    /// The partner checks the traveller's voucher: the job starts.
    pub async fn check_in(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        code: &str,
    ) -> DomainResult<PartnerJob> {
        on_a_fresh_read(|| self.try_check_in(partner, order_id, code)).await
    }

    async fn try_check_in(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        code: &str,
    ) -> DomainResult<PartnerJob> {
        let order = self.order(order_id).await?;
        let mut job = self.job_of_order(order_id).await?;
        let now = self.clock.now();
        let was = job.status;
        job.check_in(&partner.user_id, code, now)?;
        if job.status != was {
            let write = JobWrite {
                tell: Some(&order),
                ..JobWrite::default()
            };
            self.save(&job, write).await?;
            job.version += 1;
        }
        self.seen_by_partner(job, order, now).await
    }

    /// Nobody came: declared by the partner with their proof, kept for the operators. The photo
    /// is one the partner uploaded through the media pipeline (its id); the job keeps it.
    pub async fn no_show(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        proof: NoShowProof,
    ) -> DomainResult<PartnerJob> {
        on_a_fresh_read(|| self.try_no_show(partner, order_id, proof.clone())).await
    }

    async fn try_no_show(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        proof: NoShowProof,
    ) -> DomainResult<PartnerJob> {
        let order = self.order(order_id).await?;
        let mut job = self.job_of_order(order_id).await?;
        let now = self.clock.now();
        let was = job.status;
        let photo = proof.photo.trim().to_owned();
        job.no_show(&partner.user_id, proof, now)?;
        if job.status != was {
            let theirs = match ImageId::parse(&photo) {
                Ok(id) => self.media.get(&partner.user_id, &id).await.is_ok(),
                Err(_) => false,
            };
            if !theirs {
                return Err(DomainError::invalid(
                    "photo",
                    msg("job.no_show_photo_unknown"),
                ));
            }
            let earning = job.earning(now);
            let write = JobWrite {
                earn: earning.as_ref(),
                ..JobWrite::default()
            };
            self.save(&job, write).await?;
            job.version += 1;
        }
        self.seen_by_partner(job, order, now).await
    }

    /// A partner's jobs from the start of today (Vietnam time) for `days` days, soonest first:
    /// taken ones, and offers still open; and one begun before today that they took and have not
    /// finished, or finished today.
    pub async fn schedule(&self, partner: &Partner, days: u32) -> DomainResult<Vec<PartnerJob>> {
        let now = self.clock.now();
        let (today, until) = self.days_from_today(days);
        let from = today - Duration::hours(CARRY_OVER_HOURS);
        let mut out = Vec::new();
        for job in self.store.jobs_of(&partner.user_id, from, until).await? {
            // Before today, only a job they took and work on today: one begun at 23:40 goes on
            // past midnight, and stays once finished after it.
            let carried = job.partner.as_ref() == Some(&partner.user_id)
                && job.ended_at().is_none_or(|ended| ended >= today);
            if job.start.instant() < today && !carried {
                continue;
            }
            // Taken by another: theirs to see for a while, marked so; not the traveller's phone.
            let job = if job.lost_by(&partner.user_id, now) {
                job.as_lost_by(&partner.user_id)
            } else if job.partner.as_ref().is_some_and(|p| p != &partner.user_id) {
                continue;
            } else {
                job
            };
            let order = self.order(&job.order_id).await?;
            out.push(self.seen_by_partner(job, order, now).await?);
        }
        Ok(out)
    }

    /// One job of the partner's, taken or offered to them; anyone else's is not found.
    pub async fn job(&self, partner: &Partner, order_id: &OrderId) -> DomainResult<PartnerJob> {
        let mut job = self.job_of_order(order_id).await?;
        let now = self.clock.now();
        let theirs = job.partner.as_ref() == Some(&partner.user_id)
            || (job.partner.is_none() && job.offers.iter().any(|o| o.partner == partner.user_id));
        if job.lost_by(&partner.user_id, now) {
            job = job.as_lost_by(&partner.user_id);
        } else if !theirs {
            return Err(DomainError::not_found("job"));
        }
        let order = self.order(order_id).await?;
        self.seen_by_partner(job, order, self.clock.now()).await
    }

    /// A hotel photo the traveller put on a massage order, for the partner who took its job: it
    /// shows them the way to the room. Anyone else, an offer not yet taken, or an image the order
    /// does not carry is NOT_FOUND.
    pub async fn hotel_photo(
        &self,
        partner: &Partner,
        order_id: &OrderId,
        image: &ImageId,
        variant: Variant,
    ) -> DomainResult<Vec<u8>> {
        let job = self.job_of_order(order_id).await?;
        if job.partner.as_ref() != Some(&partner.user_id) {
            return Err(DomainError::not_found("job"));
        }
        let order = self.order(order_id).await?;
        let carried = match &order.details {
            ServiceDetails::Massage(d) => d.hotel_images.contains(image),
            _ => false,
        };
        if !carried {
            return Err(DomainError::not_found("image"));
        }
        self.media.read_granted(image, variant).await
    }

    /// From the start of today, Vietnam time, for `days` days (1 to 14).
    fn days_from_today(&self, days: u32) -> (DateTime<Utc>, DateTime<Utc>) {
        let today = LocalTime::of(self.clock.now()).naive().date();
        let from = LocalTime::from_naive(today.and_time(NaiveTime::MIN)).instant();
        (from, from + Duration::days(i64::from(days.clamp(1, 14))))
    }

    async fn job_of_order(&self, order_id: &OrderId) -> DomainResult<Job> {
        self.store
            .job(order_id)
            .await?
            .ok_or_else(|| DomainError::not_found("job"))
    }

    /// What a partner may read of the order: its phone only in the job's window, and its plan as
    /// the catalogue has it now (its words in the partner's language, at the edge).
    async fn seen_by_partner(
        &self,
        job: Job,
        order: Order,
        now: DateTime<Utc>,
    ) -> DomainResult<PartnerJob> {
        let phone = job
            .phone_visible(now)
            .then(|| order.contact.as_ref().map(|c| c.phone.clone()))
            .flatten();
        let plan = match self.catalog.get_plan(&order.plan_id).await {
            Ok(plan) => Some(plan),
            Err(DomainError::NotFound { .. }) => None,
            Err(e) => return Err(e),
        };
        Ok(PartnerJob {
            job,
            order,
            phone,
            plan,
        })
    }

    async fn save(&self, job: &Job, with: JobWrite<'_>) -> DomainResult<()> {
        self.store.save_job(job, with).await.map_err(|e| match e {
            JobStoreError::Stale => DomainError::Conflict(msg("job.changed")),
            JobStoreError::Busy => DomainError::FailedPrecondition(msg("partner.busy")),
            JobStoreError::Other(e) => e,
        })
    }

    fn audit(
        &self,
        by: &Staff,
        action: &str,
        job: &Job,
        before: String,
        reason: &str,
    ) -> AuditEntry {
        AuditEntry::new(
            &*self.random,
            self.clock.now(),
            by,
            action,
            format!("order:{}", job.order_id.as_str()),
            before,
            job_snapshot(job),
            reason,
        )
    }
}

/// A job as the audit log keeps it: its status, partner and who it is offered to.
fn job_snapshot(job: &Job) -> String {
    let offered: Vec<&str> = job.offers.iter().map(|o| o.partner.as_str()).collect();
    format!(
        "status={} partner={} offered={}",
        job.status.code(),
        job.partner.as_ref().map_or("", UserId::as_str),
        offered.join(",")
    )
}

/// How often a partner's call that lost a race to another write of the same job is decided again.
const FRESH_READS: usize = 3;

/// Runs a partner's call on the job, and again on a fresh read when another write of the job got
/// there first: the call is then decided on the job as it now is (the same step already made is
/// done; an offer another took is said taken), never answered "changed, try again".
async fn on_a_fresh_read<T, F, Fut>(call: F) -> DomainResult<T>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = DomainResult<T>>,
{
    let mut tries = 1;
    loop {
        match call().await {
            Err(DomainError::Conflict(_)) if tries < FRESH_READS => tries += 1,
            done => return done,
        }
    }
}
