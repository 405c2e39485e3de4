//! What operators, partners and travellers do with jobs, split by use: dispatch (offers, taking
//! back, the board), steps, whereabouts, the thread, and the partner's reads. Every call takes
//! its caller as a value (`&Staff`, `&Partner`, the traveller's id) and checks it here.

use std::sync::Arc;

mod automatic;
mod changes;
mod dispatch;
mod flights;
mod reads;
mod steps;
mod thread;
mod whereabouts;

pub use flights::Following;

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveTime, Utc};

use crate::audit::{AuditEntry, Auditor, Staff};
use crate::catalog::{CatalogService, Payout, Plan};
use crate::error::{DomainError, DomainResult, msg};
use crate::jobs::model::{Dispatch, Job};
use crate::jobs::ports::{JobStore, JobStoreError, JobWrite, Routing};
use crate::jobs::positions::{Position, Whereabouts};
use crate::jobs::talk::{JobMessage, Side};
use crate::media::MediaService;
use crate::ordering::{Order, OrderId, OrderStore, StoreError};
use crate::partners::{Commitment, Commitments, Partner, PartnerService};
use crate::shared::{Clock, LocalTime, Phone, Randomness, UserId};

/// How far before today a job begun then and not over still shows on its partner's schedule and
/// the operators' board (a job is hours long, not days).
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
pub struct JobService {
    store: Arc<dyn JobStore>,
    partners: PartnerService,
    orders: Arc<dyn OrderStore>,
    catalog: CatalogService,
    /// Where a no-show's photo was uploaded.
    media: MediaService,
    clock: Arc<dyn Clock>,
    auditor: Auditor,
    /// Airport pick-ups' flights, when the site follows them (`flights.rs`).
    flights: Option<Following>,
    /// Times a partner's drive to the traveller by road, when the site has a routing service
    /// (`whereabouts.rs`); the straight line's estimate otherwise.
    routing: Option<Arc<dyn Routing>>,
}

impl JobService {
    pub fn new(
        store: Arc<dyn JobStore>,
        partners: PartnerService,
        orders: Arc<dyn OrderStore>,
        catalog: CatalogService,
        media: MediaService,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
    ) -> Self {
        Self {
            store,
            partners,
            orders,
            catalog,
            media,
            auditor: Auditor::new(clock.clone(), random),
            clock,
            flights: None,
            routing: None,
        }
    }

    /// The clock the service reads (the wire says whether an offer is still open by it).
    pub fn clock(&self) -> &dyn Clock {
        &*self.clock
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

    /// Saves the job with what goes with it, and the order it changes, in one unit; the partners
    /// it concerns hear of it, with those `with` names (whom it concerned before).
    async fn save(
        &self,
        job: &Job,
        order: Option<&Order>,
        mut with: JobWrite<'_>,
    ) -> DomainResult<()> {
        with.partners.extend(job.concerns());
        with.partners.sort();
        with.partners.dedup();
        let changed = || DomainError::Conflict(msg("job.changed"));
        let busy = || DomainError::FailedPrecondition(msg("partner.busy"));
        let mut unit = self.orders.begin().await?;
        self.store
            .save_job(&mut unit, job, with)
            .await
            .map_err(|e| match e {
                JobStoreError::Stale => changed(),
                JobStoreError::Busy => busy(),
                JobStoreError::Other(e) => e,
            })?;
        if let Some(order) = order {
            self.orders
                .save_in(&mut unit, order)
                .await
                .map_err(|e| match e {
                    StoreError::Stale => changed(),
                    StoreError::SlotTaken => busy(),
                    StoreError::Other(e) => e,
                    other => DomainError::Unavailable(format!("{other:?}")),
                })?;
        }
        unit.commit().await
    }

    fn audit(
        &self,
        by: &Staff,
        action: &str,
        job: &Job,
        before: String,
        reason: &str,
    ) -> AuditEntry {
        self.auditor.entry(
            by,
            action,
            format!("order:{}", job.order_id.as_str()),
            before,
            job_snapshot(job),
            reason,
        )
    }
}

/// A job as the audit log keeps it: its status, partner, who it is offered to, and whether it is
/// dispatched by hand.
fn job_snapshot(job: &Job) -> String {
    let offered: Vec<&str> = job.offers.iter().map(|o| o.partner.as_str()).collect();
    format!(
        "status={} partner={} offered={} by_hand={}",
        job.status.code(),
        job.partner.as_ref().map_or("", UserId::as_str),
        offered.join(","),
        job.dispatch == Dispatch::ByHand
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

/// The jobs' answer to what a partner took and has not finished (`partners::Commitments`): the
/// partners' subject asks it without knowing jobs.
pub struct TakenJobs(pub Arc<dyn JobStore>);

#[async_trait]
impl Commitments for TakenJobs {
    async fn commitments(
        &self,
        partner: &UserId,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<Commitment>> {
        Ok(self
            .0
            .jobs_of(partner, from, until)
            .await?
            .into_iter()
            .filter(|j| j.partner.as_ref() == Some(partner) && !j.status.is_over())
            .map(|j| Commitment {
                order_id: j.order_id,
                start: j.start,
                minutes: j.minutes,
            })
            .collect())
    }
}

#[cfg(test)]
mod tests;
