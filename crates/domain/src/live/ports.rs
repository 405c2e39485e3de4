use async_trait::async_trait;

use super::model::LiveEvent;
use crate::error::DomainResult;

/// The changes as the nodes see them. An event is written by the store that makes the change, in
/// its transaction, and events become visible in the order of their ids (the stores serialise
/// the writing of events), so a reader that has seen id N has seen every id below it.
#[async_trait]
pub trait LiveFeed: Send + Sync {
    /// The newest event's id now (0 when there is none): where a new watcher starts.
    async fn head(&self) -> DomainResult<i64>;
    /// Events with an id above `after`, oldest first, at most `limit`; waits until there is at
    /// least one.
    async fn after(&self, after: i64, limit: usize) -> DomainResult<Vec<LiveEvent>>;
}
