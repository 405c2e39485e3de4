//! Plan pages: each plan's content beyond its price (what is included, where to meet, how long
//! the driver waits), as JSON in the catalogue file's shape; `{}` for plans imported before.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Plans {
    Table,
    Content,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Plans::Table)
                .add_column(text(Plans::Content).default("{}"))
                .to_owned(),
        )
        .await
    }
}
