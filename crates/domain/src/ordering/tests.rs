use std::sync::Arc;

use chrono::Duration;

use super::*;
use crate::catalog::{Category, PlanId};
use crate::error::{DomainError, DomainResult};
use crate::shared::{LocalTime, Money, Phone, UserId};
use crate::testing::{FixedClock, massage, massage_at, now, plan, setup, shuttle};

fn at(local: &str) -> LocalTime {
    LocalTime::parse("start", local).unwrap()
}

fn contact() -> Contact {
    Contact::new("王小明", Phone::parse("+886", "912345678").unwrap(), None).unwrap()
}

fn field(r: DomainResult<impl std::fmt::Debug>) -> String {
    match r {
        Err(DomainError::InvalidArgument { field, .. }) => field,
        other => panic!("expected a field error, got {other:?}"),
    }
}

#[test]
fn details_are_cleaned_and_checked_against_the_plan() {
    let p = plan("shuttle-sgn-4", Category::Shuttle, 380_000);
    let ServiceDetails::Shuttle(d) = shuttle().checked(&p).unwrap() else {
        unreachable!()
    };
    assert_eq!(
        (d.flight_number.as_str(), d.address.as_str()),
        ("VN123", "Caravelle Saigon")
    );

    let with = |f: fn(&mut ShuttleDetails)| {
        let ServiceDetails::Shuttle(mut d) = shuttle() else {
            unreachable!()
        };
        f(&mut d);
        ServiceDetails::Shuttle(d).checked(&p)
    };
    assert_eq!(
        field(with(|d| d.passengers = 5)),
        "details.passengers",
        "4 seats"
    );
    assert_eq!(field(with(|d| d.passengers = 0)), "details.passengers");
    assert_eq!(field(with(|d| d.luggage = 4)), "details.luggage");
    assert_eq!(field(with(|d| d.child_seats = 4)), "details.child_seats");
    assert_eq!(
        field(with(|d| d.flight_number = "123".into())),
        "details.flight_number"
    );
    assert_eq!(field(with(|d| d.address = "  ".into())), "details.address");
    assert!(
        massage(1).checked(&p).is_err(),
        "details of another category"
    );
}

#[test]
fn a_drop_off_is_picked_up_from_90_minutes_to_12_hours_before_its_flight() {
    let p = plan("shuttle-sgn-4", Category::Shuttle, 380_000);
    // The shuttle's pick-up is 2026-11-23 14:30.
    let drop_off = |departure: Option<&str>| {
        let ServiceDetails::Shuttle(mut d) = shuttle() else {
            unreachable!()
        };
        d.direction = Direction::DropOff;
        d.departure = departure.map(at);
        ServiceDetails::Shuttle(d).checked(&p)
    };
    assert_eq!(field(drop_off(None)), "details.departure");
    assert_eq!(field(drop_off(Some("2026-11-23T15:59"))), "details.start");
    assert!(drop_off(Some("2026-11-23T16:00")).is_ok());
    assert!(drop_off(Some("2026-11-24T02:30")).is_ok());
    assert_eq!(field(drop_off(Some("2026-11-24T02:31"))), "details.start");
    // A pick-up (接機) keeps no departure, whatever was sent.
    let ServiceDetails::Shuttle(d) = ServiceDetails::Shuttle(ShuttleDetails {
        departure: Some(at("2026-11-23T20:00")),
        ..match shuttle() {
            ServiceDetails::Shuttle(d) => d,
            _ => unreachable!(),
        }
    })
    .checked(&p)
    .unwrap() else {
        unreachable!()
    };
    assert_eq!(d.departure, None);
}

#[test]
fn the_booking_window_is_in_vietnam_time() {
    let p = plan("shuttle-sgn-4", Category::Shuttle, 380_000);
    // now is 10:00 in Vietnam; the lead time is 4 hours.
    assert!(check_window(&p, at("2026-11-22T14:00"), now()).is_ok());
    assert_eq!(
        field(check_window(&p, at("2026-11-22T13:59"), now())),
        "details.start"
    );
    assert!(
        check_window(&p, at("2027-05-21T10:00"), now()).is_ok(),
        "180 days ahead"
    );
    assert_eq!(
        field(check_window(&p, at("2027-05-21T10:01"), now())),
        "details.start"
    );
}

#[test]
fn an_order_is_priced_by_the_server_and_walks_its_states() {
    let p = plan("massage-90", Category::DragonMassage, 450_000);
    let owner = UserId::parse("u1").unwrap();
    let mut o = Order::create(
        OrderId::parse("BK1").unwrap(),
        owner.clone(),
        &p,
        massage(2),
        None,
        String::new(),
        now(),
        Duration::minutes(60),
    )
    .unwrap();
    assert_eq!(o.state, OrderState::Draft);
    // 90 min is 600,000; a second therapist the same; 20% night surcharge at 23:00.
    assert_eq!(o.estimate.total, Money::vnd(600_000 + 600_000 + 120_000));
    let customer = Actor::Customer(owner);
    assert!(
        o.mark_paid(customer.clone(), "paid", now()).is_err(),
        "a draft cannot be paid"
    );
    o.revise(
        &p,
        Revision {
            contact: Some(contact()),
            ..Revision::default()
        },
        customer.clone(),
        now(),
    )
    .unwrap();
    assert_eq!(o.state, OrderState::PendingPayment);
    o.mark_paid(Actor::System("dev".into()), "paid", now())
        .unwrap();
    let err = o.cancel(customer.clone(), "", now()).unwrap_err();
    assert!(
        matches!(err, DomainError::FailedPrecondition(ref m) if m.to_string().contains("order.state.paid")),
        "{err:?}"
    );
    assert!(
        o.revise(&p, Revision::default(), customer.clone(), now())
            .is_err(),
        "paid orders are fixed"
    );
    o.confirm(Actor::Operator("ops".into()), now()).unwrap();
    // Done only once its time has come: the massage starts 2026-11-23 23:00.
    let early = o
        .complete(Actor::Operator("ops".into()), now())
        .unwrap_err();
    assert_eq!(
        early,
        DomainError::FailedPrecondition(
            crate::error::msg("order.not_served").with("start", "2026/11/23 23:00")
        )
    );
    let served = o.details.start().instant();
    o.complete(Actor::Operator("ops".into()), served).unwrap();
    assert!(o.refund(Actor::Operator("ops".into()), "", now()).is_err());
    let states: Vec<_> = o.history.iter().map(|t| t.to).collect();
    assert_eq!(
        states,
        [
            OrderState::Draft,
            OrderState::PendingPayment,
            OrderState::Paid,
            OrderState::Confirmed,
            OrderState::Completed
        ]
    );
    assert_eq!(o.history[2].actor, Actor::System("dev".into()));
}

#[test]
fn the_actions_sent_with_an_order_are_those_its_calls_allow() {
    use super::{OrderAction as A, OrderGroup, Reader};
    let p = plan("massage-90", Category::DragonMassage, 450_000);
    let owner = UserId::parse("u1").unwrap();
    let mut base = Order::create(
        OrderId::parse("BK1").unwrap(),
        owner.clone(),
        &p,
        massage(2),
        Some(contact()),
        String::new(),
        now(),
        Duration::minutes(60),
    )
    .unwrap();
    base.expires_at = now() + Duration::hours(1);
    let ops = || Actor::Operator("ops".into());
    let served = base.details.start().instant();
    for state in OrderState::ALL {
        let o = Order {
            state,
            ..base.clone()
        };
        let (customer, staff) = (o.actions(Reader::Customer), o.actions(Reader::Staff));
        // Each action is offered exactly when the call that does it goes through.
        let works = |f: &dyn Fn(&mut Order) -> DomainResult<()>| f(&mut o.clone()).is_ok();
        let pays = works(&|o| o.mark_paid(ops(), "paid", now()));
        let changes = works(&|o| o.revise(&p, Revision::default(), ops(), now()));
        let cancels = works(&|o| o.cancel(ops(), "", now())) && state != OrderState::Cancelled
            || works(&|o| o.refund(ops(), "", now()));
        let confirms = state != OrderState::Confirmed && works(&|o| o.confirm(ops(), now()));
        let completes = state != OrderState::Completed && works(&|o| o.complete(ops(), served));
        let dispatches = crate::jobs::Job::open(&o, 0, Default::default()).is_ok();
        let c = |a: A| customer.contains(&a);
        let st = |a: A| staff.contains(&a);
        let code = state.code();
        assert_eq!((c(A::Pay), st(A::Pay)), (pays, pays), "{code}: pay");
        assert_eq!(c(A::Change), changes, "{code}: change");
        assert_eq!(
            (c(A::Cancel), st(A::Cancel)),
            (cancels, cancels),
            "{code}: cancel"
        );
        assert_eq!(st(A::Confirm), confirms, "{code}: confirm");
        assert_eq!(st(A::Complete), completes, "{code}: complete");
        assert_eq!(
            (st(A::Dispatch), st(A::Assign)),
            (dispatches, dispatches),
            "{code}"
        );
        assert_eq!(
            c(A::Review),
            state == OrderState::Completed,
            "{code}: review"
        );
        let kept = matches!(
            state,
            OrderState::Paid | OrderState::Confirmed | OrderState::Completed
        );
        assert_eq!(state.is_paid(), kept, "{code}: paid");
        // A customer is never offered an operator's action, nor staff a customer's.
        assert!(
            !customer
                .iter()
                .any(|a| matches!(a, A::Confirm | A::Assign | A::Complete | A::Dispatch))
        );
        assert!(
            !staff
                .iter()
                .any(|a| matches!(a, A::Change | A::Voucher | A::FollowJob | A::Review))
        );
        assert!(
            OrderGroup::ALL
                .iter()
                .filter(|g| g.states().contains(&state))
                .count()
                == 1
        );
    }
}

#[test]
fn unpaid_orders_lapse_only_after_their_window() {
    let p = plan("shuttle-sgn-4", Category::Shuttle, 380_000);
    let owner = UserId::parse("u1").unwrap();
    let mut o = Order::create(
        OrderId::parse("BK1").unwrap(),
        owner,
        &p,
        shuttle(),
        Some(contact()),
        String::new(),
        now(),
        Duration::minutes(60),
    )
    .unwrap();
    assert_eq!(
        o.state,
        OrderState::PendingPayment,
        "a contact completes the order"
    );
    assert!(o.expire(now() + Duration::minutes(59)).is_err());
    o.expire(now() + Duration::minutes(60)).unwrap();
    assert_eq!(o.state, OrderState::Expired);
    assert!(o.cancel(Actor::System("x".into()), "", now()).is_err());
}

#[test]
fn actors_and_states_round_trip_their_codes() {
    for s in OrderState::ALL {
        assert_eq!(OrderState::from_code(s.code()), Ok(s));
    }
    for a in [
        Actor::Customer(UserId::parse("u1").unwrap()),
        Actor::System("expiry".into()),
        Actor::Operator("ann".into()),
    ] {
        assert_eq!(Actor::parse(&a.code()), Ok(a));
    }
}

fn service() -> (OrderService, Arc<FixedClock>) {
    let s = setup();
    (s.svc, s.clock)
}

fn new_shuttle() -> NewOrder {
    NewOrder {
        language: Default::default(),
        details: shuttle(),
        contact: None,
        note: String::new(),
    }
}

/// Ids sort in the order they were made (so indexes on them take new orders at their end), and
/// keep the shape a bank memo is matched by: `BK`, six digits, twelve letters or digits.
#[tokio::test]
async fn order_ids_sort_as_they_were_made() {
    let (svc, clock) = service();
    let ann = UserId::parse("ann").unwrap();
    let plan_id = PlanId::parse("shuttle-sgn-4").unwrap();
    let mut ids = Vec::new();
    // Within a second and across seconds, minutes and hours of one Vietnam day.
    for step in [0, 0, 1, 59, 3_600, 36_000] {
        *clock.0.lock().unwrap() += Duration::seconds(step);
        let o = svc
            .create(&ann, Category::Shuttle, &plan_id, new_shuttle(), None)
            .await
            .unwrap();
        ids.push(o.id.as_str().to_owned());
    }
    let tail = |id: &str| id.strip_prefix("BK261122-").unwrap().to_owned();
    for id in &ids {
        assert!(tail(id).len() == 12 && tail(id).bytes().all(|b| b.is_ascii_alphanumeric()));
        let memo = crate::payment::memo_of(id);
        assert_eq!(crate::payment::references_in(&memo), vec![memo]);
    }
    let seconds: Vec<String> = ids.iter().map(|id| tail(id)[..3].to_owned()).collect();
    assert!(seconds.is_sorted(), "{ids:?}");
    assert!(
        seconds[1] < seconds[2] && seconds[4] < seconds[5],
        "{ids:?}"
    );
    assert_eq!(seconds[0], seconds[1]);
    assert_ne!(ids[0], ids[1]);
}

#[tokio::test]
async fn only_the_owner_sees_or_changes_an_order() {
    let (svc, _) = service();
    let (ann, bob) = (UserId::parse("ann").unwrap(), UserId::parse("bob").unwrap());
    let plan_id = PlanId::parse("shuttle-sgn-4").unwrap();
    let o = svc
        .create(&ann, Category::Shuttle, &plan_id, new_shuttle(), None)
        .await
        .unwrap();
    assert!(o.id.as_str().starts_with("BK261122-"), "{}", o.id.as_str());
    assert_eq!(
        o.estimate.total,
        Money::vnd(480_000),
        "rate and one child seat"
    );
    assert!(matches!(
        svc.get(&bob, &o.id).await,
        Err(DomainError::NotFound { .. })
    ));
    assert!(matches!(
        svc.cancel(&bob, &o.id, "").await,
        Err(DomainError::NotFound { .. })
    ));
    let rev = Revision {
        contact: Some(contact()),
        ..Revision::default()
    };
    assert!(matches!(
        svc.update(&bob, Some(Category::Shuttle), &o.id, rev.clone())
            .await,
        Err(DomainError::NotFound { .. })
    ));
    assert!(
        matches!(
            svc.update(&ann, Some(Category::Charter), &o.id, rev.clone())
                .await,
            Err(DomainError::NotFound { .. })
        ),
        "an order lives under its own category"
    );
    let other_kind = Revision {
        details: Some(massage(1)),
        ..Revision::default()
    };
    assert_eq!(
        field(svc.update(&ann, None, &o.id, other_kind).await),
        "details",
        "without a path, new details must still be of the order's category"
    );
    let o = svc
        .update(&ann, Some(Category::Shuttle), &o.id, rev)
        .await
        .unwrap();
    assert_eq!((o.state, o.version), (OrderState::PendingPayment, 1));
    let o = svc.cancel(&ann, &o.id, "plans changed").await.unwrap();
    assert_eq!(
        svc.cancel(&ann, &o.id, "again").await.unwrap().version,
        o.version,
        "a retried cancel changes nothing"
    );
}

#[tokio::test]
async fn a_key_returns_the_first_order_and_refuses_another_request() {
    let (svc, _) = service();
    let ann = UserId::parse("ann").unwrap();
    let plan_id = PlanId::parse("shuttle-sgn-4").unwrap();
    let key = IdempotencyKey::parse("k-1").unwrap();
    let first = svc
        .create(
            &ann,
            Category::Shuttle,
            &plan_id,
            new_shuttle(),
            Some(key.clone()),
        )
        .await
        .unwrap();
    let again = svc
        .create(
            &ann,
            Category::Shuttle,
            &plan_id,
            new_shuttle(),
            Some(key.clone()),
        )
        .await
        .unwrap();
    assert_eq!(first.id, again.id);
    let other = NewOrder {
        language: Default::default(),
        note: "another".into(),
        ..new_shuttle()
    };
    assert_eq!(
        svc.create(&ann, Category::Shuttle, &plan_id, other, Some(key.clone()))
            .await,
        Err(DomainError::KeyReused)
    );
    // Keys are per customer: someone else's same key is a new order.
    let bob = UserId::parse("bob").unwrap();
    let theirs = svc
        .create(&bob, Category::Shuttle, &plan_id, new_shuttle(), Some(key))
        .await
        .unwrap();
    assert_ne!(theirs.id, first.id);
}

#[tokio::test]
async fn the_job_expires_unpaid_orders_past_their_window() {
    let (svc, clock) = service();
    let ann = UserId::parse("ann").unwrap();
    let plan_id = PlanId::parse("shuttle-sgn-4").unwrap();
    let o = svc
        .create(&ann, Category::Shuttle, &plan_id, new_shuttle(), None)
        .await
        .unwrap();
    assert_eq!(svc.expire_due(100).await, Ok(0));
    *clock.0.lock().unwrap() = now() + Duration::minutes(61);
    assert_eq!(svc.expire_due(100).await, Ok(1));
    let o = svc.get(&ann, &o.id).await.unwrap();
    assert_eq!(o.state, OrderState::Expired);
    assert_eq!(
        o.history.last().map(|t| t.actor.clone()),
        Some(Actor::System("expiry".into()))
    );
    assert!(
        svc.update(&ann, Some(Category::Shuttle), &o.id, Revision::default())
            .await
            .is_err()
    );
}

#[tokio::test]
async fn estimates_need_no_order_and_check_the_same_rules() {
    let (svc, _) = service();
    let plan_id = PlanId::parse("massage-90").unwrap();
    let e = svc
        .estimate(Category::DragonMassage, &plan_id, massage(1))
        .await
        .unwrap();
    assert_eq!(e.estimate.total, Money::vnd(720_000));
    // Free cancellation ends the policy's 24 hours before the service starts.
    let start = massage(1).start().instant();
    assert_eq!(e.free_until, start - Duration::hours(24));
    assert_eq!(
        field(
            svc.estimate(Category::DragonMassage, &plan_id, massage(3))
                .await
        ),
        "details.people"
    );
    let specific = ServiceDetails::Massage(MassageDetails {
        therapist: TherapistChoice::Specific("t-nobody".into()),
        ..match massage(1) {
            ServiceDetails::Massage(m) => m,
            _ => unreachable!(),
        }
    });
    assert_eq!(
        field(
            svc.estimate(Category::DragonMassage, &plan_id, specific)
                .await
        ),
        "details.therapist_id"
    );
    assert!(matches!(
        svc.estimate(Category::Shuttle, &plan_id, shuttle()).await,
        Err(DomainError::NotFound { .. })
    ));
}

fn with_therapist(choice: TherapistChoice, start: &str) -> NewOrder {
    NewOrder {
        language: Default::default(),
        details: massage_at(choice, start),
        contact: None,
        note: String::new(),
    }
}

fn lan() -> TherapistChoice {
    TherapistChoice::Specific("t-lan".into())
}

#[tokio::test]
async fn a_named_therapist_is_booked_once_for_overlapping_times() {
    let s = setup();
    let plan_id = PlanId::parse("massage-90").unwrap();
    let (ann, bob) = (UserId::parse("ann").unwrap(), UserId::parse("bob").unwrap());
    let cat = Category::DragonMassage;
    let first = s
        .svc
        .create(
            &ann,
            cat,
            &plan_id,
            with_therapist(lan(), "2026-11-23T20:00"),
            None,
        )
        .await
        .unwrap();
    // 21:30 ends before the 30 minutes the therapist needs to travel after 20:00–21:30.
    let taken = s
        .svc
        .create(
            &bob,
            cat,
            &plan_id,
            with_therapist(lan(), "2026-11-23T21:45"),
            None,
        )
        .await;
    assert!(
        matches!(&taken, Err(DomainError::InvalidArgument { field, message })
            if field == "details.therapist_id" && message.code == "order.therapist_taken"),
        "{taken:?}"
    );
    // Another therapist, or the same one later, is fine.
    let mai = TherapistChoice::Specific("t-mai".into());
    s.svc
        .create(
            &bob,
            cat,
            &plan_id,
            with_therapist(mai, "2026-11-23T21:45"),
            None,
        )
        .await
        .unwrap();
    // 22:00 is exactly the end of the massage and the travel: free.
    s.svc
        .create(
            &bob,
            cat,
            &plan_id,
            with_therapist(lan(), "2026-11-23T22:00"),
            None,
        )
        .await
        .unwrap();
    // (Another customer: one holds at most two unpaid massage orders.)
    s.svc
        .create(
            &UserId::parse("cho").unwrap(),
            cat,
            &plan_id,
            with_therapist(lan(), "2026-11-24T22:00"),
            None,
        )
        .await
        .unwrap();
    // The owner may change their own booking without colliding with its own hold.
    let moved = with_therapist(lan(), "2026-11-23T19:30").details;
    s.svc
        .update(
            &ann,
            Some(cat),
            &first.id,
            Revision {
                details: Some(moved),
                ..Revision::default()
            },
        )
        .await
        .unwrap();
    // Cancelling releases the therapist.
    let at_eight = || with_therapist(lan(), "2026-11-23T20:00");
    let dan = UserId::parse("dan").unwrap();
    let taken = s.svc.create(&dan, cat, &plan_id, at_eight(), None).await;
    assert!(
        matches!(taken, Err(DomainError::InvalidArgument { .. })),
        "{taken:?}"
    );
    s.svc.cancel(&ann, &first.id, "").await.unwrap();
    s.svc
        .create(&dan, cat, &plan_id, at_eight(), None)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_store_collision_is_a_conflict_for_the_loser() {
    let s = setup();
    let plan_id = PlanId::parse("massage-90").unwrap();
    let ann = UserId::parse("ann").unwrap();
    let new = with_therapist(lan(), "2026-11-23T20:00");
    // Another order holds the therapist, stored behind the service's back as a racing request
    // would be between the check and the insert.
    let rival = Order::create(
        OrderId::parse("BK-rival").unwrap(),
        UserId::parse("bob").unwrap(),
        &plan("massage-90", Category::DragonMassage, 450_000),
        new.details.clone(),
        None,
        String::new(),
        now(),
        Duration::minutes(60),
    )
    .unwrap();
    s.store
        .insert(&rival, None, UnpaidCap::default())
        .await
        .unwrap();
    let lost = s
        .svc
        .create(&ann, Category::DragonMassage, &plan_id, new.clone(), None)
        .await;
    assert!(
        matches!(lost, Err(DomainError::InvalidArgument { .. })),
        "{lost:?}"
    );
    // Had the check run before the rival's insert, the store itself refuses.
    let mut late = rival.clone();
    late.id = OrderId::parse("BK-late").unwrap();
    assert_eq!(
        s.store.insert(&late, None, UnpaidCap::default()).await,
        Err(StoreError::SlotTaken)
    );
}

#[tokio::test]
async fn a_named_therapist_must_work_then_and_still_work_for_us() {
    let s = setup();
    let plan_id = PlanId::parse("massage-90").unwrap();
    let ann = UserId::parse("ann").unwrap();
    let cat = Category::DragonMassage;
    // 2026-11-29 is a Sunday, when the test therapists rest.
    let sunday = s
        .svc
        .create(
            &ann,
            cat,
            &plan_id,
            with_therapist(lan(), "2026-11-29T20:00"),
            None,
        )
        .await;
    assert!(
        matches!(sunday, Err(DomainError::InvalidArgument { message, .. }) if message.code == "order.therapist_off")
    );
    let retired = TherapistChoice::Specific("t-retired".into());
    assert_eq!(
        field(
            s.svc
                .create(
                    &ann,
                    cat,
                    &plan_id,
                    with_therapist(retired, "2026-11-23T20:00"),
                    None
                )
                .await
        ),
        "details.therapist_id"
    );
}

#[tokio::test]
async fn a_favourite_needs_favourites_and_images_must_be_the_customers_own() {
    let s = setup();
    let plan_id = PlanId::parse("massage-90").unwrap();
    let (ann, bob) = (UserId::parse("ann").unwrap(), UserId::parse("bob").unwrap());
    let cat = Category::DragonMassage;
    let fav = || with_therapist(TherapistChoice::Favourite, "2026-11-23T20:00");
    assert_eq!(
        field(s.svc.create(&ann, cat, &plan_id, fav(), None).await),
        "details.therapist"
    );
    s.favorites
        .0
        .lock()
        .unwrap()
        .insert(ann.clone(), vec!["t-mai".into()]);
    s.svc
        .create(&ann, cat, &plan_id, fav(), None)
        .await
        .unwrap();

    let image = s.media.upload(&bob, vec![b"room".to_vec()]).await.unwrap()[0]
        .id
        .clone();
    let mut new = fav();
    if let ServiceDetails::Massage(m) = &mut new.details {
        m.hotel_images = vec![image];
    }
    assert_eq!(
        field(s.svc.create(&ann, cat, &plan_id, new.clone(), None).await),
        "details.hotel_image_ids"
    );
    s.favorites
        .0
        .lock()
        .unwrap()
        .insert(bob.clone(), vec!["t-mai".into()]);
    s.svc.create(&bob, cat, &plan_id, new, None).await.unwrap();
}

/// An order keeps its plan's name as its customer read it when booking.
#[tokio::test]
async fn an_order_keeps_the_plan_s_name_in_the_language_it_was_booked_in() {
    use crate::catalog::PlanTexts;
    use crate::shared::Language;
    let mut plan = crate::testing::plan("shuttle-sgn-4", Category::Shuttle, 380_000);
    plan.translations.insert(
        Language::En,
        PlanTexts {
            name: "Tan Son Nhat transfer".into(),
            ..PlanTexts::default()
        },
    );
    let s = setup();
    s.catalog.import(&[plan], &[]).await.unwrap();
    let ann = UserId::parse("ann").unwrap();
    let plan_id = PlanId::parse("shuttle-sgn-4").unwrap();
    let booked = |language| {
        let new = NewOrder {
            language,
            ..new_shuttle()
        };
        s.svc.create(&ann, Category::Shuttle, &plan_id, new, None)
    };
    assert_eq!(
        booked(Language::En).await.unwrap().plan_name,
        "Tan Son Nhat transfer"
    );
    assert_eq!(
        booked(Language::Vi).await.unwrap().plan_name,
        "方案 shuttle-sgn-4"
    );
}

/// A flight-status provider that answers as told, counting the calls.
struct Provider {
    answer: Option<crate::flights::FlightReport>,
    down: bool,
    calls: std::sync::atomic::AtomicUsize,
}

#[async_trait::async_trait]
impl crate::flights::FlightStatus for Provider {
    async fn arrival(
        &self,
        _number: &str,
        _airport: &str,
        _around: chrono::DateTime<chrono::Utc>,
    ) -> crate::DomainResult<Option<crate::flights::FlightReport>> {
        self.calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        if self.down {
            return Err(crate::DomainError::Unavailable("provider down".into()));
        }
        Ok(self.answer.clone())
    }
}

#[tokio::test]
async fn a_pick_up_s_flight_is_checked_when_booked_and_a_provider_down_does_not_stop_it() {
    let ann = UserId::parse("ann").unwrap();
    let plan_id = PlanId::parse("shuttle-sgn-4").unwrap();
    for (down, unknown_refused) in [(false, true), (true, false)] {
        let provider = Arc::new(Provider {
            answer: None,
            down,
            calls: Default::default(),
        });
        let svc = setup().svc.with_flights(provider.clone());
        // An estimate asks nobody.
        svc.estimate(Category::Shuttle, &plan_id, shuttle())
            .await
            .unwrap();
        assert_eq!(provider.calls.load(std::sync::atomic::Ordering::SeqCst), 0);
        let made = svc
            .create(&ann, Category::Shuttle, &plan_id, new_shuttle(), None)
            .await;
        assert_eq!(provider.calls.load(std::sync::atomic::Ordering::SeqCst), 1);
        if unknown_refused {
            assert_eq!(
                crate::testing::refusal_code(made.unwrap_err()),
                "shuttle.flight_unknown"
            );
        } else {
            made.unwrap();
        }
    }
}
