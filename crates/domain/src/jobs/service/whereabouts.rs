//! Where the partner is: their phone's readings, and the traveller following them.

use super::*;
use crate::jobs::model::JobStatus;
use crate::jobs::positions::{
    Drive, Dropped, KeptPosition, MIN_REPORT_SECONDS, MeetingPoint, Point, too_often,
};
use crate::ordering::{Direction, ServiceDetails};

impl JobService {
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
        let whereabouts = self.whereabouts(&order, &job, near).await?;
        Ok(Some(Progress { job, whereabouts }))
    }

    /// An order's job for operators, if it has one, and while its partner shares their phone's
    /// position, where they are as its traveller sees it (from the airport an arrival is met at;
    /// the traveller's own phone is never kept, so otherwise from nowhere).
    pub async fn job_of(&self, _by: &Staff, order_id: &OrderId) -> DomainResult<Option<Progress>> {
        let Some(job) = self.store.job(order_id).await? else {
            return Ok(None);
        };
        let order = self.order(order_id).await?;
        let whereabouts = self.whereabouts(&order, &job, None).await?;
        Ok(Some(Progress { job, whereabouts }))
    }

    /// Where the job's partner is while they share it, how far from the meeting point and how
    /// soon there (by road when the routing service answers).
    async fn whereabouts(
        &self,
        order: &Order,
        job: &Job,
        near: Option<Point>,
    ) -> DomainResult<Option<Whereabouts>> {
        let Some(position) = self.shared_position(job).await? else {
            return Ok(None);
        };
        let meeting = self.meeting_point(order, near).await?;
        let mut w = Whereabouts::of(position, meeting, job.status == JobStatus::OnTheWay);
        if let Some(drive) = self.drive(&w).await? {
            w.by_road(drive);
        }
        Ok(Some(w))
    }

    /// Times with `routing` at the site's service the drive of a partner on the way: `None`
    /// without one, when no road joins them, or when it cannot answer now (the straight line's
    /// estimate stands).
    async fn drive(&self, w: &Whereabouts) -> DomainResult<Option<Drive>> {
        let (Some(routing), Some(to), Some(_)) = (
            &self.routing,
            w.meeting.as_ref().and_then(MeetingPoint::point),
            w.eta_minutes,
        ) else {
            return Ok(None);
        };
        match routing.drive(w.position.point(), to).await {
            Err(DomainError::Unavailable(_)) => Ok(None),
            done => done,
        }
    }

    /// Times partners' drives with `routing`.
    pub fn with_routing(mut self, routing: Arc<dyn Routing>) -> Self {
        self.routing = Some(routing);
        self
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
}
