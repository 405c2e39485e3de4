use std::sync::Arc;

use super::*;
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{NewOrder, ServiceDetails};
use crate::shared::{PageRequest, UserId};
use crate::testing::{Limiter, Sequence, Threads, setup};

struct Fixture {
    svc: SupportService,
    order: crate::ordering::OrderId,
}

async fn fixture() -> Fixture {
    let s = setup();
    let order = s
        .svc
        .create(
            &ann(),
            crate::catalog::Category::Shuttle,
            &crate::catalog::PlanId::parse("shuttle-sgn-4").unwrap(),
            NewOrder {
                language: Default::default(),
                details: shuttle(),
                contact: None,
                note: String::new(),
            },
            None,
        )
        .await
        .unwrap()
        .id;
    let svc = SupportService::new(
        SupportPorts {
            store: Arc::new(Threads::default()),
            orders: s.store.clone(),
            limiter: Arc::new(Limiter::default()),
            clock: s.clock.clone(),
            random: Arc::new(Sequence::default()),
        },
        ContactChannels::default(),
    );
    Fixture { svc, order }
}

fn shuttle() -> ServiceDetails {
    crate::testing::shuttle()
}

fn ann() -> UserId {
    UserId::parse("ann").unwrap()
}

fn bob() -> UserId {
    UserId::parse("bob").unwrap()
}

fn asking(order: &str, body: &str, request: &str) -> NewThread {
    NewThread {
        subject: String::new(),
        order_id: order.into(),
        body: body.into(),
        request_id: request.into(),
    }
}

#[tokio::test]
async fn a_thread_about_an_order_counts_replies_until_read() {
    let f = fixture().await;
    let t = f
        .svc
        .open(&ann(), asking(f.order.as_str(), "  司機幾點到？ ", "r1"))
        .await
        .unwrap();
    assert_eq!(t.subject, "", "the order names it at the edge");
    assert_eq!((t.message_count, t.unread_by_operators), (1, 1));
    f.svc
        .reply(&xiaomei(), &t.id, "10:00 到大廳")
        .await
        .unwrap();
    f.svc
        .reply(&xiaomei(), &t.id, "車牌 51A-123")
        .await
        .unwrap();
    assert_eq!(f.svc.unread(&ann()).await.unwrap(), 2);
    let (thread, messages) = f.svc.thread(&ann(), &t.id).await.unwrap();
    assert_eq!(thread.unread_by_operators, 0, "answering reads the thread");
    assert_eq!(
        messages.iter().map(|m| m.body.as_str()).collect::<Vec<_>>(),
        ["司機幾點到？", "10:00 到大廳", "車牌 51A-123"]
    );
    assert_eq!(messages[1].author, Author::Operator("小美".into()));
    f.svc.mark_read(&ann(), &t.id).await.unwrap();
    assert_eq!(f.svc.unread(&ann()).await.unwrap(), 0);
    f.svc.post(&ann(), &t.id, "謝謝", "r2").await.unwrap();
    let again = f.svc.post(&ann(), &t.id, "謝謝", "r2").await.unwrap();
    assert_eq!(again.message_count, 4, "a retried message is written once");
}

#[tokio::test]
async fn nobody_reads_or_writes_another_customers_thread_or_asks_about_their_order() {
    let f = fixture().await;
    let t = f
        .svc
        .open(&ann(), asking("", "退款多久到？", ""))
        .await
        .unwrap();
    assert_eq!(t.subject, "退款多久到？", "no subject: the message's start");
    let not_found = |r: DomainResult<_>| matches!(r, Err(DomainError::NotFound { .. }));
    assert!(not_found(f.svc.thread(&bob(), &t.id).await.map(|_| ())));
    assert!(not_found(
        f.svc.post(&bob(), &t.id, "hi", "").await.map(|_| ())
    ));
    assert!(not_found(f.svc.mark_read(&bob(), &t.id).await.map(|_| ())));
    assert!(
        f.svc
            .threads(&bob(), &PageRequest::first(10))
            .await
            .unwrap()
            .items
            .is_empty()
    );
    let err = f
        .svc
        .open(&bob(), asking(f.order.as_str(), "hi", ""))
        .await
        .unwrap_err();
    assert!(matches!(err, DomainError::InvalidArgument { ref field, .. } if field == "order_id"));
}

#[tokio::test]
async fn empty_or_overlong_messages_and_retried_opens_are_handled() {
    let f = fixture().await;
    let empty = f.svc.open(&ann(), asking("", "   ", "")).await.unwrap_err();
    assert!(matches!(empty, DomainError::InvalidArgument { ref field, .. } if field == "body"));
    let long = "字".repeat(Message::MAX_CHARS + 1);
    assert!(f.svc.open(&ann(), asking("", &long, "")).await.is_err());
    let first = f
        .svc
        .open(&ann(), asking("", "hello", "same"))
        .await
        .unwrap();
    let second = f
        .svc
        .open(&ann(), asking("", "hello", "same"))
        .await
        .unwrap();
    assert_eq!(first.id, second.id);
    let page = f
        .svc
        .threads(&ann(), &PageRequest::first(10))
        .await
        .unwrap();
    assert_eq!(page.items.len(), 1);
    let subject = NewThread {
        subject: "x".repeat(Thread::SUBJECT_MAX + 1),
        ..asking("", "hello", "")
    };
    assert!(f.svc.open(&ann(), subject).await.is_err());
}

#[tokio::test]
async fn a_customer_cannot_bury_the_operators() {
    let f = fixture().await;
    for i in 0..SupportService::THREADS_PER_DAY {
        f.svc
            .open(&ann(), asking("", &format!("問題 {i}"), ""))
            .await
            .unwrap();
    }
    let err = f
        .svc
        .open(&ann(), asking("", "再一個", ""))
        .await
        .unwrap_err();
    assert!(
        matches!(err, DomainError::Throttled { retry_after_secs: 1800, ref message } if message == &msg("support.throttled").with("minutes", 30)),
        "{err:?}"
    );
    assert!(
        f.svc.open(&bob(), asking("", "hi", "")).await.is_ok(),
        "per customer"
    );
    let thread = f
        .svc
        .threads(&ann(), &PageRequest::first(1))
        .await
        .unwrap()
        .items[0]
        .id
        .clone();
    // Ten first messages counted (not the refused open's); fifty more fit in the hour, then no more.
    for i in 0..(SupportService::MESSAGES_PER_HOUR - 10) {
        f.svc
            .post(&ann(), &thread, &format!("m{i}"), "")
            .await
            .unwrap();
    }
    let err = f
        .svc
        .post(&ann(), &thread, "one more", "")
        .await
        .unwrap_err();
    assert!(matches!(err, DomainError::Throttled { .. }), "{err:?}");
}

fn xiaomei() -> crate::audit::Staff {
    crate::audit::Staff::Shell {
        name: "小美".into(),
    }
}
