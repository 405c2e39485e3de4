//! A job's offers: made by operators, answered by partners, the first acceptance taking the job,
//! and the job taken back to the board.

use chrono::{DateTime, Duration, Utc};

use super::model::{Answer, Dispatch, Job, JobStatus, LOST_SHOWN_MINUTES, OFFER_MINUTES, Offer};
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::{UserId, text};

impl Job {
    /// Offers the job to `partner` for `OFFER_MINUTES` (operators have checked they fit:
    /// `Partner::unfit_for`). An offer still open is not repeated; one declined or lapsed is
    /// made again.
    pub fn offer(&mut self, partner: &UserId, now: DateTime<Utc>) -> DomainResult<()> {
        self.offer_until(partner, now, now + Duration::minutes(OFFER_MINUTES))
    }

    /// Offers the job to `partner` until `until` (automatic dispatch's window: `next_step`).
    pub fn offer_until(
        &mut self,
        partner: &UserId,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<()> {
        if self.status != JobStatus::Open {
            return Err(DomainError::FailedPrecondition(msg("job.taken")));
        }
        if !self.offerable(now) {
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
            expires_at: until,
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
        // Taken as it now is: nothing changed since.
        self.changed_at = None;
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

    /// Operators take the job back from its partner (disabled, or not coming): it returns to the
    /// board offered to no one, and the step stays in its history. Says whose it was; a job on
    /// the board already is left as it is (operators' calls are retried).
    pub fn withdraw(&mut self, by: &str, now: DateTime<Utc>) -> DomainResult<Option<UserId>> {
        if self.status == JobStatus::Open {
            return Ok(None);
        }
        if !self.can_take_back() {
            return Err(DomainError::FailedPrecondition(msg("job.over")));
        }
        let was = self.partner.take();
        self.offers.clear();
        // Back to automatic dispatch, unless operators dispatch it by hand.
        if self.dispatch != Dispatch::ByHand {
            self.dispatch = Dispatch::Automatic;
        }
        self.step(JobStatus::Withdrawn, by.to_owned(), now);
        self.status = JobStatus::Open;
        Ok(was)
    }

    /// Operators may offer it now: on the board, and its service not begun.
    pub fn offerable(&self, now: DateTime<Utc>) -> bool {
        self.status == JobStatus::Open && now < self.starts_at()
    }

    /// Operators may take it back from its partner: taken, and its service not begun.
    pub fn can_take_back(&self) -> bool {
        matches!(
            self.status,
            JobStatus::Accepted | JobStatus::OnTheWay | JobStatus::Arrived
        )
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

    /// The partners whose phones show the job: its partner and everyone it is offered to,
    /// answered or not (one who lost the race still sees it, marked taken). Each hears of its
    /// changes (`live::Change::job`).
    pub fn concerns(&self) -> Vec<UserId> {
        let mut who: Vec<UserId> = self.partner.iter().cloned().collect();
        who.extend(self.offers.iter().map(|o| o.partner.clone()));
        who.sort();
        who.dedup();
        who
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
}
