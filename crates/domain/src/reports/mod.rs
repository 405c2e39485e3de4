//! The business's numbers for admins: what was sold (by day, week or month, category and plan),
//! how it was paid, what was refunded and cancelled, what promotions and credit cost, what
//! partners earned, were paid and are owed, and the v-coin owed to customers; and the order list
//! and the ledger, read a page at a time for exports; and the daily accounting journal. Decided here: the period (whole Vietnam
//! days), the stretches of a chart, the totals, and when a day's figures have settled and may be
//! kept; the store reads each figure with one query.

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{
    Bucket, Cancellations, DAY_SETTLES_MINUTES, Entry, Grain, JournalLine, Liability, Line,
    MethodLine, PERIOD_DAYS_MAX, PartnerMoney, Period, PlanLine, RefundLine, Report, Totals,
    day_of, unsettled_from,
};
pub use ports::{Cursor, JournalFact, LedgerRow, OrderRow, RefundDay, ReportStore, SaleDay};
pub use service::{EXPORT_PAGE, KEEP_DAYS_AT_ONCE, ReportService, journal, over_time};
