//! The catalogue's version: one number the database itself moves at every change of a plan, a
//! therapist or a review (triggers, so no writer can forget it, the command line's import
//! included). Every node reads it to know whether the catalogue it serves from memory is still
//! the one in the database.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DatabaseBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: [&str; 3] = ["plans", "therapists", "reviews"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        db.execute_unprepared(
            "CREATE TABLE catalog_version (id INTEGER PRIMARY KEY, version BIGINT NOT NULL)",
        )
        .await?;
        db.execute_unprepared("INSERT INTO catalog_version (id, version) VALUES (1, 1)")
            .await?;
        match m.get_database_backend() {
            DatabaseBackend::Postgres => {
                db.execute_unprepared(
                    "CREATE FUNCTION bump_catalog_version() RETURNS trigger AS $$ \
                     BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; \
                     RETURN NULL; END $$ LANGUAGE plpgsql",
                )
                .await?;
                for table in TABLES {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_catalog_version AFTER INSERT OR UPDATE OR DELETE \
                         ON {table} FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()"
                    ))
                    .await?;
                }
            }
            _ => {
                for table in TABLES {
                    for event in ["INSERT", "UPDATE", "DELETE"] {
                        db.execute_unprepared(&format!(
                            "CREATE TRIGGER {table}_catalog_version_{} AFTER {event} ON {table} \
                             BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END",
                            event.to_lowercase()
                        ))
                        .await?;
                    }
                }
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        match m.get_database_backend() {
            DatabaseBackend::Postgres => {
                for table in TABLES {
                    db.execute_unprepared(&format!(
                        "DROP TRIGGER IF EXISTS {table}_catalog_version ON {table}"
                    ))
                    .await?;
                }
                db.execute_unprepared("DROP FUNCTION IF EXISTS bump_catalog_version()")
                    .await?;
            }
            _ => {
                for table in TABLES {
                    for event in ["insert", "update", "delete"] {
                        db.execute_unprepared(&format!(
                            "DROP TRIGGER IF EXISTS {table}_catalog_version_{event}"
                        ))
                        .await?;
                    }
                }
            }
        }
        db.execute_unprepared("DROP TABLE IF EXISTS catalog_version")
            .await?;
        Ok(())
    }
}
