use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::*;
use crate::shared::UserId;
use crate::{DomainError, DomainResult};

/// The feed as a list: `after` hands what is there (the real one waits when nothing is).
struct Listed(Mutex<Vec<LiveEvent>>);

#[async_trait]
impl LiveFeed for Listed {
    async fn head(&self) -> DomainResult<i64> {
        Ok(self.0.lock().unwrap().last().map_or(0, |e| e.id))
    }

    async fn after(
        &self,
        after: i64,
        limit: usize,
        wanted: Wanted<'_>,
    ) -> DomainResult<(Vec<LiveEvent>, i64)> {
        let all = self.0.lock().unwrap();
        let found: Vec<LiveEvent> = all
            .iter()
            .filter(|e| e.id > after && wanted(e))
            .take(limit)
            .cloned()
            .collect();
        let looked = match found.last() {
            Some(last) if found.len() == limit => last.id,
            _ => all.last().map_or(after, |e| e.id.max(after)),
        };
        Ok((found, looked))
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

fn id(raw: &str) -> UserId {
    UserId::parse(raw).unwrap()
}

fn account(raw: &str) -> Holder {
    Holder::Account(id(raw))
}

fn access(event_id: i64, holder: &Holder) -> LiveEvent {
    LiveEvent {
        topic: Topic::Access,
        subject: holder.subject(),
        ..event(event_id, "ann")
    }
}

fn feed(events: Vec<LiveEvent>) -> (LiveService, std::sync::Arc<Listed>) {
    let listed = std::sync::Arc::new(Listed(Mutex::new(events)));
    (LiveService::new(listed.clone(), WATCHES_PER_HOLDER), listed)
}

impl Listed {
    /// Events written after the watches opened.
    fn add(&self, events: impl IntoIterator<Item = LiveEvent>) {
        self.0.lock().unwrap().extend(events);
    }
}

/// A watch from now on: a customer's own (`Some(name)`) or an operator's of everything.
async fn watching(live: &LiveService, customer: Option<&str>) -> Watch {
    let (viewer, holder) = match customer {
        Some(name) => (Viewer::Customer(id(name)), account(name)),
        None => (Viewer::Staff, account("ops")),
    };
    let (watch, reset) = live.watch(viewer, holder, None).await.unwrap();
    assert!(!reset, "a watch from now on has nothing to read again");
    watch
}

#[tokio::test]
async fn a_customer_sees_only_their_own_and_staff_see_all() {
    let (live, listed) = feed(vec![event(1, "ann")]);
    let mut ann = watching(&live, Some("ann")).await;
    let mut staff = watching(&live, None).await;
    listed.add([event(2, "bob"), event(3, "ann")]);
    let ids = |n: Next| match n {
        Next::Events(e) => e.iter().map(|e| e.id).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(ids(live.next(&mut ann).await.unwrap()), vec![3]);
    assert_eq!(ids(live.next(&mut staff).await.unwrap()), vec![2, 3]);
    assert_eq!((ann.cursor(), staff.cursor()), (3, 3));
}

#[tokio::test]
async fn a_customer_behind_many_others_events_catches_up_on_their_own_and_staff_miss_positions() {
    // Far more events than a catch-up holds, nearly all someone else's: the customer is not
    // told to read everything again for them.
    let mut many: Vec<LiveEvent> = (1..=(CATCH_UP_MAX as i64 * 3))
        .map(|i| event(i, "bob"))
        .collect();
    let last = CATCH_UP_MAX as i64 * 3 + 1;
    many.push(event(last, "ann"));
    let (live, listed) = feed(many);
    let (mut ann, _) = live
        .watch(Viewer::Customer(id("ann")), account("ann"), Some(0))
        .await
        .unwrap();
    match live.next(&mut ann).await.unwrap() {
        Next::Events(e) => assert_eq!(e.iter().map(|e| e.id).collect::<Vec<_>>(), vec![last]),
        other => panic!("only hers: {other:?}"),
    }
    // A partner's position reaches the order's customer, not the console.
    let mut staff = watching(&live, None).await;
    let position = LiveEvent {
        topic: Topic::Position,
        ..event(last + 1, "ann")
    };
    listed.add([position, event(last + 2, "bob")]);
    let ids = |n: Next| match n {
        Next::Events(e) => e.iter().map(|e| e.id).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(ids(live.next(&mut ann).await.unwrap()), vec![last + 1]);
    assert_eq!(ids(live.next(&mut staff).await.unwrap()), vec![last + 2]);
}

#[tokio::test]
async fn staff_follow_the_positions_of_the_orders_they_name_and_no_others() {
    let (live, listed) = feed(vec![event(1, "ann")]);
    let position = |id: i64, owner: &str, order: &str| LiveEvent {
        topic: Topic::Position,
        subject: order.into(),
        ..event(id, owner)
    };
    let mut page = watching(&live, None).await;
    page.follow(vec!["BK-ANN".into(), "BK-ANN".into()]).unwrap();
    let mut board = watching(&live, None).await;
    // Naming Ann's order gains Bob nothing: a customer sees their own orders alone.
    let mut bob = watching(&live, Some("bob")).await;
    bob.follow(vec!["BK-ANN".into()]).unwrap();
    listed.add([
        position(2, "ann", "BK-ANN"),
        position(3, "cid", "BK-CID"),
        event(4, "bob"),
    ]);
    let ids = |n: Next| match n {
        Next::Events(e) => e.iter().map(|e| e.id).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(ids(live.next(&mut page).await.unwrap()), vec![2, 4]);
    assert_eq!(ids(live.next(&mut board).await.unwrap()), vec![4]);
    assert_eq!(ids(live.next(&mut bob).await.unwrap()), vec![4]);
    // A board follows its jobs on the way, up to a bound.
    let all = |n: usize| (0..n).map(|i| format!("BK{i}")).collect::<Vec<_>>();
    board.follow(all(FOLLOWED_MAX)).unwrap();
    let Err(DomainError::InvalidArgument { message, .. }) = board.follow(all(FOLLOWED_MAX + 1))
    else {
        panic!("more than the bound is refused");
    };
    assert_eq!(message.code, "live.too_many_followed");
}

#[tokio::test]
async fn a_partner_sees_their_own_work_alone_and_nobody_else_sees_it() {
    let (live, listed) = feed(vec![]);
    let partner = |name: &str| Viewer::Partner(id(name));
    let (mut minh, _) = live
        .watch(partner("minh"), account("minh"), None)
        .await
        .unwrap();
    let (mut lan, _) = live
        .watch(partner("lan"), account("lan"), None)
        .await
        .unwrap();
    let mut ann = watching(&live, Some("ann")).await;
    let mut staff = watching(&live, None).await;
    let work = |event_id: i64, who: &str| LiveEvent {
        topic: Topic::Job,
        ..event(event_id, who)
    };
    // Ann's order moves, Minh is offered its job, then Lan is offered another.
    listed.add([
        event(1, "ann"),
        work(2, "minh"),
        work(3, "lan"),
        event(4, "bob"),
    ]);
    let ids = |n: Next| match n {
        Next::Events(e) => e.iter().map(|e| e.id).collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(ids(live.next(&mut minh).await.unwrap()), vec![2]);
    assert_eq!(ids(live.next(&mut lan).await.unwrap()), vec![3]);
    // The customer and the console follow the job through its order's events.
    assert_eq!(ids(live.next(&mut ann).await.unwrap()), vec![1]);
    assert_eq!(ids(live.next(&mut staff).await.unwrap()), vec![1, 4]);
    // A partner's account is never taken for a customer's: an event owned by their id on
    // another topic is not theirs to see.
    listed.add([event(5, "minh"), work(6, "minh")]);
    assert_eq!(ids(live.next(&mut minh).await.unwrap()), vec![6]);
}

#[tokio::test]
async fn a_watcher_back_from_a_drop_catches_up_or_is_told_to_read_again() {
    let many: Vec<LiveEvent> = (1..=(CATCH_UP_MAX as i64 + 10))
        .map(|i| event(i, "ann"))
        .collect();
    let (live, _) = feed(many);
    let ann = || Viewer::Customer(id("ann"));
    let (mut near, reset) = live
        .watch(ann(), account("ann"), Some(CATCH_UP_MAX as i64))
        .await
        .unwrap();
    assert!(!reset);
    match live.next(&mut near).await.unwrap() {
        Next::Events(e) => assert_eq!(e.len(), 10),
        other => panic!("ten events are caught up: {other:?}"),
    }
    let (mut far, _) = live.watch(ann(), account("ann"), Some(1)).await.unwrap();
    assert_eq!(live.next(&mut far).await.unwrap(), Next::Reset);
    assert_eq!(far.cursor(), CATCH_UP_MAX as i64 + 2);
    match live.next(&mut far).await.unwrap() {
        Next::Events(e) => assert_eq!(e.len(), 8, "then the rest as usual"),
        other => panic!("caught up: {other:?}"),
    }
    // An id beyond the newest is no place to resume from.
    let (forged, reset) = live
        .watch(ann(), account("ann"), Some(10_000))
        .await
        .unwrap();
    assert!(reset);
    assert_eq!(forged.cursor(), CATCH_UP_MAX as i64 + 10);
}

#[tokio::test]
async fn taken_back_credentials_make_their_watches_check_again_and_no_one_sees_why() {
    let (live, listed) = feed(vec![]);
    let key = Holder::Key("key-1".into());
    let mut ann = watching(&live, Some("ann")).await;
    let (mut bot, _) = live.watch(Viewer::Staff, key.clone(), None).await.unwrap();
    let mut ops = watching(&live, None).await;
    listed.add([event(1, "ann"), access(2, &account("ann")), access(3, &key)]);
    // Ann's own event comes with the check; the key's watch has nothing to see but checks.
    let ann_next = live.next(&mut ann).await.unwrap();
    assert!(
        matches!(&ann_next, Next::Recheck(e) if e.len() == 1 && e[0].id == 1),
        "{ann_next:?}"
    );
    assert_eq!(
        live.next(&mut bot).await.unwrap(),
        Next::Recheck(vec![event(1, "ann")])
    );
    // Staff see every order, but not the access events of others.
    match live.next(&mut ops).await.unwrap() {
        Next::Events(e) => assert_eq!(e.iter().map(|e| e.id).collect::<Vec<_>>(), vec![1]),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn one_holder_keeps_a_bounded_number_of_watches_open() {
    let (live, _) = feed(vec![]);
    let mut open = Vec::new();
    for _ in 0..WATCHES_PER_HOLDER {
        open.push(
            live.watch(Viewer::Customer(id("ann")), account("ann"), None)
                .await
                .unwrap(),
        );
    }
    let refused = live
        .watch(Viewer::Customer(id("ann")), account("ann"), None)
        .await
        .unwrap_err();
    assert!(
        matches!(refused, crate::DomainError::Throttled { .. }),
        "{refused:?}"
    );
    // Another account is not held back by Ann's.
    live.watch(Viewer::Customer(id("bob")), account("bob"), None)
        .await
        .unwrap();
    // A closed watch gives its place back.
    open.pop();
    live.watch(Viewer::Customer(id("ann")), account("ann"), None)
        .await
        .unwrap();
}
