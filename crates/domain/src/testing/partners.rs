//! Partners and their jobs in memory: a job is saved over its version with its partner's slots
//! (each held once), all or nothing, in the unit its order is written in.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::audit::AuditEntry;
use crate::catalog::Category;
use crate::error::DomainResult;
use crate::identity::MailKind;
use crate::jobs::{Job, JobMessage, JobStatus, JobStore, JobStoreError, JobWrite, KeptPosition};
use crate::ordering::{Order, OrderId, OrderState};
use crate::partners::{Earning, Partner, PartnerStore, Week};
use crate::shared::{Money, Unit, UserId};

type SharedOrders = Arc<Mutex<HashMap<OrderId, Order>>>;

#[derive(Default, Clone)]
struct State {
    partners: HashMap<UserId, Partner>,
    jobs: HashMap<OrderId, Job>,
    /// (partner, slot) → the job holding it.
    holds: HashMap<(UserId, DateTime<Utc>), OrderId>,
    audit: Vec<AuditEntry>,
    positions: HashMap<OrderId, KeptPosition>,
    messages: HashMap<OrderId, Vec<JobMessage>>,
    /// Ledger entries by key (`Earning::key`).
    ledger: HashMap<String, Earning>,
    /// The partners told of each save or message, in order (`live::Change::job`).
    told: Vec<(OrderId, Vec<UserId>)>,
    /// The categories dispatched by hand.
    by_hand: HashSet<Category>,
    /// The partners' notices queued with job saves: (order, partner, kind).
    notices: Vec<(OrderId, UserId, MailKind)>,
}

pub(crate) struct Partners {
    state: Arc<Mutex<State>>,
    /// The orders store's, where automatic dispatch finds paid orders.
    orders: Option<SharedOrders>,
}

impl Partners {
    pub(crate) fn new() -> Self {
        Self {
            state: Arc::default(),
            orders: None,
        }
    }

    /// The store, finding paid orders for automatic dispatch in `orders`.
    pub(crate) fn seeing(orders: &super::Store) -> Self {
        Self {
            orders: Some(orders.shared()),
            ..Self::new()
        }
    }

    pub(crate) fn put(&self, partner: Partner) {
        let mut state = self.state.lock().unwrap();
        state.partners.insert(partner.user_id.clone(), partner);
    }

    /// An order's job as kept.
    pub(crate) fn state_job(&self, order: &OrderId) -> Option<Job> {
        self.state.lock().unwrap().jobs.get(order).cloned()
    }

    /// Keeps `job` as it is, over whatever was kept.
    pub(crate) fn state_put_job(&self, job: Job) {
        let mut state = self.state.lock().unwrap();
        state.jobs.insert(job.order_id.clone(), job);
    }

    /// The partners' notices queued so far: (order, partner, kind).
    pub(crate) fn notices(&self) -> Vec<(OrderId, UserId, MailKind)> {
        self.state.lock().unwrap().notices.clone()
    }

    pub(crate) fn audit(&self) -> Vec<AuditEntry> {
        self.state.lock().unwrap().audit.clone()
    }

    /// Whom the last write of a job or its thread told.
    pub(crate) fn last_told(&self) -> Vec<UserId> {
        let state = self.state.lock().unwrap();
        state
            .told
            .last()
            .map(|(_, who)| who.clone())
            .unwrap_or_default()
    }
}

#[async_trait]
impl PartnerStore for Partners {
    async fn partner(&self, id: &UserId) -> DomainResult<Option<Partner>> {
        Ok(self.state.lock().unwrap().partners.get(id).cloned())
    }

    async fn partners(&self) -> DomainResult<Vec<Partner>> {
        let mut all: Vec<Partner> = self
            .state
            .lock()
            .unwrap()
            .partners
            .values()
            .cloned()
            .collect();
        all.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(all)
    }

    async fn save_partner(&self, partner: &Partner, audit: &AuditEntry) -> DomainResult<()> {
        let mut state = self.state.lock().unwrap();
        state
            .partners
            .insert(partner.user_id.clone(), partner.clone());
        state.audit.push(audit.clone());
        Ok(())
    }

    async fn ledger(
        &self,
        partner: Option<&UserId>,
        from: Week,
        until: Week,
    ) -> DomainResult<Vec<Earning>> {
        let state = self.state.lock().unwrap();
        Ok(state
            .ledger
            .values()
            .filter(|e| partner.is_none_or(|p| &e.partner == p))
            .filter(|e| (from..until).contains(&e.week))
            .cloned()
            .collect())
    }

    async fn owed(&self, partner: &UserId) -> DomainResult<Money> {
        let state = self.state.lock().unwrap();
        Ok(state
            .ledger
            .values()
            .filter(|e| &e.partner == partner)
            .map(|e| e.amount)
            .sum())
    }

    async fn add_payout(&self, payout: &Earning, audit: &AuditEntry) -> DomainResult<bool> {
        let mut state = self.state.lock().unwrap();
        if state.ledger.contains_key(&payout.key()) {
            return Ok(false);
        }
        state.ledger.insert(payout.key(), payout.clone());
        state.audit.push(audit.clone());
        Ok(true)
    }

    async fn earning(&self, key: &str) -> DomainResult<Option<Earning>> {
        Ok(self.state.lock().unwrap().ledger.get(key).cloned())
    }

    async fn add_earning(&self, line: &Earning, audit: &AuditEntry) -> DomainResult<bool> {
        self.add_payout(line, audit).await
    }

    async fn add_earning_in(&self, _: &mut Unit, line: &Earning) -> DomainResult<bool> {
        let mut state = self.state.lock().unwrap();
        if state.ledger.contains_key(&line.key()) {
            return Ok(false);
        }
        state.ledger.insert(line.key(), line.clone());
        Ok(true)
    }
}

#[async_trait]
impl JobStore for Partners {
    async fn job(&self, order: &OrderId) -> DomainResult<Option<Job>> {
        Ok(self.state.lock().unwrap().jobs.get(order).cloned())
    }

    async fn save_job(
        &self,
        unit: &mut Unit,
        job: &Job,
        with: JobWrite<'_>,
    ) -> Result<(), JobStoreError> {
        // Checked now on a copy, as the SQL store's writes would fail now; kept at the commit.
        let saved = Saved::of(job, &with);
        saved.apply(&mut self.state.lock().unwrap().clone())?;
        let state = self.state.clone();
        super::MemWork::of(unit).then(move || {
            saved
                .apply(&mut state.lock().unwrap())
                .map_err(|e| crate::DomainError::Unavailable(format!("{e:?}")))
        });
        Ok(())
    }

    async fn jobs_of(
        &self,
        partner: &UserId,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<Job>> {
        let state = self.state.lock().unwrap();
        let mut jobs: Vec<Job> = state
            .jobs
            .values()
            .filter(|j| (from..until).contains(&j.starts_at()))
            .filter(|j| {
                j.partner.as_ref() == Some(partner)
                    || (j.partner.is_none() && j.offers.iter().any(|o| &o.partner == partner))
            })
            .cloned()
            .collect();
        jobs.sort_by_key(Job::starts_at);
        Ok(jobs)
    }

    async fn busy_partners(&self, slots: &[DateTime<Utc>]) -> DomainResult<Vec<UserId>> {
        let state = self.state.lock().unwrap();
        let wanted: HashSet<&DateTime<Utc>> = slots.iter().collect();
        let mut busy: Vec<UserId> = state
            .holds
            .keys()
            .filter(|(_, s)| wanted.contains(s))
            .map(|(p, _)| p.clone())
            .collect();
        busy.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        busy.dedup();
        Ok(busy)
    }

    async fn board(&self, from: DateTime<Utc>, until: DateTime<Utc>) -> DomainResult<Vec<Job>> {
        let state = self.state.lock().unwrap();
        let mut jobs: Vec<Job> = state
            .jobs
            .values()
            .filter(|j| !j.status.is_over() && (from..until).contains(&j.starts_at()))
            .cloned()
            .collect();
        jobs.sort_by_key(Job::starts_at);
        Ok(jobs)
    }

    async fn position(&self, order: &OrderId) -> DomainResult<Option<KeptPosition>> {
        Ok(self.state.lock().unwrap().positions.get(order).cloned())
    }

    async fn keep_position(
        &self,
        order: &OrderId,
        _owner: &UserId,
        kept: &KeptPosition,
        unless_kept_after: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let mut state = self.state.lock().unwrap();
        let held = state.positions.get(order).is_some_and(|last| {
            last.partner == kept.partner
                && (last.position.taken_at >= kept.position.taken_at
                    || last.kept_at > unless_kept_after)
        });
        if !held {
            state.positions.insert(order.clone(), kept.clone());
        }
        Ok(!held)
    }

    async fn positions(&self, orders: &[OrderId]) -> DomainResult<Vec<(OrderId, KeptPosition)>> {
        let state = self.state.lock().unwrap();
        Ok(orders
            .iter()
            .filter_map(|o| state.positions.get(o).map(|k| (o.clone(), k.clone())))
            .collect())
    }

    async fn awaiting_dispatch(
        &self,
        now: DateTime<Utc>,
        limit: u32,
        by_hand: &[Category],
    ) -> DomainResult<Vec<OrderId>> {
        let Some(orders) = &self.orders else {
            return Ok(Vec::new());
        };
        let orders = orders.lock().unwrap();
        let state = self.state.lock().unwrap();
        let mut due: Vec<(DateTime<Utc>, OrderId)> = orders
            .values()
            .filter(|o| o.state == OrderState::Paid && o.details.start().instant() > now)
            .filter(|o| !by_hand.contains(&o.category))
            .filter(|o| {
                state.jobs.get(&o.id).is_none_or(|j| {
                    j.status == JobStatus::Open
                        && j.dispatched_automatically()
                        && !j.offers.iter().any(|f| f.is_open(now))
                })
            })
            .map(|o| (o.details.start().instant(), o.id.clone()))
            .collect();
        due.sort();
        due.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        Ok(due.into_iter().map(|(_, id)| id).collect())
    }

    async fn categories_by_hand(&self) -> DomainResult<Vec<Category>> {
        let mut all: Vec<Category> = self.state.lock().unwrap().by_hand.iter().copied().collect();
        all.sort_by_key(|c| c.slug());
        Ok(all)
    }

    async fn set_category_by_hand(
        &self,
        category: Category,
        by_hand: bool,
        audit: &AuditEntry,
    ) -> DomainResult<()> {
        let mut state = self.state.lock().unwrap();
        if by_hand {
            state.by_hand.insert(category);
        } else {
            state.by_hand.remove(&category);
        }
        state.audit.push(audit.clone());
        Ok(())
    }

    async fn offered(&self, now: DateTime<Utc>) -> DomainResult<Vec<Job>> {
        let state = self.state.lock().unwrap();
        Ok(state
            .jobs
            .values()
            .filter(|j| j.offers.iter().any(|o| o.is_open(now)))
            .cloned()
            .collect())
    }

    async fn taken_counts(
        &self,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<(UserId, u32)>> {
        let state = self.state.lock().unwrap();
        let mut counts: HashMap<UserId, u32> = HashMap::new();
        for job in state.jobs.values() {
            if let Some(p) = &job.partner
                && (from..until).contains(&job.starts_at())
            {
                *counts.entry(p.clone()).or_default() += 1;
            }
        }
        Ok(counts.into_iter().collect())
    }

    async fn last_readings(&self, since: DateTime<Utc>) -> DomainResult<Vec<KeptPosition>> {
        let state = self.state.lock().unwrap();
        let mut latest: HashMap<UserId, KeptPosition> = HashMap::new();
        for kept in state.positions.values().filter(|k| k.kept_at >= since) {
            let newer = latest
                .get(&kept.partner)
                .is_none_or(|l| l.position.taken_at < kept.position.taken_at);
            if newer {
                latest.insert(kept.partner.clone(), kept.clone());
            }
        }
        Ok(latest.into_values().collect())
    }

    async fn messages(&self, order: &OrderId) -> DomainResult<Vec<JobMessage>> {
        let state = self.state.lock().unwrap();
        Ok(state.messages.get(order).cloned().unwrap_or_default())
    }

    async fn add_message(
        &self,
        order: &OrderId,
        _owner: &UserId,
        partner: &UserId,
        mut message: JobMessage,
    ) -> DomainResult<JobMessage> {
        let mut state = self.state.lock().unwrap();
        state.told.push((order.clone(), vec![partner.clone()]));
        let thread = state.messages.entry(order.clone()).or_default();
        if let Some(sent) = thread
            .iter()
            .find(|m| m.author == message.author && m.key == message.key)
        {
            return Ok(sent.clone());
        }
        message.seq = u32::try_from(thread.len()).unwrap_or(u32::MAX) + 1;
        thread.push(message.clone());
        Ok(message)
    }
}

/// A job's save with what goes with it, owned, to be checked and applied on a state.
struct Saved {
    job: Job,
    hold: Option<(UserId, Vec<DateTime<Utc>>)>,
    release: bool,
    audit: Option<AuditEntry>,
    earn: Option<Earning>,
    partners: Vec<UserId>,
    notices: Vec<(UserId, MailKind)>,
}

impl Saved {
    fn of(job: &Job, with: &JobWrite<'_>) -> Self {
        Self {
            job: job.clone(),
            hold: with.hold.as_ref().map(|(p, s)| ((*p).clone(), s.clone())),
            release: with.release,
            audit: with.audit.cloned(),
            earn: with.earn.cloned(),
            partners: with.partners.clone(),
            notices: with
                .tell_partners
                .iter()
                .map(|n| (n.partner.clone(), n.kind))
                .collect(),
        }
    }

    fn apply(&self, state: &mut State) -> Result<(), JobStoreError> {
        let job = &self.job;
        let stored = state.jobs.get(&job.order_id).map(|j| j.version);
        if stored.unwrap_or(0) != job.version {
            return Err(JobStoreError::Stale);
        }
        if let Some((partner, slots)) = &self.hold {
            let taken = slots.iter().any(|s| {
                state
                    .holds
                    .get(&(partner.clone(), *s))
                    .is_some_and(|o| o != &job.order_id)
            });
            if taken {
                return Err(JobStoreError::Busy);
            }
        }
        if self.release {
            state.holds.retain(|_, o| o != &job.order_id);
        }
        if let Some((partner, slots)) = &self.hold {
            for s in slots {
                state
                    .holds
                    .insert((partner.clone(), *s), job.order_id.clone());
            }
        }
        state.audit.extend(self.audit.clone());
        if let Some(earning) = &self.earn {
            state.ledger.insert(earning.key(), earning.clone());
        }
        state
            .told
            .push((job.order_id.clone(), self.partners.clone()));
        for (partner, kind) in &self.notices {
            state
                .notices
                .push((job.order_id.clone(), partner.clone(), *kind));
        }
        let saved = Job {
            version: job.version + 1,
            ..job.clone()
        };
        state.jobs.insert(job.order_id.clone(), saved);
        Ok(())
    }
}
