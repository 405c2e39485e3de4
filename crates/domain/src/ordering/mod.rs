//! The order flow: typed service details per category, the order's state machine with every
//! transition recorded, and the service the gateway calls (create, update, get, list, estimate,
//! cancel, expiry).

mod actions;
mod amend;
mod assignment;
mod audit;
mod details;
pub mod holds;
mod life;
mod model;
mod plan_names;
mod ports;
mod reason;
mod service;
#[cfg(test)]
mod tests;

pub use actions::{OrderAction, OrderGroup, Reader};
pub use amend::{FLIGHT_MOVED, PriceChange};
pub use assignment::Driver;
pub(crate) use audit::StaffStep;
pub use audit::order_snapshot;
pub use details::{
    CharterDetails, Contact, DROP_OFF_LEAD_MINUTES, DROP_OFF_MIN_LEAD_MINUTES, Direction,
    EscortDetails, GuideLanguage, MassageDetails, MessagingApp, NOTE_MAX, REASON_MAX,
    ServiceDetails, ShuttleDetails, TherapistChoice, note, reason,
};
pub use holds::TherapistHold;
pub use life::{Actor, OrderState, Transition};
pub use model::{Order, OrderId, Revision, check_window, price};
pub use plan_names::name_plans_in;
pub use ports::{
    FollowsChanges, IdempotencyKey, KeyClaim, OrderFilter, OrderStore, StoreError, UnpaidCap,
    UnpaidClaims,
};
pub use reason::StepReason;
pub use service::{Amended, FeeQuote, MassagePorts, NewOrder, OrderPolicy, OrderService};
pub(crate) use service::{store_error, write_in};
