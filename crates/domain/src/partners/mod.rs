//! Partners: the drivers, guides and therapists who deliver what we sell, and their jobs. What is
//! theirs alone lives here (who they are, a job's offers and steps); a job's effect on its order
//! is the order's own rule, called from here.

mod availability;
mod earnings;
mod jobs;
mod model;
mod ports;
mod positions;
mod service;
#[cfg(test)]
mod service_tests;
mod talk;
#[cfg(test)]
mod tests;

pub use availability::{
    Availability, DAYS_OFF_AHEAD, DAYS_OFF_MAX, SHIFTS_MAX, check_days_off, parse_day, uncovered,
};
pub use earnings::{
    Earning, EarningCause, EarningsSummary, Payroll, REFERENCE_MAX, STATEMENT_WEEKS, Statement,
    Week, statements,
};
pub use jobs::{
    Answer, Job, JobStatus, JobStep, LOST_SHOWN_MINUTES, NoShowProof, OFFER_MINUTES, Offer,
    PHONE_VISIBLE_HOURS, Pay, Position, SET_OFF_HOURS, SHUTTLE_MINUTES, SLOT_MINUTES,
    service_minutes, status_term, travel_minutes,
};
pub use model::{NewPartner, Partner, PartnerKind, Vehicle, language_term};
pub use ports::{JobStoreError, JobWrite, PartnerStore};
pub use positions::{
    AHEAD_SECONDS, AIRPORTS, Dropped, KeptPosition, MAX_ACCURACY_M, MAX_KMH, MIN_REPORT_SECONDS,
    MeetingPoint, POSITIONS_KEPT_HOURS, Point, STALE_SECONDS, Whereabouts, eta_minutes,
};
pub use service::{BoardJob, Offering, PartnerJob, PartnerService, Progress, Talk, Talker};
pub use talk::{JobMessage, MESSAGE_MAX, PHRASES, Said, Side, TALK_AFTER_HOURS, phrase_term};
