//! Partners set when they work from the app.

use chrono::{Duration, NaiveDate};

use super::{JOBS_AHEAD_DAYS, PartnerService};
use crate::catalog::{Shift, Therapist};
use crate::error::{DomainError, DomainResult, msg};
use crate::partners::availability::{Availability, uncovered};
use crate::partners::model::{Partner, PartnerKind};
use crate::shared::LocalTime;

impl PartnerService {
    /// When the partner works: a therapist's hours and days off as the catalogue has them, a
    /// driver's or guide's their own.
    pub async fn availability(&self, partner: &Partner) -> DomainResult<Availability> {
        Ok(match self.therapist_of(partner).await? {
            Some(t) => Availability {
                hours: t.hours,
                days_off: t.days_off,
            },
            None => partner.availability.clone(),
        })
    }

    /// The partner sets their weekly hours and days off. Refused, naming the job, when a job they
    /// took and have not finished would fall outside them; a therapist keeps at least one shift
    /// (with none she could never be booked). A therapist's go to her catalogue record, where the
    /// massage finder reads them too.
    pub async fn set_availability(
        &self,
        partner: &Partner,
        hours: Vec<Shift>,
        days_off: Vec<NaiveDate>,
    ) -> DomainResult<Availability> {
        let now = self.clock.now();
        let today = LocalTime::of(now).naive().date();
        let wanted = Availability::new(hours, days_off, today)?;
        let therapist = self.therapist_of(partner).await?;
        if partner.keeps_hours() && wanted.hours.is_empty() {
            return Err(DomainError::invalid(
                "hours",
                msg("availability.therapist_hours"),
            ));
        }
        let taken = self
            .commitments
            .commitments(
                &partner.user_id,
                now - Duration::days(1),
                now + Duration::days(JOBS_AHEAD_DAYS),
            )
            .await?;
        let audit = |before: String| {
            let who = format!("partner:{}", partner.user_id.as_str());
            self.auditor.entry_by(
                who.clone(),
                "partner.availability",
                who,
                before,
                snapshot(&wanted),
            )
        };
        match therapist {
            Some(t) => {
                let with = |t: &mut Therapist| {
                    t.hours = wanted.hours.clone();
                    t.days_off = wanted.days_off.clone();
                };
                let mut after = t.clone();
                with(&mut after);
                uncovered(&taken, |start, minutes| after.works(start, minutes))?;
                let before = snapshot(&Availability {
                    hours: t.hours.clone(),
                    days_off: t.days_off.clone(),
                });
                self.catalog
                    .change_therapist(&t.id, with, |_, _| audit(before))
                    .await?;
            }
            None => {
                uncovered(&taken, |start, minutes| wanted.covers(start, minutes))?;
                let mut changed = partner.clone();
                changed.availability = wanted.clone();
                if changed != *partner {
                    let before = snapshot(&partner.availability);
                    self.store.save_partner(&changed, &audit(before)).await?;
                }
            }
        }
        Ok(wanted)
    }

    /// A therapist partner's record in the catalogue; none for the others.
    async fn therapist_of(&self, partner: &Partner) -> DomainResult<Option<Therapist>> {
        match (partner.kind, &partner.therapist_id) {
            (PartnerKind::Therapist, Some(id)) => Ok(Some(self.catalog.therapist(id).await?)),
            _ => Ok(None),
        }
    }
}

/// What the audit log keeps of availability.
fn snapshot(a: &Availability) -> String {
    let hours: Vec<String> = a.hours.iter().map(Shift::summary).collect();
    let days: Vec<String> = a.days_off.iter().map(|d| d.to_string()).collect();
    format!("hours={} days_off={}", hours.join("; "), days.join(","))
}
