//! The language a queued mail is written in when its recipient has no profile to say (a sign-up
//! before its first visit to the member area, a reset asked for an address without an account):
//! the language of the request that queued it. None in mails queued before.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Language,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(MailOutbox::Table)
                .add_column(string_null(MailOutbox::Language))
                .to_owned(),
        )
        .await
    }
}
