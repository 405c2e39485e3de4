//! Automatic dispatch's rule: the ranking, the windows, the next step, and (a property) that an
//! offer never outlives its job and nobody is offered a job twice.

use proptest::prelude::*;

use super::*;

fn candidate(partner: &str, km: Option<f64>, jobs: u32) -> Candidate {
    Candidate {
        partner: id(partner),
        distance_m: km.map(|k| k * 1000.0),
        jobs_this_week: jobs,
        engaged: false,
    }
}

fn names(ranked: &[Candidate]) -> Vec<&str> {
    ranked.iter().map(|c| c.partner.as_str()).collect()
}

#[test]
fn the_nearest_are_offered_first_and_among_them_who_had_fewer_jobs_and_another_city_never() {
    let ranked = rank(vec![
        candidate("far", Some(30.0), 0),
        candidate("unknown", None, 0),
        candidate("near-busy", Some(0.5), 6),
        candidate("near-fresh", Some(1.9), 1),
        candidate("town", Some(5.0), 0),
        candidate("near-fresh-b", Some(1.0), 1),
        candidate("nan", Some(f64::NAN), 0),
        candidate("hanoi", Some(1_140.0), 0),
        candidate("edge", Some(60.0), 0),
    ]);
    assert_eq!(
        names(&ranked),
        [
            "near-fresh",
            "near-fresh-b",
            "near-busy",
            "town",
            "far",
            "edge",
            "nan",
            "unknown"
        ]
    );
}

#[test]
fn an_offer_waits_less_as_the_service_nears_and_never_past_the_hand_over() {
    let job = job(0);
    let at = |hours_ahead: f64| start() - Duration::minutes((hours_ahead * 60.0) as i64);
    let minutes = |hours_ahead: f64| job.offer_window(at(hours_ahead)).map(|w| w.num_minutes());
    assert_eq!(minutes(48.0), Some(15));
    assert_eq!(minutes(24.0), Some(15));
    assert_eq!(minutes(10.0), Some(10));
    assert_eq!(minutes(3.0), Some(5));
    assert_eq!(minutes(1.5), Some(3));
    // Two minutes before the hand-over: two minutes.
    assert_eq!(
        job.offer_window(job.handover_at() - Duration::minutes(2)),
        Some(Duration::minutes(2))
    );
    assert_eq!(job.offer_window(job.handover_at()), None);
    assert_eq!(
        job.handover_at(),
        start() - Duration::minutes(HANDOVER_MINUTES)
    );
}

#[test]
fn dispatch_offers_in_turn_then_hands_over_with_the_reason() {
    let mut job = job(0);
    let ranked = rank(vec![
        candidate("b", Some(8.0), 0),
        candidate("a", Some(1.0), 0),
    ]);
    let now = day_before();
    let Step::Offer { to, until } = job.next_step(&ranked, now) else {
        panic!("no offer");
    };
    assert_eq!((to.as_str(), until - now), ("a", Duration::minutes(10)));
    job.offer_until(&to, now, until).unwrap();
    assert_eq!(job.next_step(&ranked, now), Step::Wait, "an offer is open");
    // `a` lets it lapse: `b` next.
    let later = until;
    let Step::Offer { to, until } = job.next_step(&ranked, later) else {
        panic!("no second offer");
    };
    assert_eq!(to.as_str(), "b");
    job.offer_until(&to, later, until).unwrap();
    job.decline(&to, "Xe hỏng", later).unwrap();
    assert_eq!(
        job.next_step(&ranked, later),
        Step::HandOver(HandOver::NobodyLeft)
    );
    // A newcomer is offered it; at the hand-over, nobody is.
    let more = rank(vec![candidate("c", None, 0)]);
    assert!(matches!(job.next_step(&more, later), Step::Offer { .. }));
    assert_eq!(
        job.next_step(&more, job.handover_at()),
        Step::HandOver(HandOver::Deadline)
    );
    // Taken: nothing more to do.
    assert_eq!(taken(0).next_step(&more, later), Step::Wait);
}

#[test]
fn operators_dispatch_by_hand_and_a_job_handed_over_waits_for_them() {
    let ranked = rank(vec![candidate("a", Some(1.0), 0)]);
    let now = day_before();
    let mut job = job(0);
    job.dispatch_by_hand(true);
    assert_eq!(job.next_step(&ranked, now), Step::Wait);
    job.dispatch_by_hand(false);
    job.hand_over(HandOver::NobodyLeft, now);
    assert_eq!(job.next_step(&ranked, now), Step::Wait);
    // Turned on again, it starts afresh.
    job.dispatch_by_hand(false);
    assert!(matches!(job.next_step(&ranked, now), Step::Offer { .. }));
    // Taken and then taken back from its partner: automatic again.
    let mut job = taken(0);
    job.hand_over(HandOver::Deadline, now);
    job.withdraw("operator:o", now).unwrap();
    assert!(job.dispatched_automatically());
    assert!(matches!(job.next_step(&ranked, now), Step::Offer { .. }));
    assert_eq!(HandOver::parse("deadline"), Some(HandOver::Deadline));
    assert_eq!(HandOver::parse("soon"), None);
}

/// What a partner does with an offer in the property below.
#[derive(Debug, Clone, Copy)]
enum Reply {
    Lapse,
    Decline,
    Accept,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Whatever partners answer and whenever dispatch looks, an offer ends by the hand-over,
    /// nobody is offered the job twice, offers go in the ranking's order, and the job is
    /// handed over only when nobody is left or the deadline has come.
    #[test]
    fn an_offer_never_outlives_its_job_and_nobody_is_offered_twice(
        people in prop::collection::vec(
            (prop::option::of(0.0f64..60_000.0), 0u32..12, prop::bool::weighted(0.2)), 0..8),
        replies in prop::collection::vec(
            prop_oneof![Just(Reply::Lapse), Just(Reply::Decline), Just(Reply::Accept)], 0..10),
        hours_ahead in 0i64..72,
        pause in 0i64..30,
    ) {
        let candidates: Vec<Candidate> = people
            .iter()
            .enumerate()
            .map(|(n, (d, jobs, engaged))| Candidate {
                partner: id(&format!("p{n}")),
                distance_m: *d,
                jobs_this_week: *jobs,
                engaged: *engaged,
            })
            .collect();
        let ranked = rank(candidates);
        // Engaged elsewhere for the whole run: never offered this job.
        let free: Vec<&Candidate> = ranked.iter().filter(|c| !c.engaged).collect();
        let mut job = job(0);
        let mut now = start() - Duration::hours(hours_ahead);
        let mut offered = Vec::new();
        let mut replies = replies.into_iter();
        loop {
            match job.next_step(&ranked, now) {
                Step::Wait => {
                    // Taken, or waiting for the engaged, the only ones left.
                    prop_assert!(
                        job.status != JobStatus::Open
                            || (offered.len() == free.len() && free.len() < ranked.len())
                    );
                    break;
                }
                Step::HandOver(why) => {
                    match why {
                        HandOver::Deadline => prop_assert!(now >= job.handover_at()),
                        HandOver::NobodyLeft => prop_assert_eq!(offered.len(), ranked.len()),
                        // Flights' trouble is the flights' to say, never dispatch's.
                        HandOver::FlightCancelled | HandOver::FlightDiverted => {
                            prop_assert!(false, "dispatch handed over for a flight")
                        }
                    }
                    break;
                }
                Step::Offer { to, until } => {
                    prop_assert!(until <= job.handover_at());
                    prop_assert!(until > now);
                    prop_assert!(!offered.contains(&to));
                    prop_assert_eq!(&to, &free[offered.len()].partner);
                    job.offer_until(&to, now, until).unwrap();
                    offered.push(to.clone());
                    match replies.next().unwrap_or(Reply::Lapse) {
                        Reply::Lapse => now = until,
                        Reply::Decline => {
                            job.decline(&to, "bận", now).unwrap();
                            now += Duration::minutes(pause);
                        }
                        Reply::Accept => job.accept(&to, now).unwrap(),
                    }
                }
            }
        }
        for offer in &job.offers {
            prop_assert!(offer.expires_at <= job.handover_at());
        }
    }
}

#[test]
fn a_partner_engaged_elsewhere_is_skipped_and_waited_for_when_nobody_else_is_left() {
    let now = day_before();
    let mut near = candidate("near", Some(1.0), 0);
    near.engaged = true;
    let ranked = rank(vec![near.clone(), candidate("far", Some(20.0), 0)]);
    let mut job = job(0);
    match job.next_step(&ranked, now) {
        Step::Offer { to, .. } => assert_eq!(to.as_str(), "far"),
        other => panic!("{other:?}"),
    }
    job.offer(&id("far"), now).unwrap();
    job.decline(&id("far"), "bận", now).unwrap();
    // Only the engaged one is left: not handed over, waited for.
    assert_eq!(job.next_step(&ranked, now), Step::Wait);
    near.engaged = false;
    match job.next_step(&rank(vec![near, candidate("far", Some(20.0), 0)]), now) {
        Step::Offer { to, .. } => assert_eq!(to.as_str(), "near"),
        other => panic!("{other:?}"),
    }
}
