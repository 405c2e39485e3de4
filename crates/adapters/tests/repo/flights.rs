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

// The followed flights' keeper: of eight nodes claiming a flight's look at once, one asks; what it
// learnt is read back; a claim over a version no longer kept is refused.
adapters::on_both_databases!(
    one_node_of_eight_claims_a_flights_look_and_its_answer_is_kept,
    |db: sea_orm::DatabaseConnection| async move {
        use adapters::SqlFlightStore;
        use domain::flights::{FlightReport, FlightStore};
        use std::sync::Arc;
        let store = Arc::new(SqlFlightStore::new(db));
        let key = "VN123@SGN@2026-12-05";
        let lease = at(5, 1, 2);
        let claims: tokio::task::JoinSet<_> = (0..8)
            .map(|_| {
                let store = store.clone();
                async move { store.claim(key, None, lease).await.unwrap() }
            })
            .collect();
        let won: Vec<i64> = claims.join_all().await.into_iter().flatten().collect();
        assert_eq!(won, [1], "one node begins following it");
        let kept = store.followed(&[key.to_owned()]).await.unwrap();
        assert_eq!(kept[0].next_look, Some(lease));
        assert_eq!((kept[0].report.clone(), kept[0].looks), (None, 0));
        // Its answer: 40 minutes late, asked again in ten.
        let late = FlightReport {
            state: FlightState::EnRoute,
            scheduled_arrival: at(5, 3, 0),
            estimated_arrival: Some(at(5, 3, 40)),
            actual_arrival: None,
        };
        store
            .record(key, 1, Some(&late), Some(at(5, 1, 10)))
            .await
            .unwrap();
        let kept = store.followed(&[key.to_owned()]).await.unwrap().remove(0);
        assert_eq!(kept.report, Some(late.clone()));
        assert_eq!((kept.next_look, kept.looks), (Some(at(5, 1, 10)), 1));
        // Nodes that read it before that record are too late; one that read it after claims.
        let claims: tokio::task::JoinSet<_> = (0..8)
            .map(|i| {
                let store = store.clone();
                let read = if i < 4 { 1 } else { kept.version };
                async move { store.claim(key, Some(read), lease).await.unwrap() }
            })
            .collect();
        let won: Vec<i64> = claims.join_all().await.into_iter().flatten().collect();
        assert_eq!(won, [kept.version + 1]);
        // Landed: kept with no next look. A provider's silence keeps the last answer.
        store
            .record(key, kept.version + 1, None, None)
            .await
            .unwrap();
        let kept = store.followed(&[key.to_owned()]).await.unwrap().remove(0);
        assert_eq!(
            (kept.report, kept.next_look, kept.looks),
            (Some(late), None, 2)
        );
        assert!(store.followed(&[]).await.unwrap().is_empty());
    }
);
