//! Automatic dispatch (issue 71): whether a job is dispatched by hand, and whether automatic
//! dispatch handed it to the operators, why (`nobody_left`, `deadline`) and when. The worker
//! looks for open jobs still to start (`idx_jobs_status_start`).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for sql in [
            "ALTER TABLE jobs ADD COLUMN dispatch_by_hand BOOLEAN NOT NULL DEFAULT FALSE",
            "ALTER TABLE jobs ADD COLUMN handed_over VARCHAR(16) NOT NULL DEFAULT ''",
            "ALTER TABLE jobs ADD COLUMN handed_over_at_ms BIGINT NULL",
            "CREATE INDEX IF NOT EXISTS idx_jobs_status_start ON jobs (status, start_at_ms)",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for sql in [
            "DROP INDEX IF EXISTS idx_jobs_status_start",
            "ALTER TABLE jobs DROP COLUMN handed_over_at_ms",
            "ALTER TABLE jobs DROP COLUMN handed_over",
            "ALTER TABLE jobs DROP COLUMN dispatch_by_hand",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
