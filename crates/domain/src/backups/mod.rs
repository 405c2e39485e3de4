//! Backups of the business's data: when one is due, which are kept, who may take one. Taking a
//! consistent copy and keeping it (a directory, object storage) is the adapters'.

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{Backup, BackupPolicy, BackupStatus, Retention, Trigger};
pub use ports::BackupPort;
pub use service::BackupService;
