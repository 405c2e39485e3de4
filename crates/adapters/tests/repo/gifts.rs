//! Gift codes against real databases: a batch reads back as issued, and a code is redeemed once
//! whoever asks at once.

use std::sync::Arc;

use adapters::{SqlGiftStore, SqlOrderStore, on_both_databases};
use chrono::Duration;
use domain::audit::AuditEntry;
use domain::gifts::{Batch, GiftCode, GiftCodeId, GiftStore, RedeemError, Redemption, issue};
use domain::ordering::{IdempotencyKey, OrderStore};
use domain::shared::{Money, Randomness, UserId};
use sea_orm::DatabaseConnection;

use super::orders::{customer, now};

struct Ids(std::sync::Mutex<u32>);

impl Randomness for Ids {
    fn secret(&self) -> String {
        unreachable!()
    }
    fn id(&self) -> String {
        let mut n = self.0.lock().unwrap();
        *n += 1;
        format!("{n:08}abcdefghijkl")
    }
}

fn batch(name: &str, count: u32, days: i64) -> Vec<GiftCode> {
    let b = Batch {
        name: name.into(),
        count,
        amount: Money::vnd(200_000),
        redeem_by: now() + Duration::days(days),
        credit_days: Some(90),
    };
    issue(
        &b,
        &Ids(std::sync::Mutex::new(u32::from(name.len() as u8) * 1000)),
    )
}

fn audit(n: u32) -> AuditEntry {
    AuditEntry {
        id: format!("au-gift-{n}"),
        at: now(),
        actor: "staff:admin".into(),
        action: "gift.issue".into(),
        target: "gifts:Tết".into(),
        before: String::new(),
        after: "3".into(),
        reason: String::new(),
    }
}

fn key(k: &str) -> IdempotencyKey {
    IdempotencyKey::parse(k).unwrap()
}

/// Redeems `code` for `who` with the key `k` in a unit of its own, committed when redeemed.
async fn redeem_with(
    orders: &SqlOrderStore,
    gifts: &SqlGiftStore,
    code: &GiftCodeId,
    (who, k): (&UserId, &str),
    days: i64,
) -> Result<Redemption, RedeemError> {
    let mut unit = orders.begin().await?;
    let redeemed = gifts
        .redeem(&mut unit, code, who, &key(k), now() + Duration::days(days))
        .await?;
    unit.commit().await?;
    Ok(redeemed)
}

/// `redeem_with` a key of the customer's own, the first time: the code as it now is.
async fn redeem(
    orders: &SqlOrderStore,
    gifts: &SqlGiftStore,
    code: &GiftCodeId,
    who: &UserId,
    days: i64,
) -> Result<GiftCode, RedeemError> {
    match redeem_with(
        orders,
        gifts,
        code,
        (who, &format!("k-{}", who.as_str())),
        days,
    )
    .await?
    {
        Redemption::First(code) => Ok(code),
        Redemption::Replay(code) => panic!("a replay of {code:?}"),
    }
}

fn refused(r: Result<GiftCode, RedeemError>) -> &'static str {
    match r {
        Err(RedeemError::Refused(words)) => words.code,
        other => panic!("{other:?}"),
    }
}

on_both_databases!(
    a_batch_reads_back_as_issued_and_a_code_goes_to_one_of_twenty_at_once,
    |db: DatabaseConnection| async move {
        let gifts = Arc::new(SqlGiftStore::new(db.clone()));
        let orders = Arc::new(SqlOrderStore::new(db.clone()));
        let codes = batch("Tết 2027", 3, 60);
        gifts.issue(&codes, &audit(1), now()).await.unwrap();
        assert_eq!(gifts.batch("Tết 2027").await.unwrap().len(), 3);
        assert_eq!(
            gifts.get(&codes[0].code).await.unwrap().as_ref(),
            Some(&codes[0])
        );

        // Twenty customers type the first code at once: one has it.
        let mut who = Vec::new();
        for n in 0..20 {
            who.push(customer(&db, &format!("u-gift{n}"), &format!("g{n}@example.com")).await);
        }
        let tasks: Vec<_> = who
            .iter()
            .cloned()
            .map(|w| {
                let (gifts, orders, code) = (gifts.clone(), orders.clone(), codes[0].code.clone());
                tokio::spawn(async move { redeem(&orders, &gifts, &code, &w, 0).await })
            })
            .collect();
        let mut winners = Vec::new();
        for (i, t) in tasks.into_iter().enumerate() {
            match t.await.unwrap() {
                Ok(code) => winners.push((i, code)),
                Err(e) => assert_eq!(refused(Err(e)), "gift.redeemed"),
            }
        }
        assert_eq!(winners.len(), 1);
        let (i, won) = &winners[0];
        assert_eq!(won.redeemed.as_ref().unwrap().0, who[*i]);
        // The winner's request again, with its key: answered as the first, the code as it was.
        let k = format!("k-{}", who[*i].as_str());
        let replay = redeem_with(&orders, &gifts, &codes[0].code, (&who[*i], &k), 1).await;
        assert_eq!(replay, Ok(Redemption::Replay(won.clone())));
        // Another request of theirs: they are told it is theirs already; another's with that
        // key is no replay of it.
        let again = redeem_with(&orders, &gifts, &codes[0].code, (&who[*i], "k-other"), 0).await;
        assert!(matches!(again, Err(RedeemError::Refused(w)) if w.code == "gift.redeemed_by_you"));
        let other = who[(*i + 1) % who.len()].clone();
        let theirs = redeem_with(&orders, &gifts, &codes[0].code, (&other, &k), 0).await;
        assert!(matches!(theirs, Err(RedeemError::Refused(w)) if w.code == "gift.redeemed"));
        // Past its time, or a code that is none.
        let late = redeem(&orders, &gifts, &codes[1].code, &who[0], 61).await;
        assert_eq!(refused(late), "gift.expired");
        let none = GiftCodeId::parse("ZZZZ-ZZZZ-ZZZZ-ZZZZ").unwrap();
        assert!(matches!(
            redeem(&orders, &gifts, &none, &who[0], 0).await,
            Err(RedeemError::Unknown)
        ));
        // A redeem not committed redeems nothing.
        let mut unit = orders.begin().await.unwrap();
        gifts
            .redeem(&mut unit, &codes[2].code, &who[1], &key("k-dropped"), now())
            .await
            .unwrap();
        drop(unit);
        assert_eq!(
            gifts.get(&codes[2].code).await.unwrap().unwrap().redeemed,
            None
        );
    }
);
