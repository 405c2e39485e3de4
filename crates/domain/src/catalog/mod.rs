//! The catalogue: the four service categories, their plans, and the massage therapists.

#[cfg(test)]
pub(crate) mod fixtures;
mod model;
mod ports;
mod service;
mod therapist;

pub use model::{Category, CategorySummary, Plan, PlanId, PlanOption, Vehicle};
pub use ports::{CatalogCodec, CatalogRepository};
pub use service::CatalogService;
#[cfg(test)]
pub(crate) use therapist::therapist;
pub use therapist::{Gender, Shift, Slot, Therapist, TherapistQuery};
