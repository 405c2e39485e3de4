//! What partners earn. A job's pay is fixed when the job is opened, from its plan's payout rule
//! and the order's price, so a partner sees on the offer what they will earn; it is written to
//! their ledger once, when the job ends (completed, or the traveller never came). Admins pay by
//! the week: a payout entry takes exactly that week's earnings away, so a partner's balance is
//! never negative, every entry says its cause, and all of it is integer đồng.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc};

use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::OrderId;
use crate::shared::{LocalTime, Money, UserId, text};

/// How many weeks a partner's statements go back.
pub const STATEMENT_WEEKS: u32 = 12;
/// A bank transfer's reference, as the bank prints it.
pub const REFERENCE_MAX: usize = 64;

/// A week of earnings: Monday to Sunday, Vietnam time, named by its Monday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Week(NaiveDate);

impl Week {
    /// The week `instant` falls in.
    pub fn of(instant: DateTime<Utc>) -> Self {
        let day = LocalTime::of(instant).naive().date();
        Self(day - Duration::days(i64::from(day.weekday().num_days_from_monday())))
    }

    /// A week as `YYYY-MM-DD`, its Monday.
    pub fn parse(raw: &str) -> DomainResult<Self> {
        NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
            .ok()
            .filter(|d| d.weekday() == chrono::Weekday::Mon)
            .map(Self)
            .ok_or_else(|| DomainError::invalid("week", msg("earnings.week")))
    }

    pub fn monday(self) -> NaiveDate {
        self.0
    }

    /// `YYYY-MM-DD`, its Monday.
    pub fn code(self) -> String {
        self.0.format("%Y-%m-%d").to_string()
    }

    pub fn starts_at(self) -> DateTime<Utc> {
        LocalTime::from_naive(self.0.and_time(NaiveTime::MIN)).instant()
    }

    pub fn ends_at(self) -> DateTime<Utc> {
        self.next().starts_at()
    }

    /// Over at `now`: nothing more can be earned in it, so it may be paid.
    pub fn is_over(self, now: DateTime<Utc>) -> bool {
        now >= self.ends_at()
    }

    pub fn next(self) -> Self {
        Self(self.0 + Duration::days(7))
    }

    pub fn back(self, weeks: u32) -> Self {
        Self(self.0 - Duration::days(7 * i64::from(weeks)))
    }
}

/// Why a ledger entry was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EarningCause {
    /// A job delivered.
    Completed,
    /// The partner went and waited, and the traveller never came.
    NoShow,
    /// An admin paid the week out, by bank transfer.
    Payout,
    /// A traveller's tip for a job, in full.
    Tip,
    /// An admin's correction: a bonus, or a wrong earning taken back, with its reason.
    Correction,
}

impl EarningCause {
    pub const ALL: [EarningCause; 5] = [
        EarningCause::Completed,
        EarningCause::NoShow,
        EarningCause::Payout,
        EarningCause::Tip,
        EarningCause::Correction,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            EarningCause::Completed => "completed",
            EarningCause::NoShow => "no_show",
            EarningCause::Payout => "payout",
            EarningCause::Tip => "tip",
            EarningCause::Correction => "correction",
        }
    }

    pub fn parse(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.code() == code)
            .ok_or_else(|| DomainError::invalid("cause", msg("earnings.cause_unknown")))
    }
}

/// One line of a partner's ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Earning {
    pub partner: UserId,
    pub cause: EarningCause,
    /// The job's order; none for a payout.
    pub order_id: Option<OrderId>,
    /// When the job's service began; none for a payout.
    pub service_at: Option<DateTime<Utc>>,
    /// Earned (positive) or paid out (negative).
    pub amount: Money,
    /// The week it counts in: an earning's is when it was earned, a payout's the week it pays.
    pub week: Week,
    pub at: DateTime<Utc>,
    /// A payout's bank reference, or a correction's reason; and the admin who made it. Empty
    /// for earnings.
    pub reference: String,
    pub by: String,
    /// A correction's request: the same request twice writes one line.
    pub request: Option<String>,
}

impl Earning {
    /// The ledger's own key for the entry: a job earns once, a week is paid once.
    pub fn key(&self) -> String {
        match (self.cause, &self.order_id, &self.request) {
            (EarningCause::Correction, _, Some(request)) => {
                format!("fix:{}:{request}", self.partner.as_str())
            }
            (EarningCause::Tip, Some(order), _) => Self::tip_key(order),
            (EarningCause::Completed | EarningCause::NoShow, Some(order), _) => {
                format!("job:{}", order.as_str())
            }
            _ => format!("week:{}:{}", self.partner.as_str(), self.week.code()),
        }
    }

    /// The key of an order's tip: one per order.
    pub fn tip_key(order: &OrderId) -> String {
        format!("tip:{}", order.as_str())
    }

    /// What the week's tips add up to, and its corrections.
    pub fn sum_of(entries: &[Earning], cause: EarningCause) -> Money {
        entries
            .iter()
            .filter(|e| e.cause == cause)
            .map(|e| e.amount)
            .sum()
    }
}

/// A partner's week: what they earned, from how many jobs, and whether it was paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub week: Week,
    pub earned: Money,
    pub jobs: u32,
    pub no_shows: u32,
    /// The payout entry, once the week is paid.
    pub paid: Option<Earning>,
    /// The week's earnings, soonest first.
    pub entries: Vec<Earning>,
}

impl Statement {
    /// The statement of `week` from its ledger entries (one partner's, that week's).
    pub fn of(week: Week, mut entries: Vec<Earning>) -> Self {
        entries.sort_by_key(|e| e.at);
        let paid = entries
            .iter()
            .position(|e| e.cause == EarningCause::Payout)
            .map(|i| entries.remove(i));
        let count = |cause| {
            u32::try_from(entries.iter().filter(|e| e.cause == cause).count()).unwrap_or(u32::MAX)
        };
        Self {
            week,
            earned: entries.iter().map(|e| e.amount).sum(),
            jobs: count(EarningCause::Completed),
            no_shows: count(EarningCause::NoShow),
            paid,
            entries,
        }
    }

    /// What is still owed for the week.
    pub fn due(&self) -> Money {
        if self.paid.is_some() {
            Money::ZERO
        } else {
            self.earned
        }
    }

    /// The week's payout: only once the week is over (nothing more can be earned in it), only
    /// with something earned, once. Paid again with the same reference, the payout made is
    /// returned as it is (a retried click); with another, refused.
    pub fn pay(&self, reference: &str, by: &str, now: DateTime<Utc>) -> DomainResult<Earning> {
        let reference = text(
            "reference",
            reference,
            REFERENCE_MAX,
            msg("earnings.reference_required"),
        )?;
        if let Some(paid) = &self.paid {
            if paid.reference == reference {
                return Ok(paid.clone());
            }
            return Err(DomainError::FailedPrecondition(
                msg("earnings.paid_already").with("reference", paid.reference.as_str()),
            ));
        }
        if !self.week.is_over(now) {
            return Err(DomainError::FailedPrecondition(msg("earnings.week_open")));
        }
        let Some(partner) = self.entries.first().map(|e| e.partner.clone()) else {
            return Err(DomainError::FailedPrecondition(msg("earnings.nothing_due")));
        };
        if self.earned <= Money::ZERO {
            return Err(DomainError::FailedPrecondition(msg("earnings.nothing_due")));
        }
        Ok(Earning {
            partner,
            cause: EarningCause::Payout,
            order_id: None,
            service_at: None,
            amount: Money::vnd(-self.earned.amount()),
            week: self.week,
            at: now,
            reference,
            by: by.to_owned(),
            request: None,
        })
    }

    /// An admin's correction in this (open) week: a bonus, or an earning taken back, never
    /// taking the week below nothing (what is left to take back goes in a later week), with its
    /// reason; `request` keys it, so a retried click writes one line.
    pub fn correct(
        &self,
        partner: &UserId,
        amount: Money,
        reason: &str,
        (request, by): (&str, &str),
        now: DateTime<Utc>,
    ) -> DomainResult<Earning> {
        let reason = text("reason", reason, 200, msg("earnings.reason_required"))?;
        let request = text("request_id", request, 64, msg("earnings.request_required"))?;
        if amount == Money::ZERO
            || amount.amount().unsigned_abs() > CORRECTION_MAX.amount().unsigned_abs()
            || amount.amount() % 1_000 != 0
        {
            return Err(DomainError::invalid(
                "amount_vnd",
                msg("earnings.correction_range").money("max", CORRECTION_MAX),
            ));
        }
        if self.earned.amount() + amount.amount() < 0 {
            return Err(DomainError::FailedPrecondition(
                msg("earnings.correction_below_zero").money("earned", self.earned),
            ));
        }
        Ok(Earning {
            partner: partner.clone(),
            cause: EarningCause::Correction,
            order_id: None,
            service_at: None,
            amount,
            week: self.week,
            at: now,
            reference: reason,
            by: by.to_owned(),
            request: Some(request),
        })
    }
}

/// The most one correction may move, either way.
pub const CORRECTION_MAX: Money = Money::vnd(50_000_000);

/// A week's payroll: each partner who earned anything, with their statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payroll {
    pub week: Week,
    /// Whether the week is over, so that it may be paid.
    pub over: bool,
    pub lines: Vec<(super::model::Partner, Statement)>,
}

/// Statements from a partner's entries, one per week that has any, newest first.
pub fn statements(entries: Vec<Earning>) -> Vec<Statement> {
    let mut weeks: std::collections::BTreeMap<Week, Vec<Earning>> = Default::default();
    for entry in entries {
        weeks.entry(entry.week).or_default().push(entry);
    }
    weeks
        .into_iter()
        .rev()
        .map(|(week, theirs)| Statement::of(week, theirs))
        .collect()
}

/// What a partner reads first: today's and this week's earnings, what is owed, and the weeks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EarningsSummary {
    pub today: Money,
    pub this_week: Money,
    /// Earned and not yet paid, all weeks together.
    pub owed: Money,
    pub weeks: Vec<Statement>,
}

impl EarningsSummary {
    /// From the partner's entries of the last weeks, at `now`; `owed` is the ledger's balance.
    pub fn of(entries: Vec<Earning>, owed: Money, now: DateTime<Utc>) -> Self {
        let today = LocalTime::of(now).naive().date();
        let this_week = Week::of(now);
        let earned = |e: &&Earning| e.cause != EarningCause::Payout;
        Self {
            today: entries
                .iter()
                .filter(earned)
                .filter(|e| LocalTime::of(e.at).naive().date() == today)
                .map(|e| e.amount)
                .sum(),
            this_week: entries
                .iter()
                .filter(earned)
                .filter(|e| e.week == this_week)
                .map(|e| e.amount)
                .sum(),
            owed,
            weeks: statements(entries),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_week_runs_monday_to_sunday_in_vietnam_time() {
        // Sunday 23:30 in Hanoi is 16:30 UTC: still that week.
        let sunday_night = "2026-11-29T16:30:00Z".parse().unwrap();
        assert_eq!(Week::of(sunday_night).code(), "2026-11-23");
        let monday = "2026-11-29T17:00:00Z".parse().unwrap();
        assert_eq!(Week::of(monday).code(), "2026-11-30");
        assert_eq!(
            Week::parse("2026-11-23").unwrap().ends_at(),
            monday,
            "a week ends at Monday midnight, Vietnam time"
        );
        for bad in ["2026-11-24", "23/11/2026", ""] {
            assert!(Week::parse(bad).is_err(), "{bad}");
        }
    }

    fn earned(partner: &str, amount: i64, at: &str) -> Earning {
        let at: DateTime<Utc> = at.parse().unwrap();
        Earning {
            partner: UserId::parse(partner).unwrap(),
            cause: EarningCause::Completed,
            order_id: Some(OrderId::parse(&format!("BK-{amount}")).unwrap()),
            service_at: Some(at),
            amount: Money::vnd(amount),
            week: Week::of(at),
            at,
            reference: String::new(),
            by: String::new(),
            request: None,
        }
    }

    #[test]
    fn statements_group_by_week_newest_first_and_a_payout_clears_its_week() {
        let entries = vec![
            earned("a", 100_000, "2026-11-17T03:00:00Z"),
            earned("a", 200_000, "2026-11-24T03:00:00Z"),
            earned("a", 50_000, "2026-11-25T03:00:00Z"),
        ];
        let weeks = statements(entries.clone());
        assert_eq!(
            weeks
                .iter()
                .map(|s| (s.week.code(), s.earned.amount(), s.jobs))
                .collect::<Vec<_>>(),
            [
                ("2026-11-23".into(), 250_000, 2),
                ("2026-11-16".into(), 100_000, 1)
            ]
        );
        let now: DateTime<Utc> = "2026-11-25T05:00:00Z".parse().unwrap();
        let summary = EarningsSummary::of(entries, Money::vnd(350_000), now);
        assert_eq!(
            (summary.today, summary.this_week),
            (Money::vnd(50_000), Money::vnd(250_000))
        );
        let last = &weeks[1];
        let payout = last.pay("ACB 77", "operator:mai", now).unwrap();
        assert_eq!(
            (payout.amount, payout.key()),
            (Money::vnd(-100_000), "week:a:2026-11-16".into())
        );
        assert!(
            last.pay("   ", "operator:mai", now).is_err(),
            "a reference is required"
        );
        assert!(
            weeks[0].pay("ACB 78", "operator:mai", now).is_err(),
            "this week is not over"
        );
    }
}
