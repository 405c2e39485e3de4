use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{Message, RequestId, Thread, ThreadId, ThreadView};
use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::shared::{Page, PageRequest, UserId};

/// Whose unread count a read clears, or a message raises for the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Customer,
    Operators,
}

/// Where threads are kept. Every method is one transaction.
#[async_trait]
pub trait SupportStore: Send + Sync {
    /// Stores a thread with its first message. When the owner already opened one with this
    /// request id, nothing is written and that thread is returned.
    async fn open(
        &self,
        thread: &Thread,
        first: &Message,
        request: Option<&RequestId>,
    ) -> DomainResult<Thread>;
    async fn get(&self, id: &ThreadId) -> DomainResult<Option<Thread>>;
    /// The thread's messages, oldest first.
    async fn messages(&self, id: &ThreadId) -> DomainResult<Vec<Message>>;
    /// Adds a message, counts it unread for the other side, moves the thread's time and reopens it
    /// if it was closed, unless a message with this request id is already in the thread.
    async fn append(
        &self,
        id: &ThreadId,
        message: &Message,
        request: Option<&RequestId>,
        audit: Option<&AuditEntry>,
    ) -> DomainResult<()>;
    /// Closes the thread (`Some`) or reopens it (`None`), with the operator's audit entry.
    async fn set_closed(
        &self,
        id: &ThreadId,
        closed_at: Option<DateTime<Utc>>,
        audit: &AuditEntry,
    ) -> DomainResult<()>;
    /// `side` has read everything in the thread.
    async fn mark_read(&self, id: &ThreadId, side: Side) -> DomainResult<()>;
    /// The owner's threads (everyone's without one: operators only), the most recently active
    /// first, those `view` keeps.
    async fn list(
        &self,
        owner: Option<&UserId>,
        view: ThreadView,
        page: &PageRequest,
    ) -> DomainResult<Page<Thread>>;
    /// Operators' messages the owner has not opened, over every thread.
    async fn unread(&self, owner: &UserId) -> DomainResult<u32>;
}
