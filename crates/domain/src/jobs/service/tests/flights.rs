//! Flights followed on the in-memory stores: one question per flight however many travellers it
//! carries, a late landing moving each order and its job once however often it is read, a landing
//! kept for free waiting, and a cancelled flight handed to the operators.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::*;
use crate::flights::{FlightReport, FlightState, FlightStatus, FlightStore, Followed};
use crate::ordering::FLIGHT_MOVED;

/// A provider that says what the test puts on its board, and counts the questions.
#[derive(Default)]
struct Board {
    report: Mutex<Option<FlightReport>>,
    calls: Mutex<u32>,
}

#[async_trait]
impl FlightStatus for Board {
    async fn arrival(
        &self,
        number: &str,
        airport: &str,
        _: DateTime<Utc>,
    ) -> crate::DomainResult<Option<FlightReport>> {
        assert_eq!((number, airport), ("VN123", "SGN"));
        *self.calls.lock().unwrap() += 1;
        Ok(self.report.lock().unwrap().clone())
    }
}

/// The followed flights, in memory, claimed against their version as the SQL store does.
#[derive(Default)]
struct Kept(Mutex<HashMap<String, Followed>>);

#[async_trait]
impl FlightStore for Kept {
    async fn followed(&self, keys: &[String]) -> crate::DomainResult<Vec<Followed>> {
        let kept = self.0.lock().unwrap();
        Ok(keys.iter().filter_map(|k| kept.get(k).cloned()).collect())
    }
    async fn claim(
        &self,
        key: &str,
        read: Option<i64>,
        until: DateTime<Utc>,
    ) -> crate::DomainResult<Option<i64>> {
        let mut kept = self.0.lock().unwrap();
        let now = kept.get(key).map(|f| f.version);
        if now != read {
            return Ok(None);
        }
        let flight = kept.entry(key.to_owned()).or_insert(Followed {
            key: key.to_owned(),
            report: None,
            next_look: None,
            looks: 0,
            version: 0,
        });
        flight.version += 1;
        flight.next_look = Some(until);
        Ok(Some(flight.version))
    }
    async fn record(
        &self,
        key: &str,
        version: i64,
        report: Option<&FlightReport>,
        next_look: Option<DateTime<Utc>>,
    ) -> crate::DomainResult<()> {
        let mut kept = self.0.lock().unwrap();
        let flight = kept.get_mut(key).unwrap();
        assert_eq!(flight.version, version);
        if let Some(report) = report {
            flight.report = Some(report.clone());
        }
        flight.next_look = next_look;
        flight.looks += 1;
        Ok(())
    }
}

struct Followed2 {
    w: World,
    svc: JobService,
    board: Arc<Board>,
    kept: Arc<Kept>,
}

/// The world's pick-up (VN123 at SGN, 2026-11-25 10:00 Vietnam time, taken by a) and a second
/// traveller's on the same flight, two hours before landing.
async fn following() -> Followed2 {
    let w = world();
    // Both at the catalogue's SGN shuttle (the world's plan is not in it).
    let plan = crate::catalog::PlanId::parse("shuttle-sgn-4").unwrap();
    let mut ours = w.orders.get(&order_id()).await.unwrap().unwrap();
    ours.plan_id = plan.clone();
    w.orders.put(ours);
    let mut other = paid_at(draft_order(), "BK261122-y", 0);
    other.owner = id("u2");
    other.plan_id = plan;
    w.orders.put(other);
    taken_by(&w, "a").await;
    let board = Arc::new(Board::default());
    let kept = Arc::new(Kept::default());
    let svc = w.svc.clone().with_flights(Following {
        status: board.clone(),
        store: kept.clone(),
    });
    *w.clock.0.lock().unwrap() = landing() - Duration::hours(2);
    Followed2 {
        w,
        svc,
        board,
        kept,
    }
}

/// The booked landing: 2026-11-25 10:00 in Vietnam.
fn landing() -> DateTime<Utc> {
    "2026-11-25T03:00:00Z".parse().unwrap()
}

fn report(state: FlightState, late_minutes: i64) -> FlightReport {
    let at = landing() + Duration::minutes(late_minutes);
    FlightReport {
        state,
        scheduled_arrival: landing(),
        estimated_arrival: Some(at),
        actual_arrival: (state == FlightState::Landed).then_some(at),
    }
}

async fn order(f: &Followed2, id: &str) -> Order {
    let id = crate::ordering::OrderId::parse(id).unwrap();
    f.w.orders.get(&id).await.unwrap().unwrap()
}

fn moves(o: &Order) -> usize {
    o.history
        .iter()
        .filter(|t| t.reason == FLIGHT_MOVED)
        .count()
}

/// Lets the clock reach the flight's next look.
fn to_next_look(f: &Followed2) {
    let next = f.kept.0.lock().unwrap().values().next().unwrap().next_look;
    *f.w.clock.0.lock().unwrap() = next.expect("still followed");
}

#[tokio::test]
async fn a_late_flight_moves_both_its_pick_ups_and_the_job_once_with_one_question_a_look() {
    let f = following().await;
    *f.board.report.lock().unwrap() = Some(report(FlightState::EnRoute, 40));
    assert_eq!(f.svc.follow_flights().await.unwrap(), 2);
    assert_eq!(
        *f.board.calls.lock().unwrap(),
        1,
        "one question for two travellers"
    );
    let late = crate::shared::LocalTime::of(landing() + Duration::minutes(40));
    for id in ["BK261122-x", "BK261122-y"] {
        let o = order(&f, id).await;
        assert_eq!(o.details.start(), late, "{id}");
        assert_eq!(moves(&o), 1);
        assert_eq!(
            o.estimate.total,
            draft_order().estimate.total,
            "the price stays"
        );
        let step = o.history.last().unwrap();
        assert_eq!(
            step.notice(),
            Some(crate::identity::MailKind::OrderFlightMoved)
        );
    }
    let job = f.w.store.job(&order_id()).await.unwrap().unwrap();
    assert_eq!(job.start, late);
    assert_eq!(job.partner, Some(id("a")), "a keeps it at its new time");
    // Every further look reads the same answer: nothing moves again.
    for _ in 0..3 {
        to_next_look(&f);
        assert_eq!(f.svc.follow_flights().await.unwrap(), 0);
    }
    assert_eq!(*f.board.calls.lock().unwrap(), 4);
    assert_eq!(moves(&order(&f, "BK261122-x").await), 1);
    // Looked at again before its time, it is not asked about.
    f.svc.follow_flights().await.unwrap();
    assert_eq!(*f.board.calls.lock().unwrap(), 4);
}

#[tokio::test]
async fn a_landing_a_few_minutes_late_moves_nothing_but_free_waiting_counts_from_it() {
    let f = following().await;
    *f.board.report.lock().unwrap() = Some(report(FlightState::Landed, 6));
    assert_eq!(
        f.svc.follow_flights().await.unwrap(),
        1,
        "the job's landing"
    );
    assert_eq!(moves(&order(&f, "BK261122-x").await), 0);
    let job = f.w.store.job(&order_id()).await.unwrap().unwrap();
    assert_eq!(job.landed_at, Some(landing() + Duration::minutes(6)));
    let mut arrived = job.clone();
    arrived.status = JobStatus::Arrived;
    arrived.steps.push(JobStep {
        status: JobStatus::Arrived,
        at: landing() - Duration::minutes(20),
        actor: "partner:a".into(),
    });
    let waiting = Duration::minutes(i64::from(job.free_waiting_minutes));
    assert_eq!(
        arrived.opens_at(JobStatus::NoShow),
        Some(landing() + Duration::minutes(6) + waiting)
    );
    // Landed: no more questions.
    assert_eq!(
        f.kept.0.lock().unwrap().values().next().unwrap().next_look,
        None
    );
}

#[tokio::test]
async fn a_cancelled_flight_hands_the_job_to_the_operators_once() {
    let f = following().await;
    *f.board.report.lock().unwrap() = Some(report(FlightState::Cancelled, 0));
    assert_eq!(f.svc.follow_flights().await.unwrap(), 2);
    let job = f.w.store.job(&order_id()).await.unwrap().unwrap();
    assert_eq!(
        job.dispatch.handed_over().map(|(why, _)| why),
        Some(HandOver::FlightCancelled)
    );
    assert_eq!(moves(&order(&f, "BK261122-x").await), 0);
    // Cancelled: no more questions, and nothing more happens.
    assert_eq!(
        f.kept.0.lock().unwrap().values().next().unwrap().next_look,
        None
    );
    assert_eq!(f.svc.follow_flights().await.unwrap(), 0);
    assert_eq!(*f.board.calls.lock().unwrap(), 1);
}

#[tokio::test]
async fn a_flight_is_not_asked_about_before_six_hours_from_landing() {
    let f = following().await;
    *f.w.clock.0.lock().unwrap() = landing() - Duration::hours(7);
    *f.board.report.lock().unwrap() = Some(report(FlightState::Scheduled, 0));
    assert_eq!(f.svc.follow_flights().await.unwrap(), 0);
    assert_eq!(*f.board.calls.lock().unwrap(), 0);
    *f.w.clock.0.lock().unwrap() = landing() - Duration::hours(6) + Duration::minutes(1);
    assert_eq!(
        f.svc.follow_flights().await.unwrap(),
        0,
        "on time: nothing moves"
    );
    assert_eq!(*f.board.calls.lock().unwrap(), 1);
}

#[tokio::test]
async fn a_pick_up_already_begun_is_left_as_it_is() {
    let f = following().await;
    let mut job = f.w.store.job(&order_id()).await.unwrap().unwrap();
    job.status = JobStatus::Started;
    let mut unit = f.w.orders.begin().await.unwrap();
    f.w.store
        .save_job(&mut unit, &job, JobWrite::default())
        .await
        .unwrap();
    unit.commit().await.unwrap();
    *f.board.report.lock().unwrap() = Some(report(FlightState::Landed, 40));
    // Bob's, not begun, moves; Ann's, begun, does not.
    assert_eq!(f.svc.follow_flights().await.unwrap(), 1);
    assert_eq!(moves(&order(&f, "BK261122-x").await), 0);
    assert_eq!(moves(&order(&f, "BK261122-y").await), 1);
}
