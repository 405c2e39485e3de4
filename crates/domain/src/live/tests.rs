use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::*;
use crate::DomainResult;
use crate::shared::UserId;

/// The feed as a list: `after` hands what is there (the real one waits when nothing is).
struct Listed(Mutex<Vec<LiveEvent>>);

#[async_trait]
impl LiveFeed for Listed {
    async fn head(&self) -> DomainResult<i64> {
        Ok(self.0.lock().unwrap().last().map_or(0, |e| e.id))
    }

    async fn after(&self, after: i64, limit: usize) -> DomainResult<Vec<LiveEvent>> {
        let all = self.0.lock().unwrap();
        Ok(all
            .iter()
            .filter(|e| e.id > after)
            .take(limit)
            .cloned()
            .collect())
    }
}

fn event(id: i64, owner: &str) -> LiveEvent {
    LiveEvent {
        id,
        at: DateTime::<Utc>::UNIX_EPOCH,
        owner: UserId::parse(owner).unwrap(),
        topic: Topic::Order,
        subject: format!("BK{id}"),
    }
}

fn feed(events: Vec<LiveEvent>) -> (LiveService, std::sync::Arc<Listed>) {
    let listed = std::sync::Arc::new(Listed(Mutex::new(events)));
    (LiveService::new(listed.clone()), listed)
}

#[tokio::test]
async fn a_customer_sees_only_their_own_and_staff_see_all() {
    let (live, listed) = feed(vec![event(1, "ann")]);
    let (mut ann, reset) = live
        .watch(Viewer::Customer(UserId::parse("ann").unwrap()), None)
        .await
        .unwrap();
    assert!(!reset);
    let (mut staff, _) = live.watch(Viewer::Staff, None).await.unwrap();
    listed
        .0
        .lock()
        .unwrap()
        .extend([event(2, "bob"), event(3, "ann")]);
    let ids = |n: Next| match n {
        Next::Events(e) => e.iter().map(|e| e.id).collect::<Vec<_>>(),
        Next::Reset => vec![-1],
    };
    assert_eq!(ids(live.next(&mut ann).await.unwrap()), vec![3]);
    assert_eq!(ids(live.next(&mut staff).await.unwrap()), vec![2, 3]);
    assert_eq!((ann.cursor(), staff.cursor()), (3, 3));
}

#[tokio::test]
async fn a_watcher_back_from_a_drop_catches_up_or_is_told_to_read_again() {
    let many: Vec<LiveEvent> = (1..=(CATCH_UP_MAX as i64 + 10))
        .map(|i| event(i, "ann"))
        .collect();
    let (live, _) = feed(many);
    let ann = || Viewer::Customer(UserId::parse("ann").unwrap());
    let (mut near, reset) = live.watch(ann(), Some(CATCH_UP_MAX as i64)).await.unwrap();
    assert!(!reset);
    match live.next(&mut near).await.unwrap() {
        Next::Events(e) => assert_eq!(e.len(), 10),
        Next::Reset => panic!("ten events are caught up"),
    }
    let (mut far, _) = live.watch(ann(), Some(1)).await.unwrap();
    assert_eq!(live.next(&mut far).await.unwrap(), Next::Reset);
    assert_eq!(far.cursor(), CATCH_UP_MAX as i64 + 2);
    match live.next(&mut far).await.unwrap() {
        Next::Events(e) => assert_eq!(e.len(), 8, "then the rest as usual"),
        Next::Reset => panic!("caught up"),
    }
    // An id beyond the newest is no place to resume from.
    let (forged, reset) = live.watch(ann(), Some(10_000)).await.unwrap();
    assert!(reset);
    assert_eq!(forged.cursor(), CATCH_UP_MAX as i64 + 10);
}
