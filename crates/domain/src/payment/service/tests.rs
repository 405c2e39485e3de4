//! The payment service's rules against in-memory ports: bank-transfer matching, the cancellation
//! policy and its refunds, wallet adjustments.

use chrono::Duration;

use crate::audit::Staff;
use crate::catalog::{Category, PlanId};
use crate::error::{DomainError, msg};
use crate::ordering::{
    Contact, IdempotencyKey, NewOrder, Order, OrderState, Revision, ServiceDetails,
};
use crate::payment::refund::{PayeeAccount, RefundState, RefundTo, Route};
use crate::payment::{
    BankNotice, Method, NextStep, PaymentService, PaymentState, Purpose, RefundChoice,
    TransferOutcome,
};
use crate::shared::{Money, PageRequest, Phone, UserId};
use crate::testing::{Bank, Payments, Setup, now, payments, setup, shuttle};

fn ann() -> UserId {
    UserId::parse("ann").unwrap()
}

fn key(k: &str) -> IdempotencyKey {
    IdempotencyKey::parse(k).unwrap()
}

/// A shuttle waiting for payment, 28.5 hours ahead of the tests' present.
async fn pending(s: &Setup) -> Order {
    let contact = Contact::new("王小明", Phone::parse("+886", "912345678").unwrap(), None).unwrap();
    let new = NewOrder {
        language: Default::default(),
        details: shuttle(),
        contact: Some(contact),
        note: String::new(),
    };
    let plan = PlanId::parse("shuttle-sgn-4").unwrap();
    let order = s
        .svc
        .create(&ann(), Category::Shuttle, &plan, new, None)
        .await
        .unwrap();
    assert_eq!(order.state, OrderState::PendingPayment);
    order
}

/// The pending order with a VietQR payment opened for it, and the memo the QR asks for.
async fn with_qr(s: &Setup, pay: &PaymentService) -> (Order, String) {
    with_qr_for(pay, pending(s).await).await
}

async fn with_qr_for(pay: &PaymentService, order: Order) -> (Order, String) {
    let checkout = pay
        .pay(&ann(), None, &order.id, Method::VietQr, key("qr-1"), "ip")
        .await
        .unwrap();
    let NextStep::Transfer(t) = checkout.next else {
        panic!("a VietQR payment shows a transfer, got {:?}", checkout.next)
    };
    (order, t.memo)
}

async fn notice(
    pay: &PaymentService,
    bank_ref: &str,
    amount: Money,
    memo: &str,
) -> TransferOutcome {
    let notice = BankNotice {
        bank_ref: bank_ref.into(),
        amount,
        memo: memo.into(),
    };
    pay.bank_notice(b"body", Bank::SIGNATURE, notice)
        .await
        .unwrap()
}

async fn state(s: &Setup, order: &Order) -> OrderState {
    s.svc.get(&ann(), &order.id).await.unwrap().state
}

fn balance(store: &Payments) -> i64 {
    store.books().wallets.get(&ann()).map_or(0, |m| m.amount())
}

#[tokio::test]
async fn a_transfer_of_the_amount_with_the_memo_among_the_banks_words_pays_the_order() {
    let s = setup();
    let (pay, store) = payments(&s);
    let (order, memo) = with_qr(&s, &pay).await;
    let total = order.estimate.total;
    let memo = format!("MBVCB.1234.{}.CT tu 0071 toi 0072", memo.to_lowercase());
    assert_eq!(
        notice(&pay, "FT-1", total, &memo).await,
        TransferOutcome::Paid
    );
    assert_eq!(state(&s, &order).await, OrderState::Paid);
    let books = store.books();
    assert_eq!(books.payments.len(), 1, "the QR's own payment settles");
    assert_eq!(books.payments[0].state, PaymentState::Succeeded);
    assert_eq!(books.payments[0].provider_ref.as_deref(), Some("FT-1"));
    assert!(books.entries.is_empty(), "paying an order moves no v-coin");
    // The bank repeats its notice: nothing happens twice.
    assert_eq!(
        notice(&pay, "FT-1", total, &memo).await,
        TransferOutcome::Duplicate
    );
    assert_eq!(store.books().payments.len(), 1);
}

#[tokio::test]
async fn the_open_transfer_is_found_again_for_its_owner_until_it_is_paid() {
    let s = setup();
    let (pay, _) = payments(&s);
    let order = pending(&s).await;
    let none = pay.open_transfer(&ann(), &order.id).await.unwrap();
    assert!(none.is_none(), "nothing was asked for yet");
    let (order, memo) = with_qr_for(&pay, order).await;
    let again = pay.open_transfer(&ann(), &order.id).await.unwrap().unwrap();
    let NextStep::Transfer(t) = again.next else {
        panic!("the open payment shows its transfer")
    };
    assert_eq!(t.memo, memo);
    // Another customer learns nothing of it.
    let bob = UserId::parse("bob").unwrap();
    let hidden = pay.open_transfer(&bob, &order.id).await.unwrap_err();
    assert!(matches!(hidden, DomainError::NotFound { .. }), "{hidden:?}");
    notice(&pay, "FT-9", order.estimate.total, &memo).await;
    assert!(
        pay.open_transfer(&ann(), &order.id)
            .await
            .unwrap()
            .is_none()
    );
}

/// The pending order's details with the pick-up moved a day later.
fn a_day_later(order: &Order) -> ServiceDetails {
    let ServiceDetails::Shuttle(mut d) = order.details.clone() else {
        unreachable!()
    };
    d.start = crate::shared::LocalTime::parse("start", "2026-11-24T14:30").unwrap();
    ServiceDetails::Shuttle(d)
}

#[tokio::test]
async fn an_open_transfer_fixes_the_orders_service_and_price_but_not_its_contact() {
    let s = setup();
    let (pay, _) = payments(&s);
    let order = pending(&s).await;
    // Before any payment is opened, the customer may still move it.
    let moved = Revision {
        details: Some(a_day_later(&order)),
        ..Revision::default()
    };
    let order = s
        .svc
        .update(&ann(), None, &order.id, moved.clone())
        .await
        .unwrap();
    let (order, memo) = with_qr_for(&pay, order).await;
    let fixed = s.svc.get(&ann(), &order.id).await.unwrap();
    assert!(fixed.payment_opened_at.is_some());
    let back = Revision {
        details: Some(shuttle()),
        ..Revision::default()
    };
    let refused = s
        .svc
        .update(&ann(), None, &order.id, back)
        .await
        .unwrap_err();
    assert_eq!(
        refused,
        DomainError::FailedPrecondition(msg("order.payment_open"))
    );
    // The same details again (step2 sends them with the contact) and a new note are fine.
    let same = Revision {
        note: Some("晚到請等".into()),
        ..moved
    };
    let kept = s.svc.update(&ann(), None, &order.id, same).await.unwrap();
    assert_eq!(
        (kept.details.clone(), kept.estimate.clone()),
        (fixed.details, fixed.estimate)
    );
    assert_eq!(kept.note, "晚到請等");
    // The transfer pays the order as it was when the QR was shown.
    notice(&pay, "FT-8", order.estimate.total, &memo).await;
    assert_eq!(state(&s, &order).await, OrderState::Paid);
}

#[tokio::test]
async fn a_transfer_of_another_amount_goes_into_the_wallet_and_the_qr_stays_open() {
    let s = setup();
    let (pay, store) = payments(&s);
    let (order, memo) = with_qr(&s, &pay).await;
    let short = Money::vnd(order.estimate.total.amount() - 1_000);
    assert_eq!(
        notice(&pay, "FT-2", short, &memo).await,
        TransferOutcome::Credited
    );
    assert_eq!(state(&s, &order).await, OrderState::PendingPayment);
    assert_eq!(balance(&store), short.amount());
    let books = store.books();
    let waiting = books
        .payments
        .iter()
        .filter(|p| p.state == PaymentState::Pending)
        .count();
    assert_eq!(waiting, 1, "the QR can still be paid in full");
    assert_eq!(books.entries[0].note, msg("ledger.transfer_mismatch"));
    // The full amount afterwards still pays the order.
    assert_eq!(
        notice(&pay, "FT-3", order.estimate.total, &memo).await,
        TransferOutcome::Paid
    );
    assert_eq!(state(&s, &order).await, OrderState::Paid);
    assert_eq!(balance(&store), short.amount());
}

#[tokio::test]
async fn a_second_transfer_for_a_paid_order_is_credited_and_an_unknown_memo_waits() {
    let s = setup();
    let (pay, store) = payments(&s);
    let (order, memo) = with_qr(&s, &pay).await;
    let total = order.estimate.total;
    notice(&pay, "FT-4", total, &memo).await;
    assert_eq!(
        notice(&pay, "FT-5", total, &memo).await,
        TransferOutcome::Credited
    );
    assert_eq!(balance(&store), total.amount());
    assert_eq!(store.books().entries[0].note, msg("ledger.order_closed"));
    assert_eq!(
        notice(&pay, "FT-6", total, "tien an trua").await,
        TransferOutcome::Unmatched
    );
    assert_eq!(balance(&store), total.amount());
    assert!(
        store.books().bank_refs.contains("FT-6"),
        "kept for an operator"
    );
}

#[tokio::test]
async fn an_unsigned_notice_changes_nothing() {
    let s = setup();
    let (pay, store) = payments(&s);
    let (order, memo) = with_qr(&s, &pay).await;
    let notice = BankNotice {
        bank_ref: "FT-7".into(),
        amount: order.estimate.total,
        memo,
    };
    let outcome = pay.bank_notice(b"body", "forged", notice).await.unwrap();
    assert_eq!(outcome, TransferOutcome::BadSignature);
    assert_eq!(state(&s, &order).await, OrderState::PendingPayment);
    assert!(store.books().bank_refs.is_empty());
}

/// A pending order paid from a wallet topped up by the dev provider.
async fn paid(s: &Setup, pay: &PaymentService) -> Order {
    let order = pending(s).await;
    let top_up = pay
        .top_up(&ann(), order.estimate.total, Method::Dev, key("top"), "ip")
        .await
        .unwrap();
    assert_eq!(top_up.payment.purpose, Purpose::TopUp);
    pay.pay(&ann(), None, &order.id, Method::VCoin, key("pay"), "ip")
        .await
        .unwrap();
    s.svc.get(&ann(), &order.id).await.unwrap()
}

#[tokio::test]
async fn cancelling_a_day_or_more_ahead_refunds_everything_once() {
    let s = setup();
    let (pay, store) = payments(&s);
    let order = paid(&s, &pay).await;
    assert_eq!(balance(&store), 0);
    let total = order.estimate.total;
    let quote = pay.refund_quote(&ann(), &order.id).await.unwrap();
    assert_eq!((quote.fee, quote.refund), (Money::ZERO, total));
    let first = pay
        .cancel(&ann(), &order.id, "改期", &RefundChoice::default())
        .await
        .unwrap();
    assert_eq!(first.order.state, OrderState::Refunded);
    assert_eq!(first.refund.unwrap().refund, total);
    assert_eq!(balance(&store), total.amount());
    // A retried cancel answers as the first did and pays nothing more.
    let again = pay
        .cancel(&ann(), &order.id, "改期", &RefundChoice::default())
        .await
        .unwrap();
    assert_eq!(again.refund.unwrap().refund, total);
    assert_eq!(balance(&store), total.amount());
}

#[tokio::test]
async fn cancelling_within_a_day_keeps_the_late_fee() {
    let s = setup();
    let (pay, store) = payments(&s);
    let order = paid(&s, &pay).await;
    // 14:30 on the 23rd is 5 hours away.
    *s.clock.0.lock().unwrap() = now() + Duration::minutes(23 * 60 + 30);
    let total = order.estimate.total.amount();
    let done = pay
        .cancel(&ann(), &order.id, "", &RefundChoice::default())
        .await
        .unwrap();
    let quote = done.refund.unwrap();
    assert_eq!(quote.fee.amount() + quote.refund.amount(), total);
    assert_eq!(
        quote.fee.amount(),
        total / 2,
        "the default policy keeps 50%"
    );
    assert_eq!(balance(&store), quote.refund.amount());
    assert!(
        store.books().entries.last().unwrap().note.code == "ledger.refund",
        "the ledger says why"
    );
}

fn operator() -> Staff {
    Staff::Shell {
        name: "小美".into(),
    }
}

#[tokio::test]
async fn an_operator_refunds_at_most_what_was_paid_and_the_audit_log_says_how_much() {
    let s = setup();
    let (pay, store) = payments(&s);
    let order = paid(&s, &pay).await;
    let total = order.estimate.total;
    let too_much = Money::vnd(total.amount() + 1);
    let refused = pay
        .cancel_as_operator(
            &operator(),
            &order.id,
            "司機未到",
            Some(too_much),
            &RefundChoice::default(),
        )
        .await;
    assert!(
        matches!(refused, Err(DomainError::InvalidArgument { .. })),
        "{refused:?}"
    );
    assert_eq!(state(&s, &order).await, OrderState::Paid);
    let some = Money::vnd(100_000);
    let done = pay
        .cancel_as_operator(
            &operator(),
            &order.id,
            "司機未到",
            Some(some),
            &RefundChoice::default(),
        )
        .await
        .unwrap();
    assert_eq!(done.refund.unwrap().refund, some);
    assert_eq!(balance(&store), some.amount());
    let audit = store.books().audit;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "order.cancel_override");
    assert!(
        audit[0].after.contains("refund=100000"),
        "{}",
        audit[0].after
    );
}

#[tokio::test]
async fn an_adjustment_never_takes_a_wallet_below_zero() {
    let s = setup();
    let (pay, store) = payments(&s);
    let credited = pay
        .adjust(&operator(), &ann(), Money::vnd(30_000), "補償")
        .await
        .unwrap();
    assert_eq!(credited, Money::vnd(30_000));
    let refused = pay
        .adjust(&operator(), &ann(), Money::vnd(-50_000), "更正")
        .await;
    assert!(
        matches!(refused, Err(DomainError::FailedPrecondition(_))),
        "{refused:?}"
    );
    assert_eq!(balance(&store), 30_000);
    assert_eq!(store.books().audit.len(), 1, "only the adjustment made");
}

#[tokio::test]
async fn an_order_of_nothing_is_not_paid_by_any_method() {
    let s = setup();
    let (pay, store) = payments(&s);
    let mut order = pending(&s).await;
    order.estimate = crate::pricing::Estimate::from_lines(vec![]);
    s.store.put(order.clone());
    for (method, k) in [(Method::VCoin, "free-1"), (Method::VietQr, "free-2")] {
        let refused = pay.pay(&ann(), None, &order.id, method, key(k), "ip").await;
        assert_eq!(
            refused.unwrap_err(),
            DomainError::FailedPrecondition(msg("order.nothing_to_pay"))
        );
    }
    assert_eq!(state(&s, &order).await, OrderState::PendingPayment);
    assert!(store.books().payments.is_empty());
}

fn account() -> PayeeAccount {
    PayeeAccount::parse("Vietcombank", "0071 0001 23456", "NGUYEN VAN AN").unwrap()
}

#[tokio::test]
async fn back_to_a_bank_transfer_is_an_operators_task_closed_once_with_the_banks_reference() {
    let s = setup();
    let (pay, store) = payments(&s);
    let (order, memo) = with_qr(&s, &pay).await;
    let total = order.estimate.total;
    assert_eq!(
        notice(&pay, "FT-1", total, &memo).await,
        TransferOutcome::Paid
    );
    let source = |account| RefundChoice {
        to: RefundTo::Source,
        account,
    };
    // Back to a bank transfer needs the account it goes to.
    let refused = pay.cancel(&ann(), &order.id, "", &source(None)).await;
    assert!(
        matches!(refused, Err(DomainError::InvalidArgument { ref field, .. }) if field == "account"),
        "{refused:?}"
    );
    let done = pay
        .cancel(&ann(), &order.id, "", &source(Some(account())))
        .await
        .unwrap();
    assert_eq!(done.order.state, OrderState::Refunded);
    let [part] = &done.parts[..] else {
        panic!("one part: {:?}", done.parts)
    };
    assert_eq!(
        (part.route, part.state, part.amount),
        (Route::Bank, RefundState::Pending, total)
    );
    assert_eq!(part.account.as_ref().unwrap().number, "0071000123456");
    assert_eq!(balance(&store), 0, "nothing went to the wallet");
    // Asked again, the same answer, no second part.
    let again = pay
        .cancel(&ann(), &order.id, "", &RefundChoice::default())
        .await
        .unwrap();
    assert_eq!(again.parts, done.parts);
    assert_eq!(again.refund.unwrap().refund, total);
    assert_eq!(store.books().refunds.len(), 1);

    let tasks = pay
        .refund_tasks(&operator(), &PageRequest::first(20))
        .await
        .unwrap();
    assert_eq!(tasks.items.len(), 1);
    let closed = pay
        .close_refund(&operator(), &part.id, " FT-REFUND-9 ")
        .await
        .unwrap();
    assert_eq!(closed.state, RefundState::Done);
    assert_eq!(closed.answer.as_deref(), Some("FT-REFUND-9"));
    let twice = pay
        .close_refund(&operator(), &part.id, "FT-REFUND-10")
        .await;
    assert_eq!(
        twice.unwrap_err(),
        DomainError::FailedPrecondition(msg("refund.not_open"))
    );
    assert_eq!(store.books().audit.len(), 1, "the close is audited once");
    let shown = pay.refunds_of(&ann(), &order.id).await.unwrap();
    assert_eq!(shown[0].state, RefundState::Done);
}

#[tokio::test]
async fn back_to_v_coin_that_paid_is_the_wallet_at_once() {
    let s = setup();
    let (pay, store) = payments(&s);
    let order = paid(&s, &pay).await;
    let choice = RefundChoice {
        to: RefundTo::Source,
        account: None,
    };
    let done = pay.cancel(&ann(), &order.id, "", &choice).await.unwrap();
    let [part] = &done.parts[..] else {
        panic!("one part: {:?}", done.parts)
    };
    assert_eq!((part.route, part.state), (Route::Wallet, RefundState::Done));
    assert_eq!(balance(&store), order.estimate.total.amount());
}

fn with_seats(seats: u32) -> crate::ordering::ServiceDetails {
    let crate::ordering::ServiceDetails::Shuttle(mut d) = shuttle() else {
        unreachable!()
    };
    d.child_seats = seats;
    crate::ordering::ServiceDetails::Shuttle(d)
}

#[tokio::test]
async fn a_change_that_costs_more_is_paid_from_the_wallet_and_one_that_costs_less_goes_back() {
    let s = setup();
    let (pay, store) = payments(&s);
    let order = paid(&s, &pay).await;
    let total = order.estimate.total.amount();
    let wallet = RefundChoice::default();
    // A second child seat costs more than the wallet holds (nothing): refused with the amount.
    let short = pay.amend(&ann(), &order.id, with_seats(2), &wallet).await;
    let Err(DomainError::FailedPrecondition(m)) = short else {
        panic!("{short:?}")
    };
    assert_eq!(m.code, "order.change_short");
    assert_eq!(state(&s, &order).await, OrderState::Paid);
    pay.top_up(&ann(), Money::vnd(300_000), Method::Dev, key("more"), "ip")
        .await
        .unwrap();
    let more = pay
        .amend(&ann(), &order.id, with_seats(2), &wallet)
        .await
        .unwrap();
    let change = more.change.unwrap();
    assert_eq!(change.before.amount(), total);
    assert!(change.difference() > 0, "{change:?}");
    assert_eq!(balance(&store), 300_000 - change.difference());
    assert_eq!(more.order.estimate.total, change.after);
    let step = more.order.history.last().unwrap();
    assert_eq!(step.to, OrderState::Paid);
    assert_eq!(
        step.why(),
        crate::ordering::StepReason::Changed {
            before: change.before,
            after: change.after
        }
    );
    assert_eq!(store.books().audit.last().unwrap().action, "order.change");
    // The same again changes nothing and pays nothing.
    let again = pay
        .amend(&ann(), &order.id, with_seats(2), &wallet)
        .await
        .unwrap();
    assert_eq!(again.change, None);
    assert_eq!(balance(&store), 300_000 - change.difference());
    // Back to no seat: the difference goes back to the wallet.
    let less = pay
        .amend(&ann(), &order.id, with_seats(0), &wallet)
        .await
        .unwrap();
    let back = -less.change.unwrap().difference();
    assert_eq!(less.parts.len(), 1);
    assert_eq!(less.parts[0].amount.amount(), back);
    assert_eq!(
        less.parts[0].cause,
        format!("change:{}", more.order.version)
    );
    assert_eq!(balance(&store), 300_000 - change.difference() + back);
    // A cancellation now refunds what the order costs now: everything paid is back.
    let done = pay
        .cancel(&ann(), &order.id, "", &RefundChoice::default())
        .await
        .unwrap();
    assert_eq!(done.refund.unwrap().refund, less.order.estimate.total);
    assert_eq!(balance(&store), total + 300_000);
}

#[tokio::test]
async fn a_lower_price_goes_back_to_the_transfer_that_paid_and_a_cancellation_gives_the_rest() {
    let s = setup();
    let (pay, store) = payments(&s);
    let (order, memo) = with_qr(&s, &pay).await;
    let total = order.estimate.total;
    assert_eq!(
        notice(&pay, "FT-1", total, &memo).await,
        TransferOutcome::Paid
    );
    let source = RefundChoice {
        to: RefundTo::Source,
        account: Some(account()),
    };
    let less = pay
        .amend(&ann(), &order.id, with_seats(0), &source)
        .await
        .unwrap();
    let back = -less.change.unwrap().difference();
    assert_eq!(
        less.parts
            .iter()
            .map(|p| (p.route, p.amount.amount()))
            .collect::<Vec<_>>(),
        [(Route::Bank, back)]
    );
    let done = pay.cancel(&ann(), &order.id, "", &source).await.unwrap();
    assert_eq!(
        done.parts
            .iter()
            .map(|p| (p.route, p.amount.amount()))
            .collect::<Vec<_>>(),
        [(Route::Bank, total.amount() - back)],
        "the transfer gets back what it paid, no more"
    );
    assert_eq!(store.books().refunds.len(), 2);
    assert_eq!(balance(&store), 0);
}

#[tokio::test]
async fn a_change_is_refused_after_the_policys_time_and_to_a_time_as_near() {
    let s = setup();
    let (pay, _) = payments(&s);
    let order = paid(&s, &pay).await;
    // To a time a few hours ahead: no way around the policy.
    let crate::ordering::ServiceDetails::Shuttle(mut soon) = shuttle() else {
        unreachable!()
    };
    soon.start = crate::shared::LocalTime::parse("start", "2026-11-22T18:00").unwrap();
    let near = pay
        .amend(
            &ann(),
            &order.id,
            crate::ordering::ServiceDetails::Shuttle(soon),
            &RefundChoice::default(),
        )
        .await;
    assert!(
        matches!(near, Err(DomainError::InvalidArgument { ref field, .. }) if field == "details.start"),
        "{near:?}"
    );
    // Five hours on, the service is within a day: too late, in the policy's words.
    *s.clock.0.lock().unwrap() = now() + Duration::hours(5);
    let late = pay
        .amend(&ann(), &order.id, with_seats(2), &RefundChoice::default())
        .await;
    let Err(DomainError::FailedPrecondition(m)) = late else {
        panic!("{late:?}")
    };
    assert_eq!(m.code, "order.change_closed");
}

fn by_qr(k: &str) -> crate::payment::Paying {
    crate::payment::Paying {
        method: Method::VietQr,
        key: key(k),
        client_ip: "ip".into(),
    }
}

#[tokio::test]
async fn a_change_paid_by_transfer_is_made_when_its_money_arrives_and_a_stale_one_is_credited() {
    let s = setup();
    let (pay, store) = payments(&s);
    let order = paid(&s, &pay).await;
    let wallet = RefundChoice::default();
    // Two QRs for one more child seat, opened one after the other.
    let asked = pay
        .amend_by(&ann(), &order.id, with_seats(2), &wallet, by_qr("c-1"))
        .await
        .unwrap();
    let crate::payment::Amending::Awaiting(awaited) = asked else {
        panic!("a change paid by transfer waits for it: {asked:?}")
    };
    assert!(!awaited.made);
    assert_eq!(awaited.before, order.estimate.total);
    assert_eq!(
        awaited.after,
        order.estimate.total + awaited.checkout.payment.amount
    );
    let first = awaited.checkout.clone();
    assert_eq!(first.payment.purpose, Purpose::Change(order.id.clone()));
    let NextStep::Transfer(t) = &first.next else {
        panic!("{:?}", first.next)
    };
    // The order is as it was until the money arrives; the same request again is the same QR.
    assert_eq!(s.svc.get(&ann(), &order.id).await.unwrap(), order);
    let again = pay
        .amend_by(&ann(), &order.id, with_seats(2), &wallet, by_qr("c-1"))
        .await
        .unwrap();
    assert_eq!(again, crate::payment::Amending::Awaiting(awaited.clone()));
    let crate::payment::Amending::Awaiting(second) = pay
        .amend_by(&ann(), &order.id, with_seats(2), &wallet, by_qr("c-2"))
        .await
        .unwrap()
    else {
        panic!("the second change waits too")
    };
    let second = second.checkout;
    let NextStep::Transfer(t2) = &second.next else {
        panic!()
    };
    assert_ne!(
        t.memo, t2.memo,
        "each change's transfer names its own payment"
    );
    // The first arrives: the order changes, its step says so, nothing enters the wallet.
    let before = balance(&store);
    assert_eq!(
        notice(&pay, "FT-C1", first.payment.amount, &t.memo).await,
        TransferOutcome::Paid
    );
    let changed = s.svc.get(&ann(), &order.id).await.unwrap();
    let crate::ordering::ServiceDetails::Shuttle(d) = &changed.details else {
        unreachable!()
    };
    assert_eq!(d.child_seats, 2);
    assert_eq!(
        changed.estimate.total.amount(),
        order.estimate.total.amount() + first.payment.amount.amount()
    );
    assert_eq!(balance(&store), before);
    assert_eq!(store.books().audit.last().unwrap().action, "order.change");
    let asked_again = pay
        .amend_by(&ann(), &order.id, with_seats(2), &wallet, by_qr("c-1"))
        .await
        .unwrap();
    let crate::payment::Amending::Awaiting(again) = asked_again else {
        panic!("{asked_again:?}")
    };
    assert!(again.made, "asked again after it arrived: made");
    assert_eq!(
        (again.before, again.after),
        (order.estimate.total, changed.estimate.total)
    );
    // The second was priced on the order before the first: its money goes into the wallet.
    assert_eq!(
        notice(&pay, "FT-C2", second.payment.amount, &t2.memo).await,
        TransferOutcome::Credited
    );
    assert_eq!(s.svc.get(&ann(), &order.id).await.unwrap(), changed);
    assert_eq!(balance(&store), before + second.payment.amount.amount());
    let books = store.books();
    let note = &books.entries.last().unwrap().note;
    assert_eq!(note.code, "ledger.change_lapsed");
    // A cancellation gives back the order's price and the change's difference, each where it
    // came from: the change's transfer is a part of its own.
    let source = RefundChoice {
        to: RefundTo::Source,
        account: Some(account()),
    };
    let done = pay.cancel(&ann(), &order.id, "", &source).await.unwrap();
    let to_bank: i64 = done
        .parts
        .iter()
        .filter(|p| p.route == Route::Bank)
        .map(|p| p.amount.amount())
        .sum();
    assert_eq!(to_bank, first.payment.amount.amount());
}

#[tokio::test]
async fn a_change_that_costs_nothing_more_by_transfer_is_made_at_once() {
    let s = setup();
    let (pay, _) = payments(&s);
    let order = paid(&s, &pay).await;
    let same = pay
        .amend_by(
            &ann(),
            &order.id,
            order.details.clone(),
            &RefundChoice::default(),
            by_qr("c"),
        )
        .await
        .unwrap();
    let crate::payment::Amending::Done(done) = same else {
        panic!("{same:?}")
    };
    assert_eq!(done.change, None);
}
