//! The instant before which an account's ID tokens are refused (its last sign-out, password
//! change or reset, or e-mail change); none yet for the accounts there are.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Accounts {
    Table,
    TokensValidAfterMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Accounts::Table)
                .add_column(big_integer(Accounts::TokensValidAfterMs).default(0))
                .to_owned(),
        )
        .await
    }
}
