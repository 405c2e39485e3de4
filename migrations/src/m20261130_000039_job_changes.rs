//! When the traveller last changed a job's order since its partner took it: the partner may turn
//! that change down until they set off.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Jobs {
    Table,
    ChangedAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Jobs::Table)
                .add_column(big_integer_null(Jobs::ChangedAtMs))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Jobs::Table)
                .drop_column(Jobs::ChangedAtMs)
                .to_owned(),
        )
        .await
    }
}
