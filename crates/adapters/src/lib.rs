//! Implementations of the domain's ports: `stores` (SQL), `providers` (third parties),
//! `security` (tokens, passwords, keys), over what `sql` shares; `catalog_file` is the
//! catalogue's file format and `system` the operating system's clock and randomness.

pub mod catalog_file;
pub mod providers;
pub mod security;
pub mod sql;
#[cfg(feature = "testing")]
pub mod stand_ins;
pub mod stores;
pub mod system;
#[cfg(feature = "testing")]
pub mod testing;

pub use providers::install_tls_provider;
pub use stores::{
    SqlAccountDirectory, SqlCatalogRepository, SqlFavoriteStore, SqlFederationStore,
    SqlFlightStore, SqlGiftStore, SqlIdentityStore, SqlImageStore, SqlInvoiceStore, SqlJobStore,
    SqlNotificationStore, SqlOperationsStore, SqlOrderStore, SqlPartnerStore, SqlPaymentStore,
    SqlPromoStore, SqlRateLimiter, SqlReferralStore, SqlRefundStore, SqlReportStore,
    SqlReviewStore, SqlSupportStore,
};
