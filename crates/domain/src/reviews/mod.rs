//! Reviews: after a completed order its customer rates it 1–5 with an optional comment, once per
//! order and editable for a while; plan pages, cards and therapists show the shown ones, and
//! operators may hide one (audited, and the customer is told why).

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{EDIT_DAYS, Hidden, REVIEW_ANONYMOUS, RatingSummary, Review, Subject};
pub use ports::ReviewStore;
pub use service::ReviewService;
