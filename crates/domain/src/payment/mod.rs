//! Payments and the v-coin wallet: methods (v-coin, VietQR, VNPay, dev), the ledger, the
//! cancellation policy, the VietQR payload, and the service the gateway calls.

pub mod credit;
mod model;
mod ports;
pub mod refund;
pub use refund::RefundChoice;
mod service;
#[cfg(test)]
mod tests;
mod vietqr;
mod wallet;

pub use model::{
    Checkout, Method, NextStep, Payment, PaymentId, PaymentState, Purpose, PurposeKind,
};
pub use ports::{
    BankFeed, BankNotice, BankTransfer, PaymentStore, RefundStore, RequestedChange, SettleError,
    Settlement, TipOutcome, TipPayee, TransferOutcome, VnPayError, VnPayGateway, VnPayRefund,
    VnPayRefundAnswer, VnPayRefunds, VnPayResult,
};
pub use service::{
    Amending, Amendment, AwaitedChange, Cancellation, IpnOutcome, Paying, PaymentPorts,
    PaymentService, PaymentSettings,
};
pub use vietqr::{BankAccount, TransferInstructions, memo_of, payload, references_in};
pub use wallet::{
    BALANCE_MAX, CancellationPolicy, Cause, EntryKind, LedgerEntry, NOTES, RefundQuote, TOP_UP_MAX,
    TOP_UP_MIN, check_adjustment, check_received, check_top_up,
};
