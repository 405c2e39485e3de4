//! Where the partner is, as the traveller follows them, and what each side may say.

use super::*;

/// A reading in District 1, Ho Chi Minh City, `seconds` after the start.
fn reading(latitude: f64, longitude: f64, seconds: i64) -> Position {
    Position::new(
        latitude,
        longitude,
        10.0,
        start() + Duration::seconds(seconds),
    )
    .unwrap()
}

#[test]
fn a_reading_is_kept_only_when_it_can_be_believed() {
    let now = start() + Duration::seconds(10);
    let here = reading(10.7769, 106.7009, 10);
    assert_eq!(here.check(None, now), Ok(()));
    assert!(Position::new(f64::NAN, 106.7, 5.0, now).is_err());
    assert!(Position::new(10.7, 106.7, -1.0, now).is_err());
    assert!(Position::new(91.0, 106.7, 5.0, now).is_err());
    // Bangkok.
    let abroad = reading(13.7563, 100.5018, 10);
    assert_eq!(abroad.check(None, now), Err(Dropped::OutsideVietnam));
    let ahead = reading(10.7769, 106.7009, 10 + AHEAD_SECONDS + 1);
    assert_eq!(ahead.check(None, now), Err(Dropped::Ahead));
    let old = reading(10.7769, 106.7009, 10 - STALE_SECONDS - 1);
    assert_eq!(old.check(None, now), Err(Dropped::Stale));
    let vague = Position {
        accuracy: MAX_ACCURACY_M + 1.0,
        ..here
    };
    assert_eq!(vague.check(None, now), Err(Dropped::Imprecise));
    // After the last one kept: 5 s later and 80 m on (58 km/h) is a car; 1 km on is not.
    let last = reading(10.7769, 106.7009, 5);
    let on = reading(10.7776, 106.7009, 10);
    assert_eq!(on.check(Some(&last), now), Ok(()));
    let leap = reading(10.7859, 106.7009, 10);
    assert_eq!(leap.check(Some(&last), now), Err(Dropped::TooFast));
    // The same leap from a reading imprecise by a kilometre may be true.
    let vague_last = Position {
        accuracy: 900.0,
        ..last
    };
    assert_eq!(leap.check(Some(&vague_last), now), Ok(()));
    // Older than the last one kept, or the same one again.
    assert_eq!(last.check(Some(&on), now), Err(Dropped::Stale));
    assert_eq!(on.check(Some(&on), now), Err(Dropped::Stale));
    for dropped in [
        Dropped::OutsideVietnam,
        Dropped::Stale,
        Dropped::Ahead,
        Dropped::TooFast,
        Dropped::Imprecise,
    ] {
        assert!(dropped.message().code.starts_with("position."));
    }
}

#[test]
fn the_traveller_reads_how_far_and_how_soon() {
    // District 1 to Tan Son Nhat's arrivals: about 5 km in a straight line.
    let partner = reading(10.7769, 106.7009, 0);
    let on_the_way = Whereabouts::of(partner, Some(MeetingPoint::Airport("SGN".into())), true);
    let metres = on_the_way.distance_m.unwrap();
    assert!((5_000..6_000).contains(&metres), "{metres}");
    // By road, at a city's pace: 5.5 km × 1.4 at 25 km/h is about 18 minutes.
    let eta = on_the_way.eta_minutes.unwrap();
    assert!((16..22).contains(&eta), "{eta}");
    assert_eq!(eta_minutes(10.0), 1, "a minute at least");
    // There already: how far, but no estimate.
    let there = Whereabouts::of(
        partner,
        Some(MeetingPoint::Traveller(
            Point::new(10.7770, 106.7010).unwrap(),
        )),
        false,
    );
    assert!(there.distance_m.unwrap() < 20);
    assert_eq!(there.eta_minutes, None);
    // No meeting point known: only where and when.
    let unknown = Whereabouts::of(partner, None, true);
    assert_eq!((unknown.distance_m, unknown.eta_minutes), (None, None));
    let nowhere = Whereabouts::of(partner, Some(MeetingPoint::Airport("XXX".into())), true);
    assert_eq!(nowhere.distance_m, None);
}

#[test]
fn a_drive_timed_by_road_replaces_the_estimate_only_while_on_the_way() {
    let partner = reading(10.7769, 106.7009, 0);
    let mut on_the_way = Whereabouts::of(partner, Some(MeetingPoint::Airport("SGN".into())), true);
    assert!(!on_the_way.eta_by_road);
    on_the_way.by_road(Drive {
        seconds: 1_501,
        metres: 7_400,
    });
    assert_eq!(
        on_the_way.eta_minutes,
        Some(26),
        "whole minutes, rounded up"
    );
    assert!(on_the_way.eta_by_road);
    on_the_way.by_road(Drive {
        seconds: 5,
        metres: 40,
    });
    assert_eq!(on_the_way.eta_minutes, Some(1), "a minute at least");
    // There already: nothing to time.
    let mut there = Whereabouts::of(partner, Some(MeetingPoint::Airport("SGN".into())), false);
    there.by_road(Drive {
        seconds: 600,
        metres: 5_000,
    });
    assert_eq!((there.eta_minutes, there.eta_by_road), (None, false));
}

#[test]
fn only_the_job_s_partner_shares_where_they_are_and_only_on_the_way_or_there() {
    let mut job = taken(0);
    assert_eq!(
        code(job.may_report(&id("a")).unwrap_err()),
        "position.not_sharing"
    );
    job.advance(&id("a"), JobStatus::OnTheWay, start() - Duration::hours(1))
        .unwrap();
    job.may_report(&id("a")).unwrap();
    assert_eq!(code(job.may_report(&id("b")).unwrap_err()), "not_found");
    job.advance(&id("a"), JobStatus::Arrived, start()).unwrap();
    job.may_report(&id("a")).unwrap();
    job.advance(&id("a"), JobStatus::Started, start()).unwrap();
    assert_eq!(
        code(job.may_report(&id("a")).unwrap_err()),
        "position.not_sharing"
    );
}

#[test]
fn each_service_has_the_phrases_that_make_sense_in_it() {
    use crate::ordering::Direction;
    use crate::testing::{massage, shuttle};
    let codes = |side: Side, details: &ServiceDetails| {
        side.phrases(details).map(|(c, _)| c).collect::<Vec<_>>()
    };
    let pick_up = shuttle();
    let drop_off = match shuttle() {
        ServiceDetails::Shuttle(mut s) => {
            s.direction = Direction::DropOff;
            ServiceDetails::Shuttle(s)
        }
        _ => unreachable!(),
    };
    let room = massage(1);
    // A therapist has no car waiting and nobody coming out of arrivals; a driver has a car.
    let therapist = codes(Side::Partner, &room);
    assert!(therapist.contains(&"at_lobby") && therapist.contains(&"on_my_way"));
    assert!(!therapist.contains(&"car_outside") && !therapist.contains(&"at_arrivals"));
    // At an airport pick-up the driver waits at arrivals, not in a hotel's lobby; taking the
    // traveller to their flight, the other way round.
    let arrivals = codes(Side::Partner, &pick_up);
    assert!(arrivals.contains(&"car_outside") && arrivals.contains(&"at_arrivals"));
    assert!(!arrivals.contains(&"at_lobby"));
    let hotel = codes(Side::Partner, &drop_off);
    assert!(hotel.contains(&"at_lobby") && !hotel.contains(&"at_arrivals"));
    assert!(!codes(Side::Traveller, &pick_up).contains(&"in_lobby"));
    assert!(!codes(Side::Traveller, &drop_off).contains(&"landed"));
    // A massage's traveller waits in the room; a shuttle's has landed.
    assert!(codes(Side::Traveller, &room).contains(&"in_room"));
    assert!(!codes(Side::Traveller, &room).contains(&"landed"));
    assert!(codes(Side::Traveller, &pick_up).contains(&"landed"));
    let in_room = Said::Phrase("in_room".into());
    assert_eq!(
        code(in_room.check(Side::Traveller, &pick_up).unwrap_err()),
        "talk.phrase_unknown"
    );
    in_room.check(Side::Traveller, &room).unwrap();
    // Every phrase fits some service and meeting, and its term is found by its code.
    for (_, code, term, services, meetings) in PHRASES {
        assert!(!services.is_empty() && !meetings.is_empty(), "{code}");
        assert!(phrase_term(code) == Some(term));
    }
}

#[test]
fn one_reading_is_kept_every_few_seconds_per_partner() {
    use crate::jobs::positions::too_often;
    use crate::jobs::{KeptPosition, MIN_REPORT_SECONDS, Position};
    let kept_at = day_before();
    let last = KeptPosition {
        partner: id("a"),
        position: Position::new(10.77, 106.70, 8.0, kept_at).unwrap(),
        kept_at,
    };
    let after = |ms: i64| kept_at + chrono::Duration::milliseconds(ms);
    assert_eq!(
        last.wait_for(&id("a"), after(1_500)),
        Some(chrono::Duration::milliseconds(2_500))
    );
    assert_eq!(
        last.wait_for(&id("a"), after(MIN_REPORT_SECONDS * 1000)),
        None
    );
    // Another partner's reading (a job given to someone else) holds nobody back.
    assert_eq!(last.wait_for(&id("b"), after(10)), None);
    match too_often(chrono::Duration::milliseconds(2_500)) {
        DomainError::Throttled {
            retry_after_secs, ..
        } => assert_eq!(retry_after_secs, 3),
        other => panic!("{other:?}"),
    }
}
