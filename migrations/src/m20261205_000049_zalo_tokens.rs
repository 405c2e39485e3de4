//! The Zalo Official Account's tokens (issue 71): an access token lasts about 25 hours and is
//! renewed with a single-use refresh token that each renewal replaces, so both are kept here,
//! sealed, for every node to share. One row per configured starting refresh token (`account`, a
//! hash of it and the app id): a node given a new one starts a new row instead of fighting over
//! the old. `version` lets one node at a time renew; `refreshing_until_ms` is its turn.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection()
            .execute_unprepared(
                "CREATE TABLE IF NOT EXISTS zalo_tokens (\
                 account VARCHAR(32) NOT NULL PRIMARY KEY, \
                 access_token TEXT NULL, \
                 refresh_token TEXT NOT NULL, \
                 expires_at_ms BIGINT NOT NULL, \
                 refreshing_until_ms BIGINT NOT NULL, \
                 last_error TEXT NULL, \
                 refreshed_at_ms BIGINT NULL, \
                 version BIGINT NOT NULL)",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection()
            .execute_unprepared("DROP TABLE IF EXISTS zalo_tokens")
            .await?;
        Ok(())
    }
}
