//! Flights followed (issue 71, point 3): one row per flight (`FLIGHT@AIRPORT@DAY`), however many
//! pick-ups meet it, with its last answer and its next look, claimed against its version so one
//! node asks. `jobs.landed_at_ms` is the landing free waiting counts from.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for sql in [
            "CREATE TABLE IF NOT EXISTS followed_flights (\
             flight_key VARCHAR(40) NOT NULL PRIMARY KEY, \
             state VARCHAR(16) NULL, \
             scheduled_at_ms BIGINT NULL, \
             estimated_at_ms BIGINT NULL, \
             actual_at_ms BIGINT NULL, \
             next_look_at_ms BIGINT NULL, \
             looks INTEGER NOT NULL, \
             version BIGINT NOT NULL)",
            "ALTER TABLE jobs ADD COLUMN landed_at_ms BIGINT NULL",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for sql in [
            "ALTER TABLE jobs DROP COLUMN landed_at_ms",
            "DROP TABLE IF EXISTS followed_flights",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
