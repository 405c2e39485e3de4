//! Zalo for partners who opt in (issue 71): their notices also go to Zalo's notification service
//! (ZNS) at their phone number, through `zalo_outbox`, claimed and retried like the other outboxes.
//! `partners.zalo_notices` is their choice.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for sql in [
            "CREATE TABLE IF NOT EXISTS zalo_outbox (\
             id VARCHAR(40) NOT NULL PRIMARY KEY, \
             phone VARCHAR(20) NOT NULL, \
             user_id VARCHAR(64) NOT NULL, \
             kind VARCHAR(32) NOT NULL, \
             link TEXT NULL, \
             payload TEXT NULL, \
             created_at_ms BIGINT NOT NULL, \
             attempts INTEGER NOT NULL, \
             next_attempt_at_ms BIGINT NOT NULL, \
             sent_at_ms BIGINT NULL, \
             last_error TEXT NULL)",
            "CREATE INDEX IF NOT EXISTS idx_zalo_outbox_due ON zalo_outbox (sent_at_ms, next_attempt_at_ms)",
            "ALTER TABLE partners ADD COLUMN zalo_notices BOOLEAN NOT NULL DEFAULT FALSE",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for sql in [
            "ALTER TABLE partners DROP COLUMN zalo_notices",
            "DROP TABLE IF EXISTS zalo_outbox",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
