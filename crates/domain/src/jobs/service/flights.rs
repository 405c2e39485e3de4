//! Flights followed at work (`flights`): on each beat, the paid airport pick-ups landing within
//! the hours followed are grouped by flight; each flight due is asked about once, by one node,
//! however many travellers it carries; what the answer says moves each order and its job (the
//! traveller and the partner told), counts free waiting from the landing, and gives a cancelled
//! or diverted flight's job to the operators.

use std::collections::{BTreeMap, HashMap};

use super::*;
use crate::catalog::Category;
use crate::flights::{
    FOLLOW_FROM_HOURS, FlightKey, FlightReport, FlightState, FlightStatus, FlightStore, Followed,
    LOOK_LEASE_SECONDS, RETRY_MINUTES, STOP_AFTER_HOURS, next_look,
};
use crate::identity::MailKind;
use crate::jobs::model::{HandOver, JobStatus};
use crate::ordering::{Direction, OrderFilter, OrderState, ServiceDetails};
use crate::shared::PageRequest;

/// Who answers about flights, and where the flights followed are kept.
#[derive(Clone)]
pub struct Following {
    pub status: Arc<dyn FlightStatus>,
    pub store: Arc<dyn FlightStore>,
}

impl JobService {
    /// Follows airport pick-ups' flights with `following`.
    pub fn with_flights(mut self, following: Following) -> Self {
        self.flights = Some(following);
        self
    }

    /// Asks about each followed flight that is due, once; answers how many orders its answers
    /// changed. Nodes looking at once each claim the flight against the version they read: one
    /// asks, the others pass it by.
    pub async fn follow_flights(&self) -> DomainResult<u32> {
        let Some(following) = &self.flights else {
            return Ok(0);
        };
        let now = self.clock.now();
        let flights = self.pick_ups_by_flight(now).await?;
        let codes: Vec<String> = flights.keys().map(FlightKey::code).collect();
        let kept: HashMap<String, Followed> = following
            .store
            .followed(&codes)
            .await?
            .into_iter()
            .map(|f| (f.key.clone(), f))
            .collect();
        let mut changed = 0;
        for (key, orders) in flights {
            let code = key.code();
            let kept = kept.get(&code);
            let booked = orders
                .iter()
                .map(|o| o.details.start().instant())
                .min()
                .unwrap_or(now);
            let due = match kept {
                Some(flight) => flight.due(now),
                None => now >= booked - Duration::hours(FOLLOW_FROM_HOURS),
            };
            if !due {
                continue;
            }
            let lease = now + Duration::seconds(LOOK_LEASE_SECONDS);
            let Some(version) = following
                .store
                .claim(&code, kept.map(|f| f.version), lease)
                .await?
            else {
                continue;
            };
            // Asked about by its schedule once known: the booked time is the traveller's typing.
            let around = kept
                .and_then(|f| f.report.as_ref())
                .map_or(booked, |r| r.scheduled_arrival);
            let (report, next) = match following
                .status
                .arrival(&key.number, &key.airport, around)
                .await
            {
                Ok(Some(report)) => {
                    let next = next_look(report.landing(), Some(report.state), now);
                    (Some(report), next)
                }
                Ok(None) => (None, next_look(booked, None, now)),
                Err(DomainError::Unavailable(_)) => {
                    (None, Some(now + Duration::minutes(RETRY_MINUTES)))
                }
                Err(e) => return Err(e),
            };
            following
                .store
                .record(&code, version, report.as_ref(), next)
                .await?;
            let Some(report) = report else {
                continue;
            };
            for order in orders {
                match self.meet_flight(order, &report, now).await {
                    Ok(true) => changed += 1,
                    Ok(false) => {}
                    // The order or its job changed meanwhile: the next look reads it again.
                    Err(DomainError::Conflict(_)) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(changed)
    }

    /// The paid airport pick-ups meeting a flight now followed, by flight.
    async fn pick_ups_by_flight(
        &self,
        now: DateTime<Utc>,
    ) -> DomainResult<BTreeMap<FlightKey, Vec<Order>>> {
        let filter = OrderFilter {
            states: vec![OrderState::Paid, OrderState::Confirmed],
            category: Some(Category::Shuttle),
            starts_after: Some(now - Duration::hours(STOP_AFTER_HOURS)),
            starts_before: Some(now + Duration::hours(FOLLOW_FROM_HOURS)),
            soonest_first: true,
            ..OrderFilter::default()
        };
        let mut flights: BTreeMap<FlightKey, Vec<Order>> = BTreeMap::new();
        let mut token = None;
        loop {
            let page = PageRequest::new(PageRequest::MAX_SIZE, token)?;
            let page = self.orders.list(None, &filter, &page).await?;
            for order in page.items {
                let ServiceDetails::Shuttle(s) = &order.details else {
                    continue;
                };
                if s.direction != Direction::PickUp {
                    continue;
                }
                let airport = match self.catalog.get_plan(&order.plan_id).await {
                    Ok(plan) => plan.airport,
                    Err(DomainError::NotFound { .. }) => None,
                    Err(e) => return Err(e),
                };
                let key =
                    airport.and_then(|a| FlightKey::of(&s.flight_number, &a, s.start.instant()));
                if let Some(key) = key {
                    flights.entry(key).or_default().push(order);
                }
            }
            token = page.next_token;
            if token.is_none() {
                return Ok(flights);
            }
        }
    }

    /// What `report` means for one order: its meeting moved (the job with it, both sides told),
    /// its landing kept on the job for free waiting, or its job handed to the operators.
    /// Answers whether anything changed; a report read again changes nothing.
    async fn meet_flight(
        &self,
        mut order: Order,
        report: &FlightReport,
        now: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let news = report.news(order.details.start().instant());
        let job = self.store.job(&order.id).await?;
        // Once its partner has begun (or it is over), the flight changes nothing of it.
        if job
            .as_ref()
            .is_some_and(|j| j.status.is_over() || j.status == JobStatus::Started)
        {
            return Ok(false);
        }
        if let Some(trouble) = news.trouble {
            let why = match trouble {
                FlightState::Diverted => HandOver::FlightDiverted,
                _ => HandOver::FlightCancelled,
            };
            let mut job = match job {
                Some(job) => job,
                None => self.job_for(&order).await?,
            };
            if job.dispatch.handed_over().is_some_and(|(w, _)| w == why) {
                return Ok(false);
            }
            job.hand_over(why, now);
            self.save(&job, None, JobWrite::default()).await?;
            return Ok(true);
        }
        let moved = news
            .moved_to
            .is_some_and(|landing| order.meet_flight(landing, now));
        let mut job = job;
        let landed = match (&mut job, news.landed_at) {
            (Some(job), Some(at)) if job.landed_at != Some(at) => {
                job.landed_at = Some(at);
                true
            }
            _ => false,
        };
        if !moved && !landed {
            return Ok(false);
        }
        let mut unit = self.orders.begin().await?;
        match job {
            Some(job) if moved => {
                self.move_job(&mut unit, &mut order, job, MailKind::PartnerFlightMoved)
                    .await?
            }
            Some(job) => {
                let write = JobWrite {
                    partners: job.concerns(),
                    ..JobWrite::default()
                };
                self.store
                    .save_job(&mut unit, &job, write)
                    .await
                    .map_err(|e| match e {
                        JobStoreError::Other(e) => e,
                        _ => DomainError::Conflict(msg("job.changed")),
                    })?;
            }
            None => {}
        }
        if moved {
            self.orders
                .save_in(&mut unit, &order)
                .await
                .map_err(|e| match e {
                    StoreError::Other(e) => e,
                    _ => DomainError::Conflict(msg("order.stale")),
                })?;
        }
        unit.commit().await?;
        Ok(true)
    }
}
