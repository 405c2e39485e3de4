use std::sync::Arc;

use super::model::{ReminderSettings, due};
use super::ports::ReminderStore;
use crate::error::DomainResult;
use crate::shared::Clock;

/// Looks at the coming bookings and queues the reminders that are due. Every node runs it; each
/// reminder's key makes it go once.
#[derive(Clone)]
pub struct ReminderService {
    store: Arc<dyn ReminderStore>,
    clock: Arc<dyn Clock>,
    settings: ReminderSettings,
}

impl ReminderService {
    pub fn new(
        store: Arc<dyn ReminderStore>,
        clock: Arc<dyn Clock>,
        settings: ReminderSettings,
    ) -> Self {
        Self {
            store,
            clock,
            settings,
        }
    }

    /// Queues what is due now; answers how many messages were queued (none for reminders
    /// already queued, here or on another node).
    pub async fn run_due(&self) -> DomainResult<usize> {
        let now = self.clock.now();
        let coming = self
            .store
            .upcoming(now, now + self.settings.horizon())
            .await?;
        let mut queued = 0;
        for booking in coming {
            let reminders = due(&self.settings, &booking.order, booking.job.as_ref(), now);
            if !reminders.is_empty() {
                queued += self.store.queue(&booking.order, &reminders).await?;
            }
        }
        Ok(queued)
    }
}
