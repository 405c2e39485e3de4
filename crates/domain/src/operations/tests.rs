use chrono::{DateTime, Duration, Utc};

use crate::audit::Staff;
use crate::identity::{MailKind, Principal, Role};
use crate::ordering::{Actor, Driver, OrderState, order_snapshot};
use crate::payment::{CancellationPolicy, check_adjustment};
use crate::shared::{Money, UserId};

fn principal(role: Role) -> Principal {
    Principal {
        user_id: UserId::parse("u1").unwrap(),
        email: "lan@ops.example".into(),
        email_verified: true,
        role,
        auth_time: DateTime::<Utc>::UNIX_EPOCH,
        language: crate::shared::Language::default(),
    }
}

#[test]
fn only_the_operator_role_makes_staff() {
    let staff = principal(Role::Operator).into_staff().unwrap();
    assert_eq!(
        (staff.name().as_str(), staff.actor().as_str()),
        ("lan", "operator:lan@ops.example")
    );
    assert!(matches!(
        principal(Role::Customer).into_staff(),
        Err(crate::DomainError::PermissionDenied(_))
    ));
    let service = Staff::Service {
        key_id: "key-1".into(),
        name: "dispatch".into(),
        admin: false,
    };
    assert_eq!(
        (service.name().as_str(), service.actor().as_str()),
        ("dispatch", "service:dispatch")
    );
}

#[test]
fn only_admins_and_the_shell_keep_the_catalogue_wallets_and_staff() {
    let operator = principal(Role::Operator).into_staff().unwrap();
    let admin = principal(Role::Admin).into_staff().unwrap();
    let shell = Staff::Shell {
        name: "root".into(),
    };
    assert!(matches!(
        operator.require_admin(),
        Err(crate::DomainError::PermissionDenied(_))
    ));
    assert!(admin.require_admin().is_ok() && shell.require_admin().is_ok());
    assert_eq!(admin.actor(), "operator:lan@ops.example");
    assert_eq!(Role::from_code("admin"), Role::Admin);
    assert_eq!(Role::from_code("root"), Role::Customer);
}

#[test]
fn a_snapshot_names_the_state_and_the_driver_who_makes_it_assigned() {
    let mut order = crate::testing::draft_order();
    order.state = OrderState::Paid;
    assert_eq!(order_snapshot(&order), "state=PAID");
    assert!(!order.is_assigned());
    let phone = crate::shared::Phone::parse("84", "901234567").unwrap();
    let driver = Driver::new(order.category, "Minh", phone, "51A-1").unwrap();
    let now = order.created_at;
    order
        .assign_driver(driver, Actor::Operator("ops".into()), now)
        .unwrap();
    assert_eq!(
        order_snapshot(&order),
        "state=CONFIRMED driver=Minh +84901234567 51A-1"
    );
    assert!(order.is_assigned());
    // Each step that tells the customer something queues one mail with it.
    let kinds: Vec<_> = order.history.iter().filter_map(|t| t.notice()).collect();
    assert_eq!(kinds.last(), Some(&MailKind::OrderConfirmed));
}

#[test]
fn an_override_refunds_between_nothing_and_what_was_paid_with_a_reason() {
    let mut order = crate::testing::draft_order();
    order.state = OrderState::Paid;
    let paid = order.estimate.total;
    let policy = CancellationPolicy::default();
    let q = policy
        .overridden(&order, Money::vnd(100_000), "司機遲到")
        .unwrap();
    assert_eq!(
        (q.refund, q.fee),
        (Money::vnd(100_000), Money::vnd(paid.amount() - 100_000))
    );
    assert!(
        policy
            .overridden(&order, Money::vnd(paid.amount() + 1), "x")
            .is_err()
    );
    assert!(policy.overridden(&order, Money::vnd(-1), "x").is_err());
    assert!(policy.overridden(&order, paid, " ").is_err());
    // Also after the service started, which the policy's own quote refuses.
    let later = order.details.start().instant() + Duration::hours(1);
    assert!(policy.quote(&order, later).is_err());
    assert!(policy.overridden(&order, paid, "客訴").is_ok());
}

#[test]
fn adjustments_are_not_nothing_and_not_beyond_the_limit() {
    assert!(check_adjustment(Money::vnd(-20_000)).is_ok());
    assert!(check_adjustment(Money::ZERO).is_err());
    assert!(check_adjustment(Money::vnd(50_000_001)).is_err());
    assert!(check_adjustment(Money::vnd(-50_000_001)).is_err());
}
