//! The order store against real databases: every kind of details round-trips exactly, history is
//! appended and never rewritten, a save against an old version is refused, lists page newest
//! first, and the expiry query finds only unpaid orders past their window.

use adapters::{SqlCatalogRepository, SqlIdentityStore, SqlOrderStore, on_both_databases};
use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::catalog::{CatalogRepository, Category, Plan};
use domain::identity::{Account, Change, Email, IdentityStore, Role};
use domain::ordering::{
    Actor, CharterDetails, Contact, Driver, EscortDetails, GuideLanguage, IdempotencyKey, KeyClaim,
    MassageDetails, MessagingApp, Order, OrderFilter, OrderId, OrderState, OrderStore,
    ServiceDetails, StoreError, TherapistChoice,
};
use domain::shared::{LocalTime, PageRequest, Phone, UserId};
use sea_orm::DatabaseConnection;

pub(super) fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 3, 0, 0).unwrap()
}

pub(super) async fn setup(db: &DatabaseConnection) -> (SqlOrderStore, Vec<Plan>, UserId) {
    let plans = vec![
        adapters::testing::plan("charter-4h", Category::Charter, 1, 1_200_000),
        adapters::testing::plan("escort-4h", Category::Escort, 2, 1_000_000),
        adapters::testing::plan("massage", Category::DragonMassage, 3, 550_000),
    ];
    SqlCatalogRepository::new(db.clone())
        .import(&plans, &[], None)
        .await
        .unwrap();
    let owner = customer(db, "u1", "a@example.com").await;
    (SqlOrderStore::new(db.clone()), plans, owner)
}

/// A customer account to own orders.
pub(super) async fn customer(db: &DatabaseConnection, id: &str, email: &str) -> UserId {
    let id = UserId::parse(id).unwrap();
    SqlIdentityStore::new(db.clone())
        .commit(Change {
            insert_account: Some(Account {
                id: id.clone(),
                email: Email::parse(email).unwrap(),
                role: Role::Customer,
                password_hash: "$argon2id$x".into(),
                email_verified: true,
                disabled: false,
                created_at: now(),
                updated_at: now(),
                tokens_valid_after: DateTime::UNIX_EPOCH,
            }),
            ..Change::default()
        })
        .await
        .unwrap();
    id
}

fn start() -> LocalTime {
    LocalTime::parse("start", "2026-11-24T21:30").unwrap()
}

fn details(plan: &Plan) -> ServiceDetails {
    match plan.category {
        Category::Charter => ServiceDetails::Charter(CharterDetails {
            start: start(),
            duration_minutes: 240,
            extra_hours: 1,
            pickup_address: "Park Hyatt".into(),
            itinerary: "統一宮 → 濱城市場".into(),
            passengers: 3,
            child_seats: 1,
            extra_stops: 0,
            driver_language: GuideLanguage::Chinese,
        }),
        Category::Escort => ServiceDetails::Escort(EscortDetails {
            start: start(),
            duration_minutes: 240,
            extra_hours: 0,
            meeting_point: "Rex Hotel lobby".into(),
            people: 4,
            language: GuideLanguage::English,
        }),
        _ => ServiceDetails::Massage(MassageDetails {
            hotel_name: "Rex".into(),
            hotel_address: "141 Nguyễn Huệ".into(),
            room: "1203".into(),
            start: start(),
            duration_minutes: 90,
            people: 2,
            // A named therapist and images are repo/massage.rs's (they need rows of their own).
            therapist: TherapistChoice::Favourite,
            hotel_images: vec![],
        }),
    }
}

pub(super) fn order(plan: &Plan, owner: &UserId, n: i64) -> Order {
    let contact = Contact::new(
        "王小明",
        Phone::parse("886", "912345678").unwrap(),
        Some((MessagingApp::Line, "xm")),
    )
    .unwrap();
    Order::create(
        OrderId::parse(&format!("BK-{n}")).unwrap(),
        owner.clone(),
        plan,
        details(plan),
        Some(contact),
        "備註".into(),
        now() + Duration::seconds(n),
        Duration::minutes(60),
    )
    .unwrap()
}

on_both_databases!(
    orders_round_trip_exactly,
    |db: DatabaseConnection| async move {
        let (store, plans, owner) = setup(&db).await;
        for (n, plan) in plans.iter().enumerate() {
            let o = order(plan, &owner, n as i64);
            store
                .insert(&o, None, adapters::testing::NO_CAP)
                .await
                .unwrap();
            assert_eq!(store.get(&o.id).await.unwrap(), Some(o));
        }
        assert_eq!(
            store.get(&OrderId::parse("BK-404").unwrap()).await.unwrap(),
            None
        );
    }
);

// A bug that panics while a group is written fails that group's orders and no others: nothing
// of them is stored, and the writer goes on with the next order.
on_both_databases!(
    a_group_that_panics_fails_alone,
    |db: DatabaseConnection| async move {
        let (store, plans, owner) = setup(&db).await;
        let doomed = order(&plans[0], &owner, 1);
        let kept = order(&plans[0], &owner, 2);
        let refused = store.insert_panicking(&doomed).await;
        assert!(matches!(refused, Err(StoreError::Other(_))), "{refused:?}");
        store
            .insert(&kept, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
        assert_eq!(store.get(&doomed.id).await.unwrap(), None);
        assert_eq!(store.get(&kept.id).await.unwrap(), Some(kept));
        assert_eq!(adapters::testing::count(&db, "orders").await, 1);
    }
);

on_both_databases!(
    saves_append_history_and_refuse_old_versions,
    |db: DatabaseConnection| async move {
        let (store, plans, owner) = setup(&db).await;
        let mut o = order(&plans[0], &owner, 0);
        store
            .insert(&o, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
        let stale = o.clone();
        o.mark_paid(Actor::System("dev".into()), "paid", now())
            .unwrap();
        store.save(&o).await.unwrap();
        o.version += 1;
        let mut other = stale.clone();
        other
            .cancel(Actor::Customer(owner.clone()), "", now())
            .unwrap();
        assert_eq!(store.save(&other).await, Err(StoreError::Stale));
        o.confirm(Actor::Operator("ann".into()), now()).unwrap();
        store.save(&o).await.unwrap();
        let stored = store.get(&o.id).await.unwrap().unwrap();
        assert_eq!(stored.version, 2);
        let states: Vec<_> = stored.history.iter().map(|t| t.to).collect();
        assert_eq!(
            states,
            [
                OrderState::Draft,
                OrderState::PendingPayment,
                OrderState::Paid,
                OrderState::Confirmed
            ]
        );
        assert_eq!(stored.history[3].actor, Actor::Operator("ann".into()));
    }
);

on_both_databases!(keys_lists_and_expiry, |db: DatabaseConnection| async move {
    let (store, plans, owner) = setup(&db).await;
    let key = IdempotencyKey::parse("k1").unwrap();
    let claim = |o: &Order| KeyClaim {
        owner: owner.clone(),
        key: key.clone(),
        fingerprint: "f".into(),
        order_id: o.id.clone(),
        created_at: now(),
    };
    let first = order(&plans[0], &owner, 0);
    store
        .insert(&first, Some(&claim(&first)), adapters::testing::NO_CAP)
        .await
        .unwrap();
    let second = order(&plans[1], &owner, 1);
    assert_eq!(
        store
            .insert(&second, Some(&claim(&second)), adapters::testing::NO_CAP)
            .await,
        Err(StoreError::KeyTaken)
    );
    assert_eq!(
        store.get(&second.id).await.unwrap(),
        None,
        "nothing of it stored"
    );
    assert_eq!(
        store.claim(&owner, &key).await.unwrap(),
        Some(claim(&first))
    );
    store
        .insert(&second, None, adapters::testing::NO_CAP)
        .await
        .unwrap();
    let mut third = order(&plans[2], &owner, 2);
    third
        .mark_paid(Actor::System("dev".into()), "paid", now())
        .unwrap();
    store
        .insert(&third, None, adapters::testing::NO_CAP)
        .await
        .unwrap();

    // Newest first, a page at a time, with filters.
    let page = store
        .list(
            Some(&owner),
            &OrderFilter::default(),
            &PageRequest::new(2, None).unwrap(),
        )
        .await
        .unwrap();
    let ids: Vec<_> = page.items.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["BK-2", "BK-1"]);
    let rest = store
        .list(
            Some(&owner),
            &OrderFilter::default(),
            &PageRequest::new(2, page.next_token).unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(rest.items[0].id.as_str(), "BK-0");
    assert_eq!(rest.next_token, None);
    let paid = OrderFilter {
        states: vec![OrderState::Paid],
        category: None,
        ..OrderFilter::default()
    };
    let page = store
        .list(Some(&owner), &paid, &PageRequest::new(0, None).unwrap())
        .await
        .unwrap();
    assert_eq!(page.items.len(), 1);
    let escort = OrderFilter {
        states: vec![],
        category: Some(Category::Escort),
        ..OrderFilter::default()
    };
    let page = store
        .list(Some(&owner), &escort, &PageRequest::new(0, None).unwrap())
        .await
        .unwrap();
    assert_eq!(page.items[0].id.as_str(), "BK-1");
    let someone = UserId::parse("u2").unwrap();
    let page = store
        .list(
            Some(&someone),
            &OrderFilter::default(),
            &PageRequest::new(0, None).unwrap(),
        )
        .await
        .unwrap();
    assert!(page.items.is_empty());

    // Unpaid and past the window only, oldest first.
    let later = now() + Duration::minutes(61);
    let due = store.due_for_expiry(later, 10).await.unwrap();
    let due: Vec<_> = due.iter().map(OrderId::as_str).collect();
    assert_eq!(due, ["BK-0", "BK-1"]);
    assert!(store.due_for_expiry(now(), 10).await.unwrap().is_empty());

    assert_eq!(store.purge_keys(now()).await.unwrap(), 0);
    assert_eq!(store.purge_keys(later).await.unwrap(), 1);
    assert_eq!(store.claim(&owner, &key).await.unwrap(), None);
});

on_both_databases!(
    upcoming_orders_come_soonest_first_and_drivers_round_trip,
    |db: DatabaseConnection| async move {
        let (store, plans, owner) = setup(&db).await;
        // Created in one order, starting in another: BK-0 last, BK-2 first.
        let starts = ["2026-11-27T09:00", "2026-11-26T09:00", "2026-11-25T09:00"];
        for (n, at) in starts.iter().enumerate() {
            let mut o = order(&plans[0], &owner, n as i64);
            if let ServiceDetails::Charter(d) = &mut o.details {
                d.start = LocalTime::parse("start", at).unwrap();
            }
            store
                .insert(&o, None, adapters::testing::NO_CAP)
                .await
                .unwrap();
        }
        let mut cancelled = order(&plans[1], &owner, 3);
        cancelled
            .cancel(Actor::Customer(owner.clone()), "", now())
            .unwrap();
        store
            .insert(&cancelled, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
        let upcoming = OrderFilter::upcoming(None, now());
        let first = store
            .list(Some(&owner), &upcoming, &PageRequest::new(2, None).unwrap())
            .await
            .unwrap();
        let ids: Vec<_> = first.items.iter().map(|o| o.id.as_str()).collect();
        assert_eq!(
            ids,
            ["BK-2", "BK-1"],
            "soonest first, the cancelled left out"
        );
        let rest = store
            .list(
                Some(&owner),
                &upcoming,
                &PageRequest::new(2, first.next_token).unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(rest.items.len(), 1);
        assert_eq!(rest.items[0].id.as_str(), "BK-0");
        assert_eq!(rest.next_token, None);
        let later = LocalTime::parse("t", "2026-11-26T12:00").unwrap().instant();
        let page = store
            .list(
                Some(&owner),
                &OrderFilter::upcoming(None, later),
                &PageRequest::first(10),
            )
            .await
            .unwrap();
        assert_eq!(page.items.len(), 1, "started ones are no longer upcoming");

        let mut o = store
            .get(&OrderId::parse("BK-2").unwrap())
            .await
            .unwrap()
            .unwrap();
        o.mark_paid(Actor::System("dev".into()), "paid", now())
            .unwrap();
        let driver = Driver::new(
            Category::Charter,
            "阮文明",
            Phone::parse("84", "901234567").unwrap(),
            "51A-123.45",
        )
        .unwrap();
        o.assign_driver(driver, Actor::Operator("ops".into()), now())
            .unwrap();
        store.save(&o).await.unwrap();
        o.version += 1;
        assert_eq!(store.get(&o.id).await.unwrap(), Some(o));
    }
);

on_both_databases!(
    parallel_orders_share_commits_but_fail_alone,
    |db: DatabaseConnection| async move {
        let (store, plans, owner) = setup(&db).await;
        let capped = customer(&db, "u2", "b@example.com").await;
        let store = std::sync::Arc::new(store);
        let claim = |o: &Order, key: &str| KeyClaim {
            owner: o.owner.clone(),
            key: IdempotencyKey::parse(key).unwrap(),
            fingerprint: "f".into(),
            order_id: o.id.clone(),
            created_at: now(),
        };
        let cap = domain::ordering::UnpaidCap {
            orders: 3,
            massage: 1,
        };
        // 12 orders with keys of their own, 6 with one key, 6 of a customer who may hold 3
        // unpaid: all sent at once, so that they are written in shared groups.
        let mut jobs = Vec::new();
        for n in 0..24 {
            let who = if n >= 18 { &capped } else { &owner };
            let o = order(&plans[(n % 2) as usize], who, n);
            let (key, cap) = match n {
                0..12 => (Some(format!("own-{n}")), adapters::testing::NO_CAP),
                12..18 => (Some("shared".to_owned()), adapters::testing::NO_CAP),
                _ => (None, cap),
            };
            let c = key.map(|k| claim(&o, &k));
            let store = store.clone();
            jobs.push(tokio::spawn(async move {
                let outcome = store.insert(&o, c.as_ref(), cap).await;
                (o, outcome)
            }));
        }
        let mut tally = std::collections::BTreeMap::new();
        for job in jobs {
            let (o, outcome) = job.await.unwrap();
            let stored = store.get(&o.id).await.unwrap();
            match &outcome {
                Ok(()) => assert_eq!(stored, Some(o), "an answered order is stored whole"),
                Err(_) => assert_eq!(stored, None, "a refused order leaves nothing"),
            }
            *tally.entry(format!("{outcome:?}")).or_insert(0) += 1;
        }
        let tally: Vec<_> = tally.into_iter().collect();
        assert_eq!(
            tally,
            [
                ("Err(KeyTaken)".to_owned(), 5),
                ("Err(TooManyUnpaid)".to_owned(), 3),
                ("Ok(())".to_owned(), 16)
            ]
        );
        assert_eq!(adapters::testing::count(&db, "orders").await, 16);
        assert_eq!(adapters::testing::count(&db, "idempotency_keys").await, 13);
    }
);

on_both_databases!(
    capped_customers_sharing_a_group_are_counted_each_alone,
    |db: DatabaseConnection| async move {
        let (store, plans, _) = setup(&db).await;
        let cap = domain::ordering::UnpaidCap {
            orders: 2,
            massage: 1,
        };
        let mut customers = Vec::new();
        for n in 2..6 {
            customers.push(customer(&db, &format!("u{n}"), &format!("c{n}@example.com")).await);
        }
        // The first already holds an unpaid order; the second's earlier one lapsed an hour ago.
        store
            .insert(&order(&plans[0], &customers[0], 0), None, cap)
            .await
            .unwrap();
        let mut lapsed = order(&plans[0], &customers[1], -7_200);
        lapsed.id = OrderId::parse("BK-lapsed").unwrap();
        store.insert(&lapsed, None, cap).await.unwrap();
        let store = std::sync::Arc::new(store);
        // Four orders of each, all sent at once: the groups hold several customers each.
        let mut jobs = Vec::new();
        for n in 0..16 {
            let (store, who) = (store.clone(), customers[n % 4].clone());
            let o = order(&plans[n % 2], &who, 100 + n as i64);
            jobs.push(tokio::spawn(async move {
                (who, store.insert(&o, None, cap).await)
            }));
        }
        let mut admitted = std::collections::BTreeMap::new();
        for job in jobs {
            let (who, outcome) = job.await.unwrap();
            match outcome {
                Ok(()) => *admitted.entry(who.as_str().to_owned()).or_insert(0) += 1,
                Err(e) => assert!(matches!(e, StoreError::TooManyUnpaid), "{e:?}"),
            }
        }
        let admitted: Vec<_> = admitted.into_iter().collect();
        assert_eq!(
            admitted,
            [
                ("u2".to_owned(), 1),
                ("u3".to_owned(), 2),
                ("u4".to_owned(), 2),
                ("u5".to_owned(), 2)
            ]
        );
        assert_eq!(adapters::testing::count(&db, "orders").await, 9);
    }
);

// On SQLite the order writer's own connection never copies the log into the database; the writer
// copies it between groups. Without that copy, these orders' log passed 7 MB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_order_writers_log_is_copied_as_it_goes() {
    use adapters::testing::{Backend, TestDb};
    let t = TestDb::migrated(Backend::Sqlite).await;
    let (_, plans, owner) = setup(&t.db).await;
    let writer = adapters::sql::db::connect_order_writer(&t.url)
        .await
        .unwrap();
    let store = std::sync::Arc::new(SqlOrderStore::writing_through(t.db.clone(), writer));
    let wal = std::path::PathBuf::from(
        t.url
            .trim_start_matches("sqlite://")
            .trim_end_matches("?mode=rwc"),
    )
    .with_extension("db-wal");
    let mut largest = 0;
    for round in 0..50 {
        let orders: Vec<_> = (0..24)
            .map(|i| {
                let store = store.clone();
                let o = order(&plans[i % 2], &owner, round * 100 + i as i64);
                tokio::spawn(async move { store.insert(&o, None, adapters::testing::NO_CAP).await })
            })
            .collect();
        for o in orders {
            o.await.unwrap().unwrap();
        }
        largest = largest.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
    }
    assert_eq!(adapters::testing::count(&t.db, "orders").await, 1_200);
    assert!(largest > 0, "no log at {}", wal.display());
    assert!(largest < 4 << 20, "the log grew to {largest} bytes");
    t.remove().await;
}

/// Orders stored before their contact's number had a column of its own get it from their
/// contact, so that a search by phone (an index now) still finds them; an order without a
/// contact (before step 2) has none.
async fn contact_numbers_migrate(backend: adapters::testing::Backend) {
    use migration::MigratorTrait;
    use sea_orm::{ConnectionTrait, Statement};
    let t = adapters::testing::TestDb::empty(backend).await;
    migration::Migrator::up(&t.db, Some(30)).await.unwrap();
    setup(&t.db).await;
    let sql = |sql: String| Statement::from_string(t.db.get_database_backend(), sql);
    for (id, contact) in [
        (
            "o-with",
            "'{\"name\":\"Lin\",\"phone_country_code\":\"886\",\"phone_number\":\"912345678\",\
             \"messaging_app\":null,\"messaging_id\":null}'",
        ),
        ("o-without", "NULL"),
    ] {
        t.db.execute_raw(sql(format!(
            "INSERT INTO orders (id, owner, category, plan_id, plan_name, state, details, \
             contact, note, estimate, total_vnd, start_at_ms, created_at_ms, updated_at_ms, \
             expires_at_ms, version) VALUES ('{id}', 'u1', 'charter', 'charter-4h', 'x', \
             'draft', '{{}}', {contact}, '', '{{}}', 0, 0, 0, 0, 0, 0)"
        )))
        .await
        .unwrap();
    }
    adapters::sql::db::migrate(&t.db).await.unwrap();
    let rows =
        t.db.query_all_raw(sql(
            "SELECT id, contact_number FROM orders ORDER BY id".into()
        ))
        .await
        .unwrap();
    let numbers: Vec<(String, Option<String>)> = rows
        .iter()
        .map(|r| {
            (
                r.try_get("", "id").unwrap(),
                r.try_get("", "contact_number").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        numbers,
        [
            ("o-with".to_owned(), Some("912345678".to_owned())),
            ("o-without".to_owned(), None)
        ]
    );
    t.remove().await;
}

mod contact_numbers_migrate_from_the_contact {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        super::contact_numbers_migrate(adapters::testing::Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        super::contact_numbers_migrate(adapters::testing::Backend::Postgres).await;
    }
}
