//! The catalogue's version as this node knows it: read from the `catalog_version` row (which the
//! database's triggers move at every change of a plan, a therapist or a review), followed by
//! polling for other nodes' changes and read again at once after this node's own.

use std::sync::Arc;

use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use tokio::sync::watch;

#[derive(Clone)]
pub struct CatalogVersion {
    db: DatabaseConnection,
    tx: Arc<watch::Sender<u64>>,
}

impl CatalogVersion {
    pub async fn new(db: DatabaseConnection) -> Result<Self, sea_orm::DbErr> {
        let now = read(&db).await?;
        Ok(Self {
            db,
            tx: Arc::new(watch::channel(now).0),
        })
    }

    /// The version as this node knows it now.
    pub fn current(&self) -> u64 {
        *self.tx.borrow()
    }

    /// The version, as it moves.
    pub fn follow(&self) -> watch::Receiver<u64> {
        self.tx.subscribe()
    }

    /// Reads the version again; a database that does not answer leaves the known one (answers
    /// kept in memory are then served a little longer, never wrong ones made).
    pub async fn refresh(&self) {
        match read(&self.db).await {
            Ok(v) => {
                self.tx.send_if_modified(|known| {
                    let moved = *known != v;
                    *known = v;
                    moved
                });
            }
            Err(e) => tracing::warn!(error = %e, "reading the catalogue's version"),
        }
    }
}

/// What a store that writes the catalogue calls after each change, when it follows a version.
pub(crate) async fn after_change(version: Option<&CatalogVersion>) {
    if let Some(v) = version {
        v.refresh().await;
    }
}

async fn read(db: &DatabaseConnection) -> Result<u64, sea_orm::DbErr> {
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT version FROM catalog_version WHERE id = 1",
        ))
        .await?
        .ok_or_else(|| sea_orm::DbErr::RecordNotFound("catalog_version".into()))?;
    let version: i64 = row.try_get("", "version")?;
    Ok(u64::try_from(version).unwrap_or(0))
}
