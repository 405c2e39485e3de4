//! The payment store against real databases: a settlement commits whole or not at all, a wallet
//! never goes below zero (nor will the column let it), a pending payment settles once, one order
//! has at most one succeeded payment, and a bank notice applies once.

use adapters::{SqlPaymentStore, on_both_databases};
use domain::error::msg;
use domain::ordering::{Actor, IdempotencyKey, Order, OrderState, OrderStore};
use domain::payment::{
    BankTransfer, Cause, EntryKind, LedgerEntry, Method, Payment, PaymentId, PaymentState,
    PaymentStore, Purpose, RequestedChange, SettleError, Settlement, TransferOutcome,
};
use domain::shared::{Money, PageRequest, UserId};
use sea_orm::{ConnectionTrait, DatabaseConnection};

use super::orders::{now, order, setup};

fn payment(n: u32, owner: &UserId, purpose: Purpose, method: Method, amount: i64) -> Payment {
    Payment {
        id: PaymentId::parse(&format!("PY261122TEST{n:08}")).unwrap(),
        owner: owner.clone(),
        purpose,
        method,
        amount: Money::vnd(amount),
        state: PaymentState::Pending,
        reference: format!("REF{n}"),
        key: Some(IdempotencyKey::parse(&format!("key-{n}")).unwrap()),
        fingerprint: "f".repeat(64),
        provider_ref: None,
        created_at: now(),
        settled_at: None,
    }
}

fn entry(owner: &UserId, kind: EntryKind, amount: i64, p: &Payment) -> LedgerEntry {
    LedgerEntry::new(
        owner,
        kind,
        Money::vnd(amount),
        Cause::of_payment(p),
        msg("ledger.top_up"),
        now(),
    )
}

pub(super) async fn pending_order(
    db: &DatabaseConnection,
) -> (SqlPaymentStore, Box<dyn OrderStore>, Order, UserId) {
    let (orders, plans, owner) = setup(db).await;
    let o = order(&plans[0], &owner, 1);
    orders
        .insert(&o, None, adapters::testing::NO_CAP)
        .await
        .unwrap();
    (SqlPaymentStore::new(db.clone()), Box::new(orders), o, owner)
}

/// Tops the wallet up through a settled dev payment.
async fn fund(store: &SqlPaymentStore, owner: &UserId, n: u32, amount: i64) {
    let mut p = payment(n, owner, Purpose::TopUp, Method::Dev, amount);
    p.settle(PaymentState::Succeeded, None, now());
    let credit = entry(owner, EntryKind::TopUp, amount, &p);
    store
        .settle_alone(&Settlement {
            payment: Some(p),
            new_payment: true,
            entries: vec![credit],
            ..Settlement::default()
        })
        .await
        .unwrap();
}

/// Writes `s` and the order it moves in one unit, as the payment service does.
pub(super) async fn settle(
    store: &SqlPaymentStore,
    orders: &dyn OrderStore,
    (s, order): &(Settlement, Option<Order>),
) -> Result<(), SettleError> {
    let mut unit = orders.begin().await?;
    store.settle(&mut unit, s).await?;
    if let Some(order) = order {
        orders.save_in(&mut unit, order).await?;
    }
    store.post(&mut unit, &s.entries).await?;
    Ok(unit.commit().await?)
}

/// The v-coin payment of an order: the payment and the debit, and the paid order.
pub(super) fn spend(o: &Order, owner: &UserId, n: u32) -> (Settlement, Option<Order>) {
    let mut p = payment(
        n,
        owner,
        Purpose::Order(o.id.clone()),
        Method::VCoin,
        o.estimate.total.amount(),
    );
    p.settle(PaymentState::Succeeded, None, now());
    let mut paid = o.clone();
    paid.mark_paid(Actor::Customer(owner.clone()), "paid", now())
        .unwrap();
    let debit = entry(owner, EntryKind::Spend, -o.estimate.total.amount(), &p);
    let settlement = Settlement {
        payment: Some(p),
        new_payment: true,
        entries: vec![debit],
        ..Settlement::default()
    };
    (settlement, Some(paid))
}

on_both_databases!(
    payments_and_entries_round_trip,
    |db: DatabaseConnection| async move {
        let (store, _, o, owner) = pending_order(&db).await;
        let p = payment(
            1,
            &owner,
            Purpose::Order(o.id.clone()),
            Method::VietQr,
            1_200_000,
        );
        store.insert(&p).await.unwrap();
        assert_eq!(store.get(&p.id).await.unwrap(), Some(p.clone()));
        assert_eq!(
            store.by_key(&owner, p.key.as_ref().unwrap()).await.unwrap(),
            Some(p.clone())
        );
        assert_eq!(store.by_reference("REF1").await.unwrap(), vec![p.clone()]);
        assert_eq!(store.insert(&p).await, Err(SettleError::KeyTaken));

        fund(&store, &owner, 2, 300_000).await;
        fund(&store, &owner, 3, 200_000).await;
        assert_eq!(store.balance(&owner).await.unwrap(), Money::vnd(500_000));
        let page = store
            .entries(&owner, &PageRequest::new(1, None).unwrap())
            .await
            .unwrap();
        assert_eq!(page.items[0].balance_after, Money::vnd(500_000));
        assert_eq!(page.items[0].kind, EntryKind::TopUp);
        let rest = store
            .entries(&owner, &PageRequest::new(1, page.next_token).unwrap())
            .await
            .unwrap();
        assert_eq!(rest.items[0].balance_after, Money::vnd(300_000));
        assert_eq!(
            rest.items[0].cause,
            Cause::Payment {
                id: PaymentId::parse("PY261122TEST00000002").unwrap(),
                order: None,
            }
        );
    }
);

on_both_databases!(
    an_opened_payment_fixes_its_order_in_the_same_write,
    |db: DatabaseConnection| async move {
        let (store, orders, o, owner) = pending_order(&db).await;
        let total = o.estimate.total.amount();
        let p = payment(
            1,
            &owner,
            Purpose::Order(o.id.clone()),
            Method::VietQr,
            total,
        );
        let mut fixed = o.clone();
        assert!(fixed.open_payment(now()));
        let opening = Settlement {
            payment: Some(p.clone()),
            new_payment: true,
            ..Settlement::default()
        };
        let opening = (opening, Some(fixed));
        // An edit saved first: the payment is not written either.
        let mut edited = o.clone();
        edited.note = "晚到請等".into();
        orders.save(&edited).await.unwrap();
        assert_eq!(
            settle(&store, &*orders, &opening).await,
            Err(SettleError::Stale)
        );
        assert_eq!(store.get(&p.id).await.unwrap(), None);
        let mut fixed = orders.get(&o.id).await.unwrap().unwrap();
        assert_eq!(fixed.payment_opened_at, None);
        assert!(fixed.open_payment(now()));
        let opening = (opening.0, Some(fixed));
        settle(&store, &*orders, &opening).await.unwrap();
        let kept = orders.get(&o.id).await.unwrap().unwrap();
        assert_eq!(
            (kept.payment_opened_at, kept.note.as_str(), kept.version),
            (Some(now()), "晚到請等", 2)
        );
        assert_eq!(store.get(&p.id).await.unwrap(), Some(p));
    }
);

on_both_databases!(
    a_settlement_commits_whole_or_not_at_all,
    |db: DatabaseConnection| async move {
        let (store, orders, o, owner) = pending_order(&db).await;
        fund(&store, &owner, 1, 1_000).await;
        // Short by far: nothing of it stays, neither the payment nor the paid order.
        let s = spend(&o, &owner, 2);
        assert_eq!(
            settle(&store, &*orders, &s).await,
            Err(SettleError::Insufficient)
        );
        let id = s.0.payment.as_ref().unwrap().id.clone();
        assert_eq!(store.get(&id).await.unwrap(), None);
        let kept = orders.get(&o.id).await.unwrap().unwrap();
        assert_eq!((kept.state, kept.version), (OrderState::PendingPayment, 0));
        assert_eq!(store.balance(&owner).await.unwrap(), Money::vnd(1_000));

        fund(&store, &owner, 3, 2_000_000).await;
        settle(&store, &*orders, &s).await.unwrap();
        assert_eq!(
            orders.get(&o.id).await.unwrap().unwrap().state,
            OrderState::Paid
        );
        assert_eq!(
            store.balance(&owner).await.unwrap(),
            Money::vnd(2_001_000 - o.estimate.total.amount())
        );
        // The same order paid again from its old version: stale, and no second debit.
        let again = spend(&o, &owner, 4);
        assert_eq!(
            settle(&store, &*orders, &again).await,
            Err(SettleError::Stale)
        );
        // Even without the order in it, a second succeeded payment of one order is refused.
        let mut second = again.0.clone();
        second.entries.clear();
        assert_eq!(store.settle_alone(&second).await, Err(SettleError::Stale));
        assert_eq!(
            store.balance(&owner).await.unwrap(),
            Money::vnd(2_001_000 - o.estimate.total.amount())
        );
        // The column itself refuses a negative balance.
        let raw = db
            .execute_unprepared("UPDATE wallets SET balance_vnd = -1")
            .await;
        assert!(raw.is_err(), "{raw:?}");
    }
);

on_both_databases!(
    pending_payments_and_bank_notices_settle_once,
    |db: DatabaseConnection| async move {
        let (store, _, o, owner) = pending_order(&db).await;
        let p = payment(
            1,
            &owner,
            Purpose::Order(o.id.clone()),
            Method::VietQr,
            1_200_000,
        );
        store.insert(&p).await.unwrap();
        let mut done = p.clone();
        done.settle(PaymentState::Credited, Some("FT1".into()), now());
        let notice = BankTransfer {
            bank_ref: "FT1".into(),
            amount: Money::vnd(1_200_000),
            memo: "REF1".into(),
            received_at: now(),
        };
        let s = Settlement {
            payment: Some(done.clone()),
            new_payment: false,
            entries: vec![entry(&owner, EntryKind::TopUp, 1_200_000, &p)],
            transfer: Some((notice.clone(), TransferOutcome::Credited)),
            ..Settlement::default()
        };
        store.settle_alone(&s).await.unwrap();
        assert_eq!(store.get(&p.id).await.unwrap(), Some(done));
        // The same payment settled again is stale; the same notice again, with anything, a duplicate.
        assert_eq!(store.settle_alone(&s).await, Err(SettleError::Stale));
        let mut extra = payment(
            2,
            &owner,
            Purpose::Order(o.id.clone()),
            Method::VietQr,
            1_200_000,
        );
        extra.settle(PaymentState::Credited, Some("FT1".into()), now());
        let replay = Settlement {
            entries: vec![entry(&owner, EntryKind::TopUp, 1_200_000, &extra)],
            payment: Some(extra),
            new_payment: true,
            transfer: Some((notice, TransferOutcome::Credited)),
            ..Settlement::default()
        };
        assert_eq!(
            store.settle_alone(&replay).await,
            Err(SettleError::Duplicate)
        );
        assert_eq!(store.balance(&owner).await.unwrap(), Money::vnd(1_200_000));
    }
);

on_both_databases!(
    an_orders_changes_and_tip_are_payments_of_their_own_beside_its_one_price,
    |db: DatabaseConnection| async move {
        let (store, orders, o, owner) = pending_order(&db).await;
        fund(&store, &owner, 90, 5_000_000).await;
        settle(&store, &*orders, &spend(&o, &owner, 1))
            .await
            .unwrap();
        // A change's difference waits with the details it will make, kept as the order keeps them.
        let change = payment(
            2,
            &owner,
            Purpose::Change(o.id.clone()),
            Method::VietQr,
            100_000,
        );
        let asked = RequestedChange {
            payment: change.id.clone(),
            order: o.id.clone(),
            version: 2,
            details: o.details.clone(),
        };
        let opened = Settlement {
            payment: Some(change.clone()),
            new_payment: true,
            change: Some(asked.clone()),
            ..Settlement::default()
        };
        settle(&store, &*orders, &(opened, None)).await.unwrap();
        assert_eq!(store.get(&change.id).await.unwrap(), Some(change.clone()));
        assert_eq!(
            store.requested_change(&change.id).await.unwrap(),
            Some(asked)
        );
        assert_eq!(
            store
                .requested_change(&PaymentId::parse("PY261122NONE00000000").unwrap())
                .await
                .unwrap(),
            None
        );
        // The change and a tip succeed beside the order's one succeeded price.
        let mut arrived = change.clone();
        arrived.settle(PaymentState::Succeeded, Some("FT-2".into()), now());
        let s = Settlement {
            payment: Some(arrived.clone()),
            ..Settlement::default()
        };
        settle(&store, &*orders, &(s, None)).await.unwrap();
        let mut tip = payment(3, &owner, Purpose::Tip(o.id.clone()), Method::VnPay, 50_000);
        tip.settle(PaymentState::Succeeded, Some("VNP-3".into()), now());
        let s = Settlement {
            payment: Some(tip.clone()),
            new_payment: true,
            ..Settlement::default()
        };
        settle(&store, &*orders, &(s, None)).await.unwrap();
        let purposes: Vec<_> = store
            .of_order(&o.id)
            .await
            .unwrap()
            .into_iter()
            .map(|p| (p.purpose.code(), p.state))
            .collect();
        assert_eq!(
            purposes,
            [
                ("ORDER", PaymentState::Succeeded),
                ("CHANGE", PaymentState::Succeeded),
                ("TIP", PaymentState::Succeeded),
            ]
        );
        // A second succeeded payment of the order's price is still refused.
        let mut twice = payment(4, &owner, Purpose::Order(o.id.clone()), Method::VietQr, 1);
        twice.settle(PaymentState::Succeeded, Some("FT-4".into()), now());
        let s = Settlement {
            payment: Some(twice),
            new_payment: true,
            ..Settlement::default()
        };
        assert_eq!(
            settle(&store, &*orders, &(s, None)).await,
            Err(SettleError::Stale)
        );
    }
);
