//! Support threads in memory, and a rate limiter.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::error::DomainResult;
use crate::identity::{Limit, RateLimiter, Take, Window};
use crate::shared::{Page, PageRequest, UserId};
use crate::support::{
    Author, Message, RequestId, Side, SupportStore, Thread, ThreadId, ThreadView,
};

/// A row with the request id it was written under.
type Keyed<T> = (T, Option<RequestId>);

/// Threads in memory, with the SQL stores' request-id rules.
#[derive(Default)]
pub(crate) struct Threads {
    threads: Mutex<HashMap<ThreadId, Keyed<Thread>>>,
    messages: Mutex<HashMap<ThreadId, Vec<Keyed<Message>>>>,
}

#[async_trait]
impl SupportStore for Threads {
    async fn open(
        &self,
        thread: &Thread,
        first: &Message,
        request: Option<&RequestId>,
    ) -> DomainResult<Thread> {
        let mut threads = self.threads.lock().unwrap();
        if let Some((t, _)) = threads
            .values()
            .find(|(t, r)| t.owner == thread.owner && request.is_some() && r.as_ref() == request)
        {
            return Ok(t.clone());
        }
        threads.insert(thread.id.clone(), (thread.clone(), request.cloned()));
        self.messages
            .lock()
            .unwrap()
            .insert(thread.id.clone(), vec![(first.clone(), None)]);
        Ok(thread.clone())
    }
    async fn get(&self, id: &ThreadId) -> DomainResult<Option<Thread>> {
        Ok(self.threads.lock().unwrap().get(id).map(|(t, _)| t.clone()))
    }
    async fn messages(&self, id: &ThreadId) -> DomainResult<Vec<Message>> {
        let all = self.messages.lock().unwrap();
        Ok(all[id].iter().map(|(m, _)| m.clone()).collect())
    }
    async fn append(
        &self,
        id: &ThreadId,
        message: &Message,
        request: Option<&RequestId>,
        _: Option<&crate::audit::AuditEntry>,
    ) -> DomainResult<()> {
        let mut all = self.messages.lock().unwrap();
        let list = all.get_mut(id).unwrap();
        if request.is_some() && list.iter().any(|(_, r)| r.as_ref() == request) {
            return Ok(());
        }
        list.push((message.clone(), request.cloned()));
        let mut threads = self.threads.lock().unwrap();
        let (t, _) = threads.get_mut(id).unwrap();
        t.message_count += 1;
        t.updated_at = message.at;
        t.preview = Thread::preview_of(&message.body);
        t.closed_at = None;
        match message.author {
            Author::Customer => t.unread_by_operators += 1,
            Author::Operator(_) => t.unread_by_customer += 1,
        }
        Ok(())
    }
    async fn set_closed(
        &self,
        id: &ThreadId,
        closed_at: Option<DateTime<Utc>>,
        _: &crate::audit::AuditEntry,
    ) -> DomainResult<()> {
        let mut threads = self.threads.lock().unwrap();
        threads.get_mut(id).unwrap().0.closed_at = closed_at;
        Ok(())
    }
    async fn mark_read(&self, id: &ThreadId, side: Side) -> DomainResult<()> {
        let mut threads = self.threads.lock().unwrap();
        let (t, _) = threads.get_mut(id).unwrap();
        match side {
            Side::Customer => t.unread_by_customer = 0,
            Side::Operators => t.unread_by_operators = 0,
        }
        Ok(())
    }
    async fn list(
        &self,
        owner: Option<&UserId>,
        view: ThreadView,
        _: &PageRequest,
    ) -> DomainResult<Page<Thread>> {
        let mut items: Vec<Thread> = self
            .threads
            .lock()
            .unwrap()
            .values()
            .filter(|(t, _)| owner.is_none_or(|o| &t.owner == o))
            .filter(|(t, _)| view.keeps(t))
            .map(|(t, _)| t.clone())
            .collect();
        items.sort_by_key(|t| std::cmp::Reverse(t.updated_at));
        Ok(Page {
            items,
            next_token: None,
        })
    }
    async fn unread(&self, owner: &UserId) -> DomainResult<u32> {
        Ok(self
            .threads
            .lock()
            .unwrap()
            .values()
            .filter(|(t, _)| &t.owner == owner)
            .map(|(t, _)| t.unread_by_customer)
            .sum())
    }
}

/// Counters that never reset: the tests stay inside one window.
#[derive(Default)]
pub(crate) struct Limiter(Mutex<HashMap<String, u32>>);

#[async_trait]
impl RateLimiter for Limiter {
    async fn take(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> DomainResult<Take> {
        let mut counts = self.0.lock().unwrap();
        let count = counts.entry(key.to_owned()).or_default();
        let window = |count| Window {
            count,
            resets_at: now + chrono::Duration::minutes(30),
        };
        if *count >= limit.max {
            return Ok(Take::Full(window(*count)));
        }
        *count += 1;
        Ok(Take::Counted(window(*count)))
    }
    async fn give_back(&self, key: &str) -> DomainResult<()> {
        if let Some(c) = self.0.lock().unwrap().get_mut(key) {
            *c = c.saturating_sub(1);
        }
        Ok(())
    }
    async fn clear(&self, key: &str) -> DomainResult<()> {
        self.0.lock().unwrap().remove(key);
        Ok(())
    }
}
