use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use sha2::{Digest, Sha256};

use crate::identity::MailKind;
use crate::jobs::{Job, JobStatus};
use crate::ordering::{Order, OrderId, OrderState, ServiceDetails, TherapistChoice};
use crate::shared::{LocalTime, UserId};

/// What a reminder is about, and so whom it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReminderKind {
    /// The traveller, the day before: when, where, who is coming.
    TravellerTomorrow,
    /// The traveller, shortly before (two hours by default).
    TravellerSoon,
    /// The partner, the evening before.
    PartnerTomorrow,
    /// The partner, shortly before (an hour by default).
    PartnerSoon,
    /// Operators: the service is near and nobody is doing it.
    Unassigned,
}

impl ReminderKind {
    pub const fn code(self) -> &'static str {
        match self {
            ReminderKind::TravellerTomorrow => "traveller_tomorrow",
            ReminderKind::TravellerSoon => "traveller_soon",
            ReminderKind::PartnerTomorrow => "partner_tomorrow",
            ReminderKind::PartnerSoon => "partner_soon",
            ReminderKind::Unassigned => "unassigned",
        }
    }

    /// The mail that says it.
    pub const fn mail(self) -> MailKind {
        match self {
            ReminderKind::TravellerTomorrow => MailKind::ReminderTomorrow,
            ReminderKind::TravellerSoon => MailKind::ReminderSoon,
            ReminderKind::PartnerTomorrow => MailKind::PartnerReminderTomorrow,
            ReminderKind::PartnerSoon => MailKind::PartnerReminderSoon,
            ReminderKind::Unassigned => MailKind::OrderUnassigned,
        }
    }
}

/// Who a reminder goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// The customer who booked.
    Traveller(UserId),
    /// The driver, guide or therapist who took the job.
    Partner(UserId),
    /// Every operator and admin whose account is open.
    Operators,
}

/// One reminder to queue now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reminder {
    pub kind: ReminderKind,
    pub order: OrderId,
    pub to: Audience,
    /// When it was meant to go (quiet hours taken into account).
    pub at: DateTime<Utc>,
    /// The service's start it reminds of.
    pub start: DateTime<Utc>,
}

impl Reminder {
    /// The key its message to `recipient` is queued under: the same booking, kind, service time,
    /// partner and recipient give the same key, so it is queued once however often and on however
    /// many nodes it is decided; a service moved to another time, or taken by another partner, is
    /// reminded of again. 34 characters, within the outbox's id.
    pub fn key(&self, recipient: &str) -> String {
        let partner = match &self.to {
            Audience::Partner(p) => p.as_str(),
            _ => "",
        };
        let whole = format!(
            "{}|{}|{}|{partner}|{recipient}",
            self.order.as_str(),
            self.kind.code(),
            self.start.timestamp_millis(),
        );
        let digest = Sha256::digest(whole.as_bytes());
        let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        format!("r-{hex}")
    }
}

/// The hours, Vietnam time, when travellers and partners are not disturbed: from `from` in the
/// evening to `until` in the morning (or within one day, when `from` is before `until`). A
/// reminder that would fall in them goes at `from`, before they begin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuietHours {
    pub from: NaiveTime,
    pub until: NaiveTime,
}

impl QuietHours {
    /// `HH:MM-HH:MM`, as the setting is written.
    pub fn parse(raw: &str) -> Option<Self> {
        let (from, until) = raw.split_once('-')?;
        let time = |s: &str| NaiveTime::parse_from_str(s.trim(), "%H:%M").ok();
        Some(Self {
            from: time(from)?,
            until: time(until)?,
        })
    }

    /// `t` (Vietnam time) falls strictly inside them; their first minute does not.
    pub fn holds(self, t: NaiveTime) -> bool {
        if self.from <= self.until {
            self.from < t && t < self.until
        } else {
            t > self.from || t < self.until
        }
    }

    /// `at`, or the start of the quiet hours it falls in.
    fn before(self, at: DateTime<Utc>) -> DateTime<Utc> {
        let local = LocalTime::of(at).naive();
        if !self.holds(local.time()) {
            return at;
        }
        let day = if local.time() > self.from {
            local.date()
        } else {
            local.date().pred_opt().unwrap_or(local.date())
        };
        LocalTime::from_naive(day.and_time(self.from)).instant()
    }
}

/// When reminders go; the business's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReminderSettings {
    /// The time, Vietnam time, of the traveller's reminder the day before.
    pub traveller_evening: NaiveTime,
    /// How long before the service the traveller is reminded again.
    pub traveller_before: Duration,
    /// The time, Vietnam time, of the partner's reminder the evening before.
    pub partner_evening: NaiveTime,
    /// How long before the service the partner is reminded again.
    pub partner_before: Duration,
    /// How near a service with nobody to do it must be for operators to be told.
    pub unassigned_within: Duration,
    /// `None`: reminders go at any hour.
    pub quiet: Option<QuietHours>,
}

impl Default for ReminderSettings {
    fn default() -> Self {
        let at = |h| NaiveTime::from_hms_opt(h, 0, 0).unwrap_or_default();
        Self {
            traveller_evening: at(18),
            traveller_before: Duration::hours(2),
            partner_evening: at(20),
            partner_before: Duration::hours(1),
            unassigned_within: Duration::hours(24),
            quiet: Some(QuietHours {
                from: at(22),
                until: at(7),
            }),
        }
    }
}

impl ReminderSettings {
    /// How far ahead bookings must be read for every reminder that may be due: the evening
    /// before a service late the next day, moved before quiet hours.
    pub fn horizon(&self) -> Duration {
        Duration::hours(50).max(self.unassigned_within + Duration::hours(1))
    }

    fn quiet(&self, at: DateTime<Utc>) -> DateTime<Utc> {
        self.quiet.map_or(at, |q| q.before(at))
    }

    /// The pair of reminders of one person: the evening before at `evening`, and `before` the
    /// start; each moved out of quiet hours.
    fn pair(
        &self,
        start: DateTime<Utc>,
        evening: NaiveTime,
        before: Duration,
    ) -> [DateTime<Utc>; 2] {
        let day: NaiveDate = LocalTime::of(start).naive().date();
        let eve = day.pred_opt().unwrap_or(day).and_time(evening);
        [
            self.quiet(LocalTime::from_naive(eve).instant()),
            self.quiet(start - before),
        ]
    }
}

/// The reminders about `booking` due at `now`. A reminder is due from its time until the next of
/// the same person's (or the service's start): a node that was down sends the latest one only,
/// never a stale one. One that fell before its reason existed (the booking was paid, the partner
/// took the job) is not sent: that person has just been told. Operators are told from the moment
/// the service is near and nobody has it, quiet hours or not: at night that is the on-duty
/// operator's work.
pub fn due(
    settings: &ReminderSettings,
    order: &Order,
    job: Option<&Job>,
    now: DateTime<Utc>,
) -> Vec<Reminder> {
    let start = order.details.start().instant();
    if !matches!(order.state, OrderState::Paid | OrderState::Confirmed) || now >= start {
        return Vec::new();
    }
    let Some(paid_at) = paid_at(order) else {
        return Vec::new();
    };
    let reminder = |kind, to, at| Reminder {
        kind,
        order: order.id.clone(),
        to,
        at,
        start,
    };
    let mut out = Vec::new();
    let traveller = settings.pair(start, settings.traveller_evening, settings.traveller_before);
    out.extend(latest_due(traveller, start, paid_at, now).map(|(i, at)| {
        let kind = [ReminderKind::TravellerTomorrow, ReminderKind::TravellerSoon][i];
        reminder(kind, Audience::Traveller(order.owner.clone()), at)
    }));
    if let Some((partner, accepted_at)) = job.and_then(taken) {
        let times = settings.pair(start, settings.partner_evening, settings.partner_before);
        out.extend(latest_due(times, start, accepted_at, now).map(|(i, at)| {
            let kind = [ReminderKind::PartnerTomorrow, ReminderKind::PartnerSoon][i];
            reminder(kind, Audience::Partner(partner.clone()), at)
        }));
    }
    let near = (start - settings.unassigned_within).max(paid_at);
    if !served(order, job) && near <= now {
        out.push(reminder(
            ReminderKind::Unassigned,
            Audience::Operators,
            near,
        ));
    }
    out
}

/// Of two reminders' times, the one due at `now` (with its index): the later of those whose time
/// has come, while it is before the next one's and the start, and not before `since`.
fn latest_due(
    times: [DateTime<Utc>; 2],
    start: DateTime<Utc>,
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<(usize, DateTime<Utc>)> {
    let ends = [times[1], start];
    (0..2)
        .rev()
        .find(|&i| times[i] <= now && now < ends[i])
        .map(|i| (i, times[i]))
        .filter(|&(_, at)| at >= since)
}

/// When the order was first paid.
fn paid_at(order: &Order) -> Option<DateTime<Utc>> {
    order
        .history
        .iter()
        .find(|t| t.to == OrderState::Paid)
        .map(|t| t.at)
}

/// The partner who took the job and when, while they have not set off yet.
fn taken(job: &Job) -> Option<(&UserId, DateTime<Utc>)> {
    if job.status != JobStatus::Accepted {
        return None;
    }
    let partner = job.partner.as_ref()?;
    let at = job
        .steps
        .iter()
        .rev()
        .find(|s| s.status == JobStatus::Accepted)
        .map(|s| s.at)?;
    Some((partner, at))
}

/// Somebody will do it: a partner took the job, operators named a driver, or a therapist is set.
fn served(order: &Order, job: Option<&Job>) -> bool {
    job.is_some_and(|j| j.partner.is_some())
        || order.driver.is_some()
        || matches!(
            &order.details,
            ServiceDetails::Massage(m) if matches!(m.therapist, TherapistChoice::Specific(_))
                && order.state == OrderState::Confirmed
        )
}
