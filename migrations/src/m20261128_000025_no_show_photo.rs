//! A no-show's photo is an image uploaded through the media pipeline: the job names it, and
//! housekeeping, which removes the images nothing carries, keeps the images a job names. (No
//! foreign key: SQLite cannot add one to a table that exists; the purge's own query is the keeper,
//! and it only removes images a day old, while a proof is taken at the kerb.)

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Jobs {
    Table,
    NoShowImageId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Jobs::Table)
                .add_column(string_len_null(Jobs::NoShowImageId, 40))
                .to_owned(),
        )
        .await
    }
}
