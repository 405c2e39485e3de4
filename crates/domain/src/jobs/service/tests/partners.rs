//! Who may act as a partner, what they earn, and when they work.

use super::*;

#[tokio::test]
async fn only_an_active_partner_s_token_makes_a_partner() {
    let w = world();
    let principal = |user: &str, role| Principal {
        user_id: id(user),
        email: format!("{user}@example.com"),
        email_verified: true,
        role,
        auth_time: crate::testing::now(),
        language: crate::shared::Language::default(),
    };
    assert_eq!(
        w.partners
            .partner_of(&principal("a", Role::Partner))
            .await
            .unwrap()
            .user_id,
        id("a")
    );
    let customer = w
        .partners
        .partner_of(&principal("a", Role::Customer))
        .await
        .unwrap_err();
    assert_eq!(code(customer), "partner.only");
    let disabled = w
        .partners
        .partner_of(&principal("d", Role::Partner))
        .await
        .unwrap_err();
    assert_eq!(code(disabled), "partner.disabled");
    let stranger = w
        .partners
        .partner_of(&principal("zz", Role::Partner))
        .await
        .unwrap_err();
    assert_eq!(code(stranger), "partner.only");
    // A partner reads only jobs offered to them or theirs.
    w.svc
        .offer(&ops(), &order_id(), Offering::One(id("a")))
        .await
        .unwrap();
    assert!(
        w.svc
            .job(&partner(&w, "a").await, &order_id())
            .await
            .is_ok()
    );
    let theirs = w
        .svc
        .job(&partner(&w, "b").await, &order_id())
        .await
        .unwrap_err();
    assert!(matches!(theirs, DomainError::NotFound { .. }));
    let schedule = w.svc.schedule(&partner(&w, "a").await, 7).await.unwrap();
    assert_eq!(schedule.len(), 1);
    assert!(
        w.svc
            .schedule(&partner(&w, "b").await, 7)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_completed_job_earns_once_and_an_admin_pays_its_week_once() {
    let w = world();
    let taken = taken_by(&w, "a").await;
    // The shuttle sells at 500,000 ₫; the plan says nothing, so it pays 70%.
    assert_eq!(taken.job.pay.completed, crate::shared::Money::vnd(350_000));
    let a = partner(&w, "a").await;
    let at =
        |minutes| *w.clock.0.lock().unwrap() = taken.job.starts_at() + Duration::minutes(minutes);
    for (minutes, to) in [
        (-30, JobStatus::OnTheWay),
        (-5, JobStatus::Arrived),
        (5, JobStatus::Started),
        (100, JobStatus::Completed),
    ] {
        at(minutes);
        w.svc.advance(&a, &order_id(), to).await.unwrap();
    }
    // A retried "completed" earns nothing more.
    w.svc
        .advance(&a, &order_id(), JobStatus::Completed)
        .await
        .unwrap();
    let summary = w.partners.earnings(&a).await.unwrap();
    let vnd = crate::shared::Money::vnd;
    assert_eq!(
        (summary.today, summary.this_week, summary.owed),
        (vnd(350_000), vnd(350_000), vnd(350_000))
    );
    let week = summary.weeks[0].week;
    assert_eq!(
        week.code(),
        "2026-11-23",
        "the service's Wednesday is in it"
    );
    assert_eq!((summary.weeks[0].jobs, summary.weeks[0].no_shows), (1, 0));

    // Money is the admins': an operator may neither see nor pay it.
    let refused = w.partners.payroll(&ops(), Some(week)).await.unwrap_err();
    assert!(matches!(refused, DomainError::PermissionDenied(_)));
    let open = w
        .partners
        .pay_week(&admin(), &id("a"), week, "VCB 1234")
        .await
        .unwrap_err();
    assert_eq!(code(open), "earnings.week_open");

    *w.clock.0.lock().unwrap() = week.ends_at() + Duration::minutes(1);
    let paid = w
        .partners
        .pay_week(&admin(), &id("a"), week, " VCB 1234 ")
        .await
        .unwrap();
    let payout = paid.paid.clone().unwrap();
    assert_eq!(
        (payout.amount, payout.reference.as_str(), payout.by.as_str()),
        (vnd(-350_000), "VCB 1234", "operator:mai@ops.example")
    );
    assert_eq!(paid.due(), vnd(0));
    assert_eq!(w.partners.earnings(&a).await.unwrap().owed, vnd(0));
    // The same click again pays nothing more; another reference is refused, naming the first.
    let again = w
        .partners
        .pay_week(&admin(), &id("a"), week, "VCB 1234")
        .await
        .unwrap();
    assert_eq!(again.paid, paid.paid);
    let other = w
        .partners
        .pay_week(&admin(), &id("a"), week, "VCB 9999")
        .await
        .unwrap_err();
    assert_eq!(code(other), "earnings.paid_already");
    let payroll = w.partners.payroll(&admin(), None).await.unwrap();
    assert_eq!(
        (payroll.week, payroll.over),
        (week, true),
        "last week by default"
    );
    let rows = payroll.lines;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].0.user_id.clone(), rows[0].1.earned),
        (id("a"), vnd(350_000))
    );
    let audit = w.store.audit();
    assert_eq!(audit.last().unwrap().action, "partner.pay_week");
    assert_eq!(
        audit
            .iter()
            .filter(|e| e.action == "partner.pay_week")
            .count(),
        1
    );
    // Nothing earned that week: nothing to pay.
    let empty = w
        .partners
        .pay_week(&admin(), &id("b"), week, "VCB 1")
        .await
        .unwrap_err();
    assert_eq!(code(empty), "earnings.nothing_due");
}

#[tokio::test]
async fn a_partner_s_hours_and_days_off_may_not_uncover_a_job_they_took() {
    let w = world();
    // The job: Wednesday 2026-11-25, 10:00–12:00, taken by a.
    taken_by(&w, "a").await;
    let a = partner(&w, "a").await;
    let refused = w
        .partners
        .set_availability(&a, Vec::new(), vec![date("2026-11-25")])
        .await
        .unwrap_err();
    let DomainError::FailedPrecondition(why) = refused else {
        panic!("{refused:?}")
    };
    assert_eq!(why.code, "availability.uncovers");
    assert_eq!(
        why.stored().replace('\u{1f}', " "),
        "availability.uncovers order=BK261122-x start=2026/11/25 10:00"
    );
    let mornings = vec![shift(
        &["mon", "tue", "wed", "thu", "fri"],
        "08:00",
        "11:00",
    )];
    let short = w
        .partners
        .set_availability(&a, mornings, Vec::new())
        .await
        .unwrap_err();
    assert_eq!(code(short), "availability.uncovers", "the job ends at noon");
    // Hours that hold it, and a day off elsewhere: kept, the past dropped, sorted.
    let days = vec![shift(
        &["mon", "tue", "wed", "thu", "fri"],
        "06:00",
        "14:00",
    )];
    let set = w
        .partners
        .set_availability(
            &a,
            days.clone(),
            vec![date("2026-11-27"), date("2026-11-20"), date("2026-11-26")],
        )
        .await
        .unwrap();
    assert_eq!(set.days_off, [date("2026-11-26"), date("2026-11-27")]);
    assert_eq!(
        w.partners
            .availability(&partner(&w, "a").await)
            .await
            .unwrap(),
        set
    );
    assert_eq!(
        w.store.audit().last().unwrap().action,
        "partner.availability"
    );
    let far = w
        .partners
        .set_availability(&a, days, vec![date("2028-01-01")])
        .await
        .unwrap_err();
    assert_eq!(code(far), "availability.too_far");
}

#[tokio::test]
async fn a_partner_asks_for_zalo_and_asking_again_changes_nothing() {
    let w = world();
    let a = partner(&w, "a").await;
    assert!(!a.zalo_notices);
    let on = w.partners.set_zalo_notices(&a, true).await.unwrap();
    assert!(on.zalo_notices);
    assert!(partner(&w, "a").await.zalo_notices, "saved");
    w.partners.set_zalo_notices(&on, true).await.unwrap();
    let audit = w.store.audit();
    assert_eq!(audit.len(), 1);
    assert_eq!(
        (audit[0].action.as_str(), audit[0].actor.as_str()),
        ("partner.zalo", "partner:a")
    );
    let off = w.partners.set_zalo_notices(&on, false).await.unwrap();
    assert!(!off.zalo_notices && !partner(&w, "a").await.zalo_notices);
}
