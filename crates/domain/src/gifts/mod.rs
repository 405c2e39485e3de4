//! Gift credit: codes worth v-coin that admins issue, one or a batch, and a customer redeems into
//! the wallet once; the credit they give may expire (`payment::credit` spends it first). Decided
//! here: a code's form, a batch's bounds, and when a code may be redeemed and what it gives.

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{
    AMOUNT_MAX, BATCH_MAX, Batch, CODE_LENGTH, Credit, GiftCode, GiftCodeId, issue, last_day_of,
    redeem_by_from_last_day,
};
pub use ports::{BatchSummary, GiftStore, RedeemError, Redemption};
pub use service::{GiftService, Redeemed};
