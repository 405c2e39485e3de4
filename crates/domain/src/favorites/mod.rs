//! Favourite therapists, and the therapist finder that puts a customer's favourites first.

mod service;
#[cfg(test)]
mod tests;

use async_trait::async_trait;

use crate::error::DomainResult;
use crate::identity::UserId;

pub use service::{FavoriteService, Found};

/// Where each customer's favourites are kept, in the order the customer gave them.
#[async_trait]
pub trait FavoriteStore: Send + Sync {
    async fn get(&self, owner: &UserId) -> DomainResult<Vec<String>>;
    /// Replaces the whole set in one transaction.
    async fn replace(&self, owner: &UserId, therapist_ids: &[String]) -> DomainResult<()>;
}
