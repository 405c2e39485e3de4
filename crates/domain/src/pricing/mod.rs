//! Fee estimates: a plan's price rules (data from the catalogue) applied to an order's details,
//! giving a breakdown of lines and a total in integer VND.

mod estimate;
mod rules;
#[cfg(test)]
mod tests;

pub use estimate::{Estimate, LineItem, LineKind, Quote, estimate};
pub use rules::{BookingWindow, ExtraPerson, NightSurcharge, PriceRules, Rate};
