//! The back office: a service key's role (an operator's unless issued as an admin's), when a
//! support thread was closed (none while open), and the live events every change of an order, a support thread or a wallet leaves in its own
//! transaction, which the nodes read to tell open streams what changed.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ServiceKeys {
    Table,
    Role,
}

#[derive(DeriveIden)]
enum SupportThreads {
    Table,
    ClosedAtMs,
}

#[derive(DeriveIden)]
enum LiveEvents {
    Table,
    Id,
    AtMs,
    Owner,
    Topic,
    Subject,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(ServiceKeys::Table)
                .add_column(string_len(ServiceKeys::Role, 16).default("operator"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(SupportThreads::Table)
                .add_column(big_integer_null(SupportThreads::ClosedAtMs))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(LiveEvents::Table)
                .if_not_exists()
                .col(big_pk_auto(LiveEvents::Id))
                .col(big_integer(LiveEvents::AtMs))
                .col(string_len(LiveEvents::Owner, 64))
                .col(string_len(LiveEvents::Topic, 16))
                .col(string_len(LiveEvents::Subject, 64))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("live_events_at")
                .table(LiveEvents::Table)
                .col(LiveEvents::AtMs)
                .to_owned(),
        )
        .await
    }
}
