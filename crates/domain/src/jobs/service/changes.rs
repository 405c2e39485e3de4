//! A paid order's change, followed by its job in the change's unit (`ordering::FollowsChanges`),
//! and the partner turning a change down.

use async_trait::async_trait;

use super::JobService;
use crate::error::{DomainError, DomainResult};
use crate::identity::MailKind;
use crate::jobs::model::{Job, travel_minutes};
use crate::jobs::ports::{JobStoreError, JobWrite, PartnerNotice};
use crate::ordering::{Actor, FollowsChanges, Order, OrderId};
use crate::partners::Partner;
use crate::shared::Unit;

#[async_trait]
impl FollowsChanges for JobService {
    /// The order's job takes its new time and pay; those it concerns hear of it on their phones
    /// (`move_job`).
    async fn follow(&self, unit: &mut Unit, order: &mut Order) -> DomainResult<()> {
        let Some(job) = self.store.job(&order.id).await? else {
            return Ok(());
        };
        self.move_job(unit, order, job, MailKind::PartnerJobChanged)
            .await
    }
}

impl JobService {
    /// `job` follows its order's new time (a traveller's change, or its flight's), saved in
    /// `unit`; its partner keeps it and hears `changed`, unless another job of theirs falls in
    /// the new time: then it goes back to the board, the order loses its driver, and they hear
    /// that it left them.
    pub(super) async fn move_job(
        &self,
        unit: &mut Unit,
        order: &mut Order,
        mut job: Job,
        changed: MailKind,
    ) -> DomainResult<()> {
        let payout = match self.catalog.get_plan(&order.plan_id).await {
            Ok(plan) => plan.pricing.payout,
            Err(DomainError::NotFound { .. }) => Default::default(),
            Err(e) => return Err(e),
        };
        let concerned = job.concerns();
        let now = self.clock.now();
        job.follow(order, payout, now)?;
        let mut write = JobWrite {
            partners: concerned,
            ..JobWrite::default()
        };
        let partner = job.partner.clone();
        let mut told = None;
        if let Some(partner) = &partner {
            write.release = true;
            if self.clashes(&job, partner).await? {
                job.changed_at = None;
                job.withdraw("system:change", now)?;
                order.release(Actor::System("change".into()), now)?;
                told = Some(MailKind::PartnerJobWithdrawn);
            } else {
                write.hold = Some((partner, job.slots(travel_minutes(job.category))));
                told = Some(changed);
            }
        }
        // The partner who took it hears of it by mail too, in their language.
        write.tell_partners = partner
            .as_ref()
            .zip(told)
            .map(|(partner, kind)| PartnerNotice {
                partner,
                kind,
                order: &*order,
            })
            .into_iter()
            .collect();
        self.store
            .save_job(unit, &job, write)
            .await
            .map_err(|e| match e {
                JobStoreError::Other(e) => e,
                // Another job took the partner's new time meanwhile: the change is tried again.
                _ => DomainError::Conflict(crate::error::msg("order.stale")),
            })
    }

    /// Whether another job `partner` holds falls in `job`'s time (with the way between). Jobs
    /// starting up to a day before are read: no service lasts longer, so a long charter that began
    /// early and runs into the new time is found.
    async fn clashes(&self, job: &Job, partner: &crate::shared::UserId) -> DomainResult<bool> {
        let travel = chrono::Duration::minutes(travel_minutes(job.category));
        let theirs = self
            .store
            .jobs_of(
                partner,
                job.starts_at() - chrono::Duration::days(1),
                job.ends_at() + travel,
            )
            .await?;
        Ok(theirs.iter().any(|other| {
            other.order_id != job.order_id
                && other.partner.as_ref() == Some(partner)
                && other.starts_at() < job.ends_at() + travel
                && job.starts_at() < other.ends_at() + travel
        }))
    }

    /// The partner turns down the change made since they took the job: it goes back to the
    /// board, the order to paid without its driver, the partner's time freed.
    pub async fn decline_change(&self, partner: &Partner, order_id: &OrderId) -> DomainResult<Job> {
        let mut job = self.job_of_order(order_id).await?;
        let concerned = job.concerns();
        let now = self.clock.now();
        job.decline_change(&partner.user_id, now)?;
        let mut order = self.order(order_id).await?;
        order.release(Actor::Partner(partner.user_id.clone()), now)?;
        let audit = self.auditor.entry_by(
            format!("partner:{}", partner.user_id.as_str()),
            "job.decline_change",
            format!("order:{}", order_id.as_str()),
            String::new(),
            String::new(),
        );
        let write = JobWrite {
            release: true,
            audit: Some(&audit),
            partners: concerned,
            ..JobWrite::default()
        };
        self.save(&job, Some(&order), write).await?;
        job.version += 1;
        Ok(job)
    }
}
