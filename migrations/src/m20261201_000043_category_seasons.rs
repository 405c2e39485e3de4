//! Seasons for a whole category (issue 70): one row per category that has any, its seasons as
//! JSON in the catalogue file's own shape. A change moves the catalogue's version (the same
//! triggers as plans'), so every node prices from the new seasons at once.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        db.execute_unprepared(
            "CREATE TABLE IF NOT EXISTS category_seasons (\
             category VARCHAR(32) NOT NULL PRIMARY KEY, seasons TEXT NOT NULL)",
        )
        .await?;
        match m.get_database_backend() {
            DatabaseBackend::Postgres => {
                db.execute_unprepared(
                    "CREATE TRIGGER category_seasons_catalog_version AFTER INSERT OR UPDATE OR \
                     DELETE ON category_seasons FOR EACH STATEMENT EXECUTE FUNCTION \
                     bump_catalog_version()",
                )
                .await?;
            }
            _ => {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER category_seasons_catalog_version_{} AFTER {event} ON \
                         category_seasons BEGIN UPDATE catalog_version SET version = version + 1 \
                         WHERE id = 1; END",
                        event.to_lowercase()
                    ))
                    .await?;
                }
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection()
            .execute_unprepared("DROP TABLE IF EXISTS category_seasons")
            .await?;
        Ok(())
    }
}
