//! Customer-service threads against real databases: counters move with their messages, a
//! request id writes once, concurrent messages all land in order, and lists page by activity.

use std::sync::Arc;

use adapters::{SqlSupportStore, on_both_databases};
use chrono::Duration;
use domain::ordering::OrderStore;
use domain::shared::{PageRequest, UserId};
use domain::support::{
    Author, Message, RequestId, Side, SupportStore, Thread, ThreadId, ThreadView,
};
use sea_orm::DatabaseConnection;

use super::orders::{now, order, setup};

fn thread(
    id: &str,
    owner: &UserId,
    order_id: Option<&domain::ordering::OrderId>,
    n: i64,
) -> Thread {
    Thread {
        id: ThreadId::parse(id).unwrap(),
        owner: owner.clone(),
        subject: format!("問題 {n}"),
        order_id: order_id.cloned(),
        created_at: now() + Duration::seconds(n),
        updated_at: now() + Duration::seconds(n),
        message_count: 1,
        unread_by_customer: 0,
        unread_by_operators: 1,
        preview: "你好".into(),
        closed_at: None,
    }
}

fn say(author: Author, body: &str, n: i64) -> Message {
    Message::new(author, body, now() + Duration::seconds(n)).unwrap()
}

fn request(id: &str) -> Option<RequestId> {
    RequestId::parse(id).unwrap()
}

on_both_databases!(
    threads_keep_messages_counters_and_request_ids,
    |db: DatabaseConnection| async move {
        let (orders, plans, owner) = setup(&db).await;
        let o = order(&plans[0], &owner, 0);
        orders
            .insert(&o, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
        let store = SqlSupportStore::new(db.clone());
        let t = thread("cs-a", &owner, Some(&o.id), 0);
        let first = say(Author::Customer, "你好", 0);
        assert_eq!(
            store
                .open(&t, &first, request("r1").as_ref())
                .await
                .unwrap(),
            t
        );
        // The same open again: nothing new, the first thread back.
        let again = thread("cs-b", &owner, None, 1);
        assert_eq!(
            store
                .open(&again, &first, request("r1").as_ref())
                .await
                .unwrap()
                .id,
            t.id
        );
        assert_eq!(store.get(&again.id).await.unwrap(), None);

        store
            .append(
                &t.id,
                &say(Author::Operator("小美".into()), "您好，請問？", 5),
                None,
                None,
            )
            .await
            .unwrap();
        store
            .append(
                &t.id,
                &say(Author::Customer, "司機幾點到", 6),
                request("m1").as_ref(),
                None,
            )
            .await
            .unwrap();
        store
            .append(
                &t.id,
                &say(Author::Customer, "司機幾點到", 7),
                request("m1").as_ref(),
                None,
            )
            .await
            .unwrap();
        let stored = store.get(&t.id).await.unwrap().unwrap();
        assert_eq!(
            (
                stored.message_count,
                stored.unread_by_customer,
                stored.unread_by_operators
            ),
            (3, 1, 2),
            "the retried message counted once"
        );
        assert_eq!(stored.preview, "司機幾點到");
        assert_eq!(stored.updated_at, now() + Duration::seconds(6));
        assert_eq!(stored.order_id, Some(o.id.clone()));
        let messages = store.messages(&t.id).await.unwrap();
        assert_eq!(
            messages
                .iter()
                .map(|m| m.author.clone())
                .collect::<Vec<_>>(),
            [
                Author::Customer,
                Author::Operator("小美".into()),
                Author::Customer
            ]
        );
        assert_eq!(store.unread(&owner).await.unwrap(), 1);
        store.mark_read(&t.id, Side::Customer).await.unwrap();
        assert_eq!(store.unread(&owner).await.unwrap(), 0);
        store.mark_read(&t.id, Side::Operators).await.unwrap();
        assert_eq!(
            store.get(&t.id).await.unwrap().unwrap().unread_by_operators,
            0
        );
    }
);

on_both_databases!(
    concurrent_messages_all_land_and_lists_page_by_activity,
    |db: DatabaseConnection| async move {
        let (_, _, owner) = setup(&db).await;
        let store = Arc::new(SqlSupportStore::new(db.clone()));
        for n in 0..3 {
            let t = thread(&format!("cs-{n}"), &owner, None, n);
            store
                .open(&t, &say(Author::Customer, "hi", n), None)
                .await
                .unwrap();
        }
        let busy = ThreadId::parse("cs-0").unwrap();
        let writes: Vec<_> = (0..6)
            .map(|i| {
                let store = store.clone();
                let busy = busy.clone();
                tokio::spawn(async move {
                    let m = say(Author::Customer, &format!("m{i}"), 10);
                    store.append(&busy, &m, None, None).await
                })
            })
            .collect();
        for w in writes {
            w.await.unwrap().unwrap();
        }
        let messages = store.messages(&busy).await.unwrap();
        assert_eq!(messages.len(), 7, "every concurrent message kept");
        assert_eq!(store.get(&busy).await.unwrap().unwrap().message_count, 7);

        // cs-0 is now the most recent, then cs-2, cs-1.
        let first = store
            .list(
                Some(&owner),
                ThreadView::All,
                &PageRequest::new(2, None).unwrap(),
            )
            .await
            .unwrap();
        let ids: Vec<_> = first.items.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["cs-0", "cs-2"]);
        let rest = store
            .list(
                Some(&owner),
                ThreadView::All,
                &PageRequest::new(2, first.next_token).unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(rest.items.len(), 1);
        assert_eq!(rest.next_token, None);
        let other = UserId::parse("u2").unwrap();
        assert!(
            store
                .list(Some(&other), ThreadView::All, &PageRequest::first(10))
                .await
                .unwrap()
                .items
                .is_empty()
        );
        assert!(
            store
                .list(
                    Some(&owner),
                    ThreadView::All,
                    &PageRequest::new(2, Some("forged".into())).unwrap()
                )
                .await
                .is_err()
        );
    }
);

on_both_databases!(
    a_closed_thread_lists_as_closed_until_a_message_reopens_it,
    |db: DatabaseConnection| async move {
        let (_, _, owner) = setup(&db).await;
        let store = SqlSupportStore::new(db.clone());
        for n in 0..2 {
            let t = thread(&format!("cs-{n}"), &owner, None, n);
            store
                .open(&t, &say(Author::Customer, "hi", n), None)
                .await
                .unwrap();
        }
        let id = ThreadId::parse("cs-0").unwrap();
        let audit = domain::audit::AuditEntry {
            id: "au-1".into(),
            at: now(),
            actor: "operator:lan@ops.example".into(),
            action: "thread.close".into(),
            target: "thread:cs-0".into(),
            before: "open".into(),
            after: "closed".into(),
            reason: String::new(),
        };
        store.set_closed(&id, Some(now()), &audit).await.unwrap();
        let ids = |view| {
            let store = &store;
            async move {
                store
                    .list(None, view, &PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .into_iter()
                    .map(|t| t.id.as_str().to_owned())
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(ids(ThreadView::Closed).await, ["cs-0"]);
        assert_eq!(ids(ThreadView::Open).await, ["cs-1"]);
        assert_eq!(ids(ThreadView::All).await.len(), 2);
        store
            .append(&id, &say(Author::Customer, "還有一個問題", 5), None, None)
            .await
            .unwrap();
        assert!(
            ids(ThreadView::Closed).await.is_empty(),
            "a message reopens it"
        );
        assert_eq!(store.get(&id).await.unwrap().unwrap().closed_at, None);
    }
);
