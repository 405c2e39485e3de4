//! The catalogue: the four service categories, their plans, and the massage therapists.

#[cfg(test)]
pub(crate) mod fixtures;
mod model;
mod ports;
mod service;

pub use model::{Category, CategorySummary, Gender, Plan, PlanId, PlanOption, Therapist, Vehicle};
pub use ports::CatalogRepository;
pub use service::CatalogService;
