use std::sync::Arc;

use super::model::{Author, ContactChannels, Message, RequestId, Thread, ThreadId};
use super::ports::{Side, SupportStore};
use crate::error::{DomainError, DomainResult};
use crate::identity::{Clock, Randomness, UserId};
use crate::ordering::{OrderId, OrderStore};
use crate::shared::{Page, PageRequest, text};

/// What a customer sends to open a thread.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewThread {
    /// Empty takes the order's id, or the start of the message.
    pub subject: String,
    /// Empty when the question is about no order.
    pub order_id: String,
    pub body: String,
    pub request_id: String,
}

#[derive(Clone)]
pub struct SupportService {
    store: Arc<dyn SupportStore>,
    orders: Arc<dyn OrderStore>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
    channels: ContactChannels,
}

impl SupportService {
    pub fn new(
        store: Arc<dyn SupportStore>,
        orders: Arc<dyn OrderStore>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
        channels: ContactChannels,
    ) -> Self {
        Self {
            store,
            orders,
            clock,
            random,
            channels,
        }
    }

    pub fn channels(&self) -> &ContactChannels {
        &self.channels
    }

    /// A new thread with the customer's first message; the order, if named, must be theirs.
    #[tracing::instrument(skip_all)]
    pub async fn open(&self, owner: &UserId, new: NewThread) -> DomainResult<Thread> {
        let request = RequestId::parse(&new.request_id)?;
        let order_id = match new.order_id.trim() {
            "" => None,
            raw => {
                let id = OrderId::parse(raw)
                    .map_err(|_| DomainError::invalid("order_id", "找不到這筆訂單"))?;
                match self.orders.get(&id).await? {
                    Some(order) if &order.owner == owner => Some(id),
                    _ => return Err(DomainError::invalid("order_id", "找不到這筆訂單")),
                }
            }
        };
        let now = self.clock.now();
        let first = Message::new(Author::Customer, &new.body, now)?;
        let subject = match (new.subject.trim(), &order_id) {
            ("", Some(id)) => format!("訂單 {}", id.as_str()),
            ("", None) => Thread::preview_of(&first.body)
                .chars()
                .take(Thread::SUBJECT_MAX)
                .collect(),
            (subject, _) => text("subject", subject, Thread::SUBJECT_MAX, "")?,
        };
        let thread = Thread {
            id: ThreadId::generated(&self.random.id()),
            owner: owner.clone(),
            subject,
            order_id,
            created_at: now,
            updated_at: now,
            message_count: 1,
            unread_by_customer: 0,
            unread_by_operators: 1,
            preview: Thread::preview_of(&first.body),
        };
        self.store.open(&thread, &first, request.as_ref()).await
    }

    pub async fn threads(&self, owner: &UserId, page: &PageRequest) -> DomainResult<Page<Thread>> {
        self.store.list(owner, page).await
    }

    /// A thread with its messages, to its owner only.
    pub async fn thread(
        &self,
        owner: &UserId,
        id: &ThreadId,
    ) -> DomainResult<(Thread, Vec<Message>)> {
        let thread = self.owned(owner, id).await?;
        let messages = self.store.messages(id).await?;
        Ok((thread, messages))
    }

    /// The customer writes in one of their threads.
    #[tracing::instrument(skip_all, fields(thread = id.as_str()))]
    pub async fn post(
        &self,
        owner: &UserId,
        id: &ThreadId,
        body: &str,
        request_id: &str,
    ) -> DomainResult<Thread> {
        let request = RequestId::parse(request_id)?;
        let thread = self.owned(owner, id).await?;
        self.append(thread, Author::Customer, body, request).await
    }

    /// An operator answers (the operator API of issue 8 and the `support-reply` command).
    #[tracing::instrument(skip_all, fields(thread = id.as_str()))]
    pub async fn reply(&self, operator: &str, id: &ThreadId, body: &str) -> DomainResult<Thread> {
        let operator = text("operator", operator, 40, "")?;
        let thread = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("thread"))?;
        let thread = self
            .append(thread, Author::Operator(operator), body, None)
            .await?;
        self.store.mark_read(id, Side::Operators).await?;
        Ok(Thread {
            unread_by_operators: 0,
            ..thread
        })
    }

    /// The customer has seen every reply in the thread.
    pub async fn mark_read(&self, owner: &UserId, id: &ThreadId) -> DomainResult<Thread> {
        let thread = self.owned(owner, id).await?;
        if thread.unread_by_customer > 0 {
            self.store.mark_read(id, Side::Customer).await?;
        }
        Ok(Thread {
            unread_by_customer: 0,
            ..thread
        })
    }

    /// Replies the customer has not opened, over every thread.
    pub async fn unread(&self, owner: &UserId) -> DomainResult<u32> {
        self.store.unread(owner).await
    }

    async fn owned(&self, owner: &UserId, id: &ThreadId) -> DomainResult<Thread> {
        match self.store.get(id).await? {
            Some(thread) if &thread.owner == owner => Ok(thread),
            _ => Err(DomainError::not_found("thread")),
        }
    }

    async fn append(
        &self,
        thread: Thread,
        author: Author,
        body: &str,
        request: Option<RequestId>,
    ) -> DomainResult<Thread> {
        let message = Message::new(author, body, self.clock.now())?;
        if thread.message_count >= Thread::MAX_MESSAGES {
            return Err(DomainError::FailedPrecondition(format!(
                "這個對話已有 {} 則訊息，請開啟新的對話",
                Thread::MAX_MESSAGES
            )));
        }
        self.store
            .append(&thread.id, &message, request.as_ref())
            .await?;
        self.store
            .get(&thread.id)
            .await?
            .ok_or_else(|| DomainError::not_found("thread"))
    }
}
