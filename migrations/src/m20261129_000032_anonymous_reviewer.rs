//! A review of an order without a name kept the zh-TW word 「旅客」 as its author, which every
//! reader then saw in Chinese. It keeps no author now, and each reader's catalogue names it.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection()
            .execute_unprepared("UPDATE reviews SET author = '' WHERE author = '旅客'")
            .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection()
            .execute_unprepared("UPDATE reviews SET author = '旅客' WHERE author = ''")
            .await?;
        Ok(())
    }
}
