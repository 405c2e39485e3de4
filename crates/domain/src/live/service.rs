use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use super::model::{Holder, LiveEvent, Viewer};
use super::ports::LiveFeed;
use crate::error::{DomainError, DomainResult, msg};

/// At most this many events are caught up after a reconnect; past that the page reads everything
/// again, which is cheaper than a flood of small events.
pub const CATCH_UP_MAX: usize = 200;

/// The watches one account or key may hold open on a node unless configured otherwise: a page
/// opens one, so this is many tabs, and a script opening thousands is refused.
pub const WATCHES_PER_HOLDER: usize = 16;

/// The most orders one watch may follow the partners' positions of: a board's jobs on the way.
pub const FOLLOWED_MAX: usize = 200;

/// Hands each watcher the changes it may see.
#[derive(Clone)]
pub struct LiveService {
    feed: Arc<dyn LiveFeed>,
    open: Arc<Mutex<HashMap<Holder, usize>>>,
    /// At most this many watches a holder; 0 for no cap (a bench of a thousand streams).
    per_holder: usize,
}

/// One open watch: who watches, on whose credentials, and the last event it passed. It counts
/// against its holder's watches until dropped.
#[derive(Debug)]
pub struct Watch {
    viewer: Viewer,
    holder: Holder,
    /// The orders whose partners' positions it follows (`Viewer::sees_following`).
    following: Arc<BTreeSet<String>>,
    cursor: i64,
    open: Arc<Mutex<HashMap<Holder, usize>>>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.holder) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.holder);
            }
        }
    }
}

impl Watch {
    /// The id a watcher that loses its stream resumes after.
    pub fn cursor(&self) -> i64 {
        self.cursor
    }

    /// Follows the positions of these orders' partners too (staff; `FOLLOWED_MAX` at most).
    pub fn follow(&mut self, orders: Vec<String>) -> DomainResult<()> {
        let orders: BTreeSet<String> = orders.into_iter().collect();
        if orders.len() > FOLLOWED_MAX {
            return Err(DomainError::InvalidArgument {
                field: "follow_orders".into(),
                message: msg("live.too_many_followed").with("max", FOLLOWED_MAX),
            });
        }
        self.following = Arc::new(orders);
        Ok(())
    }

    fn sees(&self, event: &LiveEvent) -> bool {
        self.viewer.sees_following(event, &self.following)
    }
}

/// What a watcher is told next.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    Events(Vec<LiveEvent>),
    /// It missed more than can be caught up: read everything again (and check the credentials:
    /// what was skipped may have taken them back).
    Reset,
    /// The watch's credentials were taken back meanwhile: check them, and pass these on only if
    /// they still hold.
    Recheck(Vec<LiveEvent>),
}

impl LiveService {
    pub fn new(feed: Arc<dyn LiveFeed>, per_holder: usize) -> Self {
        Self {
            feed,
            open: Arc::default(),
            per_holder,
        }
    }

    /// Starts a watch after `after` (the last id a watcher saw before it lost its stream), or at
    /// the newest event when it has none. An id from the future (another database, a forged
    /// request) starts at the newest too, and says so with a reset. A holder with its most
    /// watches open is refused until one closes.
    pub async fn watch(
        &self,
        viewer: Viewer,
        holder: Holder,
        after: Option<i64>,
    ) -> DomainResult<(Watch, bool)> {
        {
            let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
            let n = open.entry(holder.clone()).or_default();
            if self.per_holder > 0 && *n >= self.per_holder {
                return Err(DomainError::Throttled {
                    message: msg("live.too_many").with("max", self.per_holder),
                    retry_after_secs: 30,
                });
            }
            *n += 1;
        }
        // Counted from here: dropped on any early return below, the watch gives its place back.
        let mut watch = Watch {
            viewer,
            holder,
            following: Arc::default(),
            cursor: 0,
            open: self.open.clone(),
        };
        let head = self.feed.head().await?;
        let (cursor, reset) = match after {
            Some(after) if (0..=head).contains(&after) => (after, false),
            Some(_) => (head, true),
            None => (head, false),
        };
        watch.cursor = cursor;
        Ok((watch, reset))
    }

    /// The next changes this watcher may see; waits for them. Safe to drop at any await: the
    /// cursor only moves together with an answer or past events the watcher may not see.
    pub async fn next(&self, watch: &mut Watch) -> DomainResult<Next> {
        loop {
            let (viewer, holder) = (watch.viewer.clone(), watch.holder.clone());
            let following = watch.following.clone();
            let wanted =
                move |e: &LiveEvent| viewer.sees_following(e, &following) || holder.revoked_by(e);
            let (events, looked) = self
                .feed
                .after(watch.cursor, CATCH_UP_MAX + 1, &wanted)
                .await?;
            // Past what it looked at, whether this watcher sees any of it or not.
            watch.cursor = looked;
            if events.is_empty() {
                continue;
            }
            if events.len() > CATCH_UP_MAX {
                // Whatever lies behind is read again by the page. Nothing is awaited between
                // moving the cursor and answering, so a watch dropped meanwhile loses nothing.
                return Ok(Next::Reset);
            }
            let revoked = events.iter().any(|e| watch.holder.revoked_by(e));
            let seen: Vec<LiveEvent> = events.into_iter().filter(|e| watch.sees(e)).collect();
            if revoked {
                return Ok(Next::Recheck(seen));
            }
            if !seen.is_empty() {
                return Ok(Next::Events(seen));
            }
        }
    }
}
