//! The partner moves their job on: the steps, the voucher's check-in, a no-show.

use super::*;
use crate::jobs::model::{JobStatus, NoShowProof};
use crate::media::ImageId;

impl JobService {
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
            tell: Some(&order),
            earn: earning.as_ref(),
            ..JobWrite::default()
        };
        self.save(&job, completes.then_some(&order), write).await?;
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
            self.save(&job, None, write).await?;
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
            self.save(&job, None, write).await?;
            job.version += 1;
        }
        self.seen_by_partner(job, order, now).await
    }
}
