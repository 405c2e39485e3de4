//! Automatic dispatch on the in-memory stores: a paid order is offered to the able partners one
//! at a time, its window running out brings the next, and with nobody left the operators have it.

use super::*;

fn job_of(w: &World) -> Job {
    w.store
        .state_job(&order_id())
        .expect("the order has its job")
}

#[tokio::test]
async fn a_paid_order_is_offered_in_turn_and_handed_over_when_nobody_is_left() {
    let w = world();
    // Three days ahead: a quarter of an hour each. `c` has too few seats, `d` is disabled.
    assert_eq!(w.svc.dispatch_due(10).await.unwrap(), 1);
    let job = job_of(&w);
    assert_eq!(job.offers.len(), 1);
    assert_eq!(job.offers[0].partner, id("a"));
    assert_eq!(
        job.offers[0].expires_at - job.offers[0].offered_at,
        Duration::minutes(15)
    );
    assert_eq!(
        w.svc.dispatch_due(10).await.unwrap(),
        0,
        "its offer is open"
    );
    // Its partner hears at once, on their phone.
    assert_eq!(
        w.store.notices(),
        [(
            order_id(),
            id("a"),
            crate::identity::MailKind::PartnerJobOffered
        )]
    );

    *w.clock.0.lock().unwrap() += Duration::minutes(15);
    assert_eq!(w.svc.dispatch_due(10).await.unwrap(), 1);
    let b = partner(&w, "b").await;
    w.svc.decline(&b, &order_id(), "Xe đang sửa").await.unwrap();
    assert_eq!(w.store.notices().len(), 2, "b was told too");
    assert_eq!(w.svc.dispatch_due(10).await.unwrap(), 1);
    assert_eq!(w.store.notices().len(), 2, "a hand-over tells no partner");
    let job = job_of(&w);
    assert_eq!(
        job.dispatch.handed_over().map(|(why, _)| why),
        Some(HandOver::NobodyLeft)
    );
    assert_eq!(
        w.svc.dispatch_due(10).await.unwrap(),
        0,
        "the operators have it"
    );
}

#[tokio::test]
async fn a_partner_offered_one_job_is_not_offered_another_at_the_same_time() {
    let w = world();
    w.orders.put(paid_at(draft_order(), "BK261122-y", 1));
    assert_eq!(w.svc.dispatch_due(10).await.unwrap(), 2);
    let y = w
        .store
        .state_job(&crate::ordering::OrderId::parse("BK261122-y").unwrap())
        .unwrap();
    let offered = |j: &Job| {
        j.offers
            .iter()
            .map(|o| o.partner.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(offered(&job_of(&w)), [id("a")]);
    assert_eq!(
        offered(&y),
        [id("b")],
        "a holds an open offer an hour earlier"
    );
}

#[tokio::test]
async fn an_accepted_offer_ends_dispatch_and_a_job_by_hand_is_left_to_operators() {
    let w = world();
    w.svc.dispatch_due(10).await.unwrap();
    let a = partner(&w, "a").await;
    w.svc.accept(&a, &order_id()).await.unwrap();
    *w.clock.0.lock().unwrap() += Duration::minutes(30);
    assert_eq!(w.svc.dispatch_due(10).await.unwrap(), 0, "taken");

    let w = world();
    let before = w.svc.job_of(&ops(), &order_id()).await.unwrap();
    assert!(before.is_none(), "no job until dispatch makes one");
    w.svc.dispatch_due(10).await.unwrap();
    let mut job = job_of(&w);
    job.dispatch_by_hand(true);
    w.store.state_put_job(job);
    *w.clock.0.lock().unwrap() += Duration::minutes(15);
    assert_eq!(w.svc.dispatch_due(10).await.unwrap(), 0, "by hand");
}

#[tokio::test]
async fn a_category_dispatched_by_hand_waits_for_operators_until_turned_on_again() {
    use crate::catalog::Category;
    let w = world();
    let all = w
        .svc
        .set_category_dispatch(&ops(), Category::Shuttle, true)
        .await
        .unwrap();
    assert_eq!(all.len(), Category::ALL.len());
    assert!(all.contains(&(Category::Shuttle, true)));
    assert!(all.contains(&(Category::Charter, false)));
    assert_eq!(w.svc.dispatch_due(10).await.unwrap(), 0);
    assert!(w.store.state_job(&order_id()).is_none(), "left alone");
    // Set again, nothing changes and nothing more is audited.
    w.svc
        .set_category_dispatch(&ops(), Category::Shuttle, true)
        .await
        .unwrap();
    let audit = w.store.audit();
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "dispatch.category_by_hand");
    assert_eq!(audit[0].target, "category:shuttle");
    // Another category off leaves shuttles to automatic dispatch.
    w.svc
        .set_category_dispatch(&ops(), Category::Shuttle, false)
        .await
        .unwrap();
    w.svc
        .set_category_dispatch(&ops(), Category::Escort, true)
        .await
        .unwrap();
    assert_eq!(w.svc.dispatch_due(10).await.unwrap(), 1);
    assert_eq!(job_of(&w).offers[0].partner, id("a"));
}

#[tokio::test]
async fn with_no_fresh_reading_a_partner_counts_from_their_home_city() {
    let w = world();
    // The shuttle meets at SGN (its plan's airport): b works from Hồ Chí Minh City, a from Hà
    // Nội.
    let mut order = paid_at(draft_order(), "BK261122-x", 0);
    order.plan_id = crate::catalog::PlanId::parse("shuttle-sgn-4").unwrap();
    w.orders.put(order);
    let a = partner(&w, "a").await.with_home_city("han").unwrap();
    let b = partner(&w, "b").await.with_home_city("hcm").unwrap();
    w.store.put(a);
    w.store.put(b);
    w.svc.dispatch_due(10).await.unwrap();
    assert_eq!(job_of(&w).offers[0].partner, id("b"));
    // Nobody's home known: by fairness, then by id.
    let w = world();
    w.svc.dispatch_due(10).await.unwrap();
    assert_eq!(job_of(&w).offers[0].partner, id("a"));
}
