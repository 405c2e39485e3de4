use async_trait::async_trait;

use super::model::{Choices, PushDevice};
use crate::error::DomainResult;
use crate::shared::UserId;

/// Where people's devices and choices are kept.
#[async_trait]
pub trait NotificationStore: Send + Sync {
    /// Keeps the device for its owner, taking it over from whoever had it (one row per endpoint).
    async fn add_device(&self, device: &PushDevice) -> DomainResult<()>;
    /// Forgets `owner`'s device at `endpoint`; nothing when it is not theirs.
    async fn remove_device(&self, owner: &UserId, endpoint: &str) -> DomainResult<()>;
    /// The endpoints of `owner`'s devices.
    async fn devices(&self, owner: &UserId) -> DomainResult<Vec<String>>;
    async fn choices(&self, owner: &UserId) -> DomainResult<Choices>;
    async fn save_choices(&self, owner: &UserId, choices: &Choices) -> DomainResult<()>;
}
