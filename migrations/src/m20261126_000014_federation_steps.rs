//! Sign-in with identity providers, the steps after the return: a sign-in started from the
//! profile names the account it links to, and a return that needs one more step from the person
//! (their password, or an address) is held under its ticket's hash for a few minutes. What is held
//! is the provider's word about the person (`sub`, address), never its tokens.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PendingLogins {
    Table,
    LinkUserId,
}

#[derive(DeriveIden)]
enum PendingLinks {
    Table,
    TicketHash,
    Provider,
    Subject,
    Email,
    EmailVerified,
    ReturnTo,
    ExpiresAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(PendingLogins::Table)
                .add_column(string_len_null(PendingLogins::LinkUserId, 64))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(PendingLinks::Table)
                .if_not_exists()
                .col(string_len(PendingLinks::TicketHash, 64).primary_key())
                .col(string_len(PendingLinks::Provider, 32))
                .col(string_len(PendingLinks::Subject, 255))
                .col(string_len_null(PendingLinks::Email, 254))
                .col(boolean(PendingLinks::EmailVerified))
                .col(text(PendingLinks::ReturnTo))
                .col(big_integer(PendingLinks::ExpiresAtMs))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_pending_links_expiry")
                .table(PendingLinks::Table)
                .col(PendingLinks::ExpiresAtMs)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(
            Table::drop()
                .table(PendingLinks::Table)
                .if_exists()
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(PendingLogins::Table)
                .drop_column(PendingLogins::LinkUserId)
                .to_owned(),
        )
        .await
    }
}
