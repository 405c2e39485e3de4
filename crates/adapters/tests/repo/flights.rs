//! The flight-status adapter against a local AeroAPI that holds to its contract: the flight of
//! the pick-up's airport nearest the booked time is read, as scheduled, delayed, landed,
//! cancelled or diverted; a number nobody flies is none; a wrong key is the provider unavailable.

use adapters::providers::flights::{AeroApi, AeroApiAccount};
use adapters::stand_ins::{AeroApiStandIn, BoardFlight};
use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::DomainError;
use domain::flights::{FlightState, FlightStatus};

fn at(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, day, hour, minute, 0)
        .unwrap()
}

fn aeroapi(stand_in: &AeroApiStandIn, key: &str) -> AeroApi {
    adapters::install_tls_provider();
    AeroApi::new(AeroApiAccount {
        api: stand_in.url.clone(),
        key: key.into(),
    })
}

#[tokio::test]
async fn the_flight_landing_at_the_airport_nearest_the_booked_time_is_read_as_it_stands() {
    let board = AeroApiStandIn::start("fa-key").await;
    let api = aeroapi(&board, "fa-key");
    let booked = at(5, 3, 0);
    // The same number the next day, and another flight of that number elsewhere, are not it.
    board.board(BoardFlight::scheduled("VN123", "SGN", at(6, 3, 0)));
    board.board(BoardFlight::scheduled("VN123", "HAN", at(5, 2, 0)));
    let mut flight = BoardFlight::scheduled("VN123", "SGN", booked);
    board.board(flight.clone());
    let report = api.arrival("VN123", "SGN", booked).await.unwrap().unwrap();
    assert_eq!(report.state, FlightState::Scheduled);
    assert_eq!(
        (report.scheduled_arrival, report.estimated_arrival),
        (booked, None)
    );

    // Departed, 40 minutes late.
    flight.actual_off = Some(booked - Duration::hours(2));
    flight.estimated_in = Some(booked + Duration::minutes(40));
    board.board(flight.clone());
    let report = api.arrival("VN123", "SGN", booked).await.unwrap().unwrap();
    assert_eq!(report.state, FlightState::EnRoute);
    assert_eq!(report.landing(), booked + Duration::minutes(40));

    // Landed at the gate.
    flight.actual_in = Some(booked + Duration::minutes(38));
    board.board(flight.clone());
    let report = api.arrival("VN123", "SGN", booked).await.unwrap().unwrap();
    assert_eq!(report.state, FlightState::Landed);
    assert_eq!(report.actual_arrival, Some(booked + Duration::minutes(38)));

    for (cancelled, diverted, state) in [
        (true, false, FlightState::Cancelled),
        (false, true, FlightState::Diverted),
    ] {
        let mut troubled = BoardFlight::scheduled("BR391", "SGN", booked);
        troubled.cancelled = cancelled;
        troubled.diverted = diverted;
        board.board(troubled);
        let report = api.arrival("BR391", "SGN", booked).await.unwrap().unwrap();
        assert_eq!(report.state, state);
    }
    assert_eq!(board.calls("VN123"), 3);
}

#[tokio::test]
async fn a_number_nobody_flies_is_none_and_a_wrong_key_is_the_provider_unavailable() {
    let board = AeroApiStandIn::start("fa-key").await;
    let booked = at(5, 3, 0);
    let api = aeroapi(&board, "fa-key");
    assert_eq!(api.arrival("ZZ999", "SGN", booked).await.unwrap(), None);
    // Only letters and digits reach the path.
    assert_eq!(api.arrival("VN/../1", "SGN", booked).await.unwrap(), None);
    let wrong = aeroapi(&board, "not-the-key");
    assert!(matches!(
        wrong.arrival("VN123", "SGN", booked).await,
        Err(DomainError::Unavailable(_))
    ));
}
