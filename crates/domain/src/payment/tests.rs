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

mod refund_plans {
    use chrono::{DateTime, Duration, TimeZone, Utc};

    use crate::error::DomainError;
    use crate::ordering::OrderId;
    use crate::payment::refund::{
        PayeeAccount, RefundChoice, RefundId, RefundState, RefundTo, Refunding, Route, plan,
        sources,
    };
    use crate::payment::{Method, Payment, PaymentId, PaymentState, Purpose};
    use crate::shared::{Money, UserId};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 3, 0, 0).unwrap()
    }

    fn paid(n: u32, order: &OrderId, method: Method, amount: i64, state: PaymentState) -> Payment {
        Payment {
            id: PaymentId::parse(&format!("PY261122TEST{n:08}")).unwrap(),
            owner: UserId::parse("ann").unwrap(),
            purpose: Purpose::Order(order.clone()),
            method,
            amount: Money::vnd(amount),
            state,
            reference: String::new(),
            key: None,
            fingerprint: String::new(),
            provider_ref: None,
            created_at: t0() + Duration::minutes(i64::from(n)),
            settled_at: None,
        }
    }

    /// The test order's refund of `refund`, cut as `choice` says, its parts numbered in turn.
    fn planned(
        payments: &[Payment],
        refund: i64,
        choice: &RefundChoice,
    ) -> crate::error::DomainResult<crate::payment::refund::RefundPlan> {
        let order = OrderId::parse("BK261122ABCDEFGH").unwrap();
        let mut n = 0;
        plan(
            Refunding {
                order: &order,
                owner: &UserId::parse("ann").unwrap(),
                cause: "cancel",
                given: &[],
            },
            payments,
            Money::vnd(refund),
            choice,
            || {
                n += 1;
                RefundId::parse(&format!("RF261122TEST{n:08}")).unwrap()
            },
            t0(),
        )
    }

    fn cut(
        payments: &[Payment],
        refund: i64,
        choice: &RefundChoice,
    ) -> Vec<(Route, i64, RefundState)> {
        let plan = planned(payments, refund, choice).unwrap();
        let wallet: i64 = plan
            .parts
            .iter()
            .filter(|p| p.route == Route::Wallet)
            .map(|p| p.amount.amount())
            .sum();
        assert_eq!(plan.to_wallet.amount(), wallet);
        let total: i64 = plan.parts.iter().map(|p| p.amount.amount()).sum();
        assert_eq!(total, refund, "the parts make the refund, no more");
        plan.parts
            .iter()
            .map(|p| (p.route, p.amount.amount(), p.state))
            .collect()
    }

    #[test]
    fn each_part_goes_back_where_it_came_from_and_the_fee_is_kept_from_v_coin_first() {
        let order = OrderId::parse("BK261122ABCDEFGH").unwrap();
        let payments = [
            paid(1, &order, Method::VCoin, 200_000, PaymentState::Succeeded),
            paid(2, &order, Method::VnPay, 300_000, PaymentState::Succeeded),
            // Tried and failed, or money that went to the wallet instead: nothing to give back.
            paid(3, &order, Method::VnPay, 500_000, PaymentState::Failed),
            paid(4, &order, Method::VietQr, 500_000, PaymentState::Credited),
        ];
        let source = RefundChoice {
            to: RefundTo::Source,
            account: None,
        };
        // All of it: each part to its own method.
        assert_eq!(
            cut(&payments, 500_000, &source),
            [
                (Route::VnPay, 300_000, RefundState::Pending),
                (Route::Wallet, 200_000, RefundState::Done),
            ]
        );
        // Half kept: the card gets back all it can.
        assert_eq!(
            cut(&payments, 250_000, &source),
            [(Route::VnPay, 250_000, RefundState::Pending)]
        );
        // To the wallet: one part, whatever paid.
        assert_eq!(
            cut(&payments, 500_000, &RefundChoice::default()),
            [(Route::Wallet, 500_000, RefundState::Done)]
        );
        assert_eq!(sources(&order, &payments), [Route::VnPay, Route::Wallet]);
    }

    #[test]
    fn a_bank_part_needs_the_customers_account() {
        let order = OrderId::parse("BK261122ABCDEFGH").unwrap();
        let payments = [paid(
            1,
            &order,
            Method::VietQr,
            400_000,
            PaymentState::Succeeded,
        )];
        let bare = RefundChoice {
            to: RefundTo::Source,
            account: None,
        };
        let err = planned(&payments, 400_000, &bare).unwrap_err();
        assert!(
            matches!(err, DomainError::InvalidArgument { ref field, .. } if field == "account")
        );
        let with = RefundChoice {
            account: Some(PayeeAccount::parse(" ACB ", "1234-5678-90", "Tran Thi B").unwrap()),
            ..bare
        };
        assert_eq!(
            cut(&payments, 400_000, &with),
            [(Route::Bank, 400_000, RefundState::Pending)]
        );
    }

    #[test]
    fn an_account_is_read_as_typed_and_refused_in_words() {
        let a = PayeeAccount::parse(" ACB ", "1234 5678-90ab", " Tran Thi B ").unwrap();
        assert_eq!(
            (a.bank.as_str(), a.number.as_str(), a.holder.as_str()),
            ("ACB", "1234567890AB", "Tran Thi B")
        );
        for (bank, number, holder, field) in [
            ("A", "123456", "Tran", "account.bank"),
            ("ACB", "12345", "Tran", "account.number"),
            ("ACB", "12345678901234567890", "Tran", "account.number"),
            ("ACB", "123456#", "Tran", "account.number"),
            ("ACB", "123456", " ", "account.holder"),
        ] {
            let err = PayeeAccount::parse(bank, number, holder).unwrap_err();
            assert!(
                matches!(err, DomainError::InvalidArgument { field: ref f, .. } if f == field),
                "{bank} {number} {holder}: {err:?}"
            );
        }
    }

    #[test]
    fn a_part_vnpay_never_answers_is_tried_with_a_growing_wait_then_left_to_staff() {
        let order = OrderId::parse("BK261122ABCDEFGH").unwrap();
        let payments = [paid(
            1,
            &order,
            Method::VnPay,
            400_000,
            PaymentState::Succeeded,
        )];
        let source = RefundChoice {
            to: RefundTo::Source,
            account: None,
        };
        let mut part = planned(&payments, 400_000, &source)
            .unwrap()
            .parts
            .remove(0);
        let mut waits = Vec::new();
        while part.state == RefundState::Pending {
            part.attempts += 1;
            part.unanswered(t0());
            waits.push((part.next_at - t0()).num_minutes());
        }
        assert_eq!(part.attempts, crate::payment::refund::SEND_ATTEMPTS);
        assert_eq!(waits[..7], [1, 2, 4, 8, 16, 32, 64]);
        assert_eq!(
            (part.state, part.answer.as_deref()),
            (RefundState::Failed, Some("UNANSWERED"))
        );
        assert!(part.is_task());
    }

    mod properties {
        use proptest::prelude::*;

        use super::*;

        fn method() -> impl Strategy<Value = Method> {
            prop_oneof![
                Just(Method::VCoin),
                Just(Method::VnPay),
                Just(Method::VietQr)
            ]
        }

        fn state() -> impl Strategy<Value = PaymentState> {
            prop_oneof![
                4 => Just(PaymentState::Succeeded),
                1 => Just(PaymentState::Credited),
                1 => Just(PaymentState::Failed),
            ]
        }

        proptest! {
            /// However an order was paid (by several methods, its changes beside it, a tip, money
            /// that went to the wallet instead) and however many refunds it gave before: each
            /// payment gets back at most what it paid less what it was given, a tip or money that
            /// did not pay the order gets nothing, and the parts make the refund, no more.
            #[test]
            fn refunded_never_passes_what_each_payment_paid(
                paid_as in prop::collection::vec((method(), 1..200i64, state(), 0..4u8), 1..6),
                refunds in prop::collection::vec((1..300i64, any::<bool>()), 1..5),
            ) {
                let order = OrderId::parse("BK261122ABCDEFGH").unwrap();
                let owner = UserId::parse("ann").unwrap();
                let payments: Vec<Payment> = paid_as
                    .iter()
                    .enumerate()
                    .map(|(n, (m, k, st, p))| {
                        let mut pay = paid(n as u32, &order, *m, k * 1_000, *st);
                        pay.purpose = match p {
                            0 | 1 => Purpose::Order(order.clone()),
                            2 => Purpose::Change(order.clone()),
                            _ => Purpose::Tip(order.clone()),
                        };
                        pay
                    })
                    .collect();
                let source = RefundChoice {
                    to: RefundTo::Source,
                    account: Some(PayeeAccount::parse("VCB", "0123456789", "NGUYEN VAN A").unwrap()),
                };
                let mut given: Vec<crate::payment::refund::RefundPart> = Vec::new();
                let mut n = 0;
                for (i, (k, back)) in refunds.iter().enumerate() {
                    let choice = if *back { source.clone() } else { RefundChoice::default() };
                    let cause = format!("change:{i}");
                    let plan = plan(
                        Refunding { order: &order, owner: &owner, cause: &cause, given: &given },
                        &payments,
                        Money::vnd(k * 1_000),
                        &choice,
                        || {
                            n += 1;
                            RefundId::parse(&format!("RF261122TEST{n:08}")).unwrap()
                        },
                        t0(),
                    )
                    .unwrap();
                    let total: i64 = plan.parts.iter().map(|p| p.amount.amount()).sum();
                    prop_assert_eq!(total, k * 1_000);
                    prop_assert!(plan.parts.iter().all(|p| p.amount > Money::ZERO));
                    given.extend(plan.parts);
                    for p in &payments {
                        let back: i64 = given
                            .iter()
                            .filter(|g| g.payment.as_ref() == Some(&p.id))
                            .map(|g| g.amount.amount())
                            .sum();
                        let refundable = p.state == PaymentState::Succeeded
                            && p.purpose.pays() == Some(&order);
                        if refundable {
                            prop_assert!(back <= p.amount.amount(), "{back} back of {:?}", p);
                        } else {
                            prop_assert_eq!(back, 0, "{:?}", p);
                        }
                    }
                }
            }
        }
    }
}
