//! Referrals: each customer's code to invite friends with, a new customer's claim of one, and the
//! credit both receive once the new customer's first order is completed. Decided here: who may
//! claim (not oneself, not an e-mail twin of the inviter, a customer who has bought nothing yet,
//! once per person as their e-mail reads), what the program gives, and when it is given; the
//! store counts each reward once in the write that grants it.

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{AMOUNT_MAX, CODE_LENGTH, Program, Referral, ReferralCode, check_claim, email_key};
pub use ports::{ClaimError, ReferralStore, Standing};
pub use service::{MyReferral, ReferralService};
