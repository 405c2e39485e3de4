use chrono::{DateTime, Duration, NaiveDateTime, Utc};

use crate::audit::Staff;
use crate::shared::LocalTime;

/// What every backup's name starts with; other files where backups are kept are not ours.
const PREFIX: &str = "booking-";
/// The time in a backup's name (UTC), which sorts as it reads.
const STAMP: &str = "%Y%m%dT%H%M%SZ";

/// One backup as it is kept: its name (which says when it was taken) and its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    pub name: String,
    pub taken_at: DateTime<Utc>,
    pub bytes: u64,
}

impl Backup {
    /// The name of a backup taken at `at`, with the kind of copy's extension (`sqlite3`, …).
    pub fn name_at(at: DateTime<Utc>, extension: &str) -> String {
        format!("{PREFIX}{}.{extension}", at.format(STAMP))
    }

    /// A kept file read back: `None` when its name is not a backup's (a partial copy, another
    /// program's file).
    pub fn parse(name: &str, bytes: u64) -> Option<Self> {
        let rest = name.strip_prefix(PREFIX)?;
        let (stamp, extension) = rest.split_once('.')?;
        if extension.is_empty() || extension.contains('.') {
            return None;
        }
        let taken_at = NaiveDateTime::parse_from_str(stamp, STAMP).ok()?.and_utc();
        Some(Self {
            name: name.to_owned(),
            taken_at,
            bytes,
        })
    }
}

/// Which backups are kept once a new one is taken: the newest `last`, and beside them the newest
/// of each of the last `daily` days (Vietnam time), so an hourly schedule still reaches back two
/// weeks without keeping 336 copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    pub last: u32,
    pub daily: u32,
}

impl Retention {
    /// Those of `backups` this retention lets go, as of `now`. The newest is always kept.
    pub fn to_remove<'a>(&self, backups: &'a [Backup], now: DateTime<Utc>) -> Vec<&'a Backup> {
        let mut newest_first: Vec<&Backup> = backups.iter().collect();
        newest_first.sort_by(|a, b| b.taken_at.cmp(&a.taken_at).then(b.name.cmp(&a.name)));
        let today = LocalTime::of(now).naive().date();
        let oldest_day = today - Duration::days(i64::from(self.daily.max(1)) - 1);
        let mut days_kept = Vec::new();
        let mut out = Vec::new();
        for (n, backup) in newest_first.into_iter().enumerate() {
            let day = LocalTime::of(backup.taken_at).naive().date();
            let daily = self.daily > 0 && day >= oldest_day && !days_kept.contains(&day);
            if daily {
                days_kept.push(day);
            }
            if n > 0 && n >= self.last as usize && !daily {
                out.push(backup);
            }
        }
        out
    }
}

/// When backups are taken by themselves and how many are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackupPolicy {
    /// How long after the last backup the next is due; `None`: only when asked.
    pub every: Option<Duration>,
    pub retention: Retention,
}

impl BackupPolicy {
    /// When the next scheduled backup is due after `last` (at once when there is none).
    pub fn next_at(&self, last: Option<&Backup>, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let every = self.every?;
        Some(last.map_or(now, |b| b.taken_at + every))
    }
}

/// Who asked for a backup.
#[derive(Debug, Clone, Copy)]
pub enum Trigger<'a> {
    /// The schedule, on the node that runs it.
    Schedule,
    /// An admin (from the console, or the shell's `booking backup now`).
    Staff(&'a Staff),
}

/// What the console shows: the backups kept (newest first), and when the next is due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupStatus {
    pub kept: Vec<Backup>,
    pub next_at: Option<DateTime<Utc>>,
    /// Where they are kept, as the adapter says it (a folder, a bucket).
    pub place: String,
}

impl BackupStatus {
    /// What the backups kept take together.
    pub fn bytes(&self) -> u64 {
        self.kept.iter().map(|b| b.bytes).sum()
    }
}
