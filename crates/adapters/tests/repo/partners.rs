//! Partners and jobs in the stores: a partner and a job read back as written; of two partners
//! accepting one job at once exactly one takes it, on both databases; a partner's quarter hours
//! are held once, so an overlapping job cannot be taken, and the refused save leaves nothing.

use std::sync::Arc;

use adapters::{SqlJobStore, SqlPartnerStore, on_both_databases};
use chrono::Duration;
use domain::audit::AuditEntry;
use domain::catalog::Category;
use domain::jobs::{Job, JobStatus, JobStore, JobStoreError, JobWrite, travel_minutes};
use domain::ordering::{
    Actor, Driver, GuideLanguage, Order, OrderState, OrderStore, ServiceDetails, StoreError,
};
use domain::partners::{Partner, PartnerKind, PartnerStore, Vehicle};
use domain::shared::{LocalTime, Phone};
use sea_orm::DatabaseConnection;

use super::orders::{customer, now, order, setup};

async fn driver(db: &DatabaseConnection, id: &str) -> Partner {
    let store = SqlPartnerStore::new(db.clone());
    let user = customer(db, id, &format!("{id}@partners.example")).await;
    let vehicle = Vehicle::new("white Toyota Innova", &format!("51A-{id}"), 7).unwrap();
    let languages = vec![GuideLanguage::Chinese, GuideLanguage::Vietnamese];
    let phone = Phone::parse("84", "901234567").unwrap();
    let p = Partner::new(
        user,
        PartnerKind::Driver,
        &format!("Tài xế {id}"),
        phone,
        languages,
        Some(vehicle),
        None,
        now(),
    )
    .unwrap();
    store.save_partner(&p, &audit(id)).await.unwrap();
    p
}

fn audit(id: &str) -> AuditEntry {
    AuditEntry {
        id: format!("au-{id}"),
        at: now(),
        actor: "shell:test".into(),
        action: "partner.add".into(),
        target: format!("partner:{id}"),
        before: String::new(),
        after: String::new(),
        reason: String::new(),
    }
}

/// Where the charters are booked: the order store, the charter plan and its customer.
struct Charters {
    orders: adapters::SqlOrderStore,
    plan: domain::catalog::Plan,
    owner: domain::shared::UserId,
}

impl Charters {
    async fn new(db: &DatabaseConnection) -> Self {
        let (orders, plans, owner) = setup(db).await;
        let plan = plans
            .into_iter()
            .find(|p| p.category == Category::Charter)
            .unwrap();
        Self {
            orders,
            plan,
            owner,
        }
    }

    /// A paid charter (`BK-{n}`), `hours` after the fixture's start.
    async fn paid(&self, n: i64, hours: i64) -> Order {
        let mut o = order(&self.plan, &self.owner, n);
        o.state = OrderState::Paid;
        if let ServiceDetails::Charter(d) = &mut o.details {
            d.start = LocalTime::of(d.start.instant() + Duration::hours(hours));
        }
        self.orders
            .insert(&o, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
        o
    }
}

/// The job of `order`, offered to `to` and saved.
async fn offered(store: &SqlJobStore, order: &Order, to: &[&Partner]) -> Job {
    let mut job = Job::open(order, 30, Default::default()).unwrap();
    for p in to {
        job.offer(&p.user_id, now()).unwrap();
    }
    store.save_alone(&job, JobWrite::default()).await.unwrap();
    store.job(&order.id).await.unwrap().unwrap()
}

/// `job` taken by `p`, with its order confirmed and `p`'s time held.
async fn take(
    orders: &adapters::SqlOrderStore,
    store: &SqlJobStore,
    job: Job,
    p: &Partner,
) -> Result<(), JobStoreError> {
    let order = orders.get(&job.order_id).await.unwrap().unwrap();
    take_from(orders, store, job, p, order).await
}

/// `take`, from `order` as it was read.
async fn take_from(
    orders: &adapters::SqlOrderStore,
    store: &SqlJobStore,
    mut job: Job,
    p: &Partner,
    mut order: Order,
) -> Result<(), JobStoreError> {
    job.accept(&p.user_id, now()).unwrap();
    let driver = Driver::new(order.category, &p.name, p.phone.clone(), "51A-1").unwrap();
    order
        .assign_driver(driver, Actor::Partner(p.user_id.clone()), now())
        .unwrap();
    let slots = job.slots(travel_minutes(job.category));
    let write = JobWrite {
        hold: Some((&p.user_id, slots)),
        ..JobWrite::default()
    };
    // The job and its order in one unit, as the jobs' service saves them.
    let mut unit = orders.begin().await?;
    store.save_job(&mut unit, &job, write).await?;
    orders
        .save_in(&mut unit, &order)
        .await
        .map_err(|e| match e {
            StoreError::Stale => JobStoreError::Stale,
            StoreError::SlotTaken => JobStoreError::Busy,
            other => panic!("{other:?}"),
        })?;
    Ok(unit.commit().await?)
}

on_both_databases!(
    partners_and_jobs_read_back_as_written,
    |db: DatabaseConnection| async move {
        let store = SqlJobStore::new(db.clone());
        let a = driver(&db, "pa").await;
        assert_eq!(
            SqlPartnerStore::new(db.clone())
                .partner(&a.user_id)
                .await
                .unwrap(),
            Some(a.clone())
        );
        let order = Charters::new(&db).await.paid(1, 0).await;
        let mut job = offered(&store, &order, &[&a]).await;
        assert_eq!(job.version, 1);
        job.decline(&a.user_id, "Xe đang sửa", now()).unwrap();
        store.save_alone(&job, JobWrite::default()).await.unwrap();
        let read = store.job(&order.id).await.unwrap().unwrap();
        assert_eq!(read, Job { version: 2, ..job });
        let day = order.details.start().instant();
        let board = store
            .board(day - Duration::days(1), day + Duration::days(1))
            .await
            .unwrap();
        assert_eq!(board.len(), 1);
        let theirs = store
            .jobs_of(&a.user_id, day - Duration::days(1), day + Duration::days(1))
            .await
            .unwrap();
        assert_eq!(theirs.len(), 1, "an offer shows on the partner's schedule");
    }
);

on_both_databases!(
    of_two_partners_accepting_at_once_one_takes_the_job,
    |db: DatabaseConnection| async move {
        let store = SqlJobStore::new(db.clone());
        let orders = adapters::SqlOrderStore::new(db.clone());
        let (a, b) = (driver(&db, "pa").await, driver(&db, "pb").await);
        let order = Charters::new(&db).await.paid(1, 0).await;
        let job = offered(&store, &order, &[&a, &b]).await;
        let racers: Vec<_> = [a.clone(), b.clone()]
            .into_iter()
            .map(|p| {
                let (orders, store, job) = (
                    adapters::SqlOrderStore::new(db.clone()),
                    SqlJobStore::new(db.clone()),
                    job.clone(),
                );
                tokio::spawn(async move { take(&orders, &store, job, &p).await })
            })
            .collect();
        let mut results = Vec::new();
        for r in racers {
            results.push(r.await.unwrap());
        }
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            1,
            "{results:?}"
        );
        assert!(results.contains(&Err(JobStoreError::Stale)), "{results:?}");
        let taken = store.job(&order.id).await.unwrap().unwrap();
        assert_eq!(taken.status, JobStatus::Accepted);
        let confirmed = orders.get(&order.id).await.unwrap().unwrap();
        assert_eq!(confirmed.state, OrderState::Confirmed);
        assert_eq!(
            Some(&confirmed.driver.unwrap().name),
            [&a, &b]
                .iter()
                .find(|p| Some(&p.user_id) == taken.partner.as_ref())
                .map(|p| &p.name)
        );
    }
);

on_both_databases!(
    a_job_and_its_order_commit_together_or_not_at_all,
    |db: DatabaseConnection| async move {
        let store = SqlJobStore::new(db.clone());
        let orders = adapters::SqlOrderStore::new(db.clone());
        let a = driver(&db, "pa").await;
        let order = Charters::new(&db).await.paid(1, 0).await;
        let job = offered(&store, &order, &[&a]).await;
        // The partner accepts from the order as read, which an operator changes meanwhile: the
        // job's write in the unit goes through, the order's is stale, and the unit is dropped.
        let read = orders.get(&order.id).await.unwrap().unwrap();
        let mut edited = read.clone();
        edited.note = "接機牌寫王先生".into();
        orders.save(&edited).await.unwrap();
        assert_eq!(
            take_from(&orders, &store, job.clone(), &a, read).await,
            Err(JobStoreError::Stale)
        );
        // Nothing of the job's write stayed: still offered, the partner's time free.
        assert_eq!(store.job(&order.id).await.unwrap().unwrap(), job);
        let slots = job.slots(travel_minutes(job.category));
        assert!(store.busy_partners(&slots).await.unwrap().is_empty());
        let kept = orders.get(&order.id).await.unwrap().unwrap();
        assert_eq!(
            (kept.state, kept.note.as_str()),
            (OrderState::Paid, "接機牌寫王先生")
        );
    }
);

on_both_databases!(
    a_partner_s_time_is_held_once,
    |db: DatabaseConnection| async move {
        let store = SqlJobStore::new(db.clone());
        let orders = adapters::SqlOrderStore::new(db.clone());
        let a = driver(&db, "pa").await;
        let charters = Charters::new(&db).await;
        let first = charters.paid(1, 0).await;
        take(&orders, &store, offered(&store, &first, &[&a]).await, &a)
            .await
            .unwrap();
        // Five hours of charter and one across town: a job three hours later overlaps.
        let second = charters.paid(2, 3).await;
        let job = offered(&store, &second, &[&a]).await;
        let slots = job.slots(travel_minutes(job.category));
        assert_eq!(
            store.busy_partners(&slots).await.unwrap(),
            std::slice::from_ref(&a.user_id)
        );
        assert_eq!(
            take(&orders, &store, job.clone(), &a).await,
            Err(JobStoreError::Busy)
        );
        // Nothing of the refused save stayed: the job is still open, its order still paid.
        assert_eq!(store.job(&second.id).await.unwrap().unwrap(), job);
        assert_eq!(
            orders.get(&second.id).await.unwrap().unwrap().state,
            OrderState::Paid
        );
        let later = charters.paid(3, 6).await;
        take(&orders, &store, offered(&store, &later, &[&a]).await, &a)
            .await
            .unwrap();
    }
);

on_both_databases!(
    setting_off_and_arriving_mail_the_traveller_once_each,
    |db: DatabaseConnection| async move {
        let store = SqlJobStore::new(db.clone());
        let orders = adapters::SqlOrderStore::new(db.clone());
        let a = driver(&db, "pa").await;
        let order = Charters::new(&db).await.paid(1, 0).await;
        let job = offered(&store, &order, &[&a]).await;
        take(&orders, &store, job, &a).await.unwrap();
        let order = orders.get(&order.id).await.unwrap().unwrap();
        let notices = |db: DatabaseConnection| async move {
            adapters::testing::mails_to(&db, "a@example.com")
                .await
                .into_iter()
                .map(|(kind, _)| kind)
                .filter(|k| k.starts_with("partner_"))
                .collect::<Vec<_>>()
        };
        let set_off = order.details.start().instant() - Duration::minutes(40);
        for (to, minutes) in [(JobStatus::OnTheWay, 0), (JobStatus::Arrived, 30)] {
            let mut job = store.job(&order.id).await.unwrap().unwrap();
            job.advance(&a.user_id, to, set_off + Duration::minutes(minutes))
                .unwrap();
            let write = JobWrite {
                tell: Some(&order),
                ..JobWrite::default()
            };
            store.save_alone(&job, write).await.unwrap();
        }
        // Started tells nothing: the traveller is there.
        let mut job = store.job(&order.id).await.unwrap().unwrap();
        job.advance(&a.user_id, JobStatus::Started, set_off + Duration::hours(1))
            .unwrap();
        let write = JobWrite {
            tell: Some(&order),
            ..JobWrite::default()
        };
        store.save_alone(&job, write).await.unwrap();
        assert_eq!(
            notices(db.clone()).await,
            ["partner_on_the_way", "partner_arrived"]
        );
    }
);

/// Sends each reading through its store at once; answers how many were kept.
async fn kept_at_once(
    readings: Vec<(Arc<SqlJobStore>, domain::jobs::KeptPosition)>,
    order: &Order,
    unless: chrono::DateTime<chrono::Utc>,
) -> usize {
    let tasks: Vec<_> = readings
        .into_iter()
        .map(|(store, reading)| {
            let order = order.clone();
            tokio::spawn(async move {
                store
                    .keep_position(&order.id, &order.owner, &reading, unless)
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut kept = 0;
    for t in tasks {
        kept += usize::from(t.await.unwrap());
    }
    kept
}

on_both_databases!(
    a_job_keeps_its_newest_reading_and_announces_each_one_kept,
    |db: DatabaseConnection| async move {
        use domain::jobs::{KeptPosition, Position};
        use domain::live::{LiveFeed, Topic};
        let store = SqlJobStore::new(db.clone());
        let (a, b) = (driver(&db, "pa").await, driver(&db, "pb").await);
        let order = Charters::new(&db).await.paid(1, 0).await;
        offered(&store, &order, &[&a]).await;
        let poll = std::time::Duration::from_millis(20);
        let feed = adapters::stores::live::SqlLiveFeed::start(db.clone(), poll)
            .await
            .unwrap();
        let head = feed.head().await.unwrap();
        let at = |seconds: i64, partner: &Partner| KeptPosition {
            partner: partner.user_id.clone(),
            position: Position::new(10.77, 106.70, 8.0, now() + Duration::seconds(seconds))
                .unwrap(),
            kept_at: now() + Duration::seconds(seconds),
        };
        // Kept unless one was kept after this instant (the service passes "now - interval").
        let unless = |seconds: i64| now() + Duration::seconds(seconds);
        assert_eq!(store.position(&order.id).await.unwrap(), None);
        assert!(
            store
                .keep_position(&order.id, &order.owner, &at(10, &a), unless(0))
                .await
                .unwrap()
        );
        // A retry of an older reading arriving late leaves the newer one, and says nothing.
        assert!(
            !store
                .keep_position(&order.id, &order.owner, &at(5, &a), unless(20))
                .await
                .unwrap()
        );
        assert_eq!(store.position(&order.id).await.unwrap(), Some(at(10, &a)));
        // Twelve newer readings at once, each through a store of its own (as on twelve nodes),
        // each kept only if none was since second 12: one is.
        let nodes = (20..32).map(|s| (Arc::new(SqlJobStore::new(db.clone())), at(s, &a)));
        assert_eq!(kept_at_once(nodes.collect(), &order, unless(12)).await, 1);
        // Twelve more through one node's writer, which writes what waits in one transaction:
        // each keeps its own rule there too, so one is kept.
        let shared = Arc::new(SqlJobStore::new(db.clone()));
        let one = (40..52).map(|s| (shared.clone(), at(s, &a)));
        assert_eq!(kept_at_once(one.collect(), &order, unless(33)).await, 1);
        // The job's new partner's reading replaces the old partner's, whatever its time.
        assert!(
            store
                .keep_position(&order.id, &order.owner, &at(1, &b), unless(40))
                .await
                .unwrap()
        );
        assert_eq!(
            store
                .positions(std::slice::from_ref(&order.id))
                .await
                .unwrap(),
            vec![(order.id.clone(), at(1, &b))]
        );
        let events = tokio::time::timeout(std::time::Duration::from_secs(5), async {
            loop {
                let (events, _) = feed.after(head, 10, &|_| true).await.unwrap();
                if events.len() >= 4 {
                    return events;
                }
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        })
        .await
        .unwrap();
        assert_eq!(events.len(), 4, "one event a reading kept: {events:?}");
        assert!(events.iter().all(|e| e.topic == Topic::Position
            && e.subject == order.id.as_str()
            && e.owner == order.owner));
    }
);

on_both_databases!(
    messages_written_at_once_in_one_thread_all_land_in_order,
    |db: DatabaseConnection| async move {
        use domain::jobs::{JobMessage, Said, Side};
        use domain::shared::Language;
        let store = std::sync::Arc::new(SqlJobStore::new(db.clone()));
        let a = driver(&db, "pa").await;
        let order = Charters::new(&db).await.paid(1, 0).await;
        offered(&store, &order, &[&a]).await;
        let message = |n: u32| JobMessage {
            seq: 0,
            side: if n.is_multiple_of(2) {
                Side::Partner
            } else {
                Side::Traveller
            },
            author: a.user_id.clone(),
            key: format!("k{n}"),
            said: if n.is_multiple_of(2) {
                Said::Phrase("at_arrivals".into())
            } else {
                Said::text(&format!("tin nhắn {n}"), Language::Vi).unwrap()
            },
            at: now() + Duration::seconds(i64::from(n)),
        };
        let mut writing = tokio::task::JoinSet::new();
        for n in 0..6 {
            let (store, id, owner, partner, m) = (
                store.clone(),
                order.id.clone(),
                order.owner.clone(),
                a.user_id.clone(),
                message(n),
            );
            writing.spawn(async move { store.add_message(&id, &owner, &partner, m).await });
        }
        let mut seqs = Vec::new();
        while let Some(done) = writing.join_next().await {
            seqs.push(done.unwrap().unwrap().seq);
        }
        seqs.sort_unstable();
        assert_eq!(seqs, vec![1, 2, 3, 4, 5, 6]);
        // A retry under a key already written returns that message and adds none.
        let again = store
            .add_message(&order.id, &order.owner, &a.user_id, message(3))
            .await
            .unwrap();
        assert!(matches!(again.said, Said::Text { .. }));
        let read = store.messages(&order.id).await.unwrap();
        assert_eq!(read.len(), 6);
        assert_eq!(read.iter().find(|m| m.key == "k3").unwrap().seq, again.seq);
        assert!(read.windows(2).all(|w| w[0].seq < w[1].seq));
        let text = read.iter().find(|m| m.side == Side::Traveller).unwrap();
        assert!(matches!(
            &text.said,
            Said::Text {
                language: Language::Vi,
                ..
            }
        ));
    }
);

on_both_databases!(
    a_job_earns_once_and_two_admins_paying_a_week_at_once_pay_it_once,
    |db: DatabaseConnection| async move {
        use domain::jobs::Pay;
        use domain::partners::{Earning, EarningCause, Week};
        use domain::shared::Money;
        let store = SqlJobStore::new(db.clone());
        let ledger = SqlPartnerStore::new(db.clone());
        let charters = Charters::new(&db).await;
        let a = driver(&db, "pe").await;
        let order = charters.paid(31, 0).await;
        let job = offered(&store, &order, &[&a]).await;
        // The pay fixed when the job was opened reads back.
        assert_eq!(job.pay, Pay::of(Default::default(), order.estimate.total));
        let week = Week::of(now());
        let earning = Earning {
            partner: a.user_id.clone(),
            cause: EarningCause::Completed,
            order_id: Some(order.id.clone()),
            service_at: Some(job.starts_at()),
            amount: job.pay.completed,
            week,
            at: now(),
            reference: String::new(),
            by: String::new(),
            request: None,
        };
        let mut job = job;
        for _ in 0..2 {
            let with = JobWrite {
                earn: Some(&earning),
                ..JobWrite::default()
            };
            store.save_alone(&job, with).await.unwrap();
            job.version += 1;
        }
        let entries = ledger
            .ledger(Some(&a.user_id), week, week.next())
            .await
            .unwrap();
        assert_eq!(
            entries,
            std::slice::from_ref(&earning),
            "written once, read back as written"
        );
        assert_eq!(ledger.owed(&a.user_id).await.unwrap(), job.pay.completed);
        assert!(
            ledger
                .ledger(None, week.next(), week.next().next())
                .await
                .unwrap()
                .is_empty()
        );

        let payout = |reference: &str| Earning {
            cause: EarningCause::Payout,
            order_id: None,
            service_at: None,
            amount: Money::vnd(-job.pay.completed.amount()),
            reference: reference.into(),
            by: "operator:mai@ops.example".into(),
            request: None,
            ..earning.clone()
        };
        let (one, two) = (payout("VCB 1"), payout("VCB 2"));
        let (audit_one, audit_two) = (audit("pay-1"), audit("pay-2"));
        let (first, second) = tokio::join!(
            ledger.add_payout(&one, &audit_one),
            ledger.add_payout(&two, &audit_two)
        );
        let written = [first.unwrap(), second.unwrap()];
        assert_eq!(written.iter().filter(|w| **w).count(), 1, "{written:?}");
        assert_eq!(ledger.owed(&a.user_id).await.unwrap(), Money::ZERO);
        let entries = ledger
            .ledger(Some(&a.user_id), week, week.next())
            .await
            .unwrap();
        assert_eq!(entries.len(), 2);
    }
);
