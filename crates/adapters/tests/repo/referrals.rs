//! Referrals against real databases: one claim per new customer and per e-mail key, whoever sends
//! it at once; a claim is due only once its new customer has a completed order, and rewarded once
//! however many passes mark it together.

use std::sync::Arc;

use adapters::{SqlOrderStore, SqlReferralStore, on_both_databases};
use domain::ordering::OrderStore;
use domain::referrals::{ClaimError, Program, Referral, ReferralCode, ReferralStore};
use domain::shared::{Money, UserId};
use sea_orm::{ConnectionTrait, DatabaseConnection};

use super::orders::{customer, now};

fn claim(id: &str, referrer: &UserId, referred: &UserId, key: &str) -> Referral {
    Referral {
        id: id.into(),
        referrer: referrer.clone(),
        referred: referred.clone(),
        referred_key: key.into(),
        terms: Program {
            active: true,
            referrer: Money::vnd(100_000),
            referred: Money::vnd(50_000),
            credit_days: Some(60),
        },
        claimed_at: now(),
        rewarded_at: None,
    }
}

on_both_databases!(
    a_claim_stands_once_per_person_and_is_rewarded_once,
    |db: DatabaseConnection| async move {
        let store = Arc::new(SqlReferralStore::new(db.clone()));
        let orders = Arc::new(SqlOrderStore::new(db.clone()));
        let ann = customer(&db, "u-ann", "ann@example.com").await;
        let bob = customer(&db, "u-bob", "bob@example.com").await;
        let twin = customer(&db, "u-bob2", "bob+2@example.com").await;

        // A code is its owner's, asked for again the same.
        let code = store
            .code_of(&ann, &ReferralCode::parse("ABCDEFGH").unwrap())
            .await
            .unwrap();
        let again = store
            .code_of(&ann, &ReferralCode::parse("HGFEDCBA").unwrap())
            .await
            .unwrap();
        assert_eq!(code, again);
        assert_eq!(store.owner_of(&code).await.unwrap(), Some(ann.clone()));
        assert!(store.code_of(&bob, &code).await.is_err(), "another's code");

        // Bob's claim, eight times at once: one stands; his twin's address claims nothing.
        let tasks: Vec<_> = (0..8)
            .map(|n| {
                let (store, ann, bob) = (store.clone(), ann.clone(), bob.clone());
                tokio::spawn(async move {
                    store
                        .claim(&claim(&format!("r{n}"), &ann, &bob, "bob@example.com"))
                        .await
                })
            })
            .collect();
        let mut stood = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(()) => stood += 1,
                Err(e) => assert_eq!(e, ClaimError::Claimed),
            }
        }
        assert_eq!(stood, 1);
        assert_eq!(
            store
                .claim(&claim("r-twin", &ann, &twin, "bob@example.com"))
                .await,
            Err(ClaimError::Claimed)
        );
        let standing = store.standing(&ann).await.unwrap();
        assert_eq!((standing.invited, standing.rewarded), (1, 0));

        // No completed order of Bob's: nothing due.
        assert!(store.due(10).await.unwrap().is_empty());

        // Ten passes mark the claim at once: one does.
        let row = db
            .query_one_raw(sea_orm::Statement::from_string(
                db.get_database_backend(),
                "SELECT id FROM referrals",
            ))
            .await
            .unwrap()
            .unwrap();
        let id: String = row.try_get("", "id").unwrap();
        let marks: Vec<_> = (0..10)
            .map(|_| {
                let (store, orders, id) = (store.clone(), orders.clone(), id.clone());
                tokio::spawn(async move {
                    let mut unit = orders.begin().await.unwrap();
                    let marked = store.mark_rewarded(&mut unit, &id, now()).await.unwrap();
                    unit.commit().await.unwrap();
                    marked
                })
            })
            .collect();
        let mut marked = 0;
        for m in marks {
            if m.await.unwrap() {
                marked += 1;
            }
        }
        assert_eq!(marked, 1);
        assert_eq!(store.standing(&ann).await.unwrap().rewarded, 1);
    }
);
