//! The catalogue: the four service categories, their plans with their price lists, the massage
//! therapists, and each customer's favourite therapists.

mod model;
mod ports;
pub(crate) mod price_rules;
mod service;
mod therapist;

pub use model::{
    CITIES, CONTENT_ITEMS_MAX, CancellationPolicy, Category, CategorySummary, Plan, PlanContent,
    PlanId, PlanOption, Vehicle,
};
pub use ports::{CatalogCodec, CatalogRepository, FavoriteStore};
pub use price_rules::{BookingWindow, ExtraPerson, NightSurcharge, PriceRules, Rate};
pub use service::CatalogService;
pub use therapist::{Gender, Shift, Slot, Therapist, TherapistQuery};
