//! Live events: every change of an order, a support thread or a wallet leaves an event in the
//! transaction of the change, so open pages (the operators' board, a customer's order, payment
//! and support pages) learn of it at once instead of polling. An event only says what changed;
//! the page reads the thing again through the usual calls and their checks.

mod changes;
mod model;
mod ports;
mod service;

pub use changes::Change;
pub use model::{Holder, LiveEvent, Topic, Viewer};
pub use ports::{LiveFeed, Wanted};
pub use service::{CATCH_UP_MAX, FOLLOWED_MAX, LiveService, Next, WATCHES_PER_HOLDER, Watch};

#[cfg(test)]
mod tests;
