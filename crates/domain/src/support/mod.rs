//! Customer service: threads between a customer and the operators, optionally about one of the
//! customer's orders, with unread counts on both sides, and the channels to reach us otherwise.

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{
    Author, Company, ContactChannels, Message, RequestId, Thread, ThreadId, ThreadView,
};
pub use ports::{Side, SupportStore};
pub use service::{NewThread, SupportPorts, SupportService};
