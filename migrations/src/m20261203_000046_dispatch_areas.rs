//! Automatic dispatch, continued (issue 71): the categories operators dispatch by hand
//! (`dispatch_categories`, a row for each one turned off), and a partner's home area
//! (`partners.home_city`, one of the catalogue's city codes; empty when not set), from which their
//! distance counts when they have no fresh reading.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for sql in [
            "CREATE TABLE IF NOT EXISTS dispatch_categories (\
             category VARCHAR(32) NOT NULL PRIMARY KEY, \
             by_hand BOOLEAN NOT NULL, \
             updated_at_ms BIGINT NOT NULL)",
            "ALTER TABLE partners ADD COLUMN home_city VARCHAR(8) NOT NULL DEFAULT ''",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for sql in [
            "ALTER TABLE partners DROP COLUMN home_city",
            "DROP TABLE IF EXISTS dispatch_categories",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
