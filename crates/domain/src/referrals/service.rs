//! A customer's code and how their invitations stand; a new customer's claim; the admins'
//! program; and the pass that rewards both sides once the new customer's first order is done.

use std::sync::Arc;

use super::model::{Program, Referral, ReferralCode, check_claim, email_key};
use super::ports::{ClaimError, ReferralStore, Standing};
use crate::audit::{Auditor, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::OrderStore;
use crate::payment::{EntryKind, LedgerEntry, PaymentService};
use crate::shared::{Clock, Money, Randomness, UserId};

#[derive(Clone)]
pub struct ReferralService {
    store: Arc<dyn ReferralStore>,
    payments: PaymentService,
    /// Begins the unit a reward is written in.
    orders: Arc<dyn OrderStore>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
    audit: Auditor,
}

/// A customer's own invitation: their code, what the program gives now, how theirs stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MyReferral {
    pub code: ReferralCode,
    pub program: Program,
    pub standing: Standing,
}

impl ReferralService {
    pub fn new(
        store: Arc<dyn ReferralStore>,
        payments: PaymentService,
        orders: Arc<dyn OrderStore>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
    ) -> Self {
        Self {
            store,
            payments,
            orders,
            audit: Auditor::new(clock.clone(), random.clone()),
            clock,
            random,
        }
    }

    /// The customer's code (made the first time they ask) and how their invitations stand.
    pub async fn mine(&self, customer: &UserId) -> DomainResult<MyReferral> {
        let mut attempts = 0;
        let code = loop {
            attempts += 1;
            match self
                .store
                .code_of(customer, &ReferralCode::random(&*self.random))
                .await
            {
                // Another customer's code already: 32^8 makes it rare; another try.
                Err(DomainError::Conflict(_)) if attempts < 3 => continue,
                done => break done?,
            }
        };
        Ok(MyReferral {
            code,
            program: self.store.program().await?,
            standing: self.store.standing(customer).await?,
        })
    }

    /// A new customer claims an inviter's code; refused in words when the program is off, the code
    /// is none, it is their own or an e-mail twin's, they have bought before, or they (or their
    /// e-mail) have claimed one already.
    pub async fn claim(&self, customer: &UserId, raw: &str) -> DomainResult<Referral> {
        let code = ReferralCode::parse(raw)?;
        let terms = self.store.program().await?;
        if !terms.active {
            return Err(DomainError::FailedPrecondition(msg("referral.off")));
        }
        let referrer = self.store.owner_of(&code).await?.ok_or_else(|| {
            DomainError::FailedPrecondition(msg("referral.unknown").with("code", code.as_str()))
        })?;
        let their_email = self.store.email_of(&referrer).await?.unwrap_or_default();
        let my_email = self
            .store
            .email_of(customer)
            .await?
            .ok_or_else(|| DomainError::not_found("account"))?;
        let has_ordered = self.store.has_ordered(customer).await?;
        check_claim(
            (&referrer, &their_email),
            (customer, &my_email),
            has_ordered,
        )
        .map_err(DomainError::FailedPrecondition)?;
        let referral = Referral {
            id: self.random.id().chars().take(16).collect(),
            referrer,
            referred: customer.clone(),
            referred_key: email_key(&my_email),
            terms,
            claimed_at: self.clock.now(),
            rewarded_at: None,
        };
        match self.store.claim(&referral).await {
            Ok(()) => Ok(referral),
            Err(ClaimError::Claimed) => {
                Err(DomainError::FailedPrecondition(msg("referral.claimed")))
            }
            Err(ClaimError::Other(e)) => Err(e),
        }
    }

    pub async fn program(&self, by: &Staff) -> DomainResult<Program> {
        by.require_admin()?;
        self.store.program().await
    }

    /// Sets what the program gives from now on (admins, audited); claims made keep their terms.
    pub async fn save_program(&self, by: &Staff, program: &Program) -> DomainResult<()> {
        by.require_admin()?;
        program.validate()?;
        let before = self.store.program().await?;
        let audit = self.audit.entry(
            by,
            "referral.program",
            "referral-program".into(),
            format!("{before:?}"),
            format!("{program:?}"),
            "",
        );
        self.store
            .save_program(program, &audit, self.clock.now())
            .await
    }

    /// Rewards the claims whose new customer's first order is completed: both sides' credit and
    /// the mark in one unit, so of two nodes' passes one gives it (at most `limit` a pass).
    pub async fn reward_due(&self, limit: u32) -> DomainResult<usize> {
        let mut rewarded = 0;
        for r in self.store.due(limit).await? {
            let now = self.clock.now();
            let mut unit = self.orders.begin().await?;
            if !self.store.mark_rewarded(&mut unit, &r.id, now).await? {
                continue;
            }
            let (by, new) = r.grant_ids();
            let expires = r.terms.expires(now);
            let sides = [
                (&r.referrer, by, r.terms.referrer, "ledger.referral_by"),
                (&r.referred, new, r.terms.referred, "ledger.referral_new"),
            ];
            for (owner, grant, amount, note) in sides {
                if amount > Money::ZERO {
                    let entry = LedgerEntry {
                        kind: EntryKind::Referral,
                        ..LedgerEntry::grant(owner, &grant, amount, msg(note), now, expires)
                    };
                    self.payments.post_in(&mut unit, &entry).await?;
                }
            }
            unit.commit().await?;
            rewarded += 1;
        }
        Ok(rewarded)
    }
}
