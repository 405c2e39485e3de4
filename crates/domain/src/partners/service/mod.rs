//! Who the partners are: staff invite them and turn them on or off; partners set when they work
//! and read what they earned. Every call takes its caller as a value and checks it here: a
//! partner's is made by `partner_of` from the account as it stands, so a disabled partner is
//! refused at once. What partners do with jobs is the jobs' subject (`crate::jobs`).

use std::sync::Arc;

mod availability;
mod earnings;

use crate::audit::{Auditor, Staff};
use crate::catalog::CatalogService;
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::{Principal, Role};
use crate::operations::OperatorService;
use crate::partners::model::{NewPartner, Partner};
use crate::partners::ports::{Commitments, PartnerStore};
use crate::shared::{Clock, Randomness, UserId};

/// How far ahead a partner's taken jobs are read (jobs are booked at most months ahead; the board
/// reads two weeks).
pub const JOBS_AHEAD_DAYS: i64 = 400;

#[derive(Clone)]
pub struct PartnerService {
    store: Arc<dyn PartnerStore>,
    /// The jobs each partner took, which their hours may not uncover.
    commitments: Arc<dyn Commitments>,
    catalog: CatalogService,
    clock: Arc<dyn Clock>,
    auditor: Auditor,
}

impl PartnerService {
    pub fn new(
        store: Arc<dyn PartnerStore>,
        commitments: Arc<dyn Commitments>,
        catalog: CatalogService,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
    ) -> Self {
        Self {
            store,
            commitments,
            catalog,
            auditor: Auditor::new(clock.clone(), random),
            clock,
        }
    }

    /// The partner behind an ID token: the role, and an active partner record.
    pub async fn partner_of(&self, principal: &Principal) -> DomainResult<Partner> {
        if principal.role != Role::Partner {
            return Err(DomainError::PermissionDenied(msg("partner.only")));
        }
        match self.store.partner(&principal.user_id).await? {
            Some(p) if p.active => Ok(p),
            Some(_) => Err(DomainError::PermissionDenied(msg("partner.disabled"))),
            None => Err(DomainError::PermissionDenied(msg("partner.only"))),
        }
    }

    /// One partner, active or not (for the jobs' dispatch, which checks its caller).
    pub(crate) async fn partner(&self, id: &UserId) -> DomainResult<Option<Partner>> {
        self.store.partner(id).await
    }

    /// Every partner, for automatic dispatch (which checks each can take the job).
    pub(crate) async fn all(&self) -> DomainResult<Vec<Partner>> {
        self.store.partners().await
    }

    /// Every partner, for staff (operators dispatch; admins keep the list).
    pub async fn list(&self, _by: &Staff) -> DomainResult<Vec<Partner>> {
        self.store.partners().await
    }

    /// An admin invites a partner: checked first, then their account is made and mailed by
    /// `operators` (the staff's invitation), then their record is written with its audit entry.
    /// Sent again for the same address, the account is found and the record written again, so a
    /// retry after a failed second write completes it.
    pub async fn invite(
        &self,
        by: &Staff,
        operators: &OperatorService,
        email: &str,
        new: NewPartner,
        continue_url: &str,
    ) -> DomainResult<Partner> {
        by.require_admin()?;
        let now = self.clock.now();
        // Refused before any account is made.
        new.clone().of(UserId::parse("checking")?, now)?;
        let account = operators
            .invite_partner(by, email, &new.name, continue_url)
            .await?;
        let mut partner = new.of(account.id, now)?;
        if let Some(before) = self.store.partner(&partner.user_id).await? {
            partner.created_at = before.created_at;
            partner.active = before.active;
            partner.availability = before.availability;
            partner.zalo_notices = before.zalo_notices;
        }
        let audit = self.auditor.entry(
            by,
            "partner.save",
            format!("partner:{}", partner.user_id.as_str()),
            String::new(),
            format!("{} {}", partner.kind.code(), partner.name),
            "",
        );
        self.store.save_partner(&partner, &audit).await?;
        Ok(partner)
    }

    /// A partner asks for their notices on Zalo too (at their phone number), or no more. Answers
    /// them as saved; asking for what is already so changes nothing.
    pub async fn set_zalo_notices(&self, partner: &Partner, on: bool) -> DomainResult<Partner> {
        let mut partner = partner.clone();
        if partner.zalo_notices != on {
            partner.zalo_notices = on;
            let who = format!("partner:{}", partner.user_id.as_str());
            let audit = self.auditor.entry_by(
                who.clone(),
                "partner.zalo",
                who,
                format!("zalo={}", !on),
                format!("zalo={on}"),
            );
            self.store.save_partner(&partner, &audit).await?;
        }
        Ok(partner)
    }

    /// An admin turns a partner off or on. Off, their calls are refused at once (`partner_of`
    /// reads the record on every call); their jobs go back to the board by the jobs' subject
    /// (`JobService::set_partner_active`). Answers the partner as saved.
    pub async fn set_active(&self, by: &Staff, id: &UserId, active: bool) -> DomainResult<Partner> {
        by.require_admin()?;
        let mut partner = self
            .store
            .partner(id)
            .await?
            .ok_or_else(|| DomainError::not_found("partner"))?;
        if partner.active != active {
            let before = format!("active={}", partner.active);
            partner.active = active;
            let audit = self.auditor.entry(
                by,
                "partner.active",
                format!("partner:{}", id.as_str()),
                before,
                format!("active={active}"),
                "",
            );
            self.store.save_partner(&partner, &audit).await?;
        }
        Ok(partner)
    }
}
