//! Notices on people's phones beside the mails: the kinds a person may turn off, the devices that
//! receive Web Push, and which of a notice's channels it goes to. Encrypting, signing and sending
//! are the adapters'.

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{
    BROWSER_PUSH_SERVICES, Choices, NoticeKind, PushDevice, PushRules, URGENT_NOTICE_MINUTES,
    device_id, notice_key,
};
pub use ports::NotificationStore;
pub use service::NotificationService;
