//! The SQL repositories against real databases: every case on SQLite and on PostgreSQL.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use adapters::sql::db;
use adapters::{SqlCatalogRepository, catalog_file, on_both_databases};
use domain::DomainError;
use domain::catalog::{CatalogRepository, CatalogService, Category, Plan, PlanId};
use domain::shared::{Money, PageRequest};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

fn plan(id: &str, category: Category, order: i32, price: i64) -> Plan {
    adapters::testing::plan(id, category, order, price)
}

fn catalog(db: &DatabaseConnection) -> CatalogService {
    CatalogService::new(Arc::new(SqlCatalogRepository::new(db.clone())))
}

on_both_databases!(
    migrations_run_twice_without_harm,
    |db: DatabaseConnection| async move {
        db::migrate(&db).await.unwrap();
        db::migrate(&db).await.unwrap();
        db::ping(&db).await.unwrap();
    }
);

async fn probe_rows(c: &impl ConnectionTrait) -> Result<i64, sea_orm::DbErr> {
    let sql = Statement::from_string(c.get_database_backend(), "SELECT COUNT(*) AS n FROM probe");
    let row = c.query_one_raw(sql).await?.expect("a count");
    row.try_get::<i64>("", "n")
}

// Many writers that each read before they write, as sign-up, key rotation and payments do. On
// SQLite a deferred transaction fails with "database is locked" when another commits between its
// read and its write; `begin_write` makes them queue instead.
on_both_databases!(
    writers_that_read_first_queue_instead_of_failing,
    |db: DatabaseConnection| async move {
        db.execute_unprepared("CREATE TABLE probe (n INTEGER NOT NULL)")
            .await
            .unwrap();
        let writers: Vec<_> = (0..16)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move {
                    let txn = db::begin_write(&db).await?;
                    let seen = probe_rows(&txn).await?;
                    tokio::time::sleep(std::time::Duration::from_millis(2)).await;
                    txn.execute_unprepared(&format!("INSERT INTO probe (n) VALUES ({seen})"))
                        .await?;
                    txn.commit().await
                })
            })
            .collect();
        for w in writers {
            w.await.unwrap().unwrap();
        }
        assert_eq!(probe_rows(&db).await.unwrap(), 16);
    }
);

on_both_databases!(
    plans_round_trip_exactly,
    |db: DatabaseConnection| async move {
        let repo = SqlCatalogRepository::new(db);
        let mut p = plan("massage-90", Category::DragonMassage, 1, 750_000);
        p.pricing.chinese_speaking = Some(Money::vnd(300_000));
        repo.import(std::slice::from_ref(&p), &[], None)
            .await
            .unwrap();
        assert_eq!(repo.get_plan(&p.id).await.unwrap(), Some(p));
        assert_eq!(
            repo.get_plan(&PlanId::parse("nope").unwrap())
                .await
                .unwrap(),
            None
        );
    }
);

on_both_databases!(
    pages_follow_sort_order_without_gaps,
    |db: DatabaseConnection| async move {
        let service = catalog(&db);
        // Equal sort orders are broken by id, so the keyset cursor must use both.
        let plans: Vec<Plan> = (0..7)
            .map(|i| {
                plan(
                    &format!("shuttle-{i}"),
                    Category::Shuttle,
                    i / 2,
                    100_000 + i64::from(i),
                )
            })
            .chain([plan("charter-a", Category::Charter, 0, 1_000_000)])
            .collect();
        service.import(&plans, &[]).await.unwrap();

        let mut seen = Vec::new();
        let mut page = PageRequest::new(3, None).unwrap();
        loop {
            let got = service.list_plans(Category::Shuttle, &page).await.unwrap();
            assert!(got.items.len() <= 3);
            seen.extend(got.items.into_iter().map(|p| p.id.as_str().to_owned()));
            match got.next_token {
                Some(t) => page = PageRequest::new(3, Some(t)).unwrap(),
                None => break,
            }
        }
        let expected: Vec<String> = (0..7).map(|i| format!("shuttle-{i}")).collect();
        assert_eq!(seen, expected);
        assert_eq!(service.all_plans(Category::Shuttle).await.unwrap().len(), 7);
    }
);

on_both_databases!(
    a_forged_page_token_is_refused,
    |db: DatabaseConnection| async move {
        let service = catalog(&db);
        let page = PageRequest::new(3, Some("not-a-token".into())).unwrap();
        let err = service
            .list_plans(Category::Shuttle, &page)
            .await
            .unwrap_err();
        assert!(
            matches!(err, DomainError::InvalidArgument { ref field, .. } if field == "page_token"),
            "{err}"
        );
    }
);

on_both_databases!(
    summaries_count_active_plans_only,
    |db: DatabaseConnection| async move {
        let service = catalog(&db);
        let mut hidden = plan("shuttle-hidden", Category::Shuttle, 0, 1_000);
        hidden.active = false;
        service
            .import(
                &[
                    plan("shuttle-a", Category::Shuttle, 0, 380_000),
                    plan("shuttle-b", Category::Shuttle, 1, 250_000),
                    hidden.clone(),
                ],
                &[],
            )
            .await
            .unwrap();
        let categories = service.list_categories().await.unwrap();
        assert_eq!(
            categories.len(),
            4,
            "every category, also those without plans"
        );
        let shuttle = &categories[0];
        assert_eq!(shuttle.category, Category::Shuttle);
        assert_eq!(shuttle.plan_count, 2);
        assert_eq!(shuttle.from_price, Some(Money::vnd(250_000)));
        assert_eq!(categories[1].plan_count, 0);
        assert_eq!(categories[1].from_price, None);
        // Inactive plans are out of lists but still found by id (orders point at them).
        let listed = service.all_plans(Category::Shuttle).await.unwrap();
        assert_eq!(listed.len(), 2);
        assert!(listed.iter().all(|p| p.active));
        assert_eq!(service.get_plan(&hidden.id).await.unwrap(), hidden);
    }
);

on_both_databases!(
    import_replaces_by_id_and_is_atomic,
    |db: DatabaseConnection| async move {
        let service = catalog(&db);
        service
            .import(&[plan("charter-4h", Category::Charter, 0, 1_200_000)], &[])
            .await
            .unwrap();
        let mut renamed = plan("charter-4h", Category::Charter, 0, 1_300_000);
        renamed.name = "市區包車 4 小時（新）".into();
        service
            .import(std::slice::from_ref(&renamed), &[])
            .await
            .unwrap();
        assert_eq!(
            service.all_plans(Category::Charter).await.unwrap(),
            vec![renamed]
        );

        // One invalid plan stops the whole import: nothing of it is stored.
        let mut bad = plan("charter-bad", Category::Charter, 1, 1_000);
        bad.vehicle = None;
        let err = service
            .import(
                &[plan("charter-new", Category::Charter, 2, 1_000), bad],
                &[],
            )
            .await
            .unwrap_err();
        assert!(
            err.to_string().contains("plans[charter-bad].vehicle"),
            "{err}"
        );
        assert_eq!(service.all_plans(Category::Charter).await.unwrap().len(), 1);
    }
);

on_both_databases!(
    the_demo_catalogue_seeds_once,
    |db: DatabaseConnection| async move {
        let service = catalog(&db);
        let (plans, therapists) = catalog_file::parse(catalog_file::DEMO).unwrap();
        assert!(service.seed_if_empty(&plans, &therapists).await.unwrap());
        assert!(
            !service.seed_if_empty(&plans, &therapists).await.unwrap(),
            "never twice"
        );
        assert_eq!(
            service.all_plans(Category::Shuttle).await.unwrap().len(),
            12
        );
        let therapists = service.list_therapists().await.unwrap();
        assert!(therapists.len() >= 8);
        assert!(therapists.iter().all(|t| !t.languages.is_empty()));
        // Shifts survive the database exactly.
        let stored: Vec<_> = therapists
            .iter()
            .map(|t| (t.id.clone(), t.hours.clone()))
            .collect();
        let demo: Vec<_> = catalog_file::parse(catalog_file::DEMO).unwrap().1;
        for (id, hours) in stored {
            let given = demo.iter().find(|t| t.id == id).unwrap();
            assert!(!hours.is_empty());
            assert_eq!(hours, given.hours, "{id}");
        }
    }
);

// Rows kept before migration 29 wrote the languages she speaks in zh-TW words and each
// translation as a bio alone; the migration turns them into codes and words.
on_both_databases!(
    therapists_kept_in_the_older_shape_are_read_in_the_new_one,
    |db: DatabaseConnection| async move {
        let service = catalog(&db);
        let (_, therapists) = catalog_file::parse(catalog_file::DEMO).unwrap();
        service.import(&[], &therapists[..1]).await.unwrap();
        db.execute_unprepared(
            "UPDATE therapists SET languages = '[\"中文\",\"越南語\",\"Khmer\"]', \
             translations = '{\"vi\":\"Đến từ Huế\"}' WHERE id = 't-lan'",
        )
        .await
        .unwrap();
        db.execute_unprepared(
            "DELETE FROM seaql_migrations WHERE version = 'm20261129_000029_therapist_words'",
        )
        .await
        .unwrap();
        db::migrate(&db).await.unwrap();
        let repo = SqlCatalogRepository::new(db.clone());
        let (_, kept) = repo.everything().await.unwrap();
        let lan = &kept[0];
        assert_eq!(lan.languages, ["zh", "vi", "Khmer"], "unknown words stay");
        let vi = lan.in_language(domain::shared::Language::Vi);
        assert_eq!(vi.bio, "Đến từ Huế");
        assert_eq!(vi.name, lan.name, "no Vietnamese name yet: zh-TW's");
    }
);

#[path = "repo/backups.rs"]
mod backups;
#[path = "repo/blobs.rs"]
mod blobs;
#[path = "repo/credit.rs"]
mod credit;
#[path = "repo/einvoice.rs"]
mod einvoice;
#[path = "repo/federation.rs"]
mod federation;
#[path = "repo/flights.rs"]
mod flights;
#[path = "repo/identity.rs"]
mod identity;

#[path = "repo/live.rs"]
mod live;
#[path = "repo/mail.rs"]
mod mail;

#[path = "repo/gifts.rs"]
mod gifts;
#[path = "repo/massage.rs"]
mod massage;
#[path = "repo/operations.rs"]
mod operations;
#[path = "repo/orders.rs"]
mod orders;
#[path = "repo/partners.rs"]
mod partners;
#[path = "repo/payments.rs"]
mod payments;
#[path = "repo/promotions.rs"]
mod promotions;
#[path = "repo/referrals.rs"]
mod referrals;
#[path = "repo/refunds.rs"]
mod refunds;
#[path = "repo/reports.rs"]
mod reports;
#[path = "repo/routing.rs"]
mod routing;
#[path = "repo/support.rs"]
mod support;
#[path = "repo/vnpay_refunds.rs"]
mod vnpay_refunds;
