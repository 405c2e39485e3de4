use async_trait::async_trait;

use crate::error::DomainResult;

/// Where backups are made and kept.
#[async_trait]
pub trait BackupPort: Send + Sync {
    /// The extension of the copies this database makes (`sqlite3`, `pgdump`).
    fn extension(&self) -> &'static str;
    /// Where they are kept, for people to read (a folder, `s3://bucket/prefix`).
    fn place(&self) -> String;
    /// Holds the right to take a backup of this database, across every node that serves it,
    /// until the guard is dropped: `None` while another holds it.
    async fn hold(&self) -> DomainResult<Option<Box<dyn Send + Sync>>>;
    /// Makes a consistent copy of the database while it serves and keeps it under `name`, whole
    /// or not at all: its size in bytes.
    async fn take(&self, name: &str) -> DomainResult<u64>;
    /// The files kept, in any order (those whose names are not backups' included).
    async fn list(&self) -> DomainResult<Vec<(String, u64)>>;
    async fn remove(&self, name: &str) -> DomainResult<()>;
}
