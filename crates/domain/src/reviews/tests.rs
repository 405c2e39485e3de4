use std::sync::Arc;

use chrono::Duration;

use super::*;
use crate::audit::Staff;
use crate::error::DomainError;
use crate::ordering::{Contact, Order, OrderId, OrderState, TherapistChoice};
use crate::shared::{PageRequest, Phone, UserId};
use crate::testing::{FixedClock, MemoryReviews, Sequence, Store, draft_order, massage_at};

/// The tests' present: after every order's service (the last starts 2026-11-25 10:00).
fn now() -> chrono::DateTime<chrono::Utc> {
    crate::testing::now() + Duration::days(4)
}

struct World {
    svc: ReviewService,
    clock: Arc<FixedClock>,
    orders: Arc<Store>,
    reviews: Arc<MemoryReviews>,
}

fn world() -> World {
    let clock = Arc::new(FixedClock::at(now()));
    let orders = Arc::new(Store::default());
    let reviews = Arc::new(MemoryReviews::default());
    let svc = ReviewService::new(
        orders.clone(),
        reviews.clone(),
        clock.clone(),
        Arc::new(Sequence::default()),
    );
    World {
        svc,
        clock,
        orders,
        reviews,
    }
}

/// u1's order `id`, in `state`, named 王小明.
fn order(w: &World, id: &str, state: OrderState) -> OrderId {
    let id = OrderId::parse(id).unwrap();
    let phone = Phone::parse("+84", "901234567").unwrap();
    w.orders.put(Order {
        id: id.clone(),
        state,
        contact: Some(Contact::new("王小明", phone, None).unwrap()),
        ..draft_order()
    });
    id
}

fn u1() -> UserId {
    UserId::parse("u1").unwrap()
}

fn operator() -> Staff {
    Staff::Operator {
        user_id: UserId::parse("op").unwrap(),
        email: "ops@example.com".into(),
        name: "Lan".into(),
        admin: false,
    }
}

fn first_page() -> PageRequest {
    PageRequest::new(0, None).unwrap()
}

#[tokio::test]
async fn only_the_customer_of_a_completed_order_rates_it_once_from_1_to_5() {
    let w = world();
    let done = order(&w, "BK-done", OrderState::Completed);
    let paid = order(&w, "BK-paid", OrderState::Paid);
    let err = w.svc.submit(&u1(), &paid, 5, "").await.unwrap_err();
    assert_eq!(
        err,
        DomainError::FailedPrecondition(crate::error::msg("review.not_completed"))
    );
    let stranger = UserId::parse("u2").unwrap();
    let err = w.svc.submit(&stranger, &done, 5, "").await.unwrap_err();
    assert!(matches!(err, DomainError::NotFound { .. }), "{err:?}");
    for bad in [0, 6, 256] {
        let err = w.svc.submit(&u1(), &done, bad, "").await.unwrap_err();
        assert!(matches!(err, DomainError::InvalidArgument { ref field, .. } if field == "rating"));
    }
    let hostile = w.svc.submit(&u1(), &done, 4, "nice\u{202e}gnp.exe").await;
    assert!(
        matches!(hostile, Err(DomainError::InvalidArgument { ref field, .. }) if field == "comment")
    );
    assert!(
        w.reviews.reviews.lock().unwrap().is_empty(),
        "refusals write nothing"
    );

    let review = w
        .svc
        .submit(&u1(), &done, 4, "  司機準時，車很乾淨  ")
        .await
        .unwrap();
    assert_eq!(
        (review.rating, review.comment.as_str()),
        (4, "司機準時，車很乾淨")
    );
    assert_eq!(review.author, "王**", "never the whole name");
    w.clock
        .0
        .lock()
        .unwrap()
        .clone_from(&(now() + Duration::days(1)));
    let again = w.svc.submit(&u1(), &done, 5, "").await.unwrap();
    assert_eq!(
        (again.rating, again.created_at),
        (5, now()),
        "the second is an edit"
    );
    assert_eq!(w.reviews.reviews.lock().unwrap().len(), 1);
    assert_eq!(w.svc.of_order(&u1(), &done).await.unwrap(), Some(again));
    assert!(w.svc.of_order(&stranger, &done).await.is_err());
}

#[tokio::test]
async fn a_review_changes_for_14_days_and_never_once_hidden() {
    let w = world();
    let done = order(&w, "BK-done", OrderState::Completed);
    w.svc.submit(&u1(), &done, 2, "late").await.unwrap();
    *w.clock.0.lock().unwrap() = now() + Duration::days(EDIT_DAYS) - Duration::minutes(1);
    let kind = w
        .svc
        .submit(&u1(), &done, 3, "late, but kind")
        .await
        .unwrap();
    assert!(w.svc.editable(&kind), "a minute before the deadline");
    *w.clock.0.lock().unwrap() = now() + Duration::days(EDIT_DAYS);
    assert!(!w.svc.editable(&kind), "at the deadline");
    let err = w.svc.submit(&u1(), &done, 5, "").await.unwrap_err();
    assert_eq!(
        err,
        DomainError::FailedPrecondition(crate::error::msg("review.edit_closed").with("days", 14))
    );

    let other = order(&w, "BK-other", OrderState::Completed);
    w.svc.submit(&u1(), &other, 1, "rude words").await.unwrap();
    assert!(
        w.svc.hide(&operator(), &other, "  ").await.is_err(),
        "a reason is required"
    );
    let hidden = w.svc.hide(&operator(), &other, "含不雅字眼").await.unwrap();
    assert_eq!(hidden.hidden.as_ref().unwrap().reason, "含不雅字眼");
    assert!(!w.svc.editable(&hidden), "a hidden review does not change");
    let again = w.svc.hide(&operator(), &other, "again").await.unwrap();
    assert_eq!(
        again.hidden.unwrap().reason,
        "含不雅字眼",
        "hiding twice changes nothing"
    );
    let hidings = w.reviews.hidings.lock().unwrap().clone();
    assert_eq!(hidings.len(), 1, "one audit entry, one notice");
    let (audit, plan) = &hidings[0];
    assert_eq!(
        (
            audit.action.as_str(),
            audit.target.as_str(),
            audit.actor.as_str()
        ),
        ("review.hide", "review:BK-other", "operator:ops@example.com")
    );
    assert_eq!(audit.before, "1★ rude words");
    assert_eq!(plan, "方案 p1");
    let err = w.svc.submit(&u1(), &other, 5, "").await.unwrap_err();
    assert_eq!(
        err,
        DomainError::FailedPrecondition(crate::error::msg("review.hidden"))
    );
}

#[tokio::test]
async fn pages_and_cards_count_the_shown_reviews_per_plan_and_therapist() {
    let w = world();
    for (id, stars) in [("BK-a", 5), ("BK-b", 4), ("BK-c", 4)] {
        let id = OrderId::parse(id).unwrap();
        let mut o = Order {
            id: id.clone(),
            state: OrderState::Completed,
            details: massage_at(
                TherapistChoice::Specific("t-lan".into()),
                "2026-11-23T20:00",
            ),
            ..draft_order()
        };
        o.contact = None;
        w.orders.put(o);
        let review = w.svc.submit(&u1(), &id, stars, "").await.unwrap();
        assert_eq!(
            (review.author.as_str(), review.therapist_id.as_str()),
            ("", "t-lan"),
            "no author kept: each reader's catalogue names one"
        );
    }
    let summary = w.svc.plan_summaries().await.unwrap()["p1"];
    assert_eq!(
        (summary.count, summary.average_tenths()),
        (3, 43),
        "13/3 = 4.33"
    );
    w.svc
        .hide(&operator(), &OrderId::parse("BK-c").unwrap(), "spam")
        .await
        .unwrap();
    let summary = w.svc.therapist_summaries().await.unwrap()["t-lan"];
    assert_eq!(
        (summary.count, summary.average_tenths()),
        (2, 45),
        "4.5, hidden not counted"
    );
    let shown = w
        .svc
        .list(&Subject::Therapist("t-lan".into()), &first_page())
        .await
        .unwrap();
    assert_eq!(shown.items.len(), 2);
    assert_eq!(
        w.svc
            .all(Some(true), &first_page())
            .await
            .unwrap()
            .items
            .len(),
        1
    );
    assert_eq!(RatingSummary { count: 2, stars: 9 }.average_tenths(), 45);
    assert_eq!(
        RatingSummary {
            count: 3,
            stars: 14
        }
        .average_tenths(),
        47,
        "4.67"
    );
    assert_eq!(RatingSummary::default().average_tenths(), 0);
}

#[tokio::test]
async fn an_order_marked_completed_before_its_service_is_not_reviewed_until_then() {
    let w = world();
    *w.clock.0.lock().unwrap() = crate::testing::now();
    let early = order(&w, "BK-early", OrderState::Completed);
    let err = w.svc.submit(&u1(), &early, 5, "").await.unwrap_err();
    assert_eq!(
        err,
        DomainError::FailedPrecondition(
            crate::error::msg("order.not_served").with("start", "2026/11/25 10:00")
        )
    );
    *w.clock.0.lock().unwrap() = now();
    assert!(w.svc.submit(&u1(), &early, 5, "").await.is_ok());
}

#[tokio::test]
async fn an_order_its_partner_completed_early_is_reviewed_at_once() {
    use crate::ordering::{Actor, Transition};
    let w = world();
    *w.clock.0.lock().unwrap() = crate::testing::now();
    let id = order(&w, "BK-served", OrderState::Completed);
    let mut served = crate::ordering::OrderStore::get(&*w.orders, &id)
        .await
        .unwrap()
        .unwrap();
    served.history.push(Transition {
        from: Some(OrderState::Confirmed),
        to: OrderState::Completed,
        at: crate::testing::now(),
        actor: Actor::Partner(UserId::parse("driver").unwrap()),
        reason: "completed".into(),
    });
    w.orders.put(served);
    assert!(w.svc.submit(&u1(), &id, 5, "").await.is_ok());
}
