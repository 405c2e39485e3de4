use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{Buyer, Company, Invoice, InvoiceId, InvoiceKind, Receipt};
use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::ordering::OrderId;
use crate::shared::{Money, Page, PageRequest, UserId};

/// Where invoices are kept. An order's invoices are written with the order's step that calls for
/// them (`invoicing::due`, in the order's own save), so no sale is left without one and none is
/// written twice; these are what comes after.
#[async_trait]
pub trait InvoiceStore: Send + Sync {
    /// Takes up to `limit` pending invoices that are due and whose order's earlier invoices are
    /// issued (an adjustment names its original), holding them until `lease_until` and counting
    /// the try; one another node holds is left to it.
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> DomainResult<Vec<Invoice>>;
    /// Writes what the provider said; an invoice issued is mailed to its buyer in the same
    /// transaction.
    async fn answered(&self, invoice: &Invoice) -> DomainResult<()>;
    async fn get(&self, id: &InvoiceId) -> DomainResult<Option<Invoice>>;
    /// An order's invoices, in the order they were made.
    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<Invoice>>;
    /// Invoices that failed, oldest first.
    async fn failed(&self, page: &PageRequest) -> DomainResult<Page<Invoice>>;
    /// Puts a failed invoice back to pending with the audit entry; false when it was not failed
    /// any more (another operator retried it at once).
    async fn retry(&self, invoice: &Invoice, audit: &AuditEntry) -> DomainResult<bool>;
    /// Keeps the company `owner`'s order `order` is to be invoiced to (none: the person), as
    /// long as nothing of the order is invoiced yet; false once something is. Decided under the
    /// order's lock, so a payment at the same moment invoices either before or after it whole.
    async fn set_company(
        &self,
        order: &OrderId,
        owner: &UserId,
        company: Option<&Company>,
        at: DateTime<Utc>,
    ) -> DomainResult<bool>;
    async fn company(&self, order: &OrderId) -> DomainResult<Option<Company>>;
}

/// An invoice as the provider is asked to issue it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// Ours, unique per invoice: the provider finds an invoice by it.
    pub transaction: String,
    pub kind: InvoiceKind,
    /// For an adjustment, the original's number and when it was issued.
    pub original: Option<(String, DateTime<Utc>)>,
    pub at: DateTime<Utc>,
    pub buyer: Buyer,
    /// What was sold, in Vietnamese as an invoice is written, and the unit it is counted in.
    pub item: String,
    pub unit: String,
    /// For an adjustment, why, in Vietnamese; empty for an original.
    pub note: String,
    /// VAT included.
    pub gross: Money,
    pub vat_percent: u8,
    pub vat: Money,
}

impl Issue {
    /// The amount before VAT.
    pub fn net(&self) -> Money {
        Money::vnd(self.gross.amount() - self.vat.amount())
    }
}

/// What the provider said to an invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issued {
    Yes(Receipt),
    /// Refused, with the provider's reason.
    Refused(String),
}

/// An e-invoice provider. A call that is not answered (`Unavailable`) may have issued the
/// invoice: the worker asks `find` before sending it again.
#[async_trait]
pub trait InvoiceProvider: Send + Sync {
    async fn issue(&self, issue: &Issue) -> DomainResult<Issued>;
    /// The invoice issued for `transaction`, if any.
    async fn find(&self, transaction: &str) -> DomainResult<Option<Receipt>>;
}
