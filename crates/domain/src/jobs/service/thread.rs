//! A job's thread between the traveller and the partner; staff read it.

use super::*;
use crate::jobs::talk::{KEY_MAX, Said};

impl JobService {
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
        let Some(partner) = job.partner.clone() else {
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
        self.store
            .add_message(order_id, &owner, &partner, message)
            .await
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
}
