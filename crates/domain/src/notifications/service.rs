use std::sync::Arc;

use super::model::{Choices, NoticeKind, PushDevice, PushRules};
use super::ports::NotificationStore;
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::Principal;
use crate::shared::Clock;

/// How many devices one person may have receive notices (a phone, a tablet, a few browsers).
pub const MAX_DEVICES: u32 = 10;

/// A signed-in person's devices and choices, theirs alone.
#[derive(Clone)]
pub struct NotificationService {
    store: Arc<dyn NotificationStore>,
    clock: Arc<dyn Clock>,
    /// The public half of the key push messages are signed with (VAPID, base64url); `None` when
    /// this installation sends no Web Push.
    push_key: Option<String>,
    /// Where devices' push endpoints may be.
    rules: PushRules,
}

impl NotificationService {
    pub fn new(
        store: Arc<dyn NotificationStore>,
        clock: Arc<dyn Clock>,
        push_key: Option<String>,
        rules: PushRules,
    ) -> Self {
        Self {
            store,
            clock,
            push_key,
            rules,
        }
    }

    /// What a browser subscribes with; FAILED_PRECONDITION when push is not set up here.
    pub fn push_key(&self) -> DomainResult<&str> {
        self.push_key
            .as_deref()
            .ok_or_else(|| DomainError::FailedPrecondition(msg("push.not_configured")))
    }

    /// This device receives the caller's notices from now on. The same device again changes
    /// nothing; more than `MAX_DEVICES` is refused.
    pub async fn add_device(
        &self,
        who: &Principal,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
    ) -> DomainResult<()> {
        self.push_key()?;
        let device = PushDevice::new(
            who.user_id.clone(),
            endpoint,
            p256dh,
            auth,
            self.clock.now(),
            &self.rules,
        )?;
        let known = self.store.devices(&who.user_id).await?;
        if !known.contains(&device.endpoint) && known.len() >= MAX_DEVICES as usize {
            return Err(DomainError::FailedPrecondition(
                msg("push.too_many_devices").with("max", MAX_DEVICES),
            ));
        }
        self.store.add_device(&device).await
    }

    /// This device receives none of the caller's notices any more (turned off, or signed out).
    pub async fn remove_device(&self, who: &Principal, endpoint: &str) -> DomainResult<()> {
        self.store
            .remove_device(&who.user_id, endpoint.trim())
            .await
    }

    pub async fn choices(&self, who: &Principal) -> DomainResult<Choices> {
        self.store.choices(&who.user_id).await
    }

    /// Turns one kind of notice on or off for the caller's phones.
    pub async fn choose(
        &self,
        who: &Principal,
        kind: NoticeKind,
        on: bool,
    ) -> DomainResult<Choices> {
        let choices = self.store.choices(&who.user_id).await?.set(kind, on);
        self.store.save_choices(&who.user_id, &choices).await?;
        Ok(choices)
    }
}
