//! Implementations of the domain's ports.

pub mod catalog_file;
pub mod db;
mod entities;
pub mod housekeeping;
pub mod jwt;
pub mod mail;
pub mod media;
pub mod password;
pub mod payment_providers;
mod sql_catalog;
mod sql_favorites;
mod sql_identity;
mod sql_media;
mod sql_orders;
mod sql_payments;
mod sql_rate_limiter;
pub mod system;
#[cfg(feature = "testing")]
pub mod testing;

pub use sql_catalog::SqlCatalogRepository;
pub use sql_favorites::SqlFavoriteStore;
pub use sql_identity::SqlIdentityStore;
pub use sql_media::SqlImageStore;
pub use sql_orders::SqlOrderStore;
pub use sql_payments::SqlPaymentStore;
pub use sql_rate_limiter::SqlRateLimiter;
