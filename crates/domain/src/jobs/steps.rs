//! A job's steps, taken by its partner from the way there to the end: in order, each when its
//! time has come, the same step again changing nothing (phones retry).

use chrono::{DateTime, Duration, Utc};

use super::model::{Job, JobStatus, NoShowProof, SET_OFF_HOURS, status_term};
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::UserId;

impl Job {
    /// The partner moves the job one step on (on the way → arrived → started → completed). The
    /// same step again changes nothing, as phones retry.
    pub fn advance(
        &mut self,
        partner: &UserId,
        to: JobStatus,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require_partner(partner)?;
        if self.status == to {
            return Ok(());
        }
        if self.status.next() != Some(to) {
            return Err(DomainError::FailedPrecondition(
                msg("job.step_out_of_order")
                    .term("from", status_term(self.status))
                    .term("to", status_term(to)),
            ));
        }
        if self.opens_at(to).is_some_and(|opens| now < opens) {
            return Err(DomainError::FailedPrecondition(
                msg("job.too_early").with("hours", SET_OFF_HOURS),
            ));
        }
        self.step(to, format!("partner:{}", partner.as_str()), now);
        Ok(())
    }

    /// The partner meets the traveller and checks their voucher: its code (the order's number,
    /// which its QR holds) must be this job's. The job starts; met on the way (at the arrivals
    /// hall, say), it is marked arrived first.
    pub fn check_in(
        &mut self,
        partner: &UserId,
        code: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require_partner(partner)?;
        if self.status == JobStatus::Started {
            return Ok(());
        }
        let code = code.trim();
        if !code.eq_ignore_ascii_case(self.order_id.as_str()) {
            return Err(DomainError::invalid(
                "voucher_code",
                msg("job.voucher_mismatch"),
            ));
        }
        if self.status == JobStatus::OnTheWay {
            self.advance(partner, JobStatus::Arrived, now)?;
        }
        self.advance(partner, JobStatus::Started, now)
    }

    /// Nobody came: only after arriving, once the free waiting time has passed since the later
    /// of the arrival and the start, with the photo and position to show for it.
    pub fn no_show(
        &mut self,
        partner: &UserId,
        proof: NoShowProof,
        now: DateTime<Utc>,
    ) -> DomainResult<()> {
        self.require_partner(partner)?;
        if self.status == JobStatus::NoShow {
            return Ok(());
        }
        let Some(allowed) = self.opens_at(JobStatus::NoShow) else {
            return Err(DomainError::FailedPrecondition(msg(
                "job.no_show_not_arrived",
            )));
        };
        if now < allowed {
            // Whole minutes, rounded up: "1 minute" until the last second.
            let minutes = ((allowed - now).num_seconds() + 59) / 60;
            return Err(DomainError::FailedPrecondition(
                msg("job.no_show_too_soon")
                    .with("waiting", self.free_waiting_minutes)
                    .with("minutes", minutes),
            ));
        }
        if proof.photo.trim().is_empty() {
            return Err(DomainError::invalid("photo", msg("job.no_show_photo")));
        }
        // The proof's reading is held to the rules of any other (`Position::check`).
        if let Err(dropped) = proof.position.check(None, now) {
            return Err(DomainError::invalid("position", dropped.message()));
        }
        self.no_show = Some(proof);
        self.step(
            JobStatus::NoShow,
            format!("partner:{}", partner.as_str()),
            now,
        );
        Ok(())
    }

    /// When the partner may take step `to`, where a step waits for a time (the apps show it, and
    /// the button opens then): setting off `SET_OFF_HOURS` before the start; a no-show, once
    /// arrived, when the free waiting time has passed since the latest of the arrival, the start
    /// and the flight's landing (`None` before arriving). Other steps wait for nothing.
    pub fn opens_at(&self, to: JobStatus) -> Option<DateTime<Utc>> {
        match to {
            JobStatus::OnTheWay => Some(self.starts_at() - Duration::hours(SET_OFF_HOURS)),
            JobStatus::NoShow => self
                .arrived_at()
                .filter(|_| self.status == JobStatus::Arrived)
                .map(|arrived| {
                    let landed = self.landed_at.unwrap_or(self.starts_at());
                    arrived.max(self.starts_at()).max(landed)
                        + Duration::minutes(i64::from(self.free_waiting_minutes))
                }),
            _ => None,
        }
    }

    /// When the partner said they had arrived.
    pub fn arrived_at(&self) -> Option<DateTime<Utc>> {
        self.steps
            .iter()
            .rev()
            .find(|s| s.status == JobStatus::Arrived)
            .map(|s| s.at)
    }

    /// Whether `partner` may send where they are: theirs, on the way or there.
    pub fn may_report(&self, partner: &UserId) -> DomainResult<()> {
        self.require_partner(partner)?;
        if !self.status.shares_position() {
            return Err(DomainError::FailedPrecondition(msg("position.not_sharing")));
        }
        Ok(())
    }
}
