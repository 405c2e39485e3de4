use std::sync::Arc;

use super::model::{LiveEvent, Viewer};
use super::ports::LiveFeed;
use crate::error::DomainResult;

/// At most this many events are caught up after a reconnect; past that the page reads everything
/// again, which is cheaper than a flood of small events.
pub const CATCH_UP_MAX: usize = 200;

/// Hands each watcher the changes it may see.
#[derive(Clone)]
pub struct LiveService {
    feed: Arc<dyn LiveFeed>,
}

/// One open watch: who watches and the last event it passed.
#[derive(Debug)]
pub struct Watch {
    viewer: Viewer,
    cursor: i64,
}

impl Watch {
    /// The id a watcher that loses its stream resumes after.
    pub fn cursor(&self) -> i64 {
        self.cursor
    }
}

/// What a watcher is told next.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    Events(Vec<LiveEvent>),
    /// It missed more than can be caught up: read everything again.
    Reset,
}

impl LiveService {
    pub fn new(feed: Arc<dyn LiveFeed>) -> Self {
        Self { feed }
    }

    /// Starts a watch after `after` (the last id a watcher saw before it lost its stream), or at
    /// the newest event when it has none. An id from the future (another database, a forged
    /// request) starts at the newest too, and says so with a reset.
    pub async fn watch(&self, viewer: Viewer, after: Option<i64>) -> DomainResult<(Watch, bool)> {
        let head = self.feed.head().await?;
        let (cursor, reset) = match after {
            Some(after) if (0..=head).contains(&after) => (after, false),
            Some(_) => (head, true),
            None => (head, false),
        };
        Ok((Watch { viewer, cursor }, reset))
    }

    /// The next changes this watcher may see; waits for them. Safe to drop at any await: the
    /// cursor only moves together with an answer or past events the watcher may not see.
    pub async fn next(&self, watch: &mut Watch) -> DomainResult<Next> {
        loop {
            let events = self.feed.after(watch.cursor, CATCH_UP_MAX + 1).await?;
            let Some(last) = events.last() else {
                continue;
            };
            watch.cursor = last.id;
            if events.len() > CATCH_UP_MAX {
                // Whatever lies behind is read again by the page. Nothing is awaited between
                // moving the cursor and answering, so a watch dropped meanwhile loses nothing.
                return Ok(Next::Reset);
            }
            let seen: Vec<LiveEvent> = events
                .into_iter()
                .filter(|e| watch.viewer.sees(e))
                .collect();
            if !seen.is_empty() {
                return Ok(Next::Events(seen));
            }
        }
    }
}
