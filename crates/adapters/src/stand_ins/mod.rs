#![allow(clippy::expect_used)]
//! Local stand-ins of third parties that cannot be reached from here, for tests in this and other
//! crates. Each holds to its provider's published contract and no more.

mod aeroapi;
mod osrm;
mod viettel;
mod vnpay;

pub use aeroapi::{AeroApiStandIn, BoardFlight};
pub use osrm::{OsrmAnswer, OsrmStandIn};
pub use viettel::{ViettelBooks, ViettelStandIn};
pub use vnpay::{VnPayBooks, VnPayStandIn};
