//! What the jobs need kept: the job with its offers and steps, the partners' busy time, the last
//! reading of where its partner is, and its thread.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::Job;
use super::positions::{Drive, KeptPosition, Point};
use super::talk::JobMessage;
use crate::audit::AuditEntry;
use crate::catalog::Category;
use crate::error::{DomainError, DomainResult};
use crate::identity::MailKind;
use crate::ordering::{Order, OrderId};
use crate::partners::Earning;
use crate::shared::{Unit, UserId};

/// Why a job's save did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobStoreError {
    /// The job (or its order) changed since it was read: of two partners accepting at once, the
    /// second gets this.
    Stale,
    /// The partner already holds a job in one of these slots.
    Busy,
    Other(DomainError),
}

impl From<DomainError> for JobStoreError {
    fn from(e: DomainError) -> Self {
        JobStoreError::Other(e)
    }
}

/// What a save of a job writes with it, in its unit: the partner's busy slots to claim or to
/// free, the audit entry, and the mails its new steps send the traveller. The order it changes
/// (its partner, its state) is the ordering port's to write, in the same unit.
#[derive(Debug, Default)]
pub struct JobWrite<'a> {
    /// Claims these slots for the partner; a slot another job holds makes the save `Busy`.
    pub hold: Option<(&'a UserId, Vec<DateTime<Utc>>)>,
    /// Frees the job's slots (it ended early, was withdrawn).
    pub release: bool,
    pub audit: Option<&'a AuditEntry>,
    /// The order whose traveller is told of the job's new steps (those `JobStep::notice` says).
    pub tell: Option<&'a Order>,
    /// Partners told of what happened to the job, in their language: the one who took it of a
    /// traveller's change (by mail and on their phone, once per version of `order`), and those
    /// it is offered to (on their phone only, once per offer).
    pub tell_partners: Vec<PartnerNotice<'a>>,
    /// The ledger entry the job's end earns its partner (`Job::earning`).
    pub earn: Option<&'a Earning>,
    /// The partners whose phones hear of the save (`live::Change::job`): everyone the job
    /// concerned before it and concerns after (`Job::concerns`).
    pub partners: Vec<UserId>,
}

/// What a partner is told of their job, and the order it concerns (as saved with it).
#[derive(Debug, Clone, Copy)]
pub struct PartnerNotice<'a> {
    pub partner: &'a UserId,
    pub kind: MailKind,
    pub order: &'a Order,
}

#[async_trait]
pub trait JobStore: Send + Sync {
    async fn job(&self, order: &OrderId) -> DomainResult<Option<Job>>;
    /// Inserts a new job (version 0) or saves one against its version, bumping it, in `unit`.
    async fn save_job(
        &self,
        unit: &mut Unit,
        job: &Job,
        with: JobWrite<'_>,
    ) -> Result<(), JobStoreError>;
    /// A partner's jobs (accepted, or offered and still open) starting in `[from, until)`,
    /// soonest first.
    async fn jobs_of(
        &self,
        partner: &UserId,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<Job>>;
    /// Partners holding any of these slots.
    async fn busy_partners(&self, slots: &[DateTime<Utc>]) -> DomainResult<Vec<UserId>>;
    /// Jobs not over, starting in `[from, until)`: the operators' board.
    async fn board(&self, from: DateTime<Utc>, until: DateTime<Utc>) -> DomainResult<Vec<Job>>;
    /// A job's last reading kept.
    async fn position(&self, order: &OrderId) -> DomainResult<Option<KeptPosition>>;
    /// Keeps `kept` as the job's last reading in place of the one before, and announces it to
    /// the pages of `owner`, the order's customer (`Change::position`), unless the one before is
    /// the same partner's and newer, or was kept after `unless_kept_after`: decided in the write,
    /// so of readings sent at once, one is kept. Says whether it was.
    async fn keep_position(
        &self,
        order: &OrderId,
        owner: &UserId,
        kept: &KeptPosition,
        unless_kept_after: DateTime<Utc>,
    ) -> DomainResult<bool>;
    /// A job's thread, oldest first.
    async fn messages(&self, order: &OrderId) -> DomainResult<Vec<JobMessage>>;
    /// Adds `message` to the job's thread, numbered after the last one (its `seq` is the store's
    /// to give: two written at once both land, one after the other), and announces the order to
    /// `owner`'s pages and the job to `partner`'s phone. Returns it as numbered.
    async fn add_message(
        &self,
        order: &OrderId,
        owner: &UserId,
        partner: &UserId,
        message: JobMessage,
    ) -> DomainResult<JobMessage>;
    /// The last readings kept of these jobs.
    async fn positions(&self, orders: &[OrderId]) -> DomainResult<Vec<(OrderId, KeptPosition)>>;

    /// Paid orders whose partner automatic dispatch is to find at `now`: not started, not in one
    /// of the categories `by_hand`, without a job yet or with one on the board that is neither
    /// dispatched by hand nor handed over, and with no offer open; soonest first, at most `limit`.
    async fn awaiting_dispatch(
        &self,
        now: DateTime<Utc>,
        limit: u32,
        by_hand: &[Category],
    ) -> DomainResult<Vec<OrderId>>;
    /// The categories operators dispatch by hand: automatic dispatch leaves their jobs alone.
    async fn categories_by_hand(&self) -> DomainResult<Vec<Category>>;
    /// Turns automatic dispatch off for `category`, or on again, with its audit entry.
    async fn set_category_by_hand(
        &self,
        category: Category,
        by_hand: bool,
        audit: &AuditEntry,
    ) -> DomainResult<()>;
    /// Jobs with an offer open at `now`: a partner offered one is not offered another at the
    /// same time.
    async fn offered(&self, now: DateTime<Utc>) -> DomainResult<Vec<Job>>;
    /// How many jobs each partner has taken that start in `[from, until)`.
    async fn taken_counts(
        &self,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<(UserId, u32)>>;
    /// Each partner's latest reading kept since `since`, on whichever job.
    async fn last_readings(&self, since: DateTime<Utc>) -> DomainResult<Vec<KeptPosition>>;
}

/// A road routing service (OSRM's contract): how long the drive from one point to another takes.
#[async_trait]
pub trait Routing: Send + Sync {
    /// The fastest drive from `from` to `to`; `None` when no road joins them. A service that
    /// cannot answer now is `Unavailable`.
    async fn drive(&self, from: Point, to: Point) -> DomainResult<Option<Drive>>;
}
