//! Partners: the drivers, guides and therapists who deliver what we sell. Who they are lives here
//! (their record, when they work, what they earned); the jobs they are offered and work are a
//! subject of their own (`crate::jobs`), which stands above this one.

mod availability;
mod earnings;
mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use availability::{Availability, Commitment, DAYS_OFF_AHEAD, SHIFTS_MAX, uncovered};
pub use earnings::{
    Earning, EarningCause, EarningsSummary, Payroll, REFERENCE_MAX, STATEMENT_WEEKS, Statement,
    Week, statements,
};
pub use model::{NewPartner, Partner, PartnerKind, Vehicle, language_term};
pub use ports::{Commitments, PartnerStore};
pub use service::{JOBS_AHEAD_DAYS, PartnerService};
