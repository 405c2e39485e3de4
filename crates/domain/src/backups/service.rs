use std::sync::Arc;

use super::model::{Backup, BackupPolicy, BackupStatus, Trigger};
use super::ports::BackupPort;
use crate::audit::AuditEntry;
use crate::error::{DomainError, DomainResult, msg};
use crate::operations::AuditLog;
use crate::shared::{Clock, Randomness};

/// Takes backups on the schedule and when an admin asks, one at a time, and lets go of those the
/// retention no longer keeps.
#[derive(Clone)]
pub struct BackupService {
    port: Arc<dyn BackupPort>,
    audit: Arc<dyn AuditLog>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
    policy: BackupPolicy,
}

impl BackupService {
    pub fn new(
        port: Arc<dyn BackupPort>,
        audit: Arc<dyn AuditLog>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
        policy: BackupPolicy,
    ) -> Self {
        Self {
            port,
            audit,
            clock,
            random,
            policy,
        }
    }

    pub fn policy(&self) -> BackupPolicy {
        self.policy
    }

    /// Takes a backup now, then lets go of those the retention no longer keeps. An admin's is
    /// written in the audit log; an operator is refused; while one is being taken (by any node),
    /// FAILED_PRECONDITION.
    pub async fn take(&self, trigger: Trigger<'_>) -> DomainResult<Backup> {
        if let Trigger::Staff(by) = trigger {
            by.require_admin()?;
        }
        let Some(_held) = self.port.hold().await? else {
            return Err(DomainError::FailedPrecondition(msg("backup.running")));
        };
        let kept = self.kept().await?;
        self.take_held(trigger, kept).await
    }

    /// Takes the scheduled backup if it is due: `None` when it is not, there is no schedule, or
    /// another node is taking one (whose backup then makes this one not due).
    pub async fn run_due(&self) -> DomainResult<Option<Backup>> {
        if self.policy.every.is_none() {
            return Ok(None);
        }
        let Some(_held) = self.port.hold().await? else {
            return Ok(None);
        };
        let now = self.clock.now();
        let kept = self.kept().await?;
        match self
            .policy
            .next_at(kept.iter().max_by_key(|b| b.taken_at), now)
        {
            Some(due) if due <= now => self.take_held(Trigger::Schedule, kept).await.map(Some),
            _ => Ok(None),
        }
    }

    /// Takes one, the right to held, with `kept` as they were just listed.
    async fn take_held(&self, trigger: Trigger<'_>, kept: Vec<Backup>) -> DomainResult<Backup> {
        let mut at = self.clock.now();
        // Two backups within a second would share a name: the second takes the next second's.
        if let Some(last) = kept.iter().map(|b| b.taken_at).max()
            && at.timestamp() <= last.timestamp()
        {
            at = last + chrono::Duration::seconds(1);
        }
        let name = Backup::name_at(at, self.port.extension());
        let bytes = self.port.take(&name).await?;
        let backup = Backup::parse(&name, bytes)
            .ok_or_else(|| DomainError::Unavailable(format!("unreadable backup name {name}")))?;
        if let Trigger::Staff(by) = trigger {
            let entry = AuditEntry::new(
                &*self.random,
                self.clock.now(),
                by,
                "backup.take",
                format!("backup:{name}"),
                String::new(),
                format!("bytes={bytes}"),
                "",
            );
            self.audit.record(&entry).await?;
        }
        let mut all = kept;
        all.push(backup.clone());
        for old in self.policy.retention.to_remove(&all, self.clock.now()) {
            if let Err(e) = self.port.remove(&old.name).await {
                tracing::warn!(backup = %old.name, error = %e, "an old backup could not be removed");
            }
        }
        Ok(backup)
    }

    /// The backups kept, newest first.
    pub async fn list(&self, by: &crate::audit::Staff) -> DomainResult<Vec<Backup>> {
        by.require_admin()?;
        let mut kept = self.kept().await?;
        kept.sort_by_key(|b| std::cmp::Reverse(b.taken_at));
        Ok(kept)
    }

    /// The backups kept (newest first), and when the next is due (admins): one listing of the
    /// shelf.
    pub async fn status(&self, by: &crate::audit::Staff) -> DomainResult<BackupStatus> {
        let kept = self.list(by).await?;
        Ok(BackupStatus {
            next_at: self.policy.next_at(kept.first(), self.clock.now()),
            kept,
            place: self.port.place(),
        })
    }

    async fn kept(&self) -> DomainResult<Vec<Backup>> {
        Ok(self
            .port
            .list()
            .await?
            .into_iter()
            .filter_map(|(name, bytes)| Backup::parse(&name, bytes))
            .collect())
    }
}
