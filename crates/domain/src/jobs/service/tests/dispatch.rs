//! Offers, the first acceptance, the board's rules, and taking jobs back.

use super::*;

#[tokio::test]
async fn operators_offer_a_job_to_every_partner_who_fits_and_is_free() {
    let w = world();
    let (job, offered) = w
        .svc
        .offer(&ops(), &order_id(), Offering::Eligible)
        .await
        .unwrap();
    assert_eq!(offered, [id("a"), id("b")], "c seats two, d is disabled");
    assert_eq!((job.status, job.version), (JobStatus::Open, 1));
    assert_eq!(
        w.store.last_told(),
        [id("a"), id("b")],
        "their phones hear of it"
    );
    let audit = w.store.audit();
    assert_eq!(audit.len(), 1);
    assert_eq!(
        (audit[0].action.as_str(), audit[0].actor.as_str()),
        ("job.offer", "operator:lan@ops.example")
    );
    // Offered to one who does not fit, the operator is told why.
    let refused = w
        .svc
        .offer(&ops(), &order_id(), Offering::One(id("c")))
        .await
        .unwrap_err();
    assert_eq!(code(refused), "partner.too_few_seats");
}

#[tokio::test]
async fn the_first_to_accept_takes_the_job_and_the_order_is_confirmed_with_them() {
    let w = world();
    w.svc
        .offer(&ops(), &order_id(), Offering::Eligible)
        .await
        .unwrap();
    let seen = w
        .svc
        .accept(&partner(&w, "b").await, &order_id())
        .await
        .unwrap();
    assert_eq!(
        (seen.job.status, seen.job.partner.clone()),
        (JobStatus::Accepted, Some(id("b")))
    );
    let order = w.orders.get(&order_id()).await.unwrap().unwrap();
    assert_eq!(order.state, OrderState::Confirmed);
    let driver = order.driver.unwrap();
    assert_eq!(
        (driver.name.as_str(), driver.plate.as_str()),
        ("Tài xế b", "51A-B")
    );
    assert_eq!(order.history.last().unwrap().actor.code(), "partner:b");
    // Both hear of it: b's phone shows it theirs, a's shows it taken.
    assert_eq!(w.store.last_told(), [id("a"), id("b")]);
    let late = w
        .svc
        .accept(&partner(&w, "a").await, &order_id())
        .await
        .unwrap_err();
    assert_eq!(code(late), "job.taken");
    // Three days before, the traveller's phone is masked; two hours before, it shows.
    assert_eq!(seen.phone, None);
    *w.clock.0.lock().unwrap() = seen.job.starts_at() - Duration::hours(2);
    let near = w
        .svc
        .job(&partner(&w, "b").await, &order_id())
        .await
        .unwrap();
    assert_eq!(near.phone.map(|p| p.e164()), Some("+84912345678".into()));
}

#[tokio::test]
async fn a_job_saved_over_an_older_version_is_refused() {
    let w = world();
    w.svc
        .offer(&ops(), &order_id(), Offering::Eligible)
        .await
        .unwrap();
    let read = w.store.job(&order_id()).await.unwrap().unwrap();
    w.svc
        .decline(&partner(&w, "a").await, &order_id(), "Xe đang sửa")
        .await
        .unwrap();
    let mut unit = w.orders.begin().await.unwrap();
    let stale = w
        .store
        .save_job(&mut unit, &read, JobWrite::default())
        .await;
    assert_eq!(stale, Err(JobStoreError::Stale));
}

#[tokio::test]
async fn a_partner_holding_a_job_is_not_offered_another_at_an_overlapping_time() {
    let w = world();
    taken_by(&w, "a").await;
    // Two and a half hours later: the first ends at 12:00, and an hour across town makes 13:00.
    let next = crate::ordering::OrderId::parse("BK261122-y").unwrap();
    w.orders.put(paid_at(draft_order(), "BK261122-y", 2));
    let busy = w
        .svc
        .offer(&ops(), &next, Offering::One(id("a")))
        .await
        .unwrap_err();
    assert_eq!(code(busy), "partner.busy");
    let (_, offered) = w
        .svc
        .offer(&ops(), &next, Offering::Eligible)
        .await
        .unwrap();
    assert_eq!(offered, [id("b")]);
    // Four hours later, a is free again.
    let later = crate::ordering::OrderId::parse("BK261122-z").unwrap();
    w.orders.put(paid_at(draft_order(), "BK261122-z", 3));
    w.svc
        .offer(&ops(), &later, Offering::One(id("a")))
        .await
        .unwrap();
}

#[tokio::test]
async fn disabling_a_partner_returns_their_jobs_to_the_board_and_frees_their_time() {
    let w = world();
    taken_by(&w, "a").await;
    let refused = w
        .svc
        .set_partner_active(&ops(), &id("a"), false)
        .await
        .unwrap_err();
    assert_eq!(code(refused), "staff.admin_only");

    let (off, returned) = w
        .svc
        .set_partner_active(&admin(), &id("a"), false)
        .await
        .unwrap();
    assert!(!off.active);
    assert_eq!(returned.len(), 1);
    assert!(returned[0].redispatch() && returned[0].partner.is_none());
    // The job left a's phone: a is told, though the job concerns nobody now.
    assert_eq!(w.store.last_told(), [id("a")]);
    let order = w.orders.get(&order_id()).await.unwrap().unwrap();
    assert_eq!((order.state, order.driver), (OrderState::Paid, None));
    let step = order.history.last().unwrap();
    assert_eq!(step.reason, "released");
    assert_eq!(step.notice(), None, "no payment receipt again");
    // Their calls stop at once, and a retry changes nothing more.
    let principal = Principal {
        user_id: id("a"),
        email: "a@example.com".into(),
        email_verified: true,
        role: Role::Partner,
        auth_time: crate::testing::now(),
        language: crate::shared::Language::default(),
    };
    assert_eq!(
        code(w.partners.partner_of(&principal).await.unwrap_err()),
        "partner.disabled"
    );
    let (_, again) = w
        .svc
        .set_partner_active(&admin(), &id("a"), false)
        .await
        .unwrap();
    assert!(again.is_empty());
    // The job is offered again; b takes it in the time a held.
    let (_, offered) = w
        .svc
        .offer(&ops(), &order_id(), Offering::Eligible)
        .await
        .unwrap();
    assert_eq!(offered, [id("b")]);
    w.svc
        .accept(&partner(&w, "b").await, &order_id())
        .await
        .unwrap();
    let steps: Vec<_> = w
        .svc
        .job_of(&ops(), &order_id())
        .await
        .unwrap()
        .unwrap()
        .job
        .steps
        .iter()
        .map(|s| (s.status, s.actor.clone()))
        .collect();
    assert_eq!(
        steps,
        [
            (JobStatus::Accepted, "partner:a".to_owned()),
            (JobStatus::Withdrawn, "operator:mai@ops.example".to_owned()),
            (JobStatus::Accepted, "partner:b".to_owned()),
        ]
    );
}

#[tokio::test]
async fn a_partner_off_that_day_is_not_offered_the_job() {
    let w = world();
    let b = partner(&w, "b").await;
    w.partners
        .set_availability(&b, Vec::new(), vec![date("2026-11-25")])
        .await
        .unwrap();
    let (_, offered) = w
        .svc
        .offer(&ops(), &order_id(), Offering::Eligible)
        .await
        .unwrap();
    assert_eq!(offered, [id("a")], "b is off, c too small, d disabled");
    let one = w
        .svc
        .offer(&ops(), &order_id(), Offering::One(id("b")))
        .await
        .unwrap_err();
    assert_eq!(code(one), "partner.off_duty");
}

#[tokio::test]
async fn a_night_job_not_over_stays_on_the_board_past_midnight_until_noon() {
    let w = world();
    // 23:00 in Vietnam on the 25th (16:00 UTC), on the board for operators to dispatch by hand.
    let night = crate::ordering::OrderId::parse("BK261122-n").unwrap();
    w.orders.put(paid_at(draft_order(), night.as_str(), 13));
    w.svc.set_by_hand(&ops(), &night, true).await.unwrap();
    let on_board_at = async |day: u32, hour: u32| {
        let at = chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2026, 11, day, hour, 30, 0);
        *w.clock.0.lock().unwrap() = at.unwrap();
        let board = w.svc.board(&ops(), 2).await.unwrap();
        board.iter().any(|b| b.job.order_id == night)
    };
    assert!(on_board_at(25, 15).await, "22:30 on its day");
    assert!(on_board_at(25, 17).await, "00:30 the next day");
    assert!(!on_board_at(26, 17).await, "00:30 the day after");
}
