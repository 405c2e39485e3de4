use chrono::{DateTime, Utc};

use crate::identity::TokenHash;

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
