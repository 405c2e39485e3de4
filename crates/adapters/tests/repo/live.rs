//! Live events against real databases: each write of an order or a support thread leaves one in
//! its transaction, and a node's reader that follows the ids misses none, even while many
//! writers commit at once.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use adapters::stores::live::SqlLiveFeed;
use adapters::{SqlSupportStore, on_both_databases};
use domain::live::{LiveFeed, Topic};
use domain::ordering::OrderStore;
use domain::support::{Author, Message, SupportStore, Thread, ThreadId};
use sea_orm::DatabaseConnection;

use super::orders::{now, order, setup};

on_both_databases!(
    a_reader_sees_every_change_of_parallel_writers_in_order,
    |db: DatabaseConnection| async move {
        let (orders, plans, owner) = setup(&db).await;
        let orders = Arc::new(orders);
        let support = Arc::new(SqlSupportStore::new(db.clone()));
        let feed = SqlLiveFeed::start(db.clone(), Duration::from_millis(10))
            .await
            .unwrap();
        let start = feed.head().await.unwrap();

        // The reader follows the ids while the writers write.
        const WRITES: usize = 16;
        let reader = {
            let feed = feed.clone();
            tokio::spawn(async move {
                let (mut cursor, mut seen) = (start, Vec::new());
                while seen.len() < WRITES {
                    let (events, looked) = feed.after(cursor, 100, &|_| true).await.unwrap();
                    assert_eq!(looked, events.last().unwrap().id);
                    cursor = looked;
                    seen.extend(events);
                }
                seen
            })
        };
        let writers: Vec<_> = (0..WRITES)
            .map(|n| {
                let (orders, support, plan, owner) = (
                    orders.clone(),
                    support.clone(),
                    plans[0].clone(),
                    owner.clone(),
                );
                tokio::spawn(async move {
                    if n % 2 == 0 {
                        let o = order(&plan, &owner, n as i64);
                        orders
                            .insert(&o, None, adapters::testing::NO_CAP)
                            .await
                            .map_err(|e| format!("{e:?}"))
                    } else {
                        let id = ThreadId::parse(&format!("cs-{n}")).unwrap();
                        let t = Thread {
                            id: id.clone(),
                            owner: owner.clone(),
                            subject: "問題".into(),
                            order_id: None,
                            created_at: now(),
                            updated_at: now(),
                            message_count: 1,
                            unread_by_customer: 0,
                            unread_by_operators: 1,
                            preview: "你好".into(),
                            closed_at: None,
                        };
                        let first = Message::new(Author::Customer, "你好", now()).unwrap();
                        support
                            .open(&t, &first, None)
                            .await
                            .map(|_| ())
                            .map_err(|e| format!("{e:?}"))
                    }
                })
            })
            .collect();
        for w in writers {
            w.await.unwrap().unwrap();
        }
        let seen = tokio::time::timeout(Duration::from_secs(20), reader)
            .await
            .expect("the reader saw every write")
            .unwrap();
        let ids: Vec<i64> = seen.iter().map(|e| e.id).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "in id order: {ids:?}");
        let subjects: BTreeSet<String> = seen.iter().map(|e| e.subject.clone()).collect();
        assert_eq!(subjects.len(), WRITES, "one event a write: {subjects:?}");
        assert!(seen.iter().all(|e| e.owner == owner));
        assert_eq!(
            seen.iter().filter(|e| e.topic == Topic::Order).count(),
            WRITES / 2
        );

        // A reader far behind what a node keeps reads the database instead, the same events.
        let (again, _) = feed.after(start, 100, &|_| true).await.unwrap();
        assert_eq!(again.iter().map(|e| e.id).collect::<Vec<_>>(), ids);
        // A reader who wants only some is handed only those, and told how far it looked (past
        // the others).
        let threads = |e: &domain::live::LiveEvent| e.topic == Topic::Thread;
        let (picked, looked) = feed.after(start, 100, &threads).await.unwrap();
        assert_eq!(picked.len(), WRITES / 2);
        assert!(picked.iter().all(|e| e.topic == Topic::Thread));
        assert_eq!(Some(&looked), ids.last());
    }
);
