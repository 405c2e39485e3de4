use chrono::{DateTime, Utc};

use crate::error::{DomainError, DomainResult};
use crate::identity::{Principal, Randomness, Role, TokenHash, UserId};
use crate::ordering::Order;

/// Who performs an operator action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Staff {
    /// A person signed in with the operator role.
    Operator { user_id: UserId, email: String },
    /// An internal service calling with an API key.
    Service { key_id: String, name: String },
    /// Someone at the server's shell (the `admin` command).
    Shell { name: String },
}

impl Staff {
    /// The longest name an order's history or a thread keeps for whoever acted.
    pub const NAME_MAX: usize = 64;

    /// An operator's ID token makes staff; a customer's is refused.
    pub fn from_principal(p: Principal) -> DomainResult<Self> {
        match p.role {
            Role::Operator => Ok(Staff::Operator {
                user_id: p.user_id,
                email: p.email,
            }),
            Role::Customer => Err(DomainError::PermissionDenied("這個操作只限營運人員".into())),
        }
    }

    /// How an order's history and a support thread name them, which customers read: an
    /// operator's mailbox name (never the whole address), a key's or the shell's name.
    pub fn name(&self) -> String {
        match self {
            Staff::Operator { email, .. } => email.split('@').next().unwrap_or_default().to_owned(),
            Staff::Service { name, .. } | Staff::Shell { name } => name.clone(),
        }
    }

    /// `name`, checked to fit where it is kept (a shell's name is whatever was typed).
    pub fn checked_name(&self) -> DomainResult<String> {
        crate::shared::text(
            "operator",
            &self.name(),
            Self::NAME_MAX,
            "請輸入操作人員名稱",
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

/// A service account's API key. The secret is shown once when issued; only its hash is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceKey {
    pub id: String,
    pub name: String,
    pub hash: TokenHash,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

impl ServiceKey {
    /// Keys read `bks_` and then the secret, so a leaked one is recognisable in logs and scans.
    pub const PREFIX: &'static str = "bks_";
    pub const NAME_MAX: usize = 40;
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

/// What the audit log keeps of an order: its state, who drives or which therapist.
pub fn order_snapshot(o: &Order) -> String {
    let mut text = format!("state={}", o.state.code());
    if let Some(d) = &o.driver {
        text.push_str(&format!(
            " driver={} {} {}",
            d.name,
            d.phone.e164(),
            d.plate
        ));
    }
    if let crate::ordering::ServiceDetails::Massage(m) = &o.details {
        text.push_str(&format!(" therapist={}", m.therapist.therapist_id()));
    }
    text
}
