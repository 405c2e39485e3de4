//! Promo codes against real databases: a code reads back as written, and its uses are counted in
//! the write that takes one, so parallel takers never pass its limits, in all or per customer.

use std::sync::Arc;

use adapters::{SqlOrderStore, SqlPromoStore, on_both_databases};
use domain::audit::AuditEntry;
use domain::catalog::Category;
use domain::ordering::{Order, OrderStore};
use domain::promotions::{
    Discount, PromoCode, PromoCodeId, PromoRules, PromoStore, PromoUse, TakeError,
};
use domain::shared::{LocalTime, Money, UserId};
use sea_orm::DatabaseConnection;

use super::orders::{customer, now, order, setup};

fn audit(n: u32) -> AuditEntry {
    AuditEntry {
        id: format!("au-promo-{n}"),
        at: now(),
        actor: "staff:admin".into(),
        action: "promo.create".into(),
        target: "promo:TET2027".into(),
        before: String::new(),
        after: "a".into(),
        reason: String::new(),
    }
}

fn tet(total_uses: Option<u32>, per_customer: u32) -> PromoCode {
    PromoCode {
        code: PromoCodeId::parse("tet2027").unwrap(),
        rules: PromoRules {
            discount: Discount::Percent {
                percent: 10,
                cap: Some(Money::vnd(200_000)),
            },
            min_spend: Money::vnd(300_000),
            categories: vec![Category::Charter, Category::Escort],
            plans: vec!["charter-4h".into()],
            valid_from: LocalTime::parse("from", "2026-11-01T00:00").unwrap(),
            valid_until: LocalTime::parse("until", "2027-02-01T00:00").unwrap(),
            total_uses,
            uses_per_customer: per_customer,
            first_order_only: false,
        },
        active: true,
    }
}

/// `n` orders of `owner`'s, stored.
async fn orders_of(
    orders: &SqlOrderStore,
    plan: &domain::catalog::Plan,
    owner: &UserId,
    from: i64,
    n: i64,
) -> Vec<Order> {
    let mut made = Vec::new();
    for i in from..from + n {
        let o = order(plan, owner, i);
        orders
            .insert(&o, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
        made.push(o);
    }
    made
}

/// Takes a use for `order` in a unit of its own, committed when taken.
async fn take(
    orders: &SqlOrderStore,
    promos: &SqlPromoStore,
    order: &Order,
) -> Result<(), TakeError> {
    let mut unit = orders.begin().await?;
    let used = PromoUse {
        code: PromoCodeId::parse("TET2027").unwrap(),
        order: order.id.clone(),
        customer: order.owner.clone(),
        discount: Money::vnd(120_000),
        at: now(),
    };
    promos.take(&mut unit, &used).await?;
    Ok(unit.commit().await?)
}

/// Takes a use for each of `racers` at once; every answer.
async fn all_at_once(
    orders: &Arc<SqlOrderStore>,
    promos: &Arc<SqlPromoStore>,
    racers: Vec<Order>,
) -> Vec<Result<(), TakeError>> {
    let tasks: Vec<_> = racers
        .into_iter()
        .map(|o| {
            let (orders, promos) = (orders.clone(), promos.clone());
            tokio::spawn(async move { take(&orders, &promos, &o).await })
        })
        .collect();
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap());
    }
    results
}

on_both_databases!(
    a_code_reads_back_as_written_and_is_made_once,
    |db: DatabaseConnection| async move {
        let promos = SqlPromoStore::new(db.clone());
        let code = tet(Some(5), 1);
        assert!(promos.create(&code, &audit(1), now()).await.unwrap());
        assert!(
            !promos.create(&code, &audit(2), now()).await.unwrap(),
            "a second code of the same name is refused"
        );
        assert_eq!(promos.get(&code.code).await.unwrap(), Some(code.clone()));
        let mut off = code.clone();
        off.active = false;
        off.rules.discount = Discount::Fixed(Money::vnd(50_000));
        assert!(promos.save(&off, &audit(3), now()).await.unwrap());
        assert_eq!(promos.get(&code.code).await.unwrap(), Some(off));
        let unknown = PromoCodeId::parse("NOPE").unwrap();
        assert_eq!(promos.get(&unknown).await.unwrap(), None);
    }
);

on_both_databases!(
    of_twenty_takers_of_the_last_use_exactly_one_gets_it,
    |db: DatabaseConnection| async move {
        let (orders, plans, _) = setup(&db).await;
        let orders = Arc::new(orders);
        let promos = Arc::new(SqlPromoStore::new(db.clone()));
        promos
            .create(&tet(Some(3), 1), &audit(1), now())
            .await
            .unwrap();
        // Two uses gone already, each a different customer's.
        for (n, email) in [(1, "b@example.com"), (2, "c@example.com")] {
            let who = customer(&db, &format!("u-pre{n}"), email).await;
            let o = orders_of(&orders, &plans[0], &who, 100 + n, 1).await;
            take(&orders, &promos, &o[0]).await.unwrap();
        }
        // Twenty customers at once for the last one.
        let mut racers = Vec::new();
        for n in 0..20 {
            let who = customer(&db, &format!("u-race{n}"), &format!("r{n}@example.com")).await;
            let o = orders_of(&orders, &plans[0], &who, 200 + n, 1).await;
            racers.push(o.into_iter().next().unwrap());
        }
        let results = all_at_once(&orders, &promos, racers).await;
        let won = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "{results:?}");
        assert!(
            results
                .iter()
                .all(|r| r.is_ok() || *r == Err(TakeError::UsedUp)),
            "{results:?}"
        );
        let listed = promos.list().await.unwrap();
        assert_eq!((listed[0].used, listed[0].cost), (3, Money::vnd(360_000)));
    }
);

on_both_databases!(
    a_customer_takes_their_share_once_even_at_once,
    |db: DatabaseConnection| async move {
        let (orders, plans, owner) = setup(&db).await;
        let orders = Arc::new(orders);
        let promos = Arc::new(SqlPromoStore::new(db.clone()));
        promos
            .create(&tet(None, 2), &audit(1), now())
            .await
            .unwrap();
        let mine = orders_of(&orders, &plans[0], &owner, 1, 8).await;
        let results = all_at_once(&orders, &promos, mine.clone()).await;
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            2,
            "{results:?}"
        );
        assert!(
            results
                .iter()
                .all(|r| r.is_ok() || *r == Err(TakeError::AlreadyUsed))
        );
        let uses = promos
            .uses(&PromoCodeId::parse("TET2027").unwrap(), &owner)
            .await
            .unwrap();
        assert_eq!((uses.total, uses.by_customer), (2, 2));
        assert!(
            uses.has_ordered,
            "unpaid orders that may still be paid count"
        );

        // An order that lapses gives its use back, once; the customer may take it again.
        let winner = results.iter().position(Result::is_ok).unwrap();
        for expected in [true, false] {
            let mut unit = orders.begin().await.unwrap();
            let given = promos
                .give_back(&mut unit, &mine[winner].id, now())
                .await
                .unwrap();
            unit.commit().await.unwrap();
            assert_eq!(given, expected);
        }
        let code = PromoCodeId::parse("TET2027").unwrap();
        assert_eq!(promos.uses(&code, &owner).await.unwrap().by_customer, 1);
        let later = orders_of(&orders, &plans[0], &owner, 50, 1).await;
        take(&orders, &promos, &later[0]).await.unwrap();
        assert_eq!(
            take(&orders, &promos, &mine[7]).await,
            Err(TakeError::AlreadyUsed)
        );
    }
);

on_both_databases!(
    a_code_switched_off_or_unknown_gives_no_use,
    |db: DatabaseConnection| async move {
        let (orders, plans, owner) = setup(&db).await;
        let promos = SqlPromoStore::new(db.clone());
        let o = orders_of(&orders, &plans[0], &owner, 1, 1).await;
        assert_eq!(take(&orders, &promos, &o[0]).await, Err(TakeError::Unknown));
        let mut code = tet(Some(10), 1);
        promos.create(&code, &audit(1), now()).await.unwrap();
        code.active = false;
        promos.save(&code, &audit(2), now()).await.unwrap();
        assert_eq!(take(&orders, &promos, &o[0]).await, Err(TakeError::Unknown));
        assert_eq!(promos.list().await.unwrap()[0].used, 0);
    }
);
