//! Automatic dispatch's rule (issue 71): who is offered a paid order's job, in which order, for
//! how long, and when the operators take over. The rule is published in `docs/` with the
//! figures of its simulation (`bench/dispatch.rs`).
//!
//! - **Who fits**: the partners `JobService` finds able (kind, seats, language, working then,
//!   not disabled, no job or open offer in its time including the travel to it); never one
//!   offered this job before.
//! - **In which order**: nearest first, by bands of `SAME_DISTANCE_M` (a couple of kilometres
//!   is noise in a city's traffic), from their last reading or their home area to the meeting
//!   point; within a band, who has taken fewer jobs this week; then by id, so every node ranks
//!   alike. A partner whose distance is not known comes after those whose is; one known to be
//!   farther than `REACH_M` (another city) is not offered it at all.
//! - **One at a time**, for the job and for the partner: a partner holding an open offer of
//!   another job at the same time is skipped while it is open, and waited for when nobody else
//!   is left. Each offer is open for a window that shortens as the service nears
//!   (`offer_window`), and never past the job's hand-over deadline.
//! - **Handed over** to the operators, flagged with the reason, when nobody is left or the
//!   deadline comes (`HANDOVER_MINUTES` before the start): from there they dispatch by hand.

use chrono::{DateTime, Duration, Utc};

use super::model::{Dispatch, HandOver, Job, JobStatus};
use crate::shared::UserId;

/// Distances within one band count as equal; fairness decides among them.
pub const SAME_DISTANCE_M: f64 = 2_000.0;

/// The farthest a partner may be from the meeting point to be offered the job: beyond it they
/// work in another city, and would not be there in time.
pub const REACH_M: f64 = 60_000.0;

/// How long before the start a job nobody has taken goes to the operators.
pub const HANDOVER_MINUTES: i64 = 60;

/// The offer windows: at least this far ahead of the start (hours), this long (minutes).
pub const WINDOWS: [(i64, i64); 4] = [(24, 15), (6, 10), (2, 5), (0, 3)];

/// A partner able to take the job, as the rule weighs them.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub partner: UserId,
    /// Metres from their last reading, or their home area, to the meeting point; none when
    /// neither is known.
    pub distance_m: Option<f64>,
    /// Jobs they took this week (Monday to Sunday in Vietnam).
    pub jobs_this_week: u32,
    /// They hold an open offer of another job at the same time: one offer at a time, so this
    /// one waits for their answer there.
    pub engaged: bool,
}

impl Candidate {
    /// The key partners are offered in, smallest first.
    fn rank_key(&self) -> (u64, u32, &str) {
        let band = self
            .distance_m
            .filter(|d| d.is_finite())
            .map_or(u64::MAX, |d| (d.max(0.0) / SAME_DISTANCE_M) as u64);
        (band, self.jobs_this_week, self.partner.as_str())
    }
}

/// Candidates in the order they are offered the job, less those known to be out of reach.
pub fn rank(mut candidates: Vec<Candidate>) -> Vec<Candidate> {
    candidates.retain(|c| c.distance_m.is_none_or(|d| d.is_nan() || d <= REACH_M));
    candidates.sort_by(|a, b| a.rank_key().cmp(&b.rank_key()));
    candidates
}

/// What automatic dispatch does next with a job.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Nothing now: taken, an offer is open, it is not automatic, or those left are engaged.
    Wait,
    /// Offer it to this partner until then.
    Offer { to: UserId, until: DateTime<Utc> },
    /// Give it to the operators, flagged.
    HandOver(HandOver),
}

impl Job {
    /// When a job nobody has taken goes to the operators.
    pub fn handover_at(&self) -> DateTime<Utc> {
        self.starts_at() - Duration::minutes(HANDOVER_MINUTES)
    }

    /// How long an offer made at `now` waits for its answer: shorter as the service nears, and
    /// never past the hand-over. None once that has come.
    pub fn offer_window(&self, now: DateTime<Utc>) -> Option<Duration> {
        let left = self.handover_at() - now;
        if left <= Duration::zero() {
            return None;
        }
        let ahead = self.starts_at() - now;
        let minutes = WINDOWS
            .iter()
            .find(|(hours, _)| ahead >= Duration::hours(*hours))
            .map_or(WINDOWS[WINDOWS.len() - 1].1, |(_, minutes)| *minutes);
        Some(Duration::minutes(minutes).min(left))
    }

    /// Automatic dispatch is finding its partner: not by hand, not handed over.
    pub fn dispatched_automatically(&self) -> bool {
        self.dispatch == Dispatch::Automatic
    }

    /// Automatic dispatch gives the job to the operators, saying why.
    pub fn hand_over(&mut self, why: HandOver, now: DateTime<Utc>) {
        self.dispatch = Dispatch::HandedOver(why, now);
    }

    /// Operators turn automatic dispatch off for this job, or on again (it starts afresh: a job
    /// it had handed over is its own again). Answers whether anything changed.
    pub fn dispatch_by_hand(&mut self, by_hand: bool) -> bool {
        let next = if by_hand {
            Dispatch::ByHand
        } else {
            Dispatch::Automatic
        };
        let changed = self.dispatch != next;
        self.dispatch = next;
        changed
    }

    /// Automatic dispatch's next step at `now`, among `ranked` (able partners, in `rank`'s
    /// order): the first never offered this job and not engaged elsewhere, unless an offer is
    /// open, the job is taken, or its hand-over has come. While the only ones left are engaged,
    /// it waits for them; with nobody left at all, the operators have it.
    pub fn next_step(&self, ranked: &[Candidate], now: DateTime<Utc>) -> Step {
        if !self.dispatched_automatically()
            || self.status != JobStatus::Open
            || self.offers.iter().any(|o| o.is_open(now))
        {
            return Step::Wait;
        }
        let Some(window) = self.offer_window(now) else {
            return Step::HandOver(HandOver::Deadline);
        };
        let mut fresh = ranked
            .iter()
            .filter(|c| self.offers.iter().all(|o| o.partner != c.partner))
            .peekable();
        if fresh.peek().is_none() {
            return Step::HandOver(HandOver::NobodyLeft);
        }
        match fresh.find(|c| !c.engaged) {
            Some(c) => Step::Offer {
                to: c.partner.clone(),
                until: now + window,
            },
            None => Step::Wait,
        }
    }
}
