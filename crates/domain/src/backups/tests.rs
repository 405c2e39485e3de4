use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Duration, TimeZone, Utc};

use super::*;
use crate::audit::{AuditEntry, Staff};
use crate::error::{DomainError, DomainResult};
use crate::operations::{AuditFilter, AuditLog};
use crate::shared::{Page, PageRequest, UserId};
use crate::testing::{FixedClock, Sequence};

fn at(day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, day, hour, 0, 0).unwrap()
}

fn backup(at: DateTime<Utc>) -> Backup {
    Backup::parse(&Backup::name_at(at, "sqlite3"), 10).unwrap()
}

#[test]
fn a_backup_s_name_says_when_it_was_taken_and_other_files_are_not_backups() {
    let taken = Utc.with_ymd_and_hms(2026, 11, 28, 16, 30, 5).unwrap();
    let name = Backup::name_at(taken, "sqlite3");
    assert_eq!(name, "booking-20261128T163005Z.sqlite3");
    assert_eq!(Backup::parse(&name, 42).unwrap().taken_at, taken);
    for other in [
        "booking-20261128T163005Z.sqlite3.partial",
        "booking-20261128T163005Z",
        "booking-2026-11-28.sqlite3",
        "notes.txt",
    ] {
        assert_eq!(Backup::parse(other, 1), None, "{other}");
    }
}

#[test]
fn retention_keeps_the_newest_and_one_a_day_back_to_its_last_day() {
    // Hourly for 20 days, up to 2026-11-28 23:00 UTC (06:00 on the 29th in Vietnam).
    let all: Vec<Backup> = (0..20 * 24)
        .map(|h| backup(at(9, 0) + Duration::hours(h)))
        .collect();
    let now = at(28, 23);
    let keep = Retention {
        last: 24,
        daily: 14,
    };
    let gone = keep.to_remove(&all, now);
    let kept: Vec<&Backup> = all.iter().filter(|b| !gone.contains(b)).collect();
    // The newest 24 (Vietnam's 28th and 29th), and the newest of each of the 12 days before.
    let newest: Vec<_> = all.iter().rev().take(24).collect();
    assert!(newest.iter().all(|b| kept.contains(b)));
    assert_eq!(
        kept.len(),
        24 + 12,
        "{:?}",
        kept.iter().map(|b| &b.name).collect::<Vec<_>>()
    );
    let oldest = kept.iter().map(|b| b.taken_at).min().unwrap();
    // 14 Vietnam days back from the 29th: the 16th's last backup, 23:00 Vietnam = 16:00 UTC.
    assert_eq!(oldest, at(16, 16));
    // Never the newest, whatever the numbers.
    let none = Retention { last: 0, daily: 0 };
    assert_eq!(none.to_remove(&all, now).len(), all.len() - 1);
    assert!(!none.to_remove(&all, now).contains(&all.last().unwrap()));
}

#[derive(Default)]
struct Kept {
    files: Mutex<Vec<(String, u64)>>,
    taking: Mutex<u32>,
    held: Arc<Mutex<bool>>,
}

/// Lets go of the right to take a backup when dropped.
struct Held(Arc<Mutex<bool>>);

impl Drop for Held {
    fn drop(&mut self) {
        *self.0.lock().unwrap() = false;
    }
}

#[async_trait]
impl BackupPort for Kept {
    fn extension(&self) -> &'static str {
        "sqlite3"
    }
    fn place(&self) -> String {
        "data/backups".into()
    }
    async fn hold(&self) -> DomainResult<Option<Box<dyn Send + Sync>>> {
        let mut held = self.held.lock().unwrap();
        if *held {
            return Ok(None);
        }
        *held = true;
        Ok(Some(Box::new(Held(self.held.clone()))))
    }
    async fn take(&self, name: &str) -> DomainResult<u64> {
        *self.taking.lock().unwrap() += 1;
        // Long enough for another request to arrive meanwhile.
        tokio::task::yield_now().await;
        self.files.lock().unwrap().push((name.into(), 4096));
        Ok(4096)
    }
    async fn list(&self) -> DomainResult<Vec<(String, u64)>> {
        let mut files = self.files.lock().unwrap().clone();
        files.push(("booking-20261128T000000Z.sqlite3.partial".into(), 7));
        Ok(files)
    }
    async fn remove(&self, name: &str) -> DomainResult<()> {
        self.files.lock().unwrap().retain(|(n, _)| n != name);
        Ok(())
    }
}

#[derive(Default)]
struct Audit(Mutex<Vec<AuditEntry>>);

#[async_trait]
impl AuditLog for Audit {
    async fn record(&self, entry: &AuditEntry) -> DomainResult<()> {
        self.0.lock().unwrap().push(entry.clone());
        Ok(())
    }
    async fn list(&self, _: &AuditFilter, _: &PageRequest) -> DomainResult<Page<AuditEntry>> {
        unreachable!()
    }
}

fn staff(admin: bool) -> Staff {
    Staff::Operator {
        user_id: UserId::parse("ops").unwrap(),
        email: "mai@ops.example".into(),
        name: "Mai".into(),
        admin,
    }
}

struct World {
    svc: BackupService,
    kept: Arc<Kept>,
    audit: Arc<Audit>,
    clock: Arc<FixedClock>,
}

fn world() -> World {
    let kept = Arc::new(Kept::default());
    let audit = Arc::new(Audit::default());
    let clock = Arc::new(FixedClock::at(at(28, 9)));
    let policy = BackupPolicy {
        every: Some(Duration::hours(1)),
        retention: Retention { last: 3, daily: 0 },
    };
    let svc = BackupService::new(
        kept.clone(),
        audit.clone(),
        clock.clone(),
        Arc::new(Sequence::default()),
        policy,
    );
    World {
        svc,
        kept,
        audit,
        clock,
    }
}

#[tokio::test]
async fn the_schedule_takes_one_when_due_and_keeps_the_last_few() {
    let w = world();
    let first = w
        .svc
        .run_due()
        .await
        .unwrap()
        .expect("none yet: due at once");
    assert_eq!(first.name, "booking-20261128T090000Z.sqlite3");
    assert_eq!(w.svc.run_due().await.unwrap(), None);
    *w.clock.0.lock().unwrap() = at(28, 9) + Duration::minutes(59);
    assert_eq!(w.svc.run_due().await.unwrap(), None, "not for an hour");
    for hour in 10..=14 {
        *w.clock.0.lock().unwrap() = at(28, hour);
        assert!(w.svc.run_due().await.unwrap().is_some());
    }
    let names: Vec<String> = w
        .svc
        .list(&staff(true))
        .await
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert_eq!(
        names,
        [
            "booking-20261128T140000Z.sqlite3",
            "booking-20261128T130000Z.sqlite3",
            "booking-20261128T120000Z.sqlite3"
        ]
    );
    let status = w.svc.status(&staff(true)).await.unwrap();
    assert_eq!((status.kept.len(), status.bytes()), (3, 3 * 4096));
    assert_eq!(status.kept[0].name, "booking-20261128T140000Z.sqlite3");
    assert_eq!(status.next_at, Some(at(28, 15)));
    assert!(
        w.audit.0.lock().unwrap().is_empty(),
        "the schedule is not a person"
    );
    // Another node is taking one: this one's schedule waits for it.
    *w.clock.0.lock().unwrap() = at(28, 16);
    let other = w.kept.hold().await.unwrap().unwrap();
    assert_eq!(w.svc.run_due().await.unwrap(), None);
    drop(other);
    assert!(w.svc.run_due().await.unwrap().is_some());
}

#[tokio::test]
async fn an_admin_takes_one_now_once_at_a_time_and_an_operator_may_not() {
    let w = world();
    let refused = w.svc.take(Trigger::Staff(&staff(false))).await.unwrap_err();
    assert!(matches!(refused, DomainError::PermissionDenied(_)));
    assert!(matches!(
        w.svc.status(&staff(false)).await.unwrap_err(),
        DomainError::PermissionDenied(_)
    ));
    // Two clicks at once: one backup, the other told one is running.
    let admin = staff(true);
    let (a, b) = tokio::join!(
        w.svc.take(Trigger::Staff(&admin)),
        w.svc.take(Trigger::Staff(&admin))
    );
    let busy = a.as_ref().err().or(b.as_ref().err()).expect("one refused");
    assert!(matches!(busy, DomainError::FailedPrecondition(m) if m.code == "backup.running"));
    assert!(a.is_ok() || b.is_ok());
    assert_eq!(*w.kept.taking.lock().unwrap(), 1);
    // Done, another may start; within the same second it takes the next second's name.
    let again = w.svc.take(Trigger::Staff(&admin)).await.unwrap();
    assert_eq!(again.name, "booking-20261128T090001Z.sqlite3");
    let audit = w.audit.0.lock().unwrap();
    assert_eq!(audit.len(), 2);
    assert_eq!(audit[1].action, "backup.take");
}
