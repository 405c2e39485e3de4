use chrono::{DateTime, Utc};

use crate::identity::{Account, TokenHash};
use crate::shared::{Money, UserId};

/// A service account's API key. The secret is shown once when issued; only its hash is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceKey {
    pub id: String,
    pub name: String,
    pub hash: TokenHash,
    /// Whether it may do an admin's duties too (an operator's otherwise).
    pub admin: bool,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

impl ServiceKey {
    /// Keys read `bks_` and then the secret, so a leaked one is recognisable in logs and scans.
    pub const PREFIX: &'static str = "bks_";
    pub const NAME_MAX: usize = 40;
}

/// A staff account and the name customers see on its replies and in their orders' history (an
/// admin's choice; the mailbox until one is given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffMember {
    pub account: Account,
    pub name: String,
}

/// A customer as operators find them: who, how to reach them, and their wallet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerCard {
    pub id: UserId,
    pub email: String,
    pub display_name: String,
    /// `+{country code} {number}` from the profile, when given.
    pub phone: Option<String>,
    pub created_at: DateTime<Utc>,
    pub disabled: bool,
    pub balance: Money,
}

/// Which customers an operator looks for; nothing set finds the newest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CustomerFilter {
    /// Part of the e-mail address, in lower case.
    pub email_part: Option<String>,
    /// The profile's phone number (without its country code) is one of these.
    pub phone_numbers: Option<Vec<String>>,
}

/// Which audit entries; nothing set is every one, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    /// One target: `order:BK…`, `wallet:…`.
    pub target: Option<String>,
    /// Part of who acted (`operator:lan@…`, `service:…`).
    pub actor_part: Option<String>,
    /// One action, or all that start with `order.` when it ends with a dot.
    pub action: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
}
