//! Automatic dispatch at work: on each beat, the paid orders awaiting a partner take their next
//! step (`Job::next_step`): an offer to the best partner able to take the job, or the operators.

use super::*;
use std::collections::{HashMap, HashSet};

use crate::catalog::{CITIES, Category};

use super::dispatch::offered_notices;
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
        let by_hand = self.store.categories_by_hand().await?;
        let due = self.store.awaiting_dispatch(now, limit, &by_hand).await?;
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
            // Partners offered another job at the same time: one offer of theirs at a time.
            let offered_then: HashSet<&UserId> = offered
                .iter()
                .filter(|j| j.order_id != job.order_id)
                .filter(|j| {
                    j.slots(travel_minutes(j.category))
                        .iter()
                        .any(|s| slots.contains(s))
                })
                .flat_map(|j| j.offers.iter().filter(|o| o.is_open(now)))
                .map(|o| &o.partner)
                .collect();
            let mut candidates = Vec::new();
            for partner in &partners {
                let id = &partner.user_id;
                if self.unable(partner, &order, &job, &busy).await?.is_some() {
                    continue;
                }
                // Where they are, else where they live.
                let from = readings
                    .get(id)
                    .copied()
                    .or_else(|| partner.home_city.as_deref().and_then(city_point));
                candidates.push(Candidate {
                    partner: id.clone(),
                    distance_m: meeting.zip(from).map(|(m, at)| m.distance_m(at)),
                    jobs_this_week: taken.get(id).copied().unwrap_or(0),
                    engaged: offered_then.contains(id),
                });
            }
            drop(offered_then);
            let mut offered_to = Vec::new();
            match job.next_step(&rank(candidates), now) {
                Step::Wait => continue,
                Step::Offer { to, until } => {
                    job.offer_until(&to, now, until)?;
                    offered_to.push(to);
                }
                Step::HandOver(why) => job.hand_over(why, now),
            }
            let write = JobWrite {
                // The partner offered it hears at once, on their phone.
                tell_partners: offered_notices(&offered_to, &order),
                ..JobWrite::default()
            };
            match self.save(&job, None, write).await {
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

    /// Every category, and whether operators dispatch its jobs by hand.
    pub async fn category_dispatch(&self, _by: &Staff) -> DomainResult<Vec<(Category, bool)>> {
        let by_hand = self.store.categories_by_hand().await?;
        Ok(Category::ALL
            .into_iter()
            .map(|c| (c, by_hand.contains(&c)))
            .collect())
    }

    /// Operators turn automatic dispatch off for a whole category, or on again: its jobs not yet
    /// offered wait for them, and its open offers run their course. Audited; setting what is
    /// already set changes nothing. Answers every category as it now stands.
    pub async fn set_category_dispatch(
        &self,
        by: &Staff,
        category: Category,
        by_hand: bool,
    ) -> DomainResult<Vec<(Category, bool)>> {
        let was = self.store.categories_by_hand().await?.contains(&category);
        if was != by_hand {
            let (action, before, after) = if by_hand {
                ("dispatch.category_by_hand", "automatic", "by_hand")
            } else {
                ("dispatch.category_automatic", "by_hand", "automatic")
            };
            let audit = self.auditor.entry(
                by,
                action,
                format!("category:{}", category.slug()),
                before.to_owned(),
                after.to_owned(),
                "",
            );
            self.store
                .set_category_by_hand(category, by_hand, &audit)
                .await?;
        }
        self.category_dispatch(by).await
    }

    /// Where the partner goes, as far as dispatch can tell: a shuttle's airport (an arrival's
    /// meeting point; a departure's hotel is in its city), else the airport of the plan's city,
    /// standing for its area (an address typed by a traveller has no point of its own). A plan
    /// sold in several cities does not say which one an order is in: no point, and partners are
    /// ranked by fairness alone.
    async fn dispatch_point(&self, order: &Order) -> DomainResult<Option<Point>> {
        let plan = match self.catalog.get_plan(&order.plan_id).await {
            Ok(plan) => plan,
            Err(DomainError::NotFound { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(match (plan.airport.clone(), plan.cities().as_slice()) {
            (Some(airport), _) => MeetingPoint::Airport(airport).point(),
            (None, [city]) => city_point(city),
            _ => None,
        })
    }
}

/// Where a city of the catalogue (`CITIES`) is, as dispatch counts distances: its airport.
fn city_point(city: &str) -> Option<Point> {
    CITIES
        .iter()
        .find(|(code, _)| *code == city)
        .and_then(|(_, airport)| MeetingPoint::Airport((*airport).to_owned()).point())
}
