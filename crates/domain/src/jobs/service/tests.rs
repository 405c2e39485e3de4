//! The partners' service on the in-memory stores: who may do what, and what each step writes.

use std::sync::Arc;

use chrono::Duration;

use super::*;
use crate::DomainError;
use crate::audit::Staff;
use crate::identity::{Principal, Role};
use crate::ordering::{Contact, GuideLanguage, Order, OrderState, OrderStore, ServiceDetails};
use crate::shared::{Phone, UserId};
use crate::testing::{Partners, Sequence, draft_order, setup};

fn id(s: &str) -> UserId {
    UserId::parse(s).unwrap()
}

fn phone(n: &str) -> Phone {
    Phone::parse("84", n).unwrap()
}

fn driver(user: &str, seats: u32) -> Partner {
    let vehicle = Vehicle::new("white Toyota Innova", &format!("51A-{user}"), seats).unwrap();
    let languages = vec![GuideLanguage::Vietnamese];
    Partner::new(
        id(user),
        PartnerKind::Driver,
        &format!("Tài xế {user}"),
        phone("901234567"),
        languages,
        Some(vehicle),
        None,
        crate::testing::now(),
    )
    .unwrap()
}

fn ops() -> Staff {
    Staff::Operator {
        user_id: id("ops"),
        email: "lan@ops.example".into(),
        name: "Lan".into(),
        admin: false,
    }
}

struct World {
    svc: PartnerService,
    partners: Arc<Partners>,
    orders: Arc<crate::testing::Store>,
    clock: Arc<crate::testing::FixedClock>,
}

/// A paid shuttle for three on 2026-11-25 10:00 (`BK261122-x`), with the traveller's phone;
/// drivers a and b (seven seats), c (four), and d (disabled).
fn world() -> World {
    let s = setup();
    let partners = Arc::new(Partners::new(s.store.clone()));
    for p in [driver("a", 7), driver("b", 7), driver("c", 2)] {
        partners.put(p);
    }
    let mut off = driver("d", 7);
    off.active = false;
    partners.put(off);
    s.store.put(paid_at(draft_order(), "BK261122-x", 0));
    let svc = PartnerService::new(
        partners.clone(),
        s.store.clone(),
        s.catalog.clone(),
        crate::testing::media(Arc::default(), Arc::default(), crate::testing::now()),
        s.clock.clone(),
        Arc::new(Sequence::default()),
    );
    World {
        svc,
        partners,
        orders: s.store,
        clock: s.clock,
    }
}

/// `order`, paid, with id `order_id`, `hours` after its own start, for three with a phone.
fn paid_at(mut order: Order, order_id: &str, hours: i64) -> Order {
    order.id = crate::ordering::OrderId::parse(order_id).unwrap();
    order.state = OrderState::Paid;
    order.contact = Some(Contact::new("王小明", phone("912345678"), None).unwrap());
    if let ServiceDetails::Shuttle(d) = &mut order.details {
        d.passengers = 3;
        d.start = crate::shared::LocalTime::of(d.start.instant() + Duration::hours(hours));
    }
    order
}

fn order_id() -> crate::ordering::OrderId {
    crate::ordering::OrderId::parse("BK261122-x").unwrap()
}

async fn partner(w: &World, user: &str) -> Partner {
    w.partners.partner(&id(user)).await.unwrap().unwrap()
}

/// The order's job, offered to `user` alone and accepted by them.
async fn taken_by(w: &World, user: &str) -> PartnerJob {
    w.svc
        .offer(&ops(), &order_id(), Offering::One(id(user)))
        .await
        .unwrap();
    w.svc
        .accept(&partner(w, user).await, &order_id())
        .await
        .unwrap()
}

fn code(e: DomainError) -> &'static str {
    match e {
        DomainError::FailedPrecondition(m)
        | DomainError::PermissionDenied(m)
        | DomainError::Conflict(m) => m.code,
        DomainError::InvalidArgument { message, .. } => message.code,
        // Another's job, as if it did not exist.
        DomainError::NotFound { .. } => "not_found",
        other => panic!("{other:?}"),
    }
}

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
    let audit = w.partners.audit();
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
    let read = w.partners.job(&order_id()).await.unwrap().unwrap();
    w.svc
        .decline(&partner(&w, "a").await, &order_id(), "Xe đang sửa")
        .await
        .unwrap();
    let stale = w.partners.save_job(&read, JobWrite::default()).await;
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
async fn completing_the_job_completes_the_order_even_before_its_booked_time() {
    let w = world();
    let taken = taken_by(&w, "a").await;
    let a = partner(&w, "a").await;
    // An early flight: met and served 80 minutes before the booked time, and done at once.
    *w.clock.0.lock().unwrap() = taken.job.starts_at() - Duration::minutes(80);
    for to in [JobStatus::OnTheWay, JobStatus::Arrived] {
        w.svc.advance(&a, &order_id(), to).await.unwrap();
    }
    w.svc
        .advance(&a, &order_id(), JobStatus::Started)
        .await
        .unwrap();
    let other = w
        .svc
        .advance(&partner(&w, "b").await, &order_id(), JobStatus::Completed)
        .await
        .unwrap_err();
    assert_eq!(code(other), "not_found");
    let done = w
        .svc
        .advance(&a, &order_id(), JobStatus::Completed)
        .await
        .unwrap();
    assert_eq!(
        (done.job.status, done.order.state),
        (JobStatus::Completed, OrderState::Completed)
    );
    let stored = w.orders.get(&order_id()).await.unwrap().unwrap();
    assert_eq!(stored.state, OrderState::Completed);
}

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
        w.svc
            .partner_of(&principal("a", Role::Partner))
            .await
            .unwrap()
            .user_id,
        id("a")
    );
    let customer = w
        .svc
        .partner_of(&principal("a", Role::Customer))
        .await
        .unwrap_err();
    assert_eq!(code(customer), "partner.only");
    let disabled = w
        .svc
        .partner_of(&principal("d", Role::Partner))
        .await
        .unwrap_err();
    assert_eq!(code(disabled), "partner.disabled");
    let stranger = w
        .svc
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
async fn a_job_begun_before_midnight_stays_on_the_schedule_of_the_day_it_is_worked() {
    let w = world();
    // 23:00 Vietnam time on the 25th, taken by a.
    w.orders.put(paid_at(draft_order(), "BK261122-y", 13));
    let late = crate::ordering::OrderId::parse("BK261122-y").unwrap();
    w.svc
        .offer(&ops(), &late, Offering::One(id("a")))
        .await
        .unwrap();
    let a = partner(&w, "a").await;
    let taken = w.svc.accept(&a, &late).await.unwrap();
    let start = taken.job.starts_at();
    *w.clock.0.lock().unwrap() = start - Duration::minutes(30);
    for to in [JobStatus::OnTheWay, JobStatus::Arrived, JobStatus::Started] {
        w.svc.advance(&a, &late, to).await.unwrap();
    }
    let schedule = |w: &World| {
        let a = a.clone();
        let svc = w.svc.clone();
        async move {
            let jobs = svc.schedule(&a, 2).await.unwrap();
            jobs.iter()
                .map(|j| j.job.order_id.as_str().to_owned())
                .collect::<Vec<_>>()
        }
    };
    // 00:30 on the 26th: a new day, and the job goes on; finished at 01:00, it stays today's.
    *w.clock.0.lock().unwrap() = start + Duration::minutes(90);
    assert_eq!(schedule(&w).await, ["BK261122-y"]);
    *w.clock.0.lock().unwrap() = start + Duration::minutes(120);
    w.svc
        .advance(&a, &late, JobStatus::Completed)
        .await
        .unwrap();
    assert_eq!(schedule(&w).await, ["BK261122-y"]);
    // The next day (the 27th), it is yesterday's.
    *w.clock.0.lock().unwrap() = start + Duration::hours(26);
    assert!(schedule(&w).await.is_empty());
}

fn admin() -> Staff {
    Staff::Operator {
        user_id: id("boss"),
        email: "mai@ops.example".into(),
        name: "Mai".into(),
        admin: true,
    }
}

#[tokio::test]
async fn disabling_a_partner_returns_their_jobs_to_the_board_and_frees_their_time() {
    let w = world();
    taken_by(&w, "a").await;
    let refused = w.svc.set_active(&ops(), &id("a"), false).await.unwrap_err();
    assert_eq!(code(refused), "staff.admin_only");

    let (off, returned) = w.svc.set_active(&admin(), &id("a"), false).await.unwrap();
    assert!(!off.active);
    assert_eq!(returned.len(), 1);
    assert!(returned[0].redispatch() && returned[0].partner.is_none());
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
        code(w.svc.partner_of(&principal).await.unwrap_err()),
        "partner.disabled"
    );
    let (_, again) = w.svc.set_active(&admin(), &id("a"), false).await.unwrap();
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
async fn the_traveller_and_the_partner_talk_while_the_job_lasts_and_staff_read() {
    use crate::shared::Language;
    let w = world();
    let owner = w.orders.get(&order_id()).await.unwrap().unwrap().owner;
    let traveller = Talker::Traveller(&owner);
    // Nobody has the job yet: nothing to read, nowhere to write.
    let before = w.svc.talk(traveller, &order_id()).await.unwrap();
    assert!(!before.open && before.messages.is_empty());
    let said = w
        .svc
        .say(traveller, &order_id(), Said::Phrase("landed".into()), "k1")
        .await
        .unwrap_err();
    assert_eq!(code(said), "talk.closed");

    let taken = taken_by(&w, "a").await;
    let a = partner(&w, "a").await;
    let hi = w
        .svc
        .say(
            Talker::Partner(&a),
            &order_id(),
            Said::Phrase("at_arrivals".into()),
            "k2",
        )
        .await
        .unwrap();
    assert_eq!((hi.seq, hi.side), (1, Side::Partner));
    // Each side has its own book.
    let theirs = w
        .svc
        .say(
            Talker::Partner(&a),
            &order_id(),
            Said::Phrase("landed".into()),
            "k3",
        )
        .await
        .unwrap_err();
    assert_eq!(code(theirs), "talk.phrase_unknown");
    let words = Said::text("  我穿藍色外套  ", Language::ZhTw).unwrap();
    let back = w
        .svc
        .say(traveller, &order_id(), words.clone(), "k4")
        .await
        .unwrap();
    assert_eq!(back.seq, 2);
    // Sent again (a retry), it is written once.
    let again = w
        .svc
        .say(traveller, &order_id(), words, "k4")
        .await
        .unwrap();
    assert_eq!(again.seq, 2);
    let no_key = w
        .svc
        .say(traveller, &order_id(), Said::Phrase("thanks".into()), " ")
        .await
        .unwrap_err();
    assert_eq!(code(no_key), "talk.key_required");
    assert_eq!(
        back.said,
        Said::Text {
            body: "我穿藍色外套".into(),
            language: Language::ZhTw
        }
    );
    assert!(Said::text(" ", Language::Vi).is_err());

    // Nobody else reads it; staff read and do not write.
    let stranger = id("someone-else");
    let refused = w
        .svc
        .talk(Talker::Traveller(&stranger), &order_id())
        .await
        .unwrap_err();
    assert!(matches!(refused, DomainError::NotFound { .. }));
    let b = partner(&w, "b").await;
    let refused = w.svc.talk(Talker::Partner(&b), &order_id()).await;
    assert!(matches!(refused, Err(DomainError::NotFound { .. })));
    let staff = ops();
    let read = w
        .svc
        .talk(Talker::Staff(&staff), &order_id())
        .await
        .unwrap();
    assert_eq!(
        (read.messages.len(), read.open, read.side),
        (2, false, None)
    );
    let written = w
        .svc
        .say(
            Talker::Staff(&staff),
            &order_id(),
            Said::Phrase("thanks".into()),
            "k5",
        )
        .await
        .unwrap_err();
    assert_eq!(code(written), "talk.staff_read_only");

    // Completed: open for a day more, then closed, still readable.
    *w.clock.0.lock().unwrap() = taken.job.starts_at();
    for to in [
        JobStatus::OnTheWay,
        JobStatus::Arrived,
        JobStatus::Started,
        JobStatus::Completed,
    ] {
        w.svc.advance(&a, &order_id(), to).await.unwrap();
    }
    let day = Duration::hours(TALK_AFTER_HOURS);
    *w.clock.0.lock().unwrap() = taken.job.starts_at() + day - Duration::minutes(1);
    w.svc
        .say(traveller, &order_id(), Said::Phrase("thanks".into()), "k6")
        .await
        .unwrap();
    *w.clock.0.lock().unwrap() = taken.job.starts_at() + day;
    let late = w
        .svc
        .say(traveller, &order_id(), Said::Phrase("thanks".into()), "k7")
        .await
        .unwrap_err();
    assert_eq!(code(late), "talk.closed");
    let kept = w.svc.talk(traveller, &order_id()).await.unwrap();
    assert_eq!((kept.messages.len(), kept.open), (3, false));
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
    let summary = w.svc.earnings(&a).await.unwrap();
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
    let refused = w.svc.payroll(&ops(), Some(week)).await.unwrap_err();
    assert!(matches!(refused, DomainError::PermissionDenied(_)));
    let open = w
        .svc
        .pay_week(&admin(), &id("a"), week, "VCB 1234")
        .await
        .unwrap_err();
    assert_eq!(code(open), "earnings.week_open");

    *w.clock.0.lock().unwrap() = week.ends_at() + Duration::minutes(1);
    let paid = w
        .svc
        .pay_week(&admin(), &id("a"), week, " VCB 1234 ")
        .await
        .unwrap();
    let payout = paid.paid.clone().unwrap();
    assert_eq!(
        (payout.amount, payout.reference.as_str(), payout.by.as_str()),
        (vnd(-350_000), "VCB 1234", "operator:mai@ops.example")
    );
    assert_eq!(paid.due(), vnd(0));
    assert_eq!(w.svc.earnings(&a).await.unwrap().owed, vnd(0));
    // The same click again pays nothing more; another reference is refused, naming the first.
    let again = w
        .svc
        .pay_week(&admin(), &id("a"), week, "VCB 1234")
        .await
        .unwrap();
    assert_eq!(again.paid, paid.paid);
    let other = w
        .svc
        .pay_week(&admin(), &id("a"), week, "VCB 9999")
        .await
        .unwrap_err();
    assert_eq!(code(other), "earnings.paid_already");
    let payroll = w.svc.payroll(&admin(), None).await.unwrap();
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
    let audit = w.partners.audit();
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
        .svc
        .pay_week(&admin(), &id("b"), week, "VCB 1")
        .await
        .unwrap_err();
    assert_eq!(code(empty), "earnings.nothing_due");
}

fn shift(days: &[&str], from: &str, until: &str) -> crate::catalog::Shift {
    let days: Vec<String> = days.iter().map(|d| (*d).to_owned()).collect();
    crate::catalog::Shift::parse(&days, from, until).unwrap()
}

fn date(s: &str) -> chrono::NaiveDate {
    s.parse().unwrap()
}

#[tokio::test]
async fn a_partner_s_hours_and_days_off_may_not_uncover_a_job_they_took() {
    let w = world();
    // The job: Wednesday 2026-11-25, 10:00–12:00, taken by a.
    taken_by(&w, "a").await;
    let a = partner(&w, "a").await;
    let refused = w
        .svc
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
        .svc
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
        .svc
        .set_availability(
            &a,
            days.clone(),
            vec![date("2026-11-27"), date("2026-11-20"), date("2026-11-26")],
        )
        .await
        .unwrap();
    assert_eq!(set.days_off, [date("2026-11-26"), date("2026-11-27")]);
    assert_eq!(
        w.svc.availability(&partner(&w, "a").await).await.unwrap(),
        set
    );
    assert_eq!(
        w.partners.audit().last().unwrap().action,
        "partner.availability"
    );
    let far = w
        .svc
        .set_availability(&a, days, vec![date("2028-01-01")])
        .await
        .unwrap_err();
    assert_eq!(code(far), "availability.too_far");
}

#[tokio::test]
async fn a_partner_off_that_day_is_not_offered_the_job() {
    let w = world();
    let b = partner(&w, "b").await;
    w.svc
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
