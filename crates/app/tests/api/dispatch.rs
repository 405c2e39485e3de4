//! Automatic dispatch over the wire, with two nodes deciding at once: a paid order is offered to
//! one driver at a time, to the next when the first declines, and given to the operators when
//! nobody is left; the board says why. An operator takes a job out of it and gives it back, or a
//! whole category; a partner with no reading counts from their home city.

use std::time::Duration;

use super::member::{pay_with_vcoin, pending};
use super::operations::{Cred, client as operator_client, operator_token, with};
use super::orders::token_for;
use super::partners::{Scene, dispatch, driver_record, invite, job_board, scene};
use super::*;

/// The order's job as the operators' board has it, once it is there.
async fn on_board(app: &TestApp, admin: &str, id: &str) -> Option<pb::Job> {
    job_board(app, admin)
        .await
        .into_iter()
        .find(|j| j.order_id == id)
}

/// Who the job is offered to and has not answered, as the board reads it.
fn open_offers(job: &pb::Job) -> Vec<String> {
    let now = std::time::SystemTime::now();
    job.offers
        .iter()
        .filter(|o| o.answer.is_empty())
        .filter(|o| {
            o.expires_at
                .and_then(|t| std::time::SystemTime::try_from(t).ok())
                .is_some_and(|at| at > now)
        })
        .map(|o| o.partner_id.clone())
        .collect()
}

/// Reads the board every 100 ms until `done` says so, for 15 s at most; every read holds at
/// most one open offer.
async fn until(app: &TestApp, s: &Scene, done: impl Fn(&pb::Job) -> bool) -> pb::Job {
    for _ in 0..150 {
        if let Some(job) = on_board(app, &s.admin, &s.id).await {
            assert!(open_offers(&job).len() <= 1, "{:?}", job.offers);
            if done(&job) {
                return job;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("automatic dispatch did not get there");
}

async fn decline(app: &TestApp, s: &Scene, partner_id: &str) {
    let token = [&s.minh, &s.lan]
        .into_iter()
        .find(|(_, p)| p.user_id == partner_id)
        .map(|(t, _)| t.clone())
        .expect("one of the scene's drivers");
    dispatch(app)
        .await
        .decline_job(signed(
            &token,
            pb::DeclineJobRequest {
                order_id: s.id.clone(),
                reason: "Xe đang sửa".into(),
            },
        ))
        .await
        .unwrap();
}

api_test_with!(
    two_nodes_dispatching_offer_a_paid_order_to_one_driver_at_a_time,
    |c: &mut Config| c.orders.dispatch_auto = true,
    async |app: &TestApp| {
        let other = app
            .another_node_with(|c| c.orders.dispatch_auto = true)
            .await;
        let s = scene(app).await;
        let job = until(app, &s, |j| open_offers(j).len() == 1).await;
        let first = open_offers(&job).remove(0);
        // Two days ahead: each offer waits a quarter of an hour.
        let offer = job.offers.iter().find(|o| o.partner_id == first).unwrap();
        let window = offer.expires_at.unwrap().seconds - offer.offered_at.unwrap().seconds;
        assert_eq!(window, 15 * 60);
        // Both nodes beat every 2 s: for 5 s more it stays one offer, the same.
        for _ in 0..10 {
            let job = on_board(app, &s.admin, &s.id).await.unwrap();
            assert_eq!(open_offers(&job), std::slice::from_ref(&first));
            assert_eq!(job.offers.len(), 1);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        decline(app, &s, &first).await;
        let job = until(app, &s, |j| open_offers(j).len() == 1).await;
        let second = open_offers(&job).remove(0);
        assert_ne!(second, first);
        decline(app, &s, &second).await;
        let job = until(app, &s, |j| j.handed_over != 0).await;
        assert_eq!(job.handed_over(), pb::HandOver::NobodyLeft);
        assert!(job.handed_over_at.is_some());
        assert!(open_offers(&job).is_empty());
        assert_eq!(job.offers.len(), 2, "each driver offered once");
        // The operators have it: offering by hand still works.
        let offer = pb::OfferJobRequest {
            order_id: s.id.clone(),
            partner_id: s.minh.1.user_id.clone(),
        };
        operator_client(app)
            .await
            .offer_job(with(&Cred::Token(&s.admin), offer))
            .await
            .unwrap();
        other.stop().await;
    }
);

async fn set_by_hand(
    app: &TestApp,
    token: &str,
    id: &str,
    by_hand: bool,
) -> Result<pb::Job, tonic::Status> {
    let request = pb::SetJobDispatchRequest {
        order_id: id.into(),
        by_hand,
    };
    operator_client(app)
        .await
        .set_job_dispatch(with(&Cred::Token(token), request))
        .await
        .map(|r| r.into_inner().job.unwrap())
}

api_test_with!(
    an_operator_takes_a_job_out_of_automatic_dispatch_and_gives_it_back,
    |c: &mut Config| c.orders.dispatch_auto = true,
    async |app: &TestApp| {
        let s = scene(app).await;
        let job = until(app, &s, |j| open_offers(j).len() == 1).await;
        let first = open_offers(&job).remove(0);
        // The traveller may not.
        let refused = set_by_hand(app, &s.ann, &s.id, true).await.unwrap_err();
        assert_eq!(refused.code(), tonic::Code::PermissionDenied, "{refused:?}");
        let job = set_by_hand(app, &s.admin, &s.id, true).await.unwrap();
        assert!(job.by_hand);
        // Declined, it is left to the operators: no offer follows, and no hand-over.
        decline(app, &s, &first).await;
        tokio::time::sleep(Duration::from_secs(5)).await;
        let job = on_board(app, &s.admin, &s.id).await.unwrap();
        assert!(open_offers(&job).is_empty());
        assert_eq!(job.handed_over(), pb::HandOver::Unspecified);
        assert!(job.by_hand && job.unanswered);
        // Automatic again: the other driver is offered it.
        let job = set_by_hand(app, &s.admin, &s.id, false).await.unwrap();
        assert!(!job.by_hand);
        let job = until(app, &s, |j| open_offers(j).len() == 1).await;
        assert_ne!(open_offers(&job), [first]);
    }
);

async fn set_category(
    app: &TestApp,
    token: &str,
    category: pb::Category,
    by_hand: bool,
) -> Result<Vec<pb::CategoryDispatch>, tonic::Status> {
    let request = pb::SetCategoryDispatchRequest {
        category: category.into(),
        by_hand,
    };
    operator_client(app)
        .await
        .set_category_dispatch(with(&Cred::Token(token), request))
        .await
        .map(|r| r.into_inner().categories)
}

api_test_with!(
    a_category_dispatched_by_hand_waits_and_partners_count_from_their_home_city,
    |c: &mut Config| c.orders.dispatch_auto = true,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        let ann = token_for(app, "ann@example.com").await;
        // The traveller may not switch it.
        let refused = set_category(app, &ann, pb::Category::Shuttle, true)
            .await
            .unwrap_err();
        assert_eq!(refused.code(), tonic::Code::PermissionDenied, "{refused:?}");
        let all = set_category(app, &admin, pb::Category::Shuttle, true)
            .await
            .unwrap();
        assert_eq!(all.len(), 4);
        let shuttle = all
            .iter()
            .find(|c| c.category() == pb::Category::Shuttle)
            .unwrap();
        assert!(shuttle.by_hand);
        assert!(all.iter().filter(|c| c.by_hand).count() == 1);
        let listed = operator_client(app)
            .await
            .list_category_dispatch(with(
                &Cred::Token(&admin),
                pb::ListCategoryDispatchRequest {},
            ))
            .await
            .unwrap()
            .into_inner()
            .categories;
        assert_eq!(listed, all);

        // A home area the catalogue does not serve is refused in words.
        let request = pb::InvitePartnerRequest {
            email: "hoa@partners.example".into(),
            partner: Some(driver_record("Hoa", "paris")),
            continue_url: String::new(),
        };
        let refused = operator_client(app)
            .await
            .invite_partner(with(&Cred::Token(&admin), request))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), tonic::Code::InvalidArgument);
        assert!(refused.message().contains("常駐地區"), "{refused:?}");
        // Minh works from Hà Nội, Lan from Hồ Chí Minh City; the pick-up is at SGN.
        let minh = invite(
            app,
            &admin,
            "minh@partners.example",
            driver_record("Minh", "han"),
        )
        .await;
        let lan = invite(
            app,
            &admin,
            "lan@partners.example",
            driver_record("Lan", "hcm"),
        )
        .await;
        assert_eq!(lan.1.home_city, "hcm");
        let id = pending(app, &ann, 2).await;
        pay_with_vcoin(app, &ann, &id).await;
        let s = Scene {
            admin: admin.clone(),
            minh,
            lan,
            ann,
            id,
        };
        // Shuttles by hand: three beats of both kinds go by with nothing offered.
        tokio::time::sleep(Duration::from_secs(5)).await;
        let job = on_board(app, &admin, &s.id).await;
        assert!(job.is_none_or(|j| j.offers.is_empty()), "left to operators");
        set_category(app, &admin, pb::Category::Shuttle, false)
            .await
            .unwrap();
        let job = until(app, &s, |j| open_offers(j).len() == 1).await;
        let lan_id = s.lan.1.user_id.clone();
        assert_eq!(open_offers(&job), std::slice::from_ref(&lan_id));
        // Lan says no. Minh, counted from Hà Nội, is out of reach of SGN: never offered, the job
        // goes to the operators (without his home city he would be next).
        decline(app, &s, &lan_id).await;
        let job = until(app, &s, |j| j.handed_over != 0).await;
        assert_eq!(job.handed_over(), pb::HandOver::NobodyLeft);
        let offered: Vec<&str> = job.offers.iter().map(|o| o.partner_id.as_str()).collect();
        assert_eq!(offered, [lan_id.as_str()], "Minh is never offered");
    }
);

api_test_with!(
    an_automatic_offer_reaches_the_partners_open_app_within_two_seconds,
    |c: &mut Config| c.orders.dispatch_auto = true,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        let minh = invite(
            app,
            &admin,
            "minh@partners.example",
            driver_record("Minh", "hcm"),
        )
        .await;
        // Their app is open: its live stream answers at once with where it stands.
        let mut stream = super::live::watch(app, Some(&minh.0), 0).await.unwrap();
        stream.message().await.unwrap().unwrap();
        let ann = token_for(app, "ann@example.com").await;
        let id = pending(app, &ann, 2).await;
        pay_with_vcoin(app, &ann, &id).await;
        let heard = loop {
            let answer = tokio::time::timeout(Duration::from_secs(10), stream.message())
                .await
                .expect("the offer within the beat and the stream's delay")
                .unwrap()
                .unwrap();
            if answer.events.iter().any(|e| e.subject == id) {
                break std::time::SystemTime::now();
            }
        };
        let job = on_board(app, &admin, &id).await.unwrap();
        let offered = job.offers[0].offered_at.unwrap();
        let offered = std::time::SystemTime::try_from(offered).unwrap();
        let delay = heard.duration_since(offered).unwrap_or_default();
        eprintln!("the offer reached the partner's stream {delay:?} after it was made");
        assert!(
            delay < Duration::from_secs(2),
            "heard {delay:?} after the offer"
        );
        assert_eq!(job.offers[0].partner_id, minh.1.user_id);
    }
);
