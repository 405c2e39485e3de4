use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::Reminder;
use crate::error::DomainResult;
use crate::jobs::Job;
use crate::ordering::Order;

/// A booking whose service is coming, with its job when one was opened.
#[derive(Debug, Clone)]
pub struct Upcoming {
    pub order: Order,
    pub job: Option<Job>,
}

/// Where reminders find their bookings and are queued for sending.
#[async_trait]
pub trait ReminderStore: Send + Sync {
    /// Paid and confirmed orders whose service starts in `[from, to)`.
    async fn upcoming(&self, from: DateTime<Utc>, to: DateTime<Utc>)
    -> DomainResult<Vec<Upcoming>>;
    /// Queues `reminders` about `order` on each of their recipients' channels, in one
    /// transaction; a reminder whose key was queued before (by this node or another) is skipped.
    /// Answers how many messages were queued.
    async fn queue(&self, order: &Order, reminders: &[Reminder]) -> DomainResult<usize>;
}
