//! The routing adapter against a local server holding to OSRM's route call: a drive is its first
//! route's seconds and metres, asked as `lon,lat;lon,lat`; no road is none; a server down is
//! unavailable; the same pair within a minute is asked once.

use adapters::providers::routing::Osrm;
use adapters::stand_ins::{OsrmAnswer, OsrmStandIn};
use domain::DomainError;
use domain::jobs::{Drive, Point, Routing};

fn district_one() -> Point {
    Point::new(10.7769, 106.7009).unwrap()
}

fn tan_son_nhat() -> Point {
    Point::new(10.8185, 106.6588).unwrap()
}

#[tokio::test]
async fn a_drive_is_timed_by_the_routing_server_and_kept_a_minute() {
    adapters::install_tls_provider();
    let server = OsrmStandIn::start(OsrmAnswer::Drive {
        seconds: 1_234.6,
        metres: 7_321.2,
    })
    .await;
    let osrm = Osrm::new(&format!("{}/", server.url));
    let drive = osrm.drive(district_one(), tan_son_nhat()).await.unwrap();
    assert_eq!(
        drive,
        Some(Drive {
            seconds: 1_235,
            metres: 7_321
        })
    );
    assert_eq!(
        server.asked(),
        ["106.700900,10.776900;106.658800,10.818500"],
        "longitude first, as OSRM reads it"
    );
    // A few metres on, within the minute: the same answer, not asked again.
    let near = Point::new(10.77692, 106.70093).unwrap();
    osrm.drive(near, tan_son_nhat()).await.unwrap();
    assert_eq!(server.asked().len(), 1);
    // Elsewhere: asked.
    let elsewhere = Point::new(10.80, 106.70).unwrap();
    server.set(OsrmAnswer::NoRoute);
    assert_eq!(osrm.drive(elsewhere, tan_son_nhat()).await.unwrap(), None);
    server.set(OsrmAnswer::Down);
    let far = Point::new(10.90, 106.70).unwrap();
    let down = osrm.drive(far, tan_son_nhat()).await.unwrap_err();
    assert!(matches!(down, DomainError::Unavailable(_)), "{down:?}");
    // Nobody listening: unavailable too.
    let gone = Osrm::new("http://127.0.0.1:9");
    let err = gone.drive(far, tan_son_nhat()).await.unwrap_err();
    assert!(matches!(err, DomainError::Unavailable(_)), "{err:?}");
}
