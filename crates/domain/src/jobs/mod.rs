//! Jobs: one paid order's service as the partners deliver it. Automatic dispatch or operators
//! offer it; a partner takes it and moves it from the way there to the end, sharing where they
//! are on the way and talking with the traveller in its thread. The job's rules live here
//! (`model`, `offers`, `dispatch`, `steps`, `positions`, `talk`); its effect on its order is the
//! order's own rule, called from here. Who the partners are is `crate::partners`, below this.

mod changes;
mod dispatch;
mod model;
mod offers;
mod ports;
mod positions;
mod service;
mod steps;
mod talk;
#[cfg(test)]
mod tests;

pub use dispatch::{Candidate, HANDOVER_MINUTES, REACH_M, SAME_DISTANCE_M, Step, WINDOWS, rank};
pub use model::{
    Answer, Dispatch, HandOver, Job, JobStatus, JobStep, LOST_SHOWN_MINUTES, NoShowProof,
    OFFER_MINUTES, Offer, PHONE_VISIBLE_HOURS, Pay, SET_OFF_HOURS, SHUTTLE_MINUTES, SLOT_MINUTES,
    service_minutes, status_term, travel_minutes,
};
pub use ports::{JobStore, JobStoreError, JobWrite, PartnerNotice, Routing};
pub use positions::{
    AHEAD_SECONDS, AIRPORTS, Drive, Dropped, KeptPosition, MAX_ACCURACY_M, MAX_KMH,
    MIN_REPORT_SECONDS, MeetingPoint, POSITIONS_KEPT_HOURS, Point, Position, STALE_SECONDS,
    Whereabouts, eta_minutes,
};
pub use service::{
    BoardJob, Following, JobService, Offering, PartnerJob, Progress, TakenJobs, Talk, Talker,
};
pub use talk::{JobMessage, MESSAGE_MAX, PHRASES, Said, Side, TALK_AFTER_HOURS, phrase_term};
