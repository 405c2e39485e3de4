//! Reminders of a coming service: to the traveller the day before and shortly before, to their
//! partner the evening before and shortly before, and to operators when a service draws near with
//! nobody to do it. Who, when and once are decided here, on the clock port; the adapters keep each
//! reminder under a key of its own, so however many nodes look at once it is queued once.

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{Audience, QuietHours, Reminder, ReminderKind, ReminderSettings, due};
pub use ports::{ReminderStore, Upcoming};
pub use service::ReminderService;
