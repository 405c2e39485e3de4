//! When the server kept a job's last position (its own clock, not the phone's): a partner's phone
//! may have one reading kept every few seconds, decided in the write itself on any number of
//! nodes. Rows kept before have 0: the next reading is kept.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum JobPositions {
    Table,
    KeptAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(JobPositions::Table)
                .add_column(big_integer(JobPositions::KeptAtMs).default(0))
                .to_owned(),
        )
        .await
    }
}
