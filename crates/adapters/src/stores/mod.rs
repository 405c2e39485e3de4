//! The domain's stores in SQL, one file (or folder) per port; the same code on SQLite and
//! PostgreSQL.

mod accounts;
mod catalog;
pub mod catalog_version;
mod credit;
mod favorites;
mod federation;
mod gifts;
pub mod housekeeping;
mod identity;
mod images;
mod jobs;
pub mod live;
pub(crate) mod notifications;
mod operations;
mod orders;
mod partners;
mod payments;
mod promotions;
mod rate_limiter;
mod referrals;
mod refunds;
mod reminders;
mod reviews;
pub mod stats;
mod support;

pub use accounts::SqlAccountDirectory;
pub use catalog::SqlCatalogRepository;
pub use favorites::SqlFavoriteStore;
pub use federation::SqlFederationStore;
pub use gifts::SqlGiftStore;
pub use identity::SqlIdentityStore;
pub use images::SqlImageStore;
pub use jobs::SqlJobStore;
pub use notifications::SqlNotificationStore;
pub use operations::SqlOperationsStore;
pub use orders::SqlOrderStore;
pub use partners::SqlPartnerStore;
pub use payments::SqlPaymentStore;
pub use promotions::SqlPromoStore;
pub use rate_limiter::SqlRateLimiter;
pub use referrals::SqlReferralStore;
pub use refunds::SqlRefundStore;
pub use reminders::SqlReminderStore;
pub use reviews::SqlReviewStore;
pub use support::SqlSupportStore;
