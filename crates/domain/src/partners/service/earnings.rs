//! Partners read what they earned; admins pay it by the week.

use super::PartnerService;
use crate::audit::Staff;
use crate::error::{DomainError, DomainResult};
use crate::partners::earnings::{
    EarningCause, EarningsSummary, Payroll, STATEMENT_WEEKS, Statement, Week,
};
use crate::partners::model::Partner;
use crate::shared::{Money, UserId};

impl PartnerService {
    /// A partner's earnings: today, this week, what is owed, and the last weeks' statements.
    pub async fn earnings(&self, partner: &Partner) -> DomainResult<EarningsSummary> {
        let now = self.clock.now();
        let this_week = Week::of(now);
        let from = this_week.back(STATEMENT_WEEKS - 1);
        let entries = self
            .store
            .ledger(Some(&partner.user_id), from, this_week.next())
            .await?;
        let owed = self.store.owed(&partner.user_id).await?;
        Ok(EarningsSummary::of(entries, owed, now))
    }

    /// One week of a partner's, with each entry.
    pub async fn statement(&self, partner: &Partner, week: Week) -> DomainResult<Statement> {
        self.statement_of(&partner.user_id, week).await
    }

    async fn statement_of(&self, partner: &UserId, week: Week) -> DomainResult<Statement> {
        let entries = self.store.ledger(Some(partner), week, week.next()).await?;
        Ok(Statement::of(week, entries))
    }

    /// Every partner's statement of a week that has anything in it, by name: what admins pay and
    /// export (money is the admins' to see). With no week named, last week (Vietnam time): the
    /// one usually paid.
    pub async fn payroll(&self, by: &Staff, week: Option<Week>) -> DomainResult<Payroll> {
        by.require_admin()?;
        let now = self.clock.now();
        let week = week.unwrap_or_else(|| Week::of(now).back(1));
        let mut entries = self.store.ledger(None, week, week.next()).await?;
        let mut lines = Vec::new();
        for partner in self.store.partners().await? {
            let theirs: Vec<_> = entries
                .extract_if(.., |e| e.partner == partner.user_id)
                .collect();
            if !theirs.is_empty() {
                lines.push((partner, Statement::of(week, theirs)));
            }
        }
        Ok(Payroll {
            week,
            over: week.is_over(now),
            lines,
        })
    }

    /// An admin records that a partner's week was paid by bank transfer, with its reference
    /// (`Statement::pay` says when it may be). The same click sent twice pays once.
    pub async fn pay_week(
        &self,
        by: &Staff,
        partner: &UserId,
        week: Week,
        reference: &str,
    ) -> DomainResult<Statement> {
        by.require_admin()?;
        if self.store.partner(partner).await?.is_none() {
            return Err(DomainError::not_found("partner"));
        }
        let statement = self.statement_of(partner, week).await?;
        let now = self.clock.now();
        let payout = statement.pay(reference, &by.actor(), now)?;
        if statement.paid.is_none() {
            let audit = self.auditor.entry(
                by,
                "partner.pay_week",
                format!("partner:{}", partner.as_str()),
                format!("week={} due={}", week.code(), statement.due().amount()),
                format!("paid={}", -payout.amount.amount()),
                &payout.reference,
            );
            if !self.store.add_payout(&payout, &audit).await? {
                // Another admin paid it at the same moment: theirs stands, said as for any
                // week paid already.
                let now_paid = self.statement_of(partner, week).await?;
                now_paid.pay(reference, &by.actor(), now)?;
                return Ok(now_paid);
            }
        }
        self.statement_of(partner, week).await
    }

    /// An admin's correction of a partner's earnings in this week (a bonus, or a wrong earning
    /// taken back), with its reason, audited; the same request again writes nothing more.
    /// Answers the week's statement.
    pub async fn correct_earnings(
        &self,
        by: &Staff,
        partner: &UserId,
        amount: Money,
        reason: &str,
        request: &str,
    ) -> DomainResult<Statement> {
        by.require_admin()?;
        if self.store.partner(partner).await?.is_none() {
            return Err(DomainError::not_found("partner"));
        }
        let now = self.clock.now();
        let week = Week::of(now);
        let statement = self.statement_of(partner, week).await?;
        let replayed = statement
            .entries
            .iter()
            .any(|e| e.cause == EarningCause::Correction && e.request.as_deref() == Some(request));
        if !replayed {
            let line = statement.correct(partner, amount, reason, (request, &by.actor()), now)?;
            let audit = self.auditor.entry(
                by,
                "partner.correct_earnings",
                format!("partner:{}", partner.as_str()),
                format!("week={} earned={}", week.code(), statement.earned.amount()),
                format!("amount={}", line.amount.amount()),
                &line.reference,
            );
            // A retried click's line may be written meanwhile: its key keeps it one.
            self.store.add_earning(&line, &audit).await?;
        }
        self.statement_of(partner, week).await
    }
}
