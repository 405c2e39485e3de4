//! The member area: the driver operators put on an order, and customer-service threads with their
//! messages.

use sea_orm_migration::{prelude::*, schema::*};

use crate::restrict;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Accounts {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    Driver,
}

#[derive(DeriveIden)]
enum SupportThreads {
    Table,
    Id,
    Owner,
    Subject,
    OrderId,
    CreatedAtMs,
    UpdatedAtMs,
    MessageCount,
    UnreadByCustomer,
    UnreadByOperators,
    Preview,
    RequestId,
}

#[derive(DeriveIden)]
enum SupportMessages {
    Table,
    ThreadId,
    Seq,
    Author,
    Body,
    AtMs,
    RequestId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // JSON (name, phone, plate); empty until an operator assigns someone.
        m.alter_table(
            Table::alter()
                .table(Orders::Table)
                .add_column(text_null(Orders::Driver))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(SupportThreads::Table)
                .if_not_exists()
                .col(string_len(SupportThreads::Id, 40).primary_key())
                .col(string_len(SupportThreads::Owner, 64))
                .col(text(SupportThreads::Subject))
                .col(string_len_null(SupportThreads::OrderId, 40))
                .col(big_integer(SupportThreads::CreatedAtMs))
                .col(big_integer(SupportThreads::UpdatedAtMs))
                .col(integer(SupportThreads::MessageCount))
                .col(integer(SupportThreads::UnreadByCustomer))
                .col(integer(SupportThreads::UnreadByOperators))
                .col(text(SupportThreads::Preview))
                .col(string_len_null(SupportThreads::RequestId, 64))
                .foreign_key(&mut restrict(
                    "fk_support_threads_owner",
                    (SupportThreads::Table, SupportThreads::Owner),
                    (Accounts::Table, Accounts::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_support_threads_order",
                    (SupportThreads::Table, SupportThreads::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .to_owned(),
        )
        .await?;
        // The member's list (most recent first) and the retried open (one per request id).
        m.create_index(
            Index::create()
                .name("idx_support_threads_owner")
                .table(SupportThreads::Table)
                .col(SupportThreads::Owner)
                .col(SupportThreads::UpdatedAtMs)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_support_threads_request")
                .table(SupportThreads::Table)
                .col(SupportThreads::Owner)
                .col(SupportThreads::RequestId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(SupportMessages::Table)
                .if_not_exists()
                .col(string_len(SupportMessages::ThreadId, 40))
                .col(integer(SupportMessages::Seq))
                .col(string_len(SupportMessages::Author, 80))
                .col(text(SupportMessages::Body))
                .col(big_integer(SupportMessages::AtMs))
                .col(string_len_null(SupportMessages::RequestId, 64))
                .primary_key(
                    Index::create()
                        .col(SupportMessages::ThreadId)
                        .col(SupportMessages::Seq),
                )
                .foreign_key(&mut restrict(
                    "fk_support_messages_thread",
                    (SupportMessages::Table, SupportMessages::ThreadId),
                    (SupportThreads::Table, SupportThreads::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_support_messages_request")
                .table(SupportMessages::Table)
                .col(SupportMessages::ThreadId)
                .col(SupportMessages::RequestId)
                .unique()
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SupportMessages::Table.into_iden(),
            SupportThreads::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        m.alter_table(
            Table::alter()
                .table(Orders::Table)
                .drop_column(Orders::Driver)
                .to_owned(),
        )
        .await
    }
}
