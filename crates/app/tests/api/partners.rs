//! Partners through the real server: an admin invites two drivers, who set their passwords and
//! sign in; a paid order's job is offered to both and they accept at once: one takes it, the order
//! is confirmed with them, the other no longer sees it. A customer's token is not a partner's; a
//! step out of order and a no-show before arriving are refused with the domain's words.

use gateway::pb::job_dispatch_service_client::JobDispatchServiceClient;
use gateway::pb::job_progress_service_client::JobProgressServiceClient;
use gateway::pb::job_step_service_client::JobStepServiceClient;
use gateway::pb::job_thread_service_client::JobThreadServiceClient;
use gateway::pb::job_whereabouts_service_client::JobWhereaboutsServiceClient;
use gateway::pb::partner_service_client::PartnerServiceClient;
use gateway::pb::payment_service_client::PaymentServiceClient;
use gateway::pb::traveller_job_service_client::TravellerJobServiceClient;
use serde_json::json;
use tonic::Code;
use tonic::transport::Channel;

use super::member::{pay_in_vcoin, pay_with_vcoin, pending};
use super::operations::{Cred, OPERATOR_PASSWORD, client, operator_token, staff_token, with};
use super::orders::token_for;
use super::*;

/// A driver invited by the admin, with a password set through the invitation: their ID token.
async fn driver(app: &TestApp, admin: &str, email: &str, name: &str) -> (String, pb::Partner) {
    invite(app, admin, email, driver_record(name, "")).await
}

/// A driver with a seven-seat car, working from `home_city` (none when empty).
pub(super) fn driver_record(name: &str, home_city: &str) -> pb::Partner {
    pb::Partner {
        kind: pb::PartnerKind::Driver.into(),
        name: name.into(),
        phone_country_code: "84".into(),
        phone_number: "901234567".into(),
        languages: vec!["vi".into(), "zh".into()],
        vehicle: Some(pb::PartnerVehicle {
            model: "white Toyota Innova".into(),
            plate: "51a-123.45".into(),
            seats: 7,
        }),
        home_city: home_city.into(),
        ..Default::default()
    }
}

/// `partner` invited by the admin, with a password set through the invitation: their ID token.
pub(super) async fn invite(
    app: &TestApp,
    admin: &str,
    email: &str,
    partner: pb::Partner,
) -> (String, pb::Partner) {
    let request = pb::InvitePartnerRequest {
        email: email.into(),
        partner: Some(partner),
        continue_url: String::new(),
    };
    let invited = client(app)
        .await
        .invite_partner(with(&Cred::Token(admin), request))
        .await
        .unwrap()
        .into_inner()
        .partner
        .unwrap();
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    let code = adapters::testing::code_mailed(&db, email, "partner_invitation").await;
    let reset = json!({"oobCode": code, "newPassword": OPERATOR_PASSWORD});
    let (status, _) = app
        .post("/api/auth/confirm-password-reset", reset, None)
        .await;
    assert_eq!(status, 200);
    let sign_in = json!({"email": email, "password": OPERATOR_PASSWORD});
    let (status, body) = app.post("/api/auth/sign-in", sign_in, None).await;
    assert_eq!(status, 200, "{body}");
    (
        body["data"]["idToken"].as_str().unwrap().to_owned(),
        invited,
    )
}

/// Lan, a therapist invited by the admin and linked to the catalogue's `t-lan`.
async fn therapist_lan(app: &TestApp, admin: &str) -> (String, pb::Partner) {
    let lan = pb::Partner {
        kind: pb::PartnerKind::Therapist.into(),
        name: "Lan".into(),
        phone_country_code: "84".into(),
        phone_number: "903456789".into(),
        languages: vec!["vi".into(), "zh".into()],
        therapist_id: "t-lan".into(),
        ..Default::default()
    };
    invite(app, admin, "t-lan@partners.example", lan).await
}

pub(super) async fn partners(app: &TestApp) -> PartnerServiceClient<Channel> {
    PartnerServiceClient::connect(app.url("")).await.unwrap()
}

pub(super) async fn dispatch(app: &TestApp) -> JobDispatchServiceClient<Channel> {
    JobDispatchServiceClient::connect(app.url(""))
        .await
        .unwrap()
}

pub(super) async fn steps(app: &TestApp) -> JobStepServiceClient<Channel> {
    JobStepServiceClient::connect(app.url("")).await.unwrap()
}

pub(super) async fn whereabouts(app: &TestApp) -> JobWhereaboutsServiceClient<Channel> {
    JobWhereaboutsServiceClient::connect(app.url(""))
        .await
        .unwrap()
}

pub(super) async fn threads(app: &TestApp) -> JobThreadServiceClient<Channel> {
    JobThreadServiceClient::connect(app.url("")).await.unwrap()
}

pub(super) async fn travellers(app: &TestApp) -> TravellerJobServiceClient<Channel> {
    TravellerJobServiceClient::connect(app.url(""))
        .await
        .unwrap()
}

/// Who the partner tests start with: the admin, drivers Minh and Lan (token and record), and
/// Ann with a paid airport pick-up two days ahead (`id`).
pub(super) struct Scene {
    pub(super) admin: String,
    pub(super) minh: (String, pb::Partner),
    pub(super) lan: (String, pb::Partner),
    pub(super) ann: String,
    pub(super) id: String,
}

pub(super) async fn scene(app: &TestApp) -> Scene {
    let admin = operator_token(app).await;
    let minh = driver(app, &admin, "minh@partners.example", "Minh").await;
    let lan = driver(app, &admin, "lan@partners.example", "Lan").await;
    let ann = token_for(app, "ann@example.com").await;
    let id = pending(app, &ann, 2).await;
    pay_with_vcoin(app, &ann, &id).await;
    Scene {
        admin,
        minh,
        lan,
        ann,
        id,
    }
}

/// The order's job offered to one driver by the admin, and taken by them.
pub(super) async fn take(
    app: &TestApp,
    admin: &str,
    order_id: &str,
    (token, partner): (&str, &pb::Partner),
) {
    let offer = pb::OfferJobRequest {
        order_id: order_id.into(),
        partner_id: partner.user_id.clone(),
    };
    client(app)
        .await
        .offer_job(with(&Cred::Token(admin), offer))
        .await
        .unwrap();
    let accept = pb::AcceptJobRequest {
        order_id: order_id.into(),
    };
    dispatch(app)
        .await
        .accept_job(signed(token, accept))
        .await
        .unwrap();
}

/// The operators' board of the week as `token` (a staff member's) reads it.
pub(super) async fn job_board(app: &TestApp, token: &str) -> Vec<pb::Job> {
    let request = with(&Cred::Token(token), pb::ListJobBoardRequest { days: 7 });
    let board = client(app).await.list_job_board(request).await.unwrap();
    board.into_inner().jobs
}

/// The job of order `id` as the partner of `token` reads it.
pub(super) async fn job_as(app: &TestApp, token: &str, id: &str) -> pb::Job {
    let request = pb::GetJobRequest {
        order_id: id.into(),
    };
    let job = dispatch(app).await.get_job(signed(token, request)).await;
    job.unwrap().into_inner().job.unwrap().job.unwrap()
}

/// The job's partner moves it one step.
async fn advance(app: &TestApp, partner: &str, id: &str, to: pb::JobStatus) {
    let step = pb::AdvanceJobRequest {
        order_id: id.into(),
        status: to.into(),
    };
    steps(app)
        .await
        .advance_job(signed(partner, step))
        .await
        .unwrap();
}

/// The taken job's time has come (an hour ago), and its partner drives it to its end: on the way,
/// arrived, started, completed.
async fn drive_to_the_end(app: &TestApp, partner: &str, id: &str) {
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    adapters::testing::serve_order(&db, id).await;
    let past = chrono::Utc::now() - chrono::Duration::hours(1);
    adapters::testing::move_job(&db, id, past).await;
    for to in [
        pb::JobStatus::OnTheWay,
        pb::JobStatus::Arrived,
        pb::JobStatus::Started,
        pb::JobStatus::Completed,
    ] {
        advance(app, partner, id, to).await;
    }
}

fn words(status: &tonic::Status) -> String {
    status.message().to_owned()
}

api_test!(
    two_drivers_accept_one_job_at_once_and_one_takes_it,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, minh_p),
            lan: (lan, lan_p),
            ann,
            id,
        } = scene(app).await;

        let offer = pb::OfferJobRequest {
            order_id: id.clone(),
            partner_id: String::new(),
        };
        let offered = client(app)
            .await
            .offer_job(with(&Cred::Token(&admin), offer))
            .await
            .unwrap()
            .into_inner();
        let mut to = offered.offered_to.clone();
        to.sort();
        let mut both = vec![minh_p.user_id.clone(), lan_p.user_id.clone()];
        both.sort();
        assert_eq!(to, both);

        // Both accept at once: one takes the job, the other is told it is taken.
        let accept = |token: String| {
            let id = id.clone();
            async move {
                let request = signed(&token, pb::AcceptJobRequest { order_id: id });
                dispatch(app).await.accept_job(request).await
            }
        };
        let (a, b) = tokio::join!(accept(minh.clone()), accept(lan.clone()));
        let (winner, loser, lost) = match (a, b) {
            (Ok(_), Err(e)) => (&minh, &lan, e),
            (Err(e), Ok(_)) => (&lan, &minh, e),
            other => panic!("exactly one should win: {other:?}"),
        };
        assert_eq!(lost.code(), Code::FailedPrecondition, "{lost:?}");
        // In Vietnamese: a partner's profile starts in it.
        assert_eq!(words(&lost), "Công việc này đã có đối tác khác nhận");
        let path = format!("/api/order/detail/{id}");
        let (_, order, _) = app
            .call(reqwest::Method::GET, &path, None, Some(&ann))
            .await;
        assert_eq!(order["data"]["state"], "CONFIRMED", "{order}");
        let taken_by = if winner == &minh { "Minh" } else { "Lan" };
        assert_eq!(order["data"]["driver"]["name"], taken_by, "{order}");
        assert_eq!(order["data"]["driver"]["typed"], false, "{order}");
        // Operators may not type in another driver over the partner who accepted.
        let typed = pb::AssignDriverRequest {
            order_id: id.clone(),
            driver: Some(pb::Driver {
                name: "Tuấn".into(),
                phone_country_code: "84".into(),
                phone_number: "912345678".into(),
                plate: "51A-999.99".into(),
                typed: true,
            }),
            seen_version: None,
        };
        let refused = client(app)
            .await
            .assign_driver(with(&Cred::Token(&admin), typed))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::FailedPrecondition);
        assert_eq!(
            words(&refused),
            "已有服務夥伴接下這份工作，請先在派工處收回，再手動輸入其他司機"
        );

        // The loser's phone still shows the job, closed and saying another took it first (no
        // traveller's phone, no step to take); operators read the loser's offer as closed.
        let theirs = dispatch(app)
            .await
            .list_jobs(signed(loser, pb::ListJobsRequest { days: 7 }))
            .await
            .unwrap()
            .into_inner()
            .jobs;
        assert_eq!(theirs.len(), 1);
        let lost_job = theirs[0].job.as_ref().unwrap();
        assert_eq!(
            (
                lost_job.status(),
                lost_job.partner_id.as_str(),
                lost_job.next_step()
            ),
            (pb::JobStatus::Open, "", pb::JobStatus::Unspecified)
        );
        assert_eq!(lost_job.offers.len(), 1);
        assert_eq!(lost_job.offers[0].answer, "taken");
        assert_eq!(theirs[0].customer_phone, "");
        assert_eq!(job_as(app, loser, &id).await.offers[0].answer, "taken");
        let board = job_board(app, &admin).await;
        let mut answers: Vec<&str> = board[0].offers.iter().map(|o| o.answer.as_str()).collect();
        answers.sort_unstable();
        assert_eq!(answers, ["accepted", "taken"]);

        // The traveller follows it; another customer cannot.
        let progress = |token: String| {
            let id = id.clone();
            async move {
                let request = signed(
                    &token,
                    pb::GetJobProgressRequest {
                        order_id: id,
                        near: None,
                    },
                );
                travellers(app).await.get_job_progress(request).await
            }
        };
        let seen = progress(ann.clone()).await.unwrap().into_inner();
        assert_eq!(
            seen.progress.unwrap().status,
            i32::from(pb::JobStatus::Accepted)
        );
        let bob = token_for(app, "bob@example.com").await;
        let other = progress(bob).await.unwrap_err();
        assert_eq!(other.code(), Code::NotFound);

        // The winner's schedule holds it, the traveller's phone still masked two days ahead; the
        // loser no longer sees it.
        let mine = dispatch(app)
            .await
            .list_jobs(signed(winner, pb::ListJobsRequest { days: 7 }))
            .await
            .unwrap()
            .into_inner()
            .jobs;
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].customer_phone, "");
        assert_eq!(
            mine[0].job.as_ref().unwrap().status,
            i32::from(pb::JobStatus::Accepted)
        );
        // The loser reads it as taken by another (above); a partner never offered it, not at all.
        let outsider = driver(app, &admin, "hoa@partners.example", "Hoa").await.0;
        let gone = dispatch(app)
            .await
            .get_job(signed(
                &outsider,
                pb::GetJobRequest {
                    order_id: id.clone(),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(gone.code(), Code::NotFound);

        // Steps: not out of order, not days early; no no-show before arriving.
        let step = |to: pb::JobStatus| {
            signed(
                winner,
                pb::AdvanceJobRequest {
                    order_id: id.clone(),
                    status: to.into(),
                },
            )
        };
        let skipped = steps(app)
            .await
            .advance_job(step(pb::JobStatus::Arrived))
            .await
            .unwrap_err();
        assert_eq!(
            words(&skipped),
            "Đang ở \"Đã nhận\", không thể chuyển thẳng sang \"Đã đến\""
        );
        let early = steps(app)
            .await
            .advance_job(step(pb::JobStatus::OnTheWay))
            .await
            .unwrap_err();
        assert_eq!(
            words(&early),
            "Chỉ được xuất phát trong vòng 3 giờ trước giờ phục vụ"
        );
        // The job says when setting off opens (three hours before its start), so the app shows
        // the step closed until then; no no-show time before arriving.
        let seen = job_as(app, winner, &id).await;
        let opens = seen.next_step_at.unwrap().seconds;
        assert_eq!(seen.next_step(), pb::JobStatus::OnTheWay);
        assert_eq!(opens, seen.starts_at.unwrap().seconds - 3 * 3600);
        assert_eq!(seen.no_show_at, None);
        let position = pb::GeoPosition {
            latitude: 10.818,
            longitude: 106.658,
            accuracy: 10.0,
            taken_at: Some(prost_types::Timestamp {
                seconds: 1_795_000_000,
                nanos: 0,
            }),
        };
        let no_show = pb::ReportNoShowRequest {
            order_id: id.clone(),
            photo: "/media/x.jpg".into(),
            position: Some(position),
        };
        let refused = steps(app)
            .await
            .report_no_show(signed(winner, no_show))
            .await
            .unwrap_err();
        assert_eq!(
            words(&refused),
            "Hãy báo \"Đã đến\" trước khi báo khách không đến"
        );

        // A customer's token is not a partner's.
        let customer = partners(app)
            .await
            .get_partner(signed(&ann, pb::GetPartnerRequest {}))
            .await
            .unwrap_err();
        assert_eq!(customer.code(), Code::PermissionDenied);
        let me = partners(app)
            .await
            .get_partner(signed(winner, pb::GetPartnerRequest {}))
            .await
            .unwrap();
        assert_eq!(
            me.into_inner().partner.unwrap().vehicle.unwrap().plate,
            "51A-123.45"
        );
    }
);

api_test!(
    a_disabled_driver_is_refused_at_once_and_their_job_returns_to_the_board,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        let operator = staff_token(app, "duty@ops.example", "operator").await;
        let (minh, minh_p) = driver(app, &admin, "minh@partners.example", "Minh").await;
        let ann = token_for(app, "ann@example.com").await;
        let id = pending(app, &ann, 2).await;
        pay_with_vcoin(app, &ann, &id).await;

        // Never offered: the order has no job, and the board has nothing.
        let job_of = |token: String| {
            let id = id.clone();
            async move {
                let request = pb::GetOrderJobRequest { order_id: id };
                let mut c = client(app).await;
                let r = c.get_order_job(with(&Cred::Token(&token), request)).await;
                r.unwrap().into_inner().job
            }
        };
        assert_eq!(job_of(operator.clone()).await, None);
        // An operator (not only admins) dispatches: sees the partners, offers to one.
        let listed = client(app)
            .await
            .list_partners(with(&Cred::Token(&operator), pb::ListPartnersRequest {}))
            .await
            .unwrap()
            .into_inner()
            .partners;
        assert_eq!(listed.len(), 1);
        let offer = pb::OfferJobRequest {
            order_id: id.clone(),
            partner_id: minh_p.user_id.clone(),
        };
        client(app)
            .await
            .offer_job(with(&Cred::Token(&operator), offer))
            .await
            .unwrap();
        let accept = signed(
            &minh,
            pb::AcceptJobRequest {
                order_id: id.clone(),
            },
        );
        dispatch(app).await.accept_job(accept).await.unwrap();

        // Only an admin turns a partner off.
        let off = |token: &str| {
            with(
                &Cred::Token(token),
                pb::SetPartnerActiveRequest {
                    user_id: minh_p.user_id.clone(),
                    active: false,
                },
            )
        };
        let refused = client(app)
            .await
            .set_partner_active(off(&operator))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied);
        let done = client(app)
            .await
            .set_partner_active(off(&admin))
            .await
            .unwrap()
            .into_inner();
        assert!(!done.partner.unwrap().active);
        assert_eq!(done.returned.len(), 1);
        let returned = &done.returned[0];
        assert_eq!(
            (returned.order_id.as_str(), returned.redispatch),
            (id.as_str(), true)
        );
        assert_eq!(returned.status, i32::from(pb::JobStatus::Open));

        // Their token no longer works, the order waits for a driver, the board flags the job.
        let gone = dispatch(app)
            .await
            .list_jobs(signed(&minh, pb::ListJobsRequest { days: 7 }))
            .await
            .unwrap_err();
        assert_eq!(gone.code(), Code::PermissionDenied);
        assert_eq!(words(&gone), "Đối tác này đã bị tạm ngưng");
        let path = format!("/api/order/detail/{id}");
        let (_, order, _) = app
            .call(reqwest::Method::GET, &path, None, Some(&ann))
            .await;
        assert_eq!(order["data"]["state"], "PAID", "{order}");
        assert!(order["data"]["driver"].is_null(), "{order}");
        let board = job_board(app, &operator).await;
        assert_eq!(board.len(), 1);
        assert!(board[0].redispatch);
        // Taking back a job on the board already changes nothing.
        let again = pb::WithdrawJobRequest {
            order_id: id.clone(),
        };
        let same = client(app)
            .await
            .withdraw_job(with(&Cred::Token(&operator), again))
            .await
            .unwrap()
            .into_inner()
            .job
            .unwrap();
        assert_eq!(same.steps.len(), 2, "accepted, withdrawn");
        assert_eq!(job_of(admin.clone()).await.unwrap().steps.len(), 2);
    }
);

/// A reading of the driver's phone `after` seconds from now.
pub(super) fn reading(latitude: f64, longitude: f64, after: i64) -> pb::GeoPosition {
    let at = chrono::Utc::now() + chrono::Duration::seconds(after);
    pb::GeoPosition {
        latitude,
        longitude,
        accuracy: 10.0,
        taken_at: Some(prost_types::Timestamp {
            seconds: at.timestamp(),
            nanos: 0,
        }),
    }
}

api_test!(
    the_driver_s_position_reaches_the_traveller_while_on_the_way_and_is_dropped_when_wrong,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, minh_p),
            lan: (lan, _),
            ann,
            id,
        } = scene(app).await;
        take(app, &admin, &id, (&minh, &minh_p)).await;
        let report = |token: String, position: pb::GeoPosition| {
            let id = id.clone();
            async move {
                let request = pb::ReportPositionRequest {
                    order_id: id,
                    position: Some(position),
                };
                let r = whereabouts(app)
                    .await
                    .report_position(signed(&token, request))
                    .await;
                r.map(tonic::Response::into_inner)
            }
        };
        let whereabouts = || {
            let (id, ann) = (id.clone(), ann.clone());
            async move {
                let request = pb::GetJobProgressRequest {
                    order_id: id,
                    near: None,
                };
                let mut c = travellers(app).await;
                let seen = c.get_job_progress(signed(&ann, request)).await.unwrap();
                seen.into_inner().progress.unwrap().whereabouts
            }
        };
        // District 1, about 5.5 km from Tan Son Nhat's arrivals.
        let (lat, lon) = (10.7769, 106.7009);

        // Not before setting off.
        let early = report(minh.clone(), reading(lat, lon, 0))
            .await
            .unwrap_err();
        assert_eq!(early.code(), Code::FailedPrecondition);
        assert_eq!(
            words(&early),
            "Chỉ chia sẻ vị trí khi đang đến hoặc đã đến nơi"
        );
        let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
        let soon = chrono::Utc::now() + chrono::Duration::hours(1);
        adapters::testing::move_job(&db, &id, soon).await;
        let step = |to: pb::JobStatus| {
            signed(
                &minh,
                pb::AdvanceJobRequest {
                    order_id: id.clone(),
                    status: to.into(),
                },
            )
        };
        steps(app)
            .await
            .advance_job(step(pb::JobStatus::OnTheWay))
            .await
            .unwrap();
        assert_eq!(whereabouts().await, None, "nothing said yet");

        // Kept: the traveller reads how far from the airport and how soon.
        assert!(
            report(minh.clone(), reading(lat, lon, 0))
                .await
                .unwrap()
                .kept
        );
        let first = whereabouts().await.unwrap();
        assert_eq!(first.meeting, i32::from(pb::MeetingPoint::Airport));
        assert_eq!(first.airport, "SGN");
        let far = first.distance_m.unwrap();
        assert!((5_000..6_000).contains(&far), "{far}");
        assert!(first.eta_minutes.unwrap() > 10);
        assert_eq!(first.position.unwrap().latitude, lat);

        // Dropped with the reason, in the partner's language: 800 m in 5 s; Bangkok.
        let leap = report(minh.clone(), reading(lat + 0.0072, lon, 5))
            .await
            .unwrap();
        assert_eq!((leap.kept, leap.dropped.as_str()), (false, "too_fast"));
        assert_eq!(
            leap.reason,
            "So với vị trí trước, tốc độ vượt quá 150 km/h nên vị trí không được dùng"
        );
        let abroad = report(minh.clone(), reading(13.7563, 100.5018, 6))
            .await
            .unwrap();
        assert_eq!(abroad.dropped, "outside_vietnam");
        let stale = report(minh.clone(), reading(lat, lon, -120)).await.unwrap();
        assert_eq!(stale.dropped, "stale");
        let malformed = report(minh.clone(), reading(f64::NAN, lon, 7))
            .await
            .unwrap_err();
        assert_eq!(malformed.code(), Code::InvalidArgument);
        // Another driver on Minh's job: as if there were none.
        let other = report(lan.clone(), reading(lat, lon, 8)).await.unwrap_err();
        assert_eq!(other.code(), Code::NotFound);
        assert_eq!(whereabouts().await.unwrap().distance_m, Some(far));

        // 300 m nearer 20 s on (54 km/h), but sent within seconds of the last one kept: refused
        // with how long to wait; sent after that, kept, and the distance shrinks.
        let nearer = reading(lat + 0.0027, lon - 0.0002, 20);
        let soon = report(minh.clone(), nearer).await.unwrap_err();
        assert_eq!(soon.code(), Code::ResourceExhausted);
        let wait: u64 = soon
            .metadata()
            .get("retry-after")
            .unwrap()
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=4).contains(&wait), "{wait}");
        tokio::time::sleep(Duration::from_secs(wait)).await;
        let nearer = report(minh.clone(), nearer).await;
        assert!(nearer.unwrap().kept);
        let now = whereabouts().await.unwrap().distance_m.unwrap();
        assert!(now < far, "{now} < {far}");

        // Staff read the last report on the board.
        let board = || async {
            let request = pb::ListJobBoardRequest { days: 7 };
            let mut c = client(app).await;
            let r = c.list_job_board(with(&Cred::Token(&admin), request)).await;
            r.unwrap().into_inner().jobs.remove(0).last_position
        };
        assert!(board().await.is_some());

        // There: no estimate. Started: the traveller no longer sees it, the phone no longer sends.
        steps(app)
            .await
            .advance_job(step(pb::JobStatus::Arrived))
            .await
            .unwrap();
        let there = whereabouts().await.unwrap();
        assert_eq!(there.eta_minutes, None);
        assert!(there.distance_m.is_some());
        steps(app)
            .await
            .advance_job(step(pb::JobStatus::Started))
            .await
            .unwrap();
        assert_eq!(whereabouts().await, None);
        let after = report(minh.clone(), reading(lat, lon, 25))
            .await
            .unwrap_err();
        assert_eq!(after.code(), Code::FailedPrecondition);

        // Deleted a day after it was taken.
        let later = chrono::Utc::now()
            + chrono::Duration::hours(domain::jobs::POSITIONS_KEPT_HOURS)
            + chrono::Duration::minutes(5);
        let purged = adapters::stores::housekeeping::purge(&db, later)
            .await
            .unwrap();
        assert_eq!(purged.positions, 1);
        assert_eq!(board().await, None);
    }
);

api_test!(
    the_traveller_and_the_driver_talk_each_reading_phrases_in_their_own_language,
    async |app: &TestApp| {
        use pb::send_job_message_request::Said as PartnerSaid;
        use pb::send_traveller_message_request::Said as TravellerSaid;
        let Scene {
            admin,
            minh: (minh, minh_p),
            lan: (lan, _),
            ann,
            id,
        } = scene(app).await;
        let progress = || async { travellers(app).await };
        let ann_reads = || async {
            let request = pb::GetTravellerThreadRequest {
                order_id: id.clone(),
            };
            let r = progress()
                .await
                .get_traveller_thread(signed(&ann, request))
                .await;
            r.unwrap().into_inner().thread.unwrap()
        };
        // Nobody has the job yet: nothing to read, nowhere to write.
        let before = ann_reads().await;
        assert!(!before.open && before.messages.is_empty());

        take(app, &admin, &id, (&minh, &minh_p)).await;

        // The driver taps a quick reply; the traveller reads it in Chinese, he in Vietnamese.
        let send = pb::SendJobMessageRequest {
            order_id: id.clone(),
            said: Some(PartnerSaid::Phrase("at_arrivals".into())),
            key: "m-1".into(),
        };
        let his = threads(app)
            .await
            .send_job_message(signed(&minh, send))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        assert_eq!(
            his.messages[0].text,
            "Tôi đang ở cửa ra sảnh đến, cầm bảng có tên bạn"
        );
        assert!(his.messages[0].mine);
        assert!(his.phrases.iter().any(|p| p.code == "where_are_you"));
        let hers = ann_reads().await;
        assert!(hers.open);
        let first = &hers.messages[0];
        assert_eq!(first.text, "我在入境大廳出口，舉著寫有您名字的牌子");
        assert_eq!(
            (first.mine, first.side, first.phrase.as_str()),
            (false, i32::from(pb::JobSide::Partner), "at_arrivals")
        );
        assert!(
            hers.phrases
                .iter()
                .any(|p| p.code == "landed" && p.text == "我已落地，正在等行李")
        );

        // She writes her own words: he reads them as written, marked Chinese. Sent twice (a
        // retry, the second under the call's first name, JobProgressService's), they are written
        // once.
        let own_words = || pb::SendTravellerMessageRequest {
            order_id: id.clone(),
            said: Some(TravellerSaid::Text("我穿藍色外套".into())),
            key: "t-1".into(),
        };
        progress()
            .await
            .send_traveller_message(signed(&ann, own_words()))
            .await
            .unwrap();
        let mut first_name = JobProgressServiceClient::connect(app.url(""))
            .await
            .unwrap();
        #[allow(deprecated)]
        let again = first_name.send_traveller_message(signed(&ann, own_words()));
        again.await.unwrap();
        let read = pb::GetJobThreadRequest {
            order_id: id.clone(),
        };
        let his = threads(app)
            .await
            .get_job_thread(signed(&minh, read.clone()))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        assert_eq!(his.messages.len(), 2);
        let second = &his.messages[1];
        assert_eq!(
            (second.text.as_str(), second.language.as_str(), second.mine),
            ("我穿藍色外套", "zh-TW", false)
        );
        // A traveller's phrase is not the driver's to send.
        let wrong = pb::SendJobMessageRequest {
            order_id: id.clone(),
            said: Some(PartnerSaid::Phrase("landed".into())),
            key: "m-2".into(),
        };
        let refused = threads(app)
            .await
            .send_job_message(signed(&minh, wrong))
            .await
            .unwrap_err();
        assert_eq!(words(&refused), "Không có câu trả lời nhanh này");

        // Nobody else reads it; staff read it, in their language.
        let other = threads(app)
            .await
            .get_job_thread(signed(&lan, read))
            .await
            .unwrap_err();
        assert_eq!(other.code(), Code::NotFound);
        let bob = token_for(app, "bob@example.com").await;
        let request = pb::GetTravellerThreadRequest {
            order_id: id.clone(),
        };
        let stranger = progress()
            .await
            .get_traveller_thread(signed(&bob, request))
            .await
            .unwrap_err();
        assert_eq!(stranger.code(), Code::NotFound);
        let request = pb::GetOrderJobThreadRequest {
            order_id: id.clone(),
        };
        let staff = client(app)
            .await
            .get_order_job_thread(with(&Cred::Token(&admin), request))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        assert_eq!((staff.messages.len(), staff.open), (2, false));
        assert!(staff.phrases.is_empty());
    }
);

api_test!(
    a_completed_job_shows_in_the_driver_s_earnings_and_an_admin_pays_the_week_once,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, minh_p),
            lan: (lan, _),
            ann,
            id,
        } = scene(app).await;
        take(app, &admin, &id, (&minh, &minh_p)).await;
        let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
        // The offer said what it pays: 70% of what Ann paid, as the plan says nothing.
        let pay = job_as(app, &minh, &id).await.pay_vnd;
        assert!(pay > 0 && pay % 1000 == 0, "{pay}");
        drive_to_the_end(app, &minh, &id).await;
        // Completed again (a retried tap).
        advance(app, &minh, &id, pb::JobStatus::Completed).await;
        let earnings = |token: String| async move {
            partners(app)
                .await
                .get_earnings(signed(&token, pb::GetEarningsRequest {}))
                .await
        };
        let his = earnings(minh.clone()).await.unwrap().into_inner();
        assert_eq!(
            (his.today_vnd, his.this_week_vnd, his.owed_vnd),
            (pay, pay, pay),
            "completed twice, earned once"
        );
        assert_eq!((his.weeks.len(), his.weeks[0].jobs), (1, 1));
        // Lan earned nothing, and sees nothing of his; a traveller is no partner.
        let hers = earnings(lan.clone()).await.unwrap().into_inner();
        assert_eq!((hers.owed_vnd, hers.weeks.len()), (0, 0));
        let refused = earnings(ann.clone()).await.unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied);

        let this_week = his.weeks[0].week.clone();
        let pay_week = |token: String, week: String, reference: &'static str| {
            let request = pb::PayPartnerWeekRequest {
                partner_id: minh_p.user_id.clone(),
                week,
                reference: reference.into(),
            };
            async move {
                client(app)
                    .await
                    .pay_partner_week(with(&Cred::Token(&token), request))
                    .await
            }
        };
        let open = pay_week(admin.clone(), this_week.clone(), "VCB 1")
            .await
            .unwrap_err();
        assert_eq!(open.code(), Code::FailedPrecondition);
        assert_eq!(words(&open), "這週尚未結束，週一起才能付款");

        // A week on, it is last week's: the payroll lists it, an operator may not pay it.
        adapters::testing::backdate_earnings(&db, 1).await;
        let payroll = client(app)
            .await
            .list_payroll(with(
                &Cred::Token(&admin),
                pb::ListPayrollRequest::default(),
            ))
            .await
            .unwrap()
            .into_inner();
        assert!(payroll.over);
        assert_eq!(payroll.lines.len(), 1);
        let line = &payroll.lines[0];
        assert_eq!(line.partner.as_ref().unwrap().name, "Minh");
        assert_eq!(line.statement.as_ref().unwrap().due_vnd, pay);
        let week = payroll.week.clone();
        assert_ne!(week, this_week);
        let operator = staff_token(app, "duty@ops.example", "operator").await;
        let denied = pay_week(operator, week.clone(), "VCB 1").await.unwrap_err();
        assert_eq!(denied.code(), Code::PermissionDenied);

        // Two admins' clicks at once pay it once; the same reference again changes nothing, and
        // another is refused, naming the first.
        let (a, b) = tokio::join!(
            pay_week(admin.clone(), week.clone(), "VCB 20261130"),
            pay_week(admin.clone(), week.clone(), "VCB 20261130")
        );
        let (a, b) = (a.unwrap().into_inner(), b.unwrap().into_inner());
        assert_eq!(a.statement, b.statement);
        let paid = a.statement.unwrap();
        let payout = paid.payout.unwrap();
        assert_eq!((payout.amount_vnd, paid.due_vnd), (-pay, 0));
        assert_eq!(payout.paid_by, "operator:lan@ops.example");
        let other = pay_week(admin.clone(), week.clone(), "VCB 9")
            .await
            .unwrap_err();
        assert_eq!(words(&other), "這週已付款，參考碼 VCB 20261130");
        assert_eq!(
            adapters::testing::count(&db, "partner_earnings").await,
            2,
            "one earning, one payout"
        );

        // The driver reads it paid, with the bank's reference and not who clicked.
        let his = earnings(minh.clone()).await.unwrap().into_inner();
        assert_eq!((his.owed_vnd, his.this_week_vnd), (0, 0));
        let statement = partners(app)
            .await
            .get_earnings_week(signed(
                &minh,
                pb::GetEarningsWeekRequest { week: week.clone() },
            ))
            .await
            .unwrap()
            .into_inner()
            .statement
            .unwrap();
        assert_eq!(statement.entries.len(), 1);
        assert_eq!(statement.entries[0].order_id, id);
        let seen = statement.payout.unwrap();
        assert_eq!(
            (seen.reference.as_str(), seen.paid_by.as_str()),
            ("VCB 20261130", "")
        );
        let bad = partners(app)
            .await
            .get_earnings_week(signed(
                &minh,
                pb::GetEarningsWeekRequest {
                    week: "2026-11-25".into(),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(bad.code(), Code::InvalidArgument);

        // The export: a byte-order mark, the headers in the admin's language, a row per partner.
        let export = client(app)
            .await
            .export_payroll(with(
                &Cred::Token(&admin),
                pb::ExportPayrollRequest { week: week.clone() },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(export.filename, format!("payroll-{week}.csv"));
        let mut lines = export.csv.lines();
        assert!(
            lines
                .next()
                .unwrap()
                .starts_with("\u{feff}週次,夥伴編號,姓名,類別")
        );
        let row = lines.next().unwrap();
        // An id that begins with "-" is written as text (CSV cells are neutralised).
        let id_cell = if minh_p.user_id.starts_with('-') {
            format!("'{}", minh_p.user_id)
        } else {
            minh_p.user_id.clone()
        };
        assert!(
            row.starts_with(&format!(
                "{week},{id_cell},Minh,司機,1,0,{pay},0,0,0,VCB 20261130,"
            )),
            "{row}"
        );
        assert_eq!(lines.next(), None);
    }
);

api_test!(
    a_partner_s_days_off_may_not_uncover_a_job_they_took_and_a_therapist_s_reach_the_finder,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, minh_p),
            id,
            ..
        } = scene(app).await;
        take(app, &admin, &id, (&minh, &minh_p)).await;
        let job = job_as(app, &minh, &id).await;
        let start = chrono::DateTime::from_timestamp(job.starts_at.unwrap().seconds, 0).unwrap();
        let day = domain::shared::LocalTime::of(start).naive().date();
        let set = |token: String, hours: Vec<pb::Shift>, days: Vec<chrono::NaiveDate>| async move {
            let request = pb::SetAvailabilityRequest {
                hours,
                days_off: days.iter().map(|d| d.to_string()).collect(),
            };
            partners(app)
                .await
                .set_availability(signed(&token, request))
                .await
        };
        // Off on the day of the job he took: refused, naming it, in Vietnamese.
        let refused = set(minh.clone(), Vec::new(), vec![day]).await.unwrap_err();
        assert_eq!(refused.code(), Code::FailedPrecondition);
        assert!(
            words(&refused).starts_with(&format!("Bạn đã nhận việc {id} lúc ")),
            "{}",
            words(&refused)
        );
        // Off the day after: kept, and read back.
        let next = day + chrono::Duration::days(1);
        let kept = set(minh.clone(), Vec::new(), vec![next, next])
            .await
            .unwrap()
            .into_inner()
            .availability
            .unwrap();
        assert_eq!(kept.days_off, [next.to_string()]);
        assert!(!kept.hours_required);
        let read = partners(app)
            .await
            .get_availability(signed(&minh, pb::GetAvailabilityRequest {}))
            .await
            .unwrap()
            .into_inner()
            .availability
            .unwrap();
        assert_eq!(read, kept);
        let bad = set(minh.clone(), Vec::new(), Vec::new());
        let request = pb::SetAvailabilityRequest {
            hours: Vec::new(),
            days_off: vec!["25/12/2026".into()],
        };
        let malformed = partners(app)
            .await
            .set_availability(signed(&minh, request))
            .await
            .unwrap_err();
        assert_eq!(malformed.code(), Code::InvalidArgument);
        bad.await.unwrap();

        // A therapist's days off are her catalogue record's: the massage finder leaves her out
        // on them.
        let (lan, _) = therapist_lan(app, &admin).await;
        let hers = partners(app)
            .await
            .get_availability(signed(&lan, pb::GetAvailabilityRequest {}))
            .await
            .unwrap()
            .into_inner()
            .availability
            .unwrap();
        assert!(hers.hours_required && !hers.hours.is_empty());
        let none = set(lan.clone(), Vec::new(), Vec::new()).await.unwrap_err();
        assert_eq!(none.code(), Code::InvalidArgument);
        let slot = super::orders::day_slot();
        let finder = format!("/api/plan/dragon-massage/therapist?start={slot}&duration=90");
        let listed = |body: serde_json::Value| {
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == "t-lan")
        };
        assert!(listed(app.get(&finder).await.1));
        let slot_day: chrono::NaiveDate = slot[..10].parse().unwrap();
        set(lan.clone(), hers.hours.clone(), vec![slot_day])
            .await
            .unwrap();
        assert!(!listed(app.get(&finder).await.1), "off that day");
        set(lan.clone(), hers.hours.clone(), Vec::new())
            .await
            .unwrap();
        assert!(listed(app.get(&finder).await.1));
    }
);

api_test!(
    a_no_show_waits_out_the_free_time_and_keeps_its_photo_for_the_operators,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, minh_p),
            lan: (lan, _),
            id,
            ..
        } = scene(app).await;
        take(app, &admin, &id, (&minh, &minh_p)).await;
        let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
        adapters::testing::serve_order(&db, &id).await;
        let start = chrono::Utc::now() - chrono::Duration::minutes(5);
        adapters::testing::move_job(&db, &id, start).await;
        for to in [pb::JobStatus::OnTheWay, pb::JobStatus::Arrived] {
            let step = pb::AdvanceJobRequest {
                order_id: id.clone(),
                status: to.into(),
            };
            steps(app)
                .await
                .advance_job(signed(&minh, step))
                .await
                .unwrap();
        }
        // The photo through the media pipeline, as the app uploads it; Lan has one of her own.
        let photo = adapters::testing::jpeg_with_gps(64, 48, 1);
        let upload = |token: String| {
            let photo = photo.clone();
            async move {
                let (status, body) =
                    super::massage::upload(app, Some(&token), &[("images", "image/jpeg", &photo)])
                        .await;
                assert_eq!(status, 201, "{body}");
                body["data"][0]["id"].as_str().unwrap().to_owned()
            }
        };
        let his = upload(minh.clone()).await;
        let hers = upload(lan.clone()).await;
        let report = |photo: String| {
            let now = chrono::Utc::now();
            let request = pb::ReportNoShowRequest {
                order_id: id.clone(),
                photo,
                position: Some(pb::GeoPosition {
                    latitude: 10.818,
                    longitude: 106.658,
                    accuracy: 12.0,
                    taken_at: Some(prost_types::Timestamp {
                        seconds: now.timestamp(),
                        nanos: 0,
                    }),
                }),
            };
            let minh = minh.clone();
            async move {
                steps(app)
                    .await
                    .report_no_show(signed(&minh, request))
                    .await
            }
        };
        // Before the free waiting time is out: refused, saying how long is left; the job says when
        // it opens (the free waiting time after the later of the arrival and the start).
        let seen = job_as(app, &minh, &id).await;
        let waiting = seen.free_waiting_minutes;
        let arrived = seen
            .steps
            .iter()
            .find(|s| s.status() == pb::JobStatus::Arrived)
            .unwrap()
            .at
            .unwrap()
            .seconds;
        assert_eq!(
            seen.no_show_at.unwrap().seconds,
            arrived.max(seen.starts_at.unwrap().seconds) + i64::from(waiting) * 60
        );
        let soon = report(his.clone()).await.unwrap_err();
        assert_eq!(soon.code(), Code::FailedPrecondition);
        assert!(words(&soon).contains("phút"), "{}", words(&soon));
        // Once it is: another's photo is refused; his own is kept, and the job pays its no-show.
        let waited = i64::from(waiting) + 1;
        adapters::testing::age_job_steps(&db, &id, waited).await;
        let long_ago = chrono::Utc::now() - chrono::Duration::minutes(waited + 5);
        adapters::testing::move_job(&db, &id, long_ago).await;
        let hers_id = hers.clone();
        let theirs = report(hers).await.unwrap_err();
        assert_eq!(theirs.code(), Code::InvalidArgument);
        let done = report(his.clone())
            .await
            .unwrap()
            .into_inner()
            .job
            .unwrap()
            .job
            .unwrap();
        assert_eq!(done.status, i32::from(pb::JobStatus::NoShow));
        let proof = done.no_show.unwrap();
        assert_eq!(
            proof.photo_url,
            format!("/api/plan/dragon-massage/hotel/images/{his}")
        );
        let earned = earnings_of(app, &minh).await;
        assert_eq!(
            (earned.owed_vnd, earned.weeks[0].no_shows),
            (done.no_show_pay_vnd, 1)
        );
        // The operators see the proof and open the photo; housekeeping leaves it, as a job names it.
        let seen = client(app)
            .await
            .get_order_job(with(
                &Cred::Token(&admin),
                pb::GetOrderJobRequest {
                    order_id: id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .job
            .unwrap();
        assert_eq!(seen.no_show, Some(proof.clone()));
        let (status, _, _) = app
            .call(reqwest::Method::GET, &proof.photo_url, None, Some(&admin))
            .await;
        assert_eq!(status, 200);
        use domain::media::ImageStore;
        let images = adapters::SqlImageStore::new(db.clone());
        let later = chrono::Utc::now() + chrono::Duration::days(3);
        let purged: Vec<String> = images
            .unattached(later, 100)
            .await
            .unwrap()
            .iter()
            .map(|i| i.as_str().to_owned())
            .collect();
        assert!(purged.contains(&hers_id), "an image nothing carries goes");
        assert!(!purged.contains(&his), "the proof stays");
    }
);

api_test!(
    the_therapist_who_took_a_massage_sees_its_hotel_photos_and_nobody_else,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, _),
            ann,
            ..
        } = scene(app).await;
        let photo = adapters::testing::jpeg_with_gps(640, 480, 1);
        let (status, up) = super::massage::upload(
            app,
            Some(&ann),
            &[
                ("images", "image/jpeg", &photo),
                ("images", "image/jpeg", &photo),
            ],
        )
        .await;
        assert_eq!(status, 201, "{up}");
        let on_order = up["data"][0]["id"].as_str().unwrap().to_owned();
        let kept_back = up["data"][1]["id"].as_str().unwrap().to_owned();
        let mut order = super::massage::massage("t-lan", &[&on_order]);
        order["contact"] = super::orders::contact();
        let (status, body) = app
            .post(
                "/api/plan/dragon-massage/massage-classic/order",
                order,
                Some(&ann),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let id = body["data"]["id"].as_str().unwrap().to_owned();
        pay_in_vcoin(app, &ann, "dragon-massage", &id, 2_000_000).await;
        let lan = therapist_lan(app, &admin).await;
        let photo_of = |token: String, image: String, thumbnail: bool| {
            let id = id.clone();
            async move {
                let request = pb::GetHotelPhotoRequest {
                    order_id: id,
                    image_id: image,
                    thumbnail,
                };
                steps(app)
                    .await
                    .get_hotel_photo(signed(&token, request))
                    .await
                    .map(|r| r.into_inner().jpeg)
            }
        };
        // Offered but not yet taken: not hers to see.
        let offer = pb::OfferJobRequest {
            order_id: id.clone(),
            partner_id: lan.1.user_id.clone(),
        };
        client(app)
            .await
            .offer_job(with(&Cred::Token(&admin), offer))
            .await
            .unwrap();
        let early = photo_of(lan.0.clone(), on_order.clone(), true).await;
        assert_eq!(early.unwrap_err().code(), Code::NotFound);
        let accept = pb::AcceptJobRequest {
            order_id: id.clone(),
        };
        dispatch(app)
            .await
            .accept_job(signed(&lan.0, accept))
            .await
            .unwrap();
        // Taken: the job lists the photo, and both sizes come as JPEG.
        let request = pb::GetJobRequest {
            order_id: id.clone(),
        };
        let job = dispatch(app)
            .await
            .get_job(signed(&lan.0, request))
            .await
            .unwrap()
            .into_inner()
            .job
            .unwrap();
        let Some(pb::order_details::Service::Massage(details)) = job.details.unwrap().service
        else {
            panic!("a massage job");
        };
        assert_eq!(details.hotel_image_ids, std::slice::from_ref(&on_order));
        let thumb = photo_of(lan.0.clone(), on_order.clone(), true)
            .await
            .unwrap();
        let full = photo_of(lan.0.clone(), on_order.clone(), false)
            .await
            .unwrap();
        assert!(thumb.starts_with(&[0xFF, 0xD8]) && full.starts_with(&[0xFF, 0xD8]));
        assert!(full.len() > thumb.len(), "{} ≤ {}", full.len(), thumb.len());
        // The traveller's other photo is not on the order; a driver's token, and the traveller's
        // own (not a partner's), see nothing through this call.
        let other = photo_of(lan.0.clone(), kept_back, true).await.unwrap_err();
        assert_eq!(other.code(), Code::NotFound);
        let driver = photo_of(minh, on_order.clone(), true).await.unwrap_err();
        assert_eq!(driver.code(), Code::NotFound);
        let traveller = photo_of(ann, on_order.clone(), true).await.unwrap_err();
        assert_eq!(traveller.code(), Code::PermissionDenied);
        let malformed = photo_of(lan.0, "../../etc/passwd".into(), true).await;
        assert_eq!(malformed.unwrap_err().code(), Code::NotFound);
    }
);

/// A partner's ten calls on one job, through the clients given for dispatch, steps, whereabouts
/// and the thread: each answer, in the order of `TEN_CALLS`.
macro_rules! ten_calls {
    ($d:expr, $s:expr, $w:expr, $t:expr, $lan:expr, $order_id:expr, $point:expr) => {
        [
            $d.accept_job(signed(
                $lan,
                pb::AcceptJobRequest {
                    order_id: $order_id.clone(),
                },
            ))
            .await
            .map(drop),
            $d.decline_job(signed(
                $lan,
                pb::DeclineJobRequest {
                    order_id: $order_id.clone(),
                    reason: "busy".into(),
                },
            ))
            .await
            .map(drop),
            $s.advance_job(signed(
                $lan,
                pb::AdvanceJobRequest {
                    order_id: $order_id.clone(),
                    status: pb::JobStatus::OnTheWay.into(),
                },
            ))
            .await
            .map(drop),
            $s.check_in(signed(
                $lan,
                pb::CheckInRequest {
                    order_id: $order_id.clone(),
                    voucher_code: "x".into(),
                },
            ))
            .await
            .map(drop),
            $s.report_no_show(signed(
                $lan,
                pb::ReportNoShowRequest {
                    order_id: $order_id.clone(),
                    photo: "/media/x.jpg".into(),
                    position: Some($point),
                },
            ))
            .await
            .map(drop),
            $w.report_position(signed(
                $lan,
                pb::ReportPositionRequest {
                    order_id: $order_id.clone(),
                    position: Some($point),
                },
            ))
            .await
            .map(drop),
            $d.get_job(signed(
                $lan,
                pb::GetJobRequest {
                    order_id: $order_id.clone(),
                },
            ))
            .await
            .map(drop),
            $t.get_job_thread(signed(
                $lan,
                pb::GetJobThreadRequest {
                    order_id: $order_id.clone(),
                },
            ))
            .await
            .map(drop),
            $t.send_job_message(signed(
                $lan,
                pb::SendJobMessageRequest {
                    order_id: $order_id.clone(),
                    said: Some(pb::send_job_message_request::Said::Phrase(
                        "at_arrivals".into(),
                    )),
                    key: "l-1".into(),
                },
            ))
            .await
            .map(drop),
            $s.get_hotel_photo(signed(
                $lan,
                pb::GetHotelPhotoRequest {
                    order_id: $order_id.clone(),
                    image_id: "0123456789abcdef0123456789abcdef".into(),
                    thumbnail: true,
                },
            ))
            .await
            .map(drop),
        ]
    };
}

const TEN_CALLS: [&str; 10] = [
    "accept",
    "decline",
    "advance",
    "check in",
    "no-show",
    "position",
    "job",
    "thread",
    "message",
    "hotel photo",
];

api_test!(
    another_partner_s_job_is_not_found_and_a_phone_sending_fast_is_kept_to_one_reading,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, minh_p),
            lan: (lan, _),
            ann: _,
            id,
        } = scene(app).await;
        take(app, &admin, &id, (&minh, &minh_p)).await;
        let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
        adapters::testing::move_job(&db, &id, chrono::Utc::now() + chrono::Duration::hours(1))
            .await;
        let order_id = id.clone();
        let (mut d, mut s, mut w, mut t) = (
            dispatch(app).await,
            steps(app).await,
            whereabouts(app).await,
            threads(app).await,
        );
        // Lan was never offered Minh's job: each call says it is not found, as for no job, under
        // job.proto's names and under the first ones (PartnerService's).
        let point = reading(10.7769, 106.7009, 0);
        let answers = ten_calls!(d, s, w, t, &lan, order_id, point);
        let mut p = partners(app).await;
        #[allow(deprecated)]
        let first = ten_calls!(p, p, p, p, &lan, order_id, point);
        for (call, answer) in TEN_CALLS
            .iter()
            .cycle()
            .zip(answers.into_iter().chain(first))
        {
            assert_eq!(answer.unwrap_err().code(), Code::NotFound, "{call}");
        }

        // Minh's phone sends "on my way" ten times at once (a retry storm): every answer is the
        // job on the way, one step recorded.
        let steps: Vec<_> = (0..10)
            .map(|_| {
                let (minh, order_id, url) = (minh.clone(), order_id.clone(), app.url(""));
                tokio::spawn(async move {
                    let mut p =
                        gateway::pb::job_step_service_client::JobStepServiceClient::connect(url)
                            .await
                            .unwrap();
                    let request = pb::AdvanceJobRequest {
                        order_id,
                        status: pb::JobStatus::OnTheWay.into(),
                    };
                    p.advance_job(signed(&minh, request)).await
                })
            })
            .collect();
        for step in steps {
            let job = step
                .await
                .unwrap()
                .unwrap()
                .into_inner()
                .job
                .unwrap()
                .job
                .unwrap();
            assert_eq!(job.status(), pb::JobStatus::OnTheWay);
        }
        let job = job_as(app, &minh, &order_id).await;
        let on_the_way = job
            .steps
            .iter()
            .filter(|s| s.status() == pb::JobStatus::OnTheWay)
            .count();
        assert_eq!(on_the_way, 1, "{:?}", job.steps);

        // Then it sends 40 readings at once, each newer than the one before: one is kept; the
        // others are told to wait, or (older than the one kept) dropped as stale. Sent again at
        // once, all newer: all are told to wait. One event reaches Ann's page.
        let before = adapters::testing::count(&db, "live_events").await;
        let barrage = |from: i64| {
            let sends: Vec<_> = (0..40)
                .map(|i| {
                    let (minh, order_id, url) = (minh.clone(), order_id.clone(), app.url(""));
                    tokio::spawn(async move {
                        let mut p =
                            gateway::pb::job_whereabouts_service_client::JobWhereaboutsServiceClient::connect(url)
                                .await
                                .unwrap();
                        let mut position = reading(10.7769, 106.7009, from);
                        position.taken_at.as_mut().unwrap().nanos = i * 10_000_000;
                        let request = pb::ReportPositionRequest {
                            order_id,
                            position: Some(position),
                        };
                        p.report_position(signed(&minh, request)).await
                    })
                })
                .collect::<Vec<_>>();
            async move {
                let (mut kept, mut throttled, mut stale) = (0, 0, 0);
                for s in sends {
                    match s.await.unwrap() {
                        Ok(r) if r.get_ref().kept => kept += 1,
                        Ok(r) if r.get_ref().dropped == "stale" => stale += 1,
                        Err(e) if e.code() == Code::ResourceExhausted => {
                            assert!(e.metadata().get("retry-after").is_some());
                            throttled += 1;
                        }
                        other => panic!("{other:?}"),
                    }
                }
                (kept, throttled, stale)
            }
        };
        let (kept, throttled, stale) = barrage(-10).await;
        assert_eq!((kept, throttled + stale), (1, 39));
        assert_eq!(barrage(1).await, (0, 40, 0));
        assert_eq!(
            adapters::testing::count(&db, "live_events").await - before,
            1,
            "one event for the traveller's page"
        );
    }
);

api_test!(
    an_admin_corrects_a_partner_s_week_once_per_request_and_never_below_nothing,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, minh_p),
            ..
        } = scene(app).await;
        let correct = |token: String, amount: i64, reason: &'static str, request: &'static str| {
            let request = pb::CorrectPartnerEarningsRequest {
                partner_id: minh_p.user_id.clone(),
                amount_vnd: amount,
                reason: reason.into(),
                request_id: request.into(),
            };
            async move {
                client(app)
                    .await
                    .correct_partner_earnings(with(&Cred::Token(&token), request))
                    .await
            }
        };
        // A bonus, the admin's click sent twice at once: one line.
        let (a, b) = tokio::join!(
            correct(admin.clone(), 200_000, "Tết bonus", "fix-1"),
            correct(admin.clone(), 200_000, "Tết bonus", "fix-1")
        );
        let week = a.unwrap().into_inner().statement.unwrap();
        assert_eq!(b.unwrap().into_inner().statement.unwrap(), week);
        assert_eq!(
            (week.earned_vnd, week.corrections_vnd, week.tips_vnd),
            (200_000, 200_000, 0)
        );
        assert_eq!(week.entries.len(), 1);
        assert_eq!(week.entries[0].cause(), pb::EarningCause::Correction);
        assert_eq!(week.entries[0].reason, "Tết bonus");

        // Taking back more than the week holds is refused in words; less is a line of its own.
        let over = correct(admin.clone(), -300_000, "wrong fare", "fix-2")
            .await
            .unwrap_err();
        assert_eq!(over.code(), Code::FailedPrecondition);
        assert!(words(&over).contains("200,000"), "{}", words(&over));
        let no_reason = correct(admin.clone(), -50_000, " ", "fix-3")
            .await
            .unwrap_err();
        assert_eq!(no_reason.code(), Code::InvalidArgument);
        let week = correct(admin.clone(), -50_000, "wrong fare", "fix-4")
            .await
            .unwrap()
            .into_inner()
            .statement
            .unwrap();
        assert_eq!((week.earned_vnd, week.corrections_vnd), (150_000, 150_000));
        let operator = staff_token(app, "duty@ops.example", "operator").await;
        let denied = correct(operator, 10_000, "x", "fix-5").await.unwrap_err();
        assert_eq!(denied.code(), Code::PermissionDenied);

        // The partner reads both lines with their reasons, not who made them; the payroll CSV
        // has the corrections' column.
        let his = partners(app)
            .await
            .get_earnings_week(signed(
                &minh,
                pb::GetEarningsWeekRequest {
                    week: week.week.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .statement
            .unwrap();
        let reasons: Vec<_> = his
            .entries
            .iter()
            .map(|e| (e.reason.as_str(), e.paid_by.as_str()))
            .collect();
        assert_eq!(reasons, [("Tết bonus", ""), ("wrong fare", "")]);
        let csv = client(app)
            .await
            .export_payroll(with(
                &Cred::Token(&admin),
                pb::ExportPayrollRequest {
                    week: week.week.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .csv;
        let rows: Vec<&str> = csv.lines().collect();
        assert!(rows[0].contains("其中調整"), "{}", rows[0]);
        assert!(rows[1].contains(",150000,0,150000,150000,"), "{}", rows[1]);
    }
);

async fn wallet_of(app: &TestApp, token: &str) -> pb::GetWalletResponse {
    PaymentServiceClient::connect(app.url(""))
        .await
        .unwrap()
        .get_wallet(signed(token, pb::GetWalletRequest {}))
        .await
        .unwrap()
        .into_inner()
}

async fn earnings_of(app: &TestApp, token: &str) -> pb::GetEarningsResponse {
    partners(app)
        .await
        .get_earnings(signed(token, pb::GetEarningsRequest {}))
        .await
        .unwrap()
        .into_inner()
}

api_test!(
    a_traveller_tips_the_driver_once_from_the_wallet_and_the_driver_earns_it_in_full,
    async |app: &TestApp| {
        let Scene {
            admin,
            minh: (minh, minh_p),
            lan: (lan, _),
            ann,
            id,
        } = scene(app).await;
        let tip_of = |token: String| {
            let id = id.clone();
            async move {
                travellers(app)
                    .await
                    .get_tip(signed(&token, pb::GetTipRequest { order_id: id }))
                    .await
            }
        };
        let tip = |token: String, amount: i64| {
            let id = id.clone();
            async move {
                travellers(app)
                    .await
                    .tip_partner(signed(
                        &token,
                        pb::TipPartnerRequest {
                            order_id: id,
                            amount_vnd: amount,
                            ..Default::default()
                        },
                    ))
                    .await
            }
        };
        // Not yet served: no tip.
        take(app, &admin, &id, (&minh, &minh_p)).await;
        assert!(
            tip_of(ann.clone())
                .await
                .unwrap()
                .into_inner()
                .open_until
                .is_none()
        );
        let early = tip(ann.clone(), 50_000).await.unwrap_err();
        assert_eq!(early.code(), Code::FailedPrecondition);
        assert_eq!(words(&early), "服務完成後才能給小費");

        drive_to_the_end(app, &minh, &id).await;
        let pay = job_as(app, &minh, &id).await.pay_vnd;
        let open = tip_of(ann.clone()).await.unwrap().into_inner();
        assert!(open.open_until.is_some());
        assert_eq!(
            (open.given_vnd, open.min_vnd, open.max_vnd),
            (0, 10_000, 2_000_000)
        );
        // Nobody else reads or tips on her order.
        assert_eq!(
            tip_of(lan.clone()).await.unwrap_err().code(),
            Code::NotFound
        );

        // Her wallet is empty after paying: refused in words; topped up, two taps at once tip once.
        let short = tip(ann.clone(), 50_000).await.unwrap_err();
        assert_eq!(short.code(), Code::FailedPrecondition, "{short:?}");
        let bad = tip(ann.clone(), 12_345).await.unwrap_err();
        assert_eq!(bad.code(), Code::InvalidArgument);
        let r = app
            .http
            .post(app.url("/api/v-coin/top-up"))
            .header("authorization-firebase", &ann)
            .header("idempotency-key", "tip-top-up")
            .json(&json!({"amountVnd": 100_000, "method": "DEV"}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let (a, b) = tokio::join!(tip(ann.clone(), 50_000), tip(ann.clone(), 50_000));
        let given: Vec<_> = [a, b].into_iter().filter_map(Result::ok).collect();
        assert_eq!(given.len(), 1);
        assert_eq!(given[0].get_ref().given_vnd, 50_000);
        let after = tip_of(ann.clone()).await.unwrap().into_inner();
        assert_eq!((after.given_vnd, after.open_until), (50_000, None));
        let again = tip(ann.clone(), 20_000).await.unwrap_err();
        assert_eq!(words(&again), "您已為這項服務給過小費");

        // The wallet paid it once; the driver earned it in full, beside the job's pay.
        let wallet = wallet_of(app, &ann).await;
        assert_eq!(wallet.balance_vnd, 50_000);
        let his = earnings_of(app, &minh).await;
        assert_eq!(his.this_week_vnd, pay + 50_000);
        assert_eq!(his.weeks[0].tips_vnd, 50_000);
    }
);

api_test!(
    a_tip_paid_by_vnpay_reaches_the_driver_and_a_second_by_transfer_goes_to_the_wallet,
    async |app: &TestApp| {
        use super::payments::{bank, ipn, notify, vnpay_result};
        let Scene {
            admin,
            minh: (minh, minh_p),
            ann,
            id,
            ..
        } = scene(app).await;
        take(app, &admin, &id, (&minh, &minh_p)).await;
        drive_to_the_end(app, &minh, &id).await;
        let pay = job_as(app, &minh, &id).await.pay_vnd;
        let tip_by = |method: pb::PaymentMethod, key: &'static str| {
            let id = id.clone();
            let ann = ann.clone();
            async move {
                let mut request = signed(
                    &ann,
                    pb::TipPartnerRequest {
                        order_id: id,
                        amount_vnd: 50_000,
                        method: method.into(),
                    },
                );
                request
                    .metadata_mut()
                    .insert("idempotency-key", key.parse().unwrap());
                travellers(app).await.tip_partner(request).await
            }
        };
        // Two ways opened before either arrives; a method is not v-coin's key-less call.
        let qr = tip_by(pb::PaymentMethod::Vietqr, "tip-qr")
            .await
            .unwrap()
            .into_inner();
        let vn = tip_by(pb::PaymentMethod::Vnpay, "tip-vn")
            .await
            .unwrap()
            .into_inner();
        assert_eq!(qr.given_vnd, 0);
        let (qr, vn) = (qr.payment.unwrap(), vn.payment.unwrap());
        assert_eq!(vn.purpose(), pb::PaymentPurpose::Tip);
        assert!(
            vn.redirect_url.contains(&format!("vnp_TxnRef={}", vn.id)),
            "{}",
            vn.redirect_url
        );

        // VNPay says paid: the driver earns it in full, the traveller sees it given.
        assert_eq!(ipn(app, &vnpay_result(&vn.id, "5000000", "00")).await, "00");
        assert_eq!(ipn(app, &vnpay_result(&vn.id, "5000000", "00")).await, "02");
        let standing = travellers(app)
            .await
            .get_tip(signed(
                &ann,
                pb::GetTipRequest {
                    order_id: id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!((standing.given_vnd, standing.open_until), (50_000, None));
        let his = earnings_of(app, &minh).await;
        assert_eq!(his.this_week_vnd, pay + 50_000);

        // The transfer arrives after: tipped already, so it is her money, in her wallet.
        let memo = qr.transfer.unwrap().memo;
        let notice = json!({"transactionId": "FT-TIP", "amount": 50_000, "description": memo, "accountNumber": "0000000000"});
        let (_, body) = notify(app, notice, &bank()).await;
        assert_eq!(body["data"]["outcome"], "CREDITED", "{body}");
        let wallet = wallet_of(app, &ann).await;
        assert_eq!(wallet.balance_vnd, 50_000);
        let his = earnings_of(app, &minh).await;
        assert_eq!(his.this_week_vnd, pay + 50_000, "tipped once");
        // Asked once more now: refused in words before any money moves.
        let late = tip_by(pb::PaymentMethod::Vnpay, "tip-vn-2")
            .await
            .unwrap_err();
        assert_eq!(words(&late), "您已為這項服務給過小費");
    }
);
