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
    /// The events above `after` that `wanted` picks, oldest first, at most `limit`, and the id
    /// up to which it looked (where to go on from); waits until it has found one. A reader picks
    /// its own before anything is copied or counted: one customer among thousands is not handed
    /// everyone's events to throw away, nor falls behind on events not theirs.
    async fn after(
        &self,
        after: i64,
        limit: usize,
        wanted: Wanted<'_>,
    ) -> DomainResult<(Vec<LiveEvent>, i64)>;
}

/// Which events a reader wants.
pub type Wanted<'a> = &'a (dyn Fn(&LiveEvent) -> bool + Send + Sync);
