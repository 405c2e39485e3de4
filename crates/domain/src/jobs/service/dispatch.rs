//! Operators offer a job and take it back; partners accept or decline; the board.

use super::*;
use std::collections::HashMap;

use crate::error::Message;
use crate::identity::MailKind;
use crate::jobs::model::travel_minutes;
use crate::jobs::ports::PartnerNotice;
use crate::jobs::positions::KeptPosition;
use crate::ordering::{Actor, Driver};
use crate::partners::{JOBS_AHEAD_DAYS, PartnerKind};

impl JobService {
    /// An admin turns a partner off or on (`PartnerService::set_active`). Off, every job of
    /// theirs not yet started goes back to the board: returned, as the list operators must
    /// dispatch again. Each job is its own write, so a retry finds what is left and finishes it.
    pub async fn set_partner_active(
        &self,
        by: &Staff,
        id: &UserId,
        active: bool,
    ) -> DomainResult<(Partner, Vec<Job>)> {
        let partner = self.partners.set_active(by, id, active).await?;
        let mut returned = Vec::new();
        if !active {
            let now = self.clock.now();
            let ahead = now + Duration::days(JOBS_AHEAD_DAYS);
            for job in self
                .store
                .jobs_of(id, now - Duration::days(1), ahead)
                .await?
            {
                let theirs = job.partner.as_ref() == Some(id);
                if theirs && job.can_take_back() {
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
        // Its partner, and those who lost it to them, no longer see it: they are told.
        let concerned = job.concerns();
        let now = self.clock.now();
        let Some(was) = job.withdraw(&by.actor(), now)? else {
            return Ok(job);
        };
        let mut order = self.order(order_id).await?;
        order.release(Actor::Operator(by.checked_name()?), now)?;
        let audit = self.audit(by, "job.withdraw", &job, before, "");
        let write = JobWrite {
            release: true,
            audit: Some(&audit),
            partners: concerned,
            // Whose it was hears of it by mail and on their phone.
            tell_partners: vec![PartnerNotice {
                partner: &was,
                kind: MailKind::PartnerJobTakenBack,
                order: &order,
            }],
            ..JobWrite::default()
        };
        self.save(&job, Some(&order), write).await?;
        job.version += 1;
        Ok(job)
    }

    /// Operators turn automatic dispatch off for an order's job, or on again (it starts afresh).
    /// An order paid and never offered gets its job, on the board, so that dispatch leaves it
    /// alone. Audited; setting what is already set is answered as it is.
    pub async fn set_by_hand(
        &self,
        by: &Staff,
        order_id: &OrderId,
        by_hand: bool,
    ) -> DomainResult<Job> {
        let order = self.order(order_id).await?;
        let mut job = self.job_for(&order).await?;
        let before = job_snapshot(&job);
        if !job.dispatch_by_hand(by_hand) && job.version > 0 {
            return Ok(job);
        }
        let action = if by_hand {
            "job.by_hand"
        } else {
            "job.automatic"
        };
        let audit = self.audit(by, action, &job, before, "");
        let write = JobWrite {
            audit: Some(&audit),
            ..JobWrite::default()
        };
        self.save(&job, None, write).await?;
        job.version += 1;
        Ok(job)
    }

    /// The operators' board: jobs not over that start from the start of today for `days` days,
    /// or in the `CARRY_OVER_HOURS` before (a night's job still under way after midnight), each
    /// with its partner's last reading.
    pub async fn board(&self, _by: &Staff, days: u32) -> DomainResult<Vec<BoardJob>> {
        let (today, until) = self.days_from_today(days);
        let from = today - Duration::hours(CARRY_OVER_HOURS);
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

    /// Why `partner` cannot take `job` then, if they cannot: they do not fit the order, hold
    /// another job in its time, or (a therapist) do not work then.
    pub(super) async fn unable(
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
                self.partners
                    .partner(id)
                    .await?
                    .ok_or_else(|| DomainError::not_found("partner"))?,
            ],
            Offering::Eligible => self.partners.list(by).await?,
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
            None,
            JobWrite {
                audit: Some(&audit),
                tell_partners: offered_notices(&offered, &order),
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
            hold: Some((&partner.user_id, slots)),
            ..JobWrite::default()
        };
        self.save(&job, Some(&order), write).await?;
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
        self.save(&job, None, JobWrite::default()).await?;
        job.version += 1;
        Ok(job)
    }
}

/// The notices of an offer to each of `partners`: on their phones at once.
pub(super) fn offered_notices<'a>(
    partners: &'a [UserId],
    order: &'a Order,
) -> Vec<PartnerNotice<'a>> {
    partners
        .iter()
        .map(|partner| PartnerNotice {
            partner,
            kind: MailKind::PartnerJobOffered,
            order,
        })
        .collect()
}
