use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::credit::{CreditLot, SpendsExpired};
use super::model::{Payment, PaymentId};
use super::refund::{RefundId, RefundPart};
use super::wallet::LedgerEntry;
use crate::audit::AuditEntry;
use crate::error::{DomainError, DomainResult};
use crate::ordering::{IdempotencyKey, OrderId, ServiceDetails, StoreError};
use crate::shared::{Money, Page, PageRequest, Unit, UserId};

/// What a bank's notice says: money received on our account (VietQR transfers).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BankNotice {
    /// The bank's transaction id.
    pub bank_ref: String,
    pub amount: Money,
    /// The transfer's content as the bank passes it on.
    pub memo: String,
}

/// A bank notice as recorded, with when it reached us.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankTransfer {
    /// The bank's transaction id: a notice seen twice is applied once.
    pub bank_ref: String,
    pub amount: Money,
    pub memo: String,
    pub received_at: DateTime<Utc>,
}

/// What became of a bank notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransferOutcome {
    /// It paid its order or top-up.
    Paid,
    /// It could not pay what it named, so it went into the payer's wallet.
    Credited,
    /// No reference we know: kept for an operator.
    Unmatched,
    /// Seen before; nothing changed.
    Duplicate,
    /// Not signed with our secret: ignored.
    BadSignature,
}

impl TransferOutcome {
    pub const fn code(self) -> &'static str {
        match self {
            TransferOutcome::Paid => "PAID",
            TransferOutcome::Credited => "CREDITED",
            TransferOutcome::Unmatched => "UNMATCHED",
            TransferOutcome::Duplicate => "DUPLICATE",
            TransferOutcome::BadSignature => "BAD_SIGNATURE",
        }
    }
}

/// Everything one settlement changes in the books, written in its unit or not at all (the order
/// it moves is the ordering port's to write, in the same unit).
#[derive(Debug, Clone, Default)]
pub struct Settlement {
    /// Inserted when `new_payment`, else updated from `PENDING` (only once: a second settlement of
    /// the same payment is `Stale`).
    pub payment: Option<Payment>,
    pub new_payment: bool,
    /// Applied in order; one that would take a balance below zero fails the whole settlement.
    pub entries: Vec<LedgerEntry>,
    pub transfer: Option<(BankTransfer, TransferOutcome)>,
    /// The operator's action behind it, recorded with it.
    pub audit: Option<AuditEntry>,
    /// A cancellation's refund, cut into the parts that go back where the money came from: new
    /// rows, one per order and payment.
    pub refunds: Vec<RefundPart>,
    /// The change a new payment's money will make, kept with it.
    pub change: Option<RequestedChange>,
}

/// A paid order's change waiting for its difference to arrive by VietQR or VNPay: made then, if
/// the order is still at `version` and the change still costs what was paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestedChange {
    pub payment: PaymentId,
    pub order: OrderId,
    pub version: i64,
    pub details: ServiceDetails,
}

/// How a tip that arrived by VietQR or VNPay ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TipOutcome {
    /// In the partner's earnings.
    Given,
    /// It may not be given (tipped already, too late, no partner): the money goes to the wallet.
    Refused,
}

/// Where a tip paid by a method goes when its money arrives: the partner's earnings, written in
/// the payment's unit, once per order.
#[async_trait]
pub trait TipPayee: Send + Sync {
    /// `payment` (a tip) arrived: the earning is written in `unit`, or the tip refused.
    async fn receive(&self, unit: &mut Unit, payment: &Payment) -> Result<TipOutcome, SettleError>;
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettleError {
    /// Another request holds the idempotency key.
    KeyTaken,
    /// The order or the payment changed since it was read.
    Stale,
    /// A debit beyond the balance.
    Insufficient,
    /// A credit that would take the balance past `BALANCE_MAX`.
    BalanceLimit,
    /// The bank notice was applied before.
    Duplicate,
    Other(DomainError),
}

impl From<SpendsExpired> for SettleError {
    fn from(_: SpendsExpired) -> Self {
        SettleError::Insufficient
    }
}

impl From<DomainError> for SettleError {
    fn from(e: DomainError) -> Self {
        SettleError::Other(e)
    }
}

/// The order a settlement moves, written in its unit, failed: it changed meanwhile (paying leaves
/// a therapist's hold as it was, so any clash means the order moved).
impl From<StoreError> for SettleError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Other(e) => SettleError::Other(e),
            _ => SettleError::Stale,
        }
    }
}

/// Payments and the v-coin ledger. Every method is one transaction, but `settle` and `post`, which
/// write in the unit they are given.
#[async_trait]
pub trait PaymentStore: Send + Sync {
    /// A new pending payment (`KeyTaken` if its key is).
    async fn insert(&self, payment: &Payment) -> Result<(), SettleError>;
    async fn get(&self, id: &PaymentId) -> DomainResult<Option<Payment>>;
    async fn by_key(&self, owner: &UserId, key: &IdempotencyKey) -> DomainResult<Option<Payment>>;
    /// An order's payments (tried, pending, settled or failed), oldest first.
    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<Payment>>;
    /// Payments whose memo reference is this, oldest first.
    async fn by_reference(&self, reference: &str) -> DomainResult<Vec<Payment>>;
    /// The change a payment was opened to make, if it was.
    async fn requested_change(&self, payment: &PaymentId) -> DomainResult<Option<RequestedChange>>;
    /// Writes the settlement's payment, bank notice and audit entry in `unit`; its ledger entries
    /// are `post`ed after the order it moves.
    async fn settle(&self, unit: &mut Unit, settlement: &Settlement) -> Result<(), SettleError>;
    /// Applies ledger entries in `unit`, in order; one that would take a balance below zero or
    /// past its cap fails the unit. Each entry's moves on its owner's lots
    /// (`LedgerEntry::lot_moves`, on the lots read after the wallet's row is taken) are applied
    /// with it; one that would take a lot below nothing or past its grant fails the unit as
    /// `Stale`. Last in a settlement's unit, so that a wallet's row, which every payment from
    /// that wallet waits on, is held for the shortest time.
    async fn post(&self, unit: &mut Unit, entries: &[LedgerEntry]) -> Result<(), SettleError>;
    /// The owner's lots with something left, soonest to expire first.
    async fn lots(&self, owner: &UserId) -> DomainResult<Vec<CreditLot>>;
    /// Lots of anyone past their time at `now` with something left, at most `limit`.
    async fn expired_lots(&self, now: DateTime<Utc>, limit: u32) -> DomainResult<Vec<CreditLot>>;
    async fn balance(&self, owner: &UserId) -> DomainResult<Money>;
    /// What cancelling the order refunded into the wallet.
    async fn refunded(&self, order: &OrderId) -> DomainResult<Money>;
    /// The owner's ledger, newest first.
    async fn entries(&self, owner: &UserId, page: &PageRequest) -> DomainResult<Page<LedgerEntry>>;
}

/// The parts of refunds on their way back. Parts are made by a cancellation's settlement; here
/// they are read, sent and closed, each change conditional on the part still being open, so two
/// nodes never send or close one part twice.
#[async_trait]
pub trait RefundStore: Send + Sync {
    async fn get(&self, id: &RefundId) -> DomainResult<Option<RefundPart>>;
    /// An order's parts, oldest first.
    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<RefundPart>>;
    /// Takes up to `limit` VNPay parts due at `now` for this node until `lease_until`, counting
    /// the attempt: a part another node holds is not taken.
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> DomainResult<Vec<RefundPart>>;
    /// Writes a claimed part's outcome (its state, answer, next time), if it is still pending.
    async fn answered(&self, part: &RefundPart) -> DomainResult<()>;
    /// Operators' open tasks: bank parts to transfer and VNPay parts that failed, oldest first.
    async fn tasks(&self, page: &PageRequest) -> DomainResult<Page<RefundPart>>;
    /// Closes a task with its audit entry, in one transaction; false when it was no longer open
    /// (another operator closed it first).
    async fn close(&self, part: &RefundPart, audit: &AuditEntry) -> DomainResult<bool>;
}

/// VNPay's answer about one payment, read from a return URL or an IPN whose signature held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VnPayResult {
    pub payment_id: String,
    pub amount: Money,
    /// Both `vnp_ResponseCode` and `vnp_TransactionStatus` are `00`.
    pub success: bool,
    pub transaction_no: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VnPayError {
    BadSignature,
    Malformed,
}

/// VNPay's signed redirect protocol; the keys live in the adapter.
pub trait VnPayGateway: Send + Sync {
    fn checkout_url(&self, payment: &Payment, client_ip: &str, now: DateTime<Utc>) -> String;
    fn verify(&self, params: &[(String, String)]) -> Result<VnPayResult, VnPayError>;
}

/// A refund asked of VNPay (its `refund` call): all or part of one payment it settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VnPayRefund {
    /// Ours, unique; the same again for a retry, which VNPay then answers as asked already.
    pub request_id: String,
    /// The payment refunded (VNPay's `vnp_TxnRef`).
    pub payment: PaymentId,
    pub amount: Money,
    /// All of the payment, or a part of it.
    pub whole: bool,
    /// VNPay's number for the payment, from its answer when it was paid.
    pub transaction_no: String,
    /// When the payment was made.
    pub paid_at: DateTime<Utc>,
    /// Who asks (a staff member, or the system for a customer's own cancellation).
    pub by: String,
    pub at: DateTime<Utc>,
}

/// VNPay's answer to a refund, its signature checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VnPayRefundAnswer {
    /// Taken (`00`).
    Accepted,
    /// A refund of that payment was asked before and is being made (`94`): a retry's answer.
    AskedBefore,
    /// Refused, with VNPay's code (`91` no such payment, `95` the payment did not succeed, `02`,
    /// `03`, `97`, `99` …).
    Refused(String),
}

/// VNPay's refund call. An answer that does not come in time, or whose signature fails, is
/// `Unavailable`: nothing is known, and the same request may be sent again.
#[async_trait]
pub trait VnPayRefunds: Send + Sync {
    async fn refund(&self, refund: &VnPayRefund) -> DomainResult<VnPayRefundAnswer>;
}

/// The bank's signature on its notices (HMAC with a shared secret).
pub trait BankFeed: Send + Sync {
    fn verify(&self, body: &[u8], signature: &str) -> bool;
}
