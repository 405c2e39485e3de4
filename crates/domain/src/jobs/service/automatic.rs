//! Automatic dispatch at work: on each beat, the paid orders awaiting a partner take their next
//! step (`Job::next_step`): an offer to the best partner able to take the job, or the operators.

use super::*;
use std::collections::HashMap;

use crate::jobs::dispatch::{Candidate, Step, rank};
use crate::jobs::model::travel_minutes;
use crate::jobs::positions::{MeetingPoint, Point};
use crate::partners::Week;

/// How long a partner's last reading still says where they are.
const READING_FRESH_HOURS: i64 = 3;

impl JobService {
    /// Takes the next step of up to `limit` paid orders awaiting dispatch, soonest first; answers
    /// how many moved. Nodes deciding the same job at once each save over the version they read:
    /// one wins and the others' saves are stale and dropped, so a job is offered to one partner
    /// at a time whatever the number of nodes.
    pub async fn dispatch_due(&self, limit: u32) -> DomainResult<u32> {
        let now = self.clock.now();
        let due = self.store.awaiting_dispatch(now, limit).await?;
        if due.is_empty() {
            return Ok(0);
        }
        let partners = self.partners.all().await?;
        let mut offered = self.store.offered(now).await?;
        let week = Week::of(now);
        let taken: HashMap<UserId, u32> = self
            .store
            .taken_counts(week.starts_at(), week.ends_at())
            .await?
            .into_iter()
            .collect();
        let readings: HashMap<UserId, Point> = self
            .store
            .last_readings(now - Duration::hours(READING_FRESH_HOURS))
            .await?
            .into_iter()
            .map(|k| (k.partner, k.position.point()))
            .collect();
        let mut moved = 0;
        for order_id in due {
            let order = self.order(&order_id).await?;
            let mut job = self.job_for(&order).await?;
            let meeting = self.dispatch_point(&order).await?;
            let slots = job.slots(travel_minutes(job.category));
            let busy = self.store.busy_partners(&slots).await?;
            let mut candidates = Vec::new();
            for partner in &partners {
                let id = &partner.user_id;
                let offered_then = offered
                    .iter()
                    .filter(|j| j.order_id != job.order_id)
                    .filter(|j| j.offers.iter().any(|o| &o.partner == id && o.is_open(now)))
                    .any(|j| {
                        j.slots(travel_minutes(j.category))
                            .iter()
                            .any(|s| slots.contains(s))
                    });
                if offered_then || self.unable(partner, &order, &job, &busy).await?.is_some() {
                    continue;
                }
                candidates.push(Candidate {
                    partner: id.clone(),
                    distance_m: meeting
                        .zip(readings.get(id))
                        .map(|(m, at)| m.distance_m(*at)),
                    jobs_this_week: taken.get(id).copied().unwrap_or(0),
                });
            }
            match job.next_step(&rank(candidates), now) {
                Step::Wait => continue,
                Step::Offer { to, until } => job.offer_until(&to, now, until)?,
                Step::HandOver(why) => job.hand_over(why, now),
            }
            match self.save(&job, None, JobWrite::default()).await {
                Ok(()) => {
                    moved += 1;
                    offered.push(job);
                }
                // Another node took this job's step first.
                Err(DomainError::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(moved)
    }

    /// Where the partner goes, as far as dispatch can tell: a shuttle's airport (an arrival's
    /// meeting point; a departure's hotel is in its city), else the airport of the plan's first
    /// city, standing for its area (an address typed by a traveller has no point of its own).
    async fn dispatch_point(&self, order: &Order) -> DomainResult<Option<Point>> {
        let plan = match self.catalog.get_plan(&order.plan_id).await {
            Ok(plan) => plan,
            Err(DomainError::NotFound { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        // A shuttle's city is its airport's; another plan's, the first it is offered in.
        let airport = plan.airport.clone().or_else(|| {
            plan.cities().first().and_then(|city| {
                crate::catalog::CITIES
                    .iter()
                    .find(|(code, _)| code == city)
                    .map(|(_, airport)| (*airport).to_owned())
            })
        });
        Ok(airport.and_then(|a| MeetingPoint::Airport(a).point()))
    }
}
