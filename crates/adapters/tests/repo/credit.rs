//! Credit that expires against real databases: a grant opens a lot, debits draw on the lots that
//! expire soonest first (parallel debits never take a lot below nothing), a refund gives back to
//! the lots its order drew on, and an expiry takes what is left out of the balance once.

use adapters::on_both_databases;
use chrono::Duration;
use domain::error::msg;
use domain::payment::credit::expiry_entry;
use domain::payment::{Cause, EntryKind, LedgerEntry, PaymentStore, SettleError, Settlement};
use domain::shared::{Money, UserId};
use sea_orm::DatabaseConnection;

use super::orders::now;
use super::payments::{pending_order, settle, spend};

fn grant(owner: &UserId, id: &str, amount: i64, days: i64) -> Settlement {
    Settlement {
        entries: vec![LedgerEntry::grant(
            owner,
            id,
            Money::vnd(amount),
            msg("ledger.gift").with("code", id),
            now(),
            Some(now() + Duration::days(days)),
        )],
        ..Settlement::default()
    }
}

fn lefts(lots: &[domain::payment::credit::CreditLot]) -> Vec<(String, i64)> {
    lots.iter()
        .map(|l| (l.id.clone(), l.left.amount()))
        .collect()
}

on_both_databases!(
    credit_that_expires_is_spent_first_given_back_by_refunds_and_expires_once,
    |db: DatabaseConnection| async move {
        let (store, orders, o, owner) = pending_order(&db).await;
        let total = o.estimate.total.amount();
        store
            .settle_alone(&grant(&owner, "LATE", 2_900_000, 10))
            .await
            .unwrap();
        store
            .settle_alone(&grant(&owner, "SOON", 50_000, 2))
            .await
            .unwrap();
        // A grant is opened once.
        assert_eq!(
            store.settle_alone(&grant(&owner, "SOON", 50_000, 2)).await,
            Err(SettleError::Stale)
        );
        assert_eq!(store.balance(&owner).await.unwrap(), Money::vnd(2_950_000));
        assert_eq!(
            lefts(&store.lots(&owner).await.unwrap()),
            [("SOON".into(), 50_000), ("LATE".into(), 2_900_000)]
        );

        // Paying the order takes the soonest first.
        assert!(total > 50_000 && total < 2_950_000, "{total}");
        settle(&store, &*orders, &spend(&o, &owner, 1))
            .await
            .unwrap();
        assert_eq!(
            lefts(&store.lots(&owner).await.unwrap()),
            [("LATE".into(), 2_950_000 - total)]
        );

        // Its refund gives back to the lots it drew on, as far as the refund goes.
        let refund = LedgerEntry::new(
            &owner,
            EntryKind::Refund,
            Money::vnd(total - 10_000),
            Cause::Order(o.id.clone()),
            msg("ledger.refund").with("order", o.id.as_str()),
            now(),
        );
        store
            .settle_alone(&Settlement {
                entries: vec![refund],
                ..Settlement::default()
            })
            .await
            .unwrap();
        assert_eq!(
            lefts(&store.lots(&owner).await.unwrap()),
            [("SOON".into(), 50_000), ("LATE".into(), 2_890_000)]
        );
        assert_eq!(store.balance(&owner).await.unwrap(), Money::vnd(2_940_000));

        // Twelve operator debits of 300,000 at once: those the balance covers go through, and
        // the lots lose exactly what they took, never below nothing.
        let debits: Vec<_> = (0..12)
            .map(|n| {
                let store = adapters::SqlPaymentStore::new(db.clone());
                let owner = owner.clone();
                tokio::spawn(async move {
                    let e = LedgerEntry::new(
                        &owner,
                        EntryKind::Adjustment,
                        Money::vnd(-300_000),
                        Cause::Operator {
                            who: "ann".into(),
                            reason: format!("debit {n}"),
                        },
                        msg("text.as_is").with("text", "debit"),
                        now(),
                    );
                    store
                        .settle_alone(&Settlement {
                            entries: vec![e],
                            ..Settlement::default()
                        })
                        .await
                })
            })
            .collect();
        let mut through = 0;
        for d in debits {
            match d.await.unwrap() {
                Ok(()) => through += 1,
                Err(e) => assert_eq!(e, SettleError::Insufficient),
            }
        }
        assert_eq!(through, 9);
        let balance = store.balance(&owner).await.unwrap().amount();
        assert_eq!(balance, 240_000);
        let left: i64 = store
            .lots(&owner)
            .await
            .unwrap()
            .iter()
            .map(|l| l.left.amount())
            .sum();
        assert_eq!(
            left, 240_000,
            "the lots hold what is left, the lasting credit nothing"
        );

        // Top the wallet up and let SOON's time pass: its rest leaves by an entry of its own,
        // once however many passes see it.
        let soon: Vec<_> = store.lots(&owner).await.unwrap();
        assert_eq!(lefts(&soon), [("LATE".into(), 240_000)]);
        let later = now() + Duration::days(11);
        let expired = store.expired_lots(later, 10).await.unwrap();
        assert_eq!(lefts(&expired), [("LATE".into(), 240_000)]);
        // Past its time, before the expiry has run, the credit pays for nothing.
        let late_debit = LedgerEntry::new(
            &owner,
            EntryKind::Adjustment,
            Money::vnd(-10_000),
            Cause::Operator {
                who: "ann".into(),
                reason: "late".into(),
            },
            msg("text.as_is").with("text", "late"),
            later,
        );
        assert_eq!(
            store
                .settle_alone(&Settlement {
                    entries: vec![late_debit],
                    ..Settlement::default()
                })
                .await,
            Err(SettleError::Insufficient)
        );
        let pass = Settlement {
            entries: vec![expiry_entry(&expired[0], later)],
            ..Settlement::default()
        };
        store.settle_alone(&pass).await.unwrap();
        // Again (another node's pass that read the lot too): refused, by the wallet's row
        // when nothing is left there, else by the lot's.
        assert!(matches!(
            store.settle_alone(&pass).await,
            Err(SettleError::Stale | SettleError::Insufficient)
        ));
        assert_eq!(store.balance(&owner).await.unwrap(), Money::ZERO);
        assert!(store.expired_lots(later, 10).await.unwrap().is_empty());
        let entries = store
            .entries(&owner, &domain::shared::PageRequest::new(1, None).unwrap())
            .await
            .unwrap();
        assert_eq!(entries.items[0].kind, EntryKind::Expiry);
        assert_eq!(entries.items[0].cause, Cause::Grant("LATE".into()));
        assert_eq!(entries.items[0].amount, Money::vnd(-240_000));
    }
);
