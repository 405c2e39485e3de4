use chrono::{DateTime, Duration, Utc};

use super::*;
use crate::DomainError;
use crate::catalog::{Category, PayRule, Payout};
use crate::ordering::{Order, OrderState, ServiceDetails};
use crate::shared::{Money, UserId};
use crate::testing::draft_order;

fn id(s: &str) -> UserId {
    UserId::parse(s).unwrap()
}

/// The draft shuttle's start: 2026-11-25 10:00 in Vietnam.
fn start() -> DateTime<Utc> {
    draft_order().details.start().instant()
}

fn paid() -> Order {
    let mut order = draft_order();
    order.state = OrderState::Paid;
    order
}

fn job(waiting: u32) -> Job {
    Job::open(&paid(), waiting, Default::default()).unwrap()
}

/// A day before the draft shuttle's start: offers are made and answered then.
fn day_before() -> DateTime<Utc> {
    start() - Duration::hours(20)
}

/// The job, offered to partner `a` a day before and taken by them.
fn taken(waiting: u32) -> Job {
    let mut job = job(waiting);
    job.offer(&id("a"), day_before()).unwrap();
    job.accept(&id("a"), day_before()).unwrap();
    job
}

use crate::testing::refusal_code as code;

/// A photo and a reading at the arrivals hall of Tan Son Nhat, taken at `at`.
fn proof_at(at: DateTime<Utc>) -> NoShowProof {
    NoShowProof {
        photo: "/media/exit-b.jpg".into(),
        position: Position {
            latitude: 10.818,
            longitude: 106.658,
            accuracy: 12.0,
            taken_at: at,
        },
    }
}

#[test]
fn only_a_paid_order_makes_a_job_and_it_lasts_as_its_service() {
    assert_eq!(
        code(Job::open(&draft_order(), 0, Default::default()).unwrap_err()),
        "job.order_not_paid"
    );
    let job = job(60);
    assert_eq!(
        (job.status, job.minutes),
        (JobStatus::Open, SHUTTLE_MINUTES)
    );
    assert_eq!(job.ends_at() - job.starts_at(), Duration::minutes(120));
}

#[test]
fn of_two_partners_offered_one_job_the_first_to_accept_takes_it() {
    let mut job = job(0);
    let now = day_before();
    job.offer(&id("a"), now).unwrap();
    job.offer(&id("b"), now).unwrap();
    job.offer(&id("a"), now + Duration::minutes(1)).unwrap();
    assert_eq!(job.offers.len(), 2, "an open offer is not repeated");
    assert_eq!(
        job.offers[0].expires_at,
        now + Duration::minutes(OFFER_MINUTES)
    );
    job.accept(&id("b"), now + Duration::minutes(2)).unwrap();
    assert_eq!(
        (job.status, job.partner.clone()),
        (JobStatus::Accepted, Some(id("b")))
    );
    assert_eq!(code(job.accept(&id("a"), now).unwrap_err()), "job.taken");
    assert_eq!(
        code(job.accept(&id("b"), now).unwrap_err()),
        "job.yours_already"
    );
    assert_eq!(code(job.offer(&id("c"), now).unwrap_err()), "job.taken");
    // A's offer closed when b took it: a's phone shows it so for an hour, open and theirs alone.
    let taken_at = now + Duration::minutes(2);
    assert_eq!(job.offers[0].answer, Some(Answer::Taken { at: taken_at }));
    assert!(job.lost_by(&id("a"), taken_at + Duration::minutes(59)));
    assert!(!job.lost_by(&id("a"), taken_at + Duration::minutes(LOST_SHOWN_MINUTES)));
    assert!(!job.lost_by(&id("b"), taken_at) && !job.lost_by(&id("c"), taken_at));
    let seen = job.as_lost_by(&id("a"));
    assert_eq!(
        (seen.status, seen.partner, seen.steps.len()),
        (JobStatus::Open, None, 0)
    );
    assert_eq!(
        seen.offers
            .iter()
            .map(|o| o.partner.clone())
            .collect::<Vec<_>>(),
        [id("a")]
    );
}

#[test]
fn an_offer_is_answered_in_time_by_the_one_it_was_made_to() {
    let mut job = job(0);
    let now = day_before();
    assert_eq!(code(job.accept(&id("a"), now).unwrap_err()), "not_found");
    job.offer(&id("a"), now).unwrap();
    job.offer(&id("b"), now).unwrap();
    assert_eq!(
        code(job.decline(&id("a"), " ", now).unwrap_err()),
        "job.decline_reason_required"
    );
    job.decline(&id("a"), "Xe đang sửa", now).unwrap();
    assert_eq!(
        code(job.accept(&id("a"), now).unwrap_err()),
        "job.offer_closed"
    );
    assert!(!job.unanswered(now), "b may still answer");
    let later = now + Duration::minutes(OFFER_MINUTES);
    assert_eq!(
        code(job.accept(&id("b"), later).unwrap_err()),
        "job.offer_closed"
    );
    assert!(job.unanswered(later), "back on the board, flagged");
    // Offered again, the declined partner may now accept.
    job.offer(&id("a"), later).unwrap();
    job.accept(&id("a"), later).unwrap();
    assert!(!job.unanswered(later));
    // A job whose time has come is no longer offered.
    let mut late = self::job(0);
    assert_eq!(
        code(late.offer(&id("a"), start()).unwrap_err()),
        "job.started_already"
    );
}

#[test]
fn the_partner_moves_the_job_step_by_step_and_no_one_else_does() {
    let mut job = taken(0);
    let early = start() - Duration::hours(SET_OFF_HOURS) - Duration::minutes(1);
    assert_eq!(
        code(
            job.advance(&id("a"), JobStatus::OnTheWay, early)
                .unwrap_err()
        ),
        "job.too_early"
    );
    let go = start() - Duration::hours(1);
    assert_eq!(
        code(job.advance(&id("b"), JobStatus::OnTheWay, go).unwrap_err()),
        "not_found"
    );
    assert_eq!(
        code(job.advance(&id("a"), JobStatus::Arrived, go).unwrap_err()),
        "job.step_out_of_order"
    );
    for to in [
        JobStatus::OnTheWay,
        JobStatus::OnTheWay,
        JobStatus::Arrived,
        JobStatus::Started,
        JobStatus::Completed,
    ] {
        job.advance(&id("a"), to, go).unwrap();
    }
    let seen: Vec<_> = job.steps.iter().map(|s| s.status).collect();
    assert_eq!(
        seen,
        [
            JobStatus::Accepted,
            JobStatus::OnTheWay,
            JobStatus::Arrived,
            JobStatus::Started,
            JobStatus::Completed
        ],
        "a repeated step is kept once"
    );
    assert_eq!(
        code(job.withdraw("operator:lan@ops.example", go).unwrap_err()),
        "job.over"
    );
}

#[test]
fn a_no_show_waits_for_the_free_waiting_time_after_arriving_and_brings_proof() {
    let mut job = taken(60);
    let now = day_before();
    assert_eq!(
        code(job.no_show(&id("a"), proof_at(now), now).unwrap_err()),
        "job.no_show_not_arrived"
    );
    job.advance(&id("a"), JobStatus::OnTheWay, start() - Duration::hours(1))
        .unwrap();
    // Arrived before the flight landed: the waiting counts from the landing.
    job.advance(
        &id("a"),
        JobStatus::Arrived,
        start() - Duration::minutes(10),
    )
    .unwrap();
    let late = start() + Duration::minutes(59);
    let too_soon = job
        .no_show(&id("a"), proof_at(late), start() + Duration::minutes(59))
        .unwrap_err();
    let DomainError::FailedPrecondition(m) = too_soon else {
        panic!()
    };
    assert_eq!(m.code, "job.no_show_too_soon");
    let left = m
        .args
        .iter()
        .find(|(n, _)| *n == "minutes")
        .map(|(_, v)| v.clone());
    assert_eq!(left, Some(crate::error::Arg::Value("1".into())));
    let waited = start() + Duration::minutes(60);
    let no_photo = NoShowProof {
        photo: String::new(),
        ..proof_at(waited)
    };
    assert_eq!(
        code(job.no_show(&id("a"), no_photo, waited).unwrap_err()),
        "job.no_show_photo"
    );
    assert_eq!(
        code(job.no_show(&id("b"), proof_at(waited), waited).unwrap_err()),
        "not_found"
    );
    // Its reading is checked as any other: taken long before, or abroad, it proves nothing.
    let old = proof_at(waited - Duration::minutes(5));
    assert_eq!(
        code(job.no_show(&id("a"), old, waited).unwrap_err()),
        "position.stale"
    );
    let mut abroad = proof_at(waited);
    abroad.position.latitude = 1.35;
    abroad.position.longitude = 103.99;
    assert_eq!(
        code(job.no_show(&id("a"), abroad, waited).unwrap_err()),
        "position.outside_vietnam"
    );
    job.no_show(&id("a"), proof_at(waited), waited).unwrap();
    assert_eq!(job.status, JobStatus::NoShow);
    assert!(job.no_show.is_some());
}

#[test]
fn the_traveller_s_phone_shows_only_around_the_service() {
    let mut job = job(0);
    let now = day_before();
    job.offer(&id("a"), now).unwrap();
    assert!(!job.phone_visible(start()), "not before someone took it");
    job.accept(&id("a"), now).unwrap();
    let window = Duration::hours(PHONE_VISIBLE_HOURS);
    assert!(!job.phone_visible(start() - window - Duration::minutes(1)));
    assert!(job.phone_visible(start() - window));
    assert!(job.phone_visible(job.ends_at() + window));
    assert!(!job.phone_visible(job.ends_at() + window + Duration::minutes(1)));
}

#[test]
fn a_job_holds_its_partner_until_they_can_reach_the_next() {
    let job = job(0);
    // 10:00–12:00 plus an hour across the city: eight quarter hours from 10:00 to 13:00.
    let slots = job.slots(travel_minutes(Category::Shuttle));
    assert_eq!(slots.len(), 12);
    assert_eq!(slots.first(), Some(&start()));
    assert_eq!(slots.last(), Some(&(start() + Duration::minutes(165))));
    assert_eq!(travel_minutes(Category::DragonMassage), 30);
}

#[test]
fn the_voucher_s_code_checks_the_traveller_in_and_starts_the_job() {
    let mut job = taken(30);
    let order = job.order_id.as_str().to_owned();
    let near = start() - Duration::minutes(10);
    assert_eq!(
        code(job.check_in(&id("a"), &order, near).unwrap_err()),
        "job.step_out_of_order",
        "not before setting off"
    );
    job.advance(&id("a"), JobStatus::OnTheWay, near).unwrap();
    assert_eq!(
        code(job.check_in(&id("a"), "BK000000-other", near).unwrap_err()),
        "job.voucher_mismatch"
    );
    assert_eq!(
        code(job.check_in(&id("b"), &order, near).unwrap_err()),
        "not_found"
    );
    // Met at the arrivals hall: arrived and started at once, the code read in any case.
    job.check_in(&id("a"), &format!(" {} ", order.to_lowercase()), start())
        .unwrap();
    let seen: Vec<_> = job.steps.iter().map(|s| s.status).collect();
    assert_eq!(
        seen,
        [
            JobStatus::Accepted,
            JobStatus::OnTheWay,
            JobStatus::Arrived,
            JobStatus::Started
        ]
    );
    job.check_in(&id("a"), &order, start()).unwrap();
    assert_eq!(job.steps.len(), 4, "a second scan changes nothing");
}

#[test]
fn a_share_is_rounded_to_a_thousand_and_a_fixed_sum_is_paid_as_it_is() {
    let price = Money::vnd(655_000);
    assert_eq!(PayRule::Share(70).of(price), Money::vnd(459_000));
    assert_eq!(
        PayRule::Fixed(Money::vnd(300_000)).of(price),
        Money::vnd(300_000)
    );
    let pay = Pay::of(Payout::default(), price);
    assert_eq!(
        (pay.completed, pay.no_show),
        (Money::vnd(459_000), Money::vnd(229_000))
    );
}

mod dispatch;
mod whereabouts;
