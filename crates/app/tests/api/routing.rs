//! A partner's drive timed by road (a local server holding to OSRM's route call, the stand-in of
//! `adapters::stand_ins`), on SQLite and PostgreSQL: on the way, the traveller and the operator
//! read the drive's minutes and where the meeting point is; the server down, the straight line's
//! estimate.

use adapters::stand_ins::{OsrmAnswer, OsrmStandIn};

use super::operations::{Cred, client, with};
use super::partners::{Scene, reading, scene, steps, take, travellers, whereabouts};
use super::*;

async fn run(backend: Backend) {
    let roads = OsrmStandIn::start(OsrmAnswer::Drive {
        seconds: 1_501.0,
        metres: 7_400.0,
    })
    .await;
    let url = roads.url.clone();
    let app = TestApp::start_with(backend, move |c| {
        c.maps.routing_url = Some(url);
        c.maps.tiles_url = Some("https://tiles.example/{z}/{x}/{y}.png".into());
    })
    .await;
    let Scene {
        admin,
        minh: (minh, minh_p),
        ann,
        id,
        ..
    } = scene(&app).await;
    take(&app, &admin, &id, (&minh, &minh_p)).await;
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    let soon = chrono::Utc::now() + chrono::Duration::hours(1);
    adapters::testing::move_job(&db, &id, soon).await;
    let on_the_way = pb::AdvanceJobRequest {
        order_id: id.clone(),
        status: pb::JobStatus::OnTheWay.into(),
    };
    steps(&app)
        .await
        .advance_job(signed(&minh, on_the_way))
        .await
        .unwrap();
    let report = async |position: pb::GeoPosition| {
        let request = pb::ReportPositionRequest {
            order_id: id.clone(),
            position: Some(position),
        };
        let kept = whereabouts(&app)
            .await
            .report_position(signed(&minh, request))
            .await
            .unwrap();
        assert!(kept.into_inner().kept);
    };
    let seen = async || {
        let request = pb::GetJobProgressRequest {
            order_id: id.clone(),
            near: None,
        };
        let progress = travellers(&app)
            .await
            .get_job_progress(signed(&ann, request))
            .await
            .unwrap();
        progress.into_inner().progress.unwrap().whereabouts.unwrap()
    };
    // District 1, on the way to Tan Son Nhat: 1,501 s by road is 26 minutes.
    report(reading(10.7769, 106.7009, 0)).await;
    let w = seen().await;
    assert_eq!((w.eta_minutes, w.eta_by_road), (Some(26), true));
    let (lat, lon) = (w.meeting_latitude.unwrap(), w.meeting_longitude.unwrap());
    assert!(
        (lat - 10.81).abs() < 0.02 && (lon - 106.66).abs() < 0.02,
        "{lat},{lon}"
    );
    // The operator sees the same on the order's page, with the map's tiles; the board draws
    // him too, from his last reading.
    let request = with(
        &Cred::Token(&admin),
        pb::GetOrderJobRequest {
            order_id: id.clone(),
        },
    );
    let seen_by_ops = client(&app).await.get_order_job(request).await.unwrap();
    let seen_by_ops = seen_by_ops.into_inner();
    let w = seen_by_ops.whereabouts.unwrap();
    assert_eq!((w.eta_minutes, w.eta_by_road), (Some(26), true));
    assert!(w.meeting_latitude.is_some());
    let tiles = seen_by_ops.tiles.unwrap();
    assert_eq!(tiles.url, "https://tiles.example/{z}/{x}/{y}.png");
    let request = with(&Cred::Token(&admin), pb::ListJobBoardRequest { days: 2 });
    let board = client(&app).await.list_job_board(request).await.unwrap();
    let board = board.into_inner();
    assert!(board.tiles.is_some());
    let on_board = board.jobs.iter().find(|j| j.order_id == id).unwrap();
    assert_eq!(on_board.last_position.as_ref().unwrap().latitude, 10.7769);
    let asked = roads.asked();
    // Kept a minute per pair of points: the operator's read asked nothing more.
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(asked[0].starts_with("106.700900,10.776900;"), "{asked:?}");
    // The operator's page follows this order's partner on the live stream; the console's own
    // stream, which follows none, is not flooded with readings; a page may follow 200 at most.
    let mut page = super::live::watch_following(&app, &admin, vec![id.clone()])
        .await
        .unwrap();
    let mut console = super::live::watch_following(&app, &admin, Vec::new())
        .await
        .unwrap();
    for stream in [&mut page, &mut console] {
        super::live::next(stream).await;
    }
    let many = (0..201).map(|i| format!("BK{i}")).collect();
    let refused = super::live::watch_following(&app, &admin, many).await;
    assert_eq!(
        refused.map(|_| ()).unwrap_err().code(),
        tonic::Code::InvalidArgument
    );
    // The server down, a reading later: the straight line's estimate, about 18 minutes.
    roads.set(OsrmAnswer::Down);
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    report(reading(10.7796, 106.7007, 20)).await;
    // Staff see the order's own changes too; the reading comes among them.
    let mut followed = Vec::new();
    while !followed.contains(&(pb::LiveTopic::Position, id.clone())) {
        let answer = super::live::next(&mut page).await;
        followed.extend(answer.events.iter().map(|e| (e.topic(), e.subject.clone())));
    }
    let w = seen().await;
    assert!(!w.eta_by_road);
    let eta = w.eta_minutes.unwrap();
    assert!((12..22).contains(&eta), "{eta}");
    // A mark that the console's stream has passed the reading: the order's next step after it.
    let arrived = pb::AdvanceJobRequest {
        order_id: id.clone(),
        status: pb::JobStatus::Arrived.into(),
    };
    steps(&app)
        .await
        .advance_job(signed(&minh, arrived))
        .await
        .unwrap();
    // Everything up to the step (the latest event): no reading among it.
    let mut topics = Vec::new();
    while topics.len() < 100 {
        let answer = super::live::next(&mut console).await;
        topics.extend(answer.events.iter().map(|e| e.topic()));
        if answer.cursor >= after_step(&db).await {
            break;
        }
    }
    assert!(!topics.contains(&pb::LiveTopic::Position), "{topics:?}");
    assert!(topics.contains(&pb::LiveTopic::Order), "{topics:?}");
    app.stop().await;
}

/// The newest live event's id.
async fn after_step(db: &sea_orm::DatabaseConnection) -> i64 {
    use sea_orm::ConnectionTrait;
    let row = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            "SELECT MAX(id) AS id FROM live_events",
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "id").unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drive_on_the_way_is_timed_by_road_and_by_the_straight_line_when_the_server_is_down_sqlite()
 {
    run(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drive_on_the_way_is_timed_by_road_and_by_the_straight_line_when_the_server_is_down_postgres()
 {
    run(Backend::Postgres).await;
}
