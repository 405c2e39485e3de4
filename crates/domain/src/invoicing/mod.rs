//! E-invoices: Vietnam requires one for each sale (Decree 123/2020, amended by Decree 70/2025).
//! An order's invoices are decided with its steps (`due`), issued by a provider behind a port
//! (`InvoiceProvider`) from the outbox of pending invoices, and corrected by adjustments when the
//! price changes after. Also here: VAT per category (a setting) and the buyer's tax code when a
//! customer asks for a company invoice.

mod model;
mod ports;
mod service;
mod tax_code;
#[cfg(test)]
mod tests;
mod vat;

pub use model::{
    Buyer, Company, Invoice, InvoiceId, InvoiceKind, InvoiceState, Receipt, SEND_ATTEMPTS, due,
    may_be_invoiced, sold,
};
pub use ports::{InvoiceProvider, InvoiceStore, Issue, Issued};
pub use service::InvoiceService;
pub use tax_code::{TaxCode, check_digit};
pub use vat::{VAT_RATES, VatRates};
