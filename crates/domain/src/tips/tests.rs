use chrono::Duration;

use super::*;
use crate::ordering::{Actor, OrderState};
use crate::testing::draft_order;

fn completed(at: DateTime<Utc>) -> Order {
    let mut order = draft_order();
    order.state = OrderState::Completed;
    order.history.push(crate::ordering::Transition {
        from: Some(OrderState::Confirmed),
        to: OrderState::Completed,
        at,
        actor: Actor::System("test".into()),
        reason: String::new(),
    });
    order
}

fn refusal(r: DomainResult<()>) -> &'static str {
    match r.unwrap_err() {
        DomainError::FailedPrecondition(m) => m.code,
        DomainError::InvalidArgument { message, .. } => message.code,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_tip_follows_a_completed_service_within_its_days_in_whole_thousands() {
    let done = chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 12, 1, 3, 0, 0).unwrap();
    let order = completed(done);
    let fine = Money::vnd(50_000);
    assert_eq!(check_tip(&order, fine, done + Duration::hours(1)), Ok(()));
    assert_eq!(
        check_tip(&order, fine, done + Duration::days(TIP_DAYS)),
        Ok(())
    );
    assert_eq!(
        refusal(check_tip(
            &order,
            fine,
            done + Duration::days(TIP_DAYS) + Duration::seconds(1)
        )),
        "tip.too_late"
    );
    for bad in [
        Money::vnd(9_000),
        Money::vnd(50_500),
        TIP_MAX + Money::vnd(1_000),
    ] {
        assert_eq!(
            refusal(check_tip(&order, bad, done)),
            "tip.range",
            "{bad:?}"
        );
    }
    let mut paid = order.clone();
    paid.state = OrderState::Paid;
    assert_eq!(refusal(check_tip(&paid, fine, done)), "tip.not_completed");
}
