//! E-invoices (issue 70, being built): Vietnam requires one for each sale. What is decided here
//! so far: VAT per category (a setting) and the buyer's tax code when a customer asks for a
//! company invoice.

mod tax_code;
mod vat;

pub use tax_code::{TaxCode, check_digit};
pub use vat::{VAT_RATES, VatRates};
