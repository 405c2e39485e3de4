//! What a partner reads of their jobs: the schedule, one job, a hotel photo.

use super::*;
use crate::media::{ImageId, Variant};
use crate::ordering::ServiceDetails;

impl JobService {
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
}
