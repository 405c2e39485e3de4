//! Implementations of the domain's ports.

pub mod catalog_file;
pub mod catalog_version;
pub mod db;
mod entities;
pub mod housekeeping;
pub mod jwt;
pub mod key_sealing;
pub mod live;
pub mod mail;
pub mod media;
pub mod oidc;
mod paging;
pub mod password;
pub mod payment_providers;
mod sql_accounts;
mod sql_catalog;
mod sql_common;
mod sql_favorites;
mod sql_federation;
mod sql_identity;
mod sql_media;
mod sql_operations;
mod sql_order_rows;
mod sql_order_saving;
mod sql_order_writer;
mod sql_orders;
mod sql_payments;
mod sql_rate_limiter;
mod sql_reviews;
mod sql_support;
pub mod stats;
pub mod system;
#[cfg(feature = "testing")]
pub mod testing;

pub use sql_accounts::SqlAccountDirectory;
pub use sql_catalog::SqlCatalogRepository;

/// Chooses ring as the process's TLS crypto provider (the mailer's and object storage's), before
/// any HTTP client is built; calling it again is harmless.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
pub use sql_favorites::SqlFavoriteStore;
pub use sql_federation::SqlFederationStore;
pub use sql_identity::SqlIdentityStore;
pub use sql_media::SqlImageStore;
pub use sql_operations::SqlOperationsStore;
pub use sql_orders::SqlOrderStore;
pub use sql_payments::SqlPaymentStore;
pub use sql_rate_limiter::SqlRateLimiter;
pub use sql_reviews::SqlReviewStore;
pub use sql_support::SqlSupportStore;
