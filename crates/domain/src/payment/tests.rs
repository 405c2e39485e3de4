use chrono::{DateTime, TimeZone, Utc};

use super::*;
use crate::shared::Money;
use crate::testing::draft_order;

fn at(y: u32, d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, y, d, h, 0, 0).unwrap()
}

#[test]
fn cancellation_is_free_until_a_day_before_then_costs_half() {
    let policy = CancellationPolicy::default();
    let mut order = draft_order();
    let unpaid = policy.quote(&order, at(11, 24, 4)).unwrap();
    assert_eq!(
        (unpaid.paid, unpaid.fee, unpaid.refund),
        (Money::ZERO, Money::ZERO, Money::ZERO),
        "nothing paid, nothing kept"
    );
    order.state = crate::ordering::OrderState::Paid;
    let total = order.estimate.total;
    let early = policy.quote(&order, at(11, 24, 2)).unwrap();
    assert_eq!((early.fee, early.refund), (Money::ZERO, total));
    assert_eq!(early.free_until, at(11, 24, 3), "24 hours before 03:00 UTC");
    let late = policy.quote(&order, at(11, 24, 4)).unwrap();
    assert_eq!(late.fee.amount() + late.refund.amount(), total.amount());
    assert_eq!(late.fee.amount(), total.amount() / 2);
    assert!(policy.quote(&order, at(11, 25, 3)).is_err(), "started");
    let all = CancellationPolicy {
        free_until_hours: 1000,
        late_fee_percent: 250,
    };
    let q = all.quote(&order, at(11, 25, 2)).unwrap();
    assert_eq!(
        (q.fee, q.refund),
        (total, Money::ZERO),
        "never more than was paid"
    );
}

#[test]
fn top_ups_are_whole_thousands_within_bounds() {
    assert!(check_top_up(TOP_UP_MIN).is_ok());
    assert!(check_top_up(TOP_UP_MAX).is_ok());
    assert!(check_top_up(Money::vnd(9_000)).is_err());
    assert!(check_top_up(Money::vnd(10_500)).is_err());
    assert!(check_top_up(Money::vnd(50_001_000)).is_err());
}

#[test]
fn codes_read_back() {
    for m in Method::ALL {
        assert_eq!(Method::parse(m.code()).unwrap(), m);
    }
    assert!(Method::parse("cash").is_err());
    for s in PaymentState::ALL {
        assert_eq!(PaymentState::from_code(s.code()).unwrap(), s);
    }
    for k in EntryKind::ALL {
        assert_eq!(EntryKind::from_code(k.code()).unwrap(), k);
    }
    assert_eq!(IpnOutcome::BadSignature.rsp_code(), "97");
}

#[test]
fn an_order_is_payable_while_it_waits_inside_its_window() {
    use crate::ordering::{Actor, OrderState};
    let mut order = draft_order();
    assert_eq!(order.state, OrderState::Draft);
    assert!(
        service::payable(&order, at(11, 22, 3)).is_err(),
        "needs its contact first"
    );
    order.state = OrderState::PendingPayment;
    assert!(service::payable(&order, at(11, 22, 3)).is_ok());
    let lapsed = order.expires_at;
    assert!(
        service::payable(&order, lapsed).is_err(),
        "the window has closed"
    );
    order
        .mark_paid(Actor::System("dev".into()), "paid", at(11, 22, 3))
        .unwrap();
    let e = service::payable(&order, at(11, 22, 3)).unwrap_err();
    assert_eq!(e.to_string(), "order.already_paid");
}
