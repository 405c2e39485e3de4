//! Who is reminded of what, when, and once: on a set clock, Vietnam time throughout.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveTime, Utc};

use super::*;
use crate::catalog::Payout;
use crate::error::DomainResult;
use crate::jobs::{Job, JobStatus};
use crate::ordering::{Actor, Driver, Order, OrderState, ServiceDetails};
use crate::shared::{LocalTime, Phone, UserId};
use crate::testing::{FixedClock, draft_order, now};

fn vn(local: &str) -> DateTime<Utc> {
    LocalTime::parse("t", local).unwrap().instant()
}

/// The draft shuttle (2026-11-25 10:00) paid at `paid`, or at 2026-11-22 10:00.
fn paid_at(paid: Option<&str>) -> Order {
    let mut o = draft_order();
    let at = paid.map_or_else(now, vn);
    // Its contact entered: waiting for payment.
    o.state = OrderState::PendingPayment;
    o.mark_paid(Actor::System("test".into()), "vcoin", at)
        .unwrap();
    o
}

fn starting(o: &mut Order, local: &str) {
    if let ServiceDetails::Shuttle(d) = &mut o.details {
        d.start = LocalTime::parse("start", local).unwrap();
    }
}

fn partner() -> UserId {
    UserId::parse("driver-a").unwrap()
}

/// The order's job, taken by driver a at `local`.
fn taken(o: &Order, local: &str) -> Job {
    let mut job = Job::open(o, 0, Payout::default()).unwrap();
    job.offer(&partner(), vn(local) - Duration::minutes(1))
        .unwrap();
    job.accept(&partner(), vn(local)).unwrap();
    job
}

fn kinds(s: &ReminderSettings, o: &Order, job: Option<&Job>, local: &str) -> Vec<ReminderKind> {
    due(s, o, job, vn(local))
        .into_iter()
        .map(|r| r.kind)
        .collect()
}

use ReminderKind::*;

#[test]
fn the_traveller_is_reminded_the_evening_before_and_two_hours_before() {
    let s = ReminderSettings::default();
    let o = paid_at(None);
    let job = taken(&o, "2026-11-22T12:00");
    let job = Some(&job);
    // The traveller's only (the partner's are below).
    let kinds = |s: &ReminderSettings, o: &Order, job, local| {
        let mut all = kinds(s, o, job, local);
        all.retain(|k| matches!(k, TravellerTomorrow | TravellerSoon));
        all
    };
    assert_eq!(kinds(&s, &o, job, "2026-11-24T17:59"), []);
    assert_eq!(kinds(&s, &o, job, "2026-11-24T18:00"), [TravellerTomorrow]);
    assert_eq!(kinds(&s, &o, job, "2026-11-25T07:59"), [TravellerTomorrow]);
    assert_eq!(kinds(&s, &o, job, "2026-11-25T08:00"), [TravellerSoon]);
    // From the service's start, nothing.
    assert_eq!(kinds(&s, &o, job, "2026-11-25T10:00"), []);
    let r = &due(&s, &o, job, vn("2026-11-24T18:30"))[0];
    assert_eq!(r.to, Audience::Traveller(o.owner.clone()));
    assert_eq!(r.at, vn("2026-11-24T18:00"));
    assert_eq!(r.start, vn("2026-11-25T10:00"));
}

#[test]
fn the_partner_is_reminded_the_evening_before_and_an_hour_before_until_they_set_off() {
    let s = ReminderSettings::default();
    let o = paid_at(None);
    let mut job = taken(&o, "2026-11-22T12:00");
    let partners = |job: &Job, local| {
        due(&s, &o, Some(job), vn(local))
            .into_iter()
            .filter(|r| matches!(r.to, Audience::Partner(_)))
            .map(|r| (r.kind, r.to))
            .collect::<Vec<_>>()
    };
    assert_eq!(partners(&job, "2026-11-24T19:59"), []);
    assert_eq!(
        partners(&job, "2026-11-24T20:00"),
        [(PartnerTomorrow, Audience::Partner(partner()))]
    );
    assert_eq!(
        partners(&job, "2026-11-25T09:00"),
        [(PartnerSoon, Audience::Partner(partner()))]
    );
    // Once on the way, they need no reminding.
    job.status = JobStatus::OnTheWay;
    assert_eq!(partners(&job, "2026-11-25T09:10"), []);
}

#[test]
fn a_reminder_that_would_fall_in_quiet_hours_goes_before_they_begin() {
    let s = ReminderSettings::default();
    let mut o = paid_at(None);
    starting(&mut o, "2026-11-25T06:00");
    // Two hours before is 04:00: it goes at 22:00 the evening before, after the 18:00 one.
    assert_eq!(
        kinds(&s, &o, None, "2026-11-24T18:00")[0],
        TravellerTomorrow
    );
    let at_ten = due(&s, &o, None, vn("2026-11-24T22:00"));
    assert_eq!(at_ten[0].kind, TravellerSoon);
    assert_eq!(at_ten[0].at, vn("2026-11-24T22:00"));
    assert_eq!(kinds(&s, &o, None, "2026-11-25T04:00")[0], TravellerSoon);
    // 22:00 itself is not quiet; a minute after is, until 07:00.
    let q = QuietHours::parse("22:00-07:00").unwrap();
    let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
    assert!(!q.holds(t(22, 0)) && q.holds(t(22, 1)) && q.holds(t(6, 59)) && !q.holds(t(7, 0)));
    let day = QuietHours::parse("13:00-14:00").unwrap();
    assert!(day.holds(t(13, 30)) && !day.holds(t(14, 30)));
    assert_eq!(QuietHours::parse("22:00"), None);
    assert_eq!(QuietHours::parse("25:00-07:00"), None);
    // Without quiet hours it goes at 04:00.
    let loud = ReminderSettings { quiet: None, ..s };
    assert_eq!(
        due(&loud, &o, None, vn("2026-11-25T04:00"))[0].at,
        vn("2026-11-25T04:00")
    );
}

#[test]
fn who_booked_or_took_the_job_after_a_reminders_time_is_not_sent_it() {
    let s = ReminderSettings::default();
    // Paid at 19:00 the day before: the receipt just told them; the 08:00 one still goes.
    let o = paid_at(Some("2026-11-24T19:00"));
    assert!(!kinds(&s, &o, None, "2026-11-24T19:30").contains(&TravellerTomorrow));
    assert!(kinds(&s, &o, None, "2026-11-25T08:00").contains(&TravellerSoon));
    // Taken at 21:00: no evening reminder, the one an hour before.
    let o = paid_at(None);
    let job = taken(&o, "2026-11-24T21:00");
    assert!(!kinds(&s, &o, Some(&job), "2026-11-24T21:30").contains(&PartnerTomorrow));
    assert!(kinds(&s, &o, Some(&job), "2026-11-25T09:00").contains(&PartnerSoon));
}

#[test]
fn operators_are_told_of_a_service_within_a_day_that_nobody_has_at_any_hour() {
    let s = ReminderSettings::default();
    let o = paid_at(None);
    assert!(!kinds(&s, &o, None, "2026-11-24T09:59").contains(&Unassigned));
    let r = due(&s, &o, None, vn("2026-11-24T10:00"));
    assert_eq!((r[0].kind, &r[0].to), (Unassigned, &Audience::Operators));
    // Quiet hours are not theirs.
    let mut late = paid_at(None);
    starting(&mut late, "2026-11-25T03:00");
    assert!(kinds(&s, &late, None, "2026-11-24T03:00").contains(&Unassigned));
    // Booked within the day: from the payment.
    let soon = paid_at(Some("2026-11-24T23:00"));
    let r = due(&s, &soon, None, vn("2026-11-24T23:00"));
    assert_eq!(
        r.iter().find(|r| r.kind == Unassigned).unwrap().at,
        vn("2026-11-24T23:00")
    );
    // A partner who took it, or a driver operators typed in, is somebody.
    let job = taken(&o, "2026-11-22T12:00");
    assert!(!kinds(&s, &o, Some(&job), "2026-11-24T10:00").contains(&Unassigned));
    let mut typed = paid_at(None);
    let driver = Driver {
        name: "Anh Minh".into(),
        phone: Phone::parse("84", "901234567").unwrap(),
        plate: "51A-12345".into(),
    };
    typed
        .assign_driver(driver, Actor::Operator("ops".into()), now())
        .unwrap();
    assert!(!kinds(&s, &typed, None, "2026-11-24T10:00").contains(&Unassigned));
}

#[test]
fn nothing_is_sent_about_an_order_that_is_not_paid_or_was_called_off() {
    let s = ReminderSettings::default();
    let unpaid = draft_order();
    assert_eq!(kinds(&s, &unpaid, None, "2026-11-24T18:00"), []);
    let mut refunded = paid_at(None);
    refunded.state = OrderState::Refunded;
    assert_eq!(kinds(&s, &refunded, None, "2026-11-24T18:00"), []);
}

#[test]
fn a_reminders_key_is_the_same_each_time_it_is_decided_and_new_for_a_new_time_or_partner() {
    let s = ReminderSettings::default();
    let o = paid_at(None);
    let first = &due(&s, &o, None, vn("2026-11-24T18:00"))[0];
    let later = &due(&s, &o, None, vn("2026-11-24T23:00"))[0];
    assert_eq!(first.key("a@example.com"), later.key("a@example.com"));
    assert_eq!(first.key("a@example.com").len(), 34);
    assert_ne!(first.key("a@example.com"), first.key("b@example.com"));
    let mut moved = o.clone();
    starting(&mut moved, "2026-11-25T11:00");
    let moved = &due(&s, &moved, None, vn("2026-11-24T18:00"))[0];
    assert_ne!(first.key("a@example.com"), moved.key("a@example.com"));
    let other = Reminder {
        to: Audience::Partner(UserId::parse("driver-b").unwrap()),
        ..first.clone()
    };
    let same = Reminder {
        to: Audience::Partner(partner()),
        ..first.clone()
    };
    assert_ne!(other.key("x"), same.key("x"));
}

/// Bookings in memory; queues each key once, as the outbox's primary key does.
#[derive(Default)]
struct Memory {
    coming: Vec<Upcoming>,
    asked: Mutex<Vec<(DateTime<Utc>, DateTime<Utc>)>>,
    keys: Mutex<Vec<String>>,
}

#[async_trait]
impl ReminderStore for Memory {
    async fn upcoming(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> DomainResult<Vec<Upcoming>> {
        self.asked.lock().unwrap().push((from, to));
        Ok(self.coming.clone())
    }

    async fn queue(&self, _order: &Order, reminders: &[Reminder]) -> DomainResult<usize> {
        let mut keys = self.keys.lock().unwrap();
        let before = keys.len();
        for r in reminders {
            let key = r.key("someone");
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        Ok(keys.len() - before)
    }
}

#[tokio::test]
async fn the_service_reads_far_enough_ahead_and_queues_what_is_due() {
    let o = paid_at(None);
    let store = Arc::new(Memory {
        coming: vec![Upcoming {
            order: o,
            job: None,
        }],
        ..Memory::default()
    });
    let clock = Arc::new(FixedClock::at(vn("2026-11-24T18:00")));
    let svc = ReminderService::new(store.clone(), clock.clone(), ReminderSettings::default());
    // The traveller's evening reminder, and operators' (nobody has it).
    assert_eq!(svc.run_due().await.unwrap(), 2);
    assert_eq!(svc.run_due().await.unwrap(), 0);
    *clock.0.lock().unwrap() = vn("2026-11-25T08:00");
    assert_eq!(svc.run_due().await.unwrap(), 1);
    let (from, to) = store.asked.lock().unwrap()[0];
    assert_eq!(from, vn("2026-11-24T18:00"));
    assert!(to - from >= Duration::hours(50));
}
