//! The flight timing rules: when a flight is asked about, and that a landing moves the meeting
//! once, however many looks see it.

use chrono::{DateTime, Duration, TimeZone, Utc};
use proptest::prelude::*;

use super::*;

fn at(hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 5, hour, minute, 0).unwrap()
}

fn report(state: FlightState, estimated: Option<DateTime<Utc>>) -> FlightReport {
    FlightReport {
        state,
        scheduled_arrival: at(10, 0),
        estimated_arrival: estimated,
        actual_arrival: None,
    }
}

/// What a flight costs: the looks at a flight from the first until the answer that it landed
/// (reported 5 minutes after landing). `docs/decisions/flights.md` prices them.
#[test]
fn a_flight_is_asked_about_twenty_two_times() {
    let looks = |landing: DateTime<Utc>| {
        let mut now = landing - Duration::hours(FOLLOW_FROM_HOURS);
        let mut n = 0;
        loop {
            n += 1;
            let state = if now >= landing + Duration::minutes(5) {
                FlightState::Landed
            } else {
                FlightState::EnRoute
            };
            match next_look(landing, Some(state), now) {
                Some(next) => now = next,
                None => return n,
            }
        }
    };
    assert_eq!(looks(at(10, 0)), 22);
    // Known 40 minutes late from the first look: the same steps, later.
    assert_eq!(looks(at(10, 40)), 22);
}

#[test]
fn a_flight_is_asked_about_from_six_hours_before_and_more_often_as_it_nears() {
    let landing = at(10, 0);
    // Before following begins: its first look is then.
    assert_eq!(next_look(landing, None, at(1, 0)), Some(at(4, 0)));
    assert_eq!(
        next_look(landing, Some(FlightState::Scheduled), at(4, 0)),
        Some(at(4, 30))
    );
    assert_eq!(
        next_look(landing, Some(FlightState::EnRoute), at(9, 0)),
        Some(at(9, 10))
    );
    assert_eq!(
        next_look(landing, Some(FlightState::EnRoute), at(9, 45)),
        Some(at(9, 50))
    );
    // Overdue, still asked about; long overdue, not.
    assert_eq!(
        next_look(landing, Some(FlightState::EnRoute), at(10, 30)),
        Some(at(10, 35))
    );
    assert_eq!(
        next_look(landing, Some(FlightState::EnRoute), at(13, 1)),
        None
    );
    for done in [
        FlightState::Landed,
        FlightState::Cancelled,
        FlightState::Diverted,
    ] {
        assert_eq!(next_look(landing, Some(done), at(9, 0)), None);
    }
}

#[test]
fn a_delay_moves_the_meeting_once_and_a_few_minutes_do_not() {
    let meeting = at(10, 0);
    let late = report(FlightState::EnRoute, Some(at(10, 40)));
    let news = late.news(meeting);
    assert_eq!(news.moved_to, Some(at(10, 40)));
    assert_eq!((news.landed_at, news.trouble), (None, None));
    // Read again after the move: nothing more.
    assert_eq!(late.news(at(10, 40)).moved_to, None);
    // Nine minutes late: the meeting stays.
    assert_eq!(
        report(FlightState::EnRoute, Some(at(10, 9)))
            .news(meeting)
            .moved_to,
        None
    );
    // Early by a quarter of an hour: the driver comes earlier.
    assert_eq!(
        report(FlightState::EnRoute, Some(at(9, 45)))
            .news(meeting)
            .moved_to,
        Some(at(9, 45))
    );
}

#[test]
fn landed_it_says_when_and_free_waiting_counts_from_then() {
    let mut landed = report(FlightState::Landed, Some(at(10, 20)));
    landed.actual_arrival = Some(at(10, 3));
    let news = landed.news(at(10, 0));
    assert_eq!(news.landed_at, Some(at(10, 3)));
    assert_eq!(news.moved_to, None, "three minutes move nothing");
}

#[test]
fn a_cancelled_or_diverted_flight_is_trouble_and_moves_nothing() {
    for state in [FlightState::Cancelled, FlightState::Diverted] {
        let news = report(state, Some(at(13, 0))).news(at(10, 0));
        assert_eq!(news.trouble, Some(state));
        assert_eq!((news.moved_to, news.landed_at), (None, None));
    }
}

fn state() -> impl Strategy<Value = FlightState> {
    prop_oneof![
        Just(FlightState::Scheduled),
        Just(FlightState::EnRoute),
        Just(FlightState::Landed),
        Just(FlightState::Cancelled),
        Just(FlightState::Diverted),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// However many looks see the same report, the meeting moves once: after the first move it
    /// is where the report says, and nothing moves it again.
    #[test]
    fn the_same_report_moves_the_meeting_at_most_once(
        state in state(),
        estimate in prop::option::of(-180i64..600),
        actual in prop::option::of(-180i64..600),
        meeting in -240i64..600,
        looks in 1usize..6,
    ) {
        let r = FlightReport {
            state,
            scheduled_arrival: at(10, 0),
            estimated_arrival: estimate.map(|m| at(10, 0) + Duration::minutes(m)),
            actual_arrival: actual.map(|m| at(10, 0) + Duration::minutes(m)),
        };
        let mut meeting = at(10, 0) + Duration::minutes(meeting);
        let mut moves = 0;
        for _ in 0..looks {
            if let Some(to) = r.news(meeting).moved_to {
                prop_assert_eq!(to, r.landing());
                meeting = to;
                moves += 1;
            }
        }
        prop_assert!(moves <= 1);
    }

    /// A next look is always ahead of now, at most half an hour ahead once following has
    /// begun, and none after the flight has landed or been called off.
    #[test]
    fn a_next_look_is_ahead_and_never_after_the_end(
        landing in 0i64..1440,
        now in 0i64..1440,
        last in prop::option::of(state()),
    ) {
        let landing = at(0, 0) + Duration::minutes(landing);
        let now = at(0, 0) + Duration::minutes(now);
        match next_look(landing, last, now) {
            None => prop_assert!(
                matches!(last, Some(FlightState::Landed | FlightState::Cancelled | FlightState::Diverted))
                    || now > landing + Duration::hours(STOP_AFTER_HOURS)
            ),
            Some(next) => {
                prop_assert!(next > now);
                prop_assert!(!matches!(last, Some(FlightState::Landed | FlightState::Cancelled | FlightState::Diverted)));
                if last.is_some() || now >= landing - Duration::hours(FOLLOW_FROM_HOURS) {
                    prop_assert!(next - now <= Duration::minutes(30));
                }
            }
        }
    }
}
