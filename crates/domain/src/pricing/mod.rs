//! Fee estimates: a plan's price rules (kept in the catalogue) applied to an order's details,
//! giving a breakdown of lines and a total in integer VND.

mod estimate;
#[cfg(test)]
mod tests;

pub use estimate::{Estimate, LEAST_TOTAL, LINE_LABELS, LineItem, LineKind, Quote, estimate};
