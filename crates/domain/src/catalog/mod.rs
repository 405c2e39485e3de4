//! The catalogue: the four service categories, their plans with their price lists, the massage
//! therapists, and each customer's favourite therapists.

mod admin;
mod category;
mod model;
mod ports;
pub(crate) mod price_rules;
mod service;
mod therapist;
mod translations;
#[cfg(test)]
mod translations_tests;

pub use admin::{CatalogAdmin, PlanEdit, TherapistEdit};
pub use category::Category;
pub use model::{
    CITIES, CONTENT_ITEMS_MAX, CancellationPolicy, CategorySummary, ChangePolicy, Plan,
    PlanContent, PlanId, Vehicle,
};
pub use ports::{CatalogCodec, CatalogRepository, FavoriteStore};
pub use price_rules::{
    BookingWindow, ExtraPerson, NightSurcharge, PayRule, Payout, PlanOption, PriceRules, Rate,
    Rise, SEASON_PERCENT_MAX, SEASONS_MAX, Season, check_seasons,
};
pub use service::CatalogService;
pub use therapist::{
    DAYS_OFF_MAX, Gender, SPOKEN_LANGUAGES, Shift, Slot, Therapist, TherapistQuery, check_days_off,
    parse_day,
};
pub use translations::{EntryKind, MissingTranslation, PlanTexts, TherapistTexts, Translations};
