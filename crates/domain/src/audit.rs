//! The audit log's vocabulary: who acted on the business (an operator, a service key, the shell)
//! and the entry each action leaves, written in the transaction of the change it records.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::error::{DomainResult, msg};
use crate::shared::{Clock, Randomness, UserId};

/// Who performs an operator action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Staff {
    /// A person signed in with the operator or the admin role.
    Operator {
        user_id: UserId,
        email: String,
        /// The name customers see (their profile's, which admins give).
        name: String,
        admin: bool,
    },
    /// An internal service calling with an API key, issued for one role or the other.
    Service {
        key_id: String,
        name: String,
        admin: bool,
    },
    /// Someone at the server's shell (the `admin` command), who may do anything.
    Shell { name: String },
}

impl Staff {
    /// Whether they may keep the catalogue, prices, therapists' hours, wallets, staff and keys;
    /// everyone staff may run orders, dispatch, support and transfers.
    pub fn is_admin(&self) -> bool {
        match self {
            Staff::Operator { admin, .. } | Staff::Service { admin, .. } => *admin,
            Staff::Shell { .. } => true,
        }
    }

    /// Refuses an admin's duty to an operator (PERMISSION_DENIED), whatever page asked.
    pub fn require_admin(&self) -> DomainResult<()> {
        if self.is_admin() {
            Ok(())
        } else {
            Err(crate::DomainError::PermissionDenied(msg(
                "staff.admin_only",
            )))
        }
    }

    /// The longest name an order's history or a thread keeps for whoever acted.
    pub const NAME_MAX: usize = 64;

    /// How an order's history and a support thread name them, which customers read: an
    /// operator's name (never their address), a key's or the shell's name.
    pub fn name(&self) -> String {
        match self {
            Staff::Operator { name, .. } | Staff::Service { name, .. } | Staff::Shell { name } => {
                name.clone()
            }
        }
    }

    /// `name`, checked to fit where it is kept (a shell's name is whatever was typed).
    pub fn checked_name(&self) -> DomainResult<String> {
        crate::shared::text(
            "operator",
            &self.name(),
            Self::NAME_MAX,
            msg("staff.name_required"),
        )
    }

    /// Who exactly, for the audit log: `operator:{e-mail}`, `service:{key name}`, `shell:{name}`.
    pub fn actor(&self) -> String {
        match self {
            Staff::Operator { email, .. } => format!("operator:{email}"),
            Staff::Service { name, .. } => format!("service:{name}"),
            Staff::Shell { name } => format!("shell:{name}"),
        }
    }
}

/// One operator action: who, what, on what, when, the target before and after, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: String,
    pub at: DateTime<Utc>,
    pub actor: String,
    /// `order.assign_driver`, `wallet.adjust`, `key.issue`, …
    pub action: String,
    /// `order:BK…`, `wallet:<user>`, `thread:cs-…`, `key:<id>`, `account:<id>`.
    pub target: String,
    pub before: String,
    pub after: String,
    pub reason: String,
}

impl AuditEntry {
    /// An entry of `by`'s action, to be written in the transaction of the change it records.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        random: &dyn Randomness,
        at: DateTime<Utc>,
        by: &Staff,
        action: &str,
        target: String,
        before: String,
        after: String,
        reason: &str,
    ) -> Self {
        Self {
            id: format!("au-{}", crate::shared::id_tail(&random.id(), 20)),
            at,
            actor: by.actor(),
            action: action.to_owned(),
            target,
            before,
            after,
            reason: reason.trim().to_owned(),
        }
    }
}

/// Makes the audit entries of changes made now: a service that records its staff's actions
/// holds one rather than its own clock and id source.
#[derive(Clone)]
pub struct Auditor {
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
}

impl Auditor {
    pub fn new(clock: Arc<dyn Clock>, random: Arc<dyn Randomness>) -> Self {
        Self { clock, random }
    }

    /// An entry of `by`'s action, now, to be written in the transaction of the change it records.
    pub fn entry(
        &self,
        by: &Staff,
        action: &str,
        target: String,
        before: String,
        after: String,
        reason: &str,
    ) -> AuditEntry {
        AuditEntry::new(
            &*self.random,
            self.clock.now(),
            by,
            action,
            target,
            before,
            after,
            reason,
        )
    }

    /// An entry of an action by someone who is not staff (a partner setting their own hours),
    /// named as the log names them (`partner:{id}`).
    pub fn entry_by(
        &self,
        actor: String,
        action: &str,
        target: String,
        before: String,
        after: String,
    ) -> AuditEntry {
        AuditEntry {
            id: format!("au-{}", crate::shared::id_tail(&self.random.id(), 20)),
            at: self.clock.now(),
            actor,
            action: action.to_owned(),
            target,
            before,
            after,
            reason: String::new(),
        }
    }
}
