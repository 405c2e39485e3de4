//! Promo codes: what a code takes off an order, for which services, when and how often, decided
//! here; the uses left are counted by the store in the write that takes one.

mod model;
mod ports;
mod service;

pub use model::{CODE_MAX, Discount, PromoCode, PromoCodeId, PromoRules, Purchase, Uses};
pub use ports::{PromoStore, PromoSummary, PromoUse, TakeError};
pub use service::{PromoClaims, PromoService};

#[cfg(test)]
mod tests;
