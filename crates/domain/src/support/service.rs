use std::sync::Arc;

use super::model::{Author, ContactChannels, Message, RequestId, Thread, ThreadId, ThreadView};
use super::ports::{Side, SupportStore};
use crate::audit::{AuditEntry, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::{Limit, RateLimiter, Take};
use crate::ordering::{OrderId, OrderStore};
use crate::shared::{Clock, Page, PageRequest, Randomness, UserId, text};

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

/// What the service needs from outside.
pub struct SupportPorts {
    pub store: Arc<dyn SupportStore>,
    pub orders: Arc<dyn OrderStore>,
    /// Counts new threads and messages per customer, so one customer cannot bury the operators.
    pub limiter: Arc<dyn RateLimiter>,
    pub clock: Arc<dyn Clock>,
    pub random: Arc<dyn Randomness>,
}

#[derive(Clone)]
pub struct SupportService {
    store: Arc<dyn SupportStore>,
    orders: Arc<dyn OrderStore>,
    limiter: Arc<dyn RateLimiter>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
    channels: ContactChannels,
}

impl SupportService {
    /// New threads a customer may open in a day.
    pub const THREADS_PER_DAY: u32 = 10;
    /// Messages (first ones included) a customer may send in an hour.
    pub const MESSAGES_PER_HOUR: u32 = 60;

    pub fn new(ports: SupportPorts, channels: ContactChannels) -> Self {
        let SupportPorts {
            store,
            orders,
            limiter,
            clock,
            random,
        } = ports;
        Self {
            store,
            orders,
            limiter,
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
                    .map_err(|_| DomainError::invalid("order_id", msg("support.order_unknown")))?;
                match self.orders.get(&id).await? {
                    Some(order) if &order.owner == owner => Some(id),
                    _ => {
                        return Err(DomainError::invalid(
                            "order_id",
                            msg("support.order_unknown"),
                        ));
                    }
                }
            }
        };
        let now = self.clock.now();
        let first = Message::new(Author::Customer, &new.body, now)?;
        let day = Limit {
            max: Self::THREADS_PER_DAY,
            window: chrono::Duration::days(1),
        };
        self.throttle(&format!("support-threads:{}", owner.as_str()), day)
            .await?;
        self.throttle_messages(owner).await?;
        let subject = match (new.subject.trim(), &order_id) {
            // About an order: no subject of its own, the edge names the order.
            ("", Some(_)) => String::new(),
            ("", None) => Thread::preview_of(&first.body)
                .chars()
                .take(Thread::SUBJECT_MAX)
                .collect(),
            (subject, _) => text(
                "subject",
                subject,
                Thread::SUBJECT_MAX,
                crate::shared::REQUIRED,
            )?,
        };
        let thread = Thread {
            closed_at: None,
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
        self.store.list(Some(owner), ThreadView::All, page).await
    }

    /// Every customer's threads, for operators, those `view` keeps.
    pub async fn all_threads(
        &self,
        view: ThreadView,
        page: &PageRequest,
    ) -> DomainResult<Page<Thread>> {
        self.store.list(None, view, page).await
    }

    /// An operator closes a thread (answered, nothing more to do) or reopens it; closing twice
    /// changes nothing. A new message from either side reopens it by itself.
    #[tracing::instrument(skip_all, fields(thread = id.as_str()))]
    pub async fn set_closed(
        &self,
        by: &Staff,
        id: &ThreadId,
        closed: bool,
    ) -> DomainResult<Thread> {
        let thread = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("thread"))?;
        if thread.closed_at.is_some() == closed {
            return Ok(thread);
        }
        let now = self.clock.now();
        let state = |closed: bool| if closed { "closed" } else { "open" }.to_owned();
        let audit = AuditEntry::new(
            &*self.random,
            now,
            by,
            if closed {
                "thread.close"
            } else {
                "thread.reopen"
            },
            format!("thread:{}", id.as_str()),
            state(!closed),
            state(closed),
            "",
        );
        self.store
            .set_closed(id, closed.then_some(now), &audit)
            .await?;
        Ok(Thread {
            closed_at: closed.then_some(now),
            ..thread
        })
    }

    /// Any thread with its messages, for operators (reading marks nothing: answering does).
    pub async fn any_thread(&self, id: &ThreadId) -> DomainResult<(Thread, Vec<Message>)> {
        let thread = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("thread"))?;
        let messages = self.store.messages(id).await?;
        Ok((thread, messages))
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
        self.throttle_messages(owner).await?;
        self.append(thread, Author::Customer, body, request, None)
            .await
    }

    /// An operator answers (the operators' API and the `support-reply` command).
    #[tracing::instrument(skip_all, fields(thread = id.as_str()))]
    pub async fn reply(&self, by: &Staff, id: &ThreadId, body: &str) -> DomainResult<Thread> {
        let author = Author::Operator(by.checked_name()?);
        let thread = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("thread"))?;
        let count = thread.message_count;
        let audit = AuditEntry::new(
            &*self.random,
            self.clock.now(),
            by,
            "thread.reply",
            format!("thread:{}", id.as_str()),
            format!("messages={count}"),
            format!("messages={}", count + 1),
            "",
        );
        let thread = self
            .append(thread, author, body, None, Some(&audit))
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
        audit: Option<&AuditEntry>,
    ) -> DomainResult<Thread> {
        let message = Message::new(author, body, self.clock.now())?;
        if thread.message_count >= Thread::MAX_MESSAGES {
            return Err(DomainError::FailedPrecondition(
                msg("support.thread_full").with("max", Thread::MAX_MESSAGES),
            ));
        }
        self.store
            .append(&thread.id, &message, request.as_ref(), audit)
            .await?;
        self.store
            .get(&thread.id)
            .await?
            .ok_or_else(|| DomainError::not_found("thread"))
    }

    async fn throttle_messages(&self, owner: &UserId) -> DomainResult<()> {
        let hour = Limit {
            max: Self::MESSAGES_PER_HOUR,
            window: chrono::Duration::hours(1),
        };
        self.throttle(&format!("support-messages:{}", owner.as_str()), hour)
            .await
    }

    /// Counts one event; past the limit the customer is told when to come back.
    async fn throttle(&self, key: &str, limit: Limit) -> DomainResult<()> {
        let now = self.clock.now();
        let window = match self.limiter.take(key, limit, now).await? {
            Take::Counted(_) => return Ok(()),
            Take::Full(w) => w,
        };
        let wait = (window.resets_at - now).num_seconds().max(1);
        Err(DomainError::Throttled {
            message: msg("support.throttled").with("minutes", (wait + 59) / 60),
            retry_after_secs: u64::try_from(wait).unwrap_or(1),
        })
    }
}
