use crate::error::{DomainError, DomainResult, msg};

/// An account's id (the token's `sub`): random, URL-safe, never reused.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(String);

impl UserId {
    pub fn parse(raw: &str) -> DomainResult<Self> {
        let ok = (1..=64).contains(&raw.len())
            && raw
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(DomainError::invalid("user_id", msg("user.id")))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}
