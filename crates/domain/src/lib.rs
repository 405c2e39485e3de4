//! Business rules of the booking platform.
//!
//! Pure code: no I/O, no async runtime, no web or database framework. Each module owns its model,
//! rules, ports (traits the adapters implement) and an application service the gateway calls.
//! `words` says the rules' messages in each language, for the gateway's answers and the mails.

pub mod audit;
pub mod backups;
pub mod catalog;
pub mod error;
pub mod favorites;
pub mod flights;
pub mod gifts;
pub mod identity;
pub mod invoicing;
pub mod jobs;
pub mod live;
pub mod media;
pub mod notifications;
pub mod operations;
pub mod ordering;
pub mod partners;
pub mod payment;
pub mod pricing;
pub mod promotions;
pub mod referrals;
pub mod reminders;
pub mod reports;
pub mod reviews;
pub mod shared;
pub mod support;
#[cfg(test)]
pub(crate) mod testing;
pub mod tips;
pub mod words;

pub use error::{DomainError, DomainResult};
