//! Notices on phones: the devices that receive Web Push (one row per push endpoint, whoever signed
//! in on it last), the kinds each person turned off, the push outbox (one row per notice and
//! device) and the LINE outbox (one row per notice to a LINE-linked traveller), both written in
//! the transaction that causes the notice.

use sea_orm_migration::{prelude::*, schema::*};

use crate::restrict;

#[derive(DeriveIden)]
enum Accounts {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PushDevices {
    Table,
    Id,
    UserId,
    Endpoint,
    P256dh,
    Auth,
    CreatedAtMs,
}

#[derive(DeriveIden)]
enum NoticeChoices {
    Table,
    UserId,
    TurnedOff,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum PushOutbox {
    Table,
    Id,
    DeviceId,
    UserId,
    Kind,
    Link,
    Payload,
    CreatedAtMs,
    Attempts,
    NextAttemptAtMs,
    SentAtMs,
    LastError,
}

#[derive(DeriveIden)]
enum LineOutbox {
    Table,
    Id,
    LineUser,
    UserId,
    Kind,
    Link,
    Payload,
    CreatedAtMs,
    Attempts,
    NextAttemptAtMs,
    SentAtMs,
    LastError,
}

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(PushDevices::Table)
                .if_not_exists()
                .col(string_len(PushDevices::Id, 40).primary_key())
                .col(string_len(PushDevices::UserId, 64))
                .col(text(PushDevices::Endpoint))
                .col(string_len(PushDevices::P256dh, 100))
                .col(string_len(PushDevices::Auth, 40))
                .col(big_integer(PushDevices::CreatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_push_devices_account",
                    (PushDevices::Table, PushDevices::UserId),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_push_devices_user")
                .table(PushDevices::Table)
                .col(PushDevices::UserId)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(NoticeChoices::Table)
                .if_not_exists()
                .col(string_len(NoticeChoices::UserId, 64).primary_key())
                .col(string_len(NoticeChoices::TurnedOff, 200))
                .col(big_integer(NoticeChoices::UpdatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_notice_choices_account",
                    (NoticeChoices::Table, NoticeChoices::UserId),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        // No foreign key to the device: a device that is gone leaves its unsent rows to be
        // dropped by the sender, not a delete that fails.
        m.create_table(
            Table::create()
                .table(PushOutbox::Table)
                .if_not_exists()
                .col(string_len(PushOutbox::Id, 40).primary_key())
                .col(string_len(PushOutbox::DeviceId, 40))
                .col(string_len(PushOutbox::UserId, 64))
                .col(string_len(PushOutbox::Kind, 32))
                .col(text_null(PushOutbox::Link))
                .col(text_null(PushOutbox::Payload))
                .col(big_integer(PushOutbox::CreatedAtMs))
                .col(integer(PushOutbox::Attempts))
                .col(big_integer(PushOutbox::NextAttemptAtMs))
                .col(big_integer_null(PushOutbox::SentAtMs))
                .col(text_null(PushOutbox::LastError))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_push_outbox_due")
                .table(PushOutbox::Table)
                .col(PushOutbox::SentAtMs)
                .col(PushOutbox::NextAttemptAtMs)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(LineOutbox::Table)
                .if_not_exists()
                .col(string_len(LineOutbox::Id, 40).primary_key())
                .col(string_len(LineOutbox::LineUser, 64))
                .col(string_len(LineOutbox::UserId, 64))
                .col(string_len(LineOutbox::Kind, 32))
                .col(text_null(LineOutbox::Link))
                .col(text_null(LineOutbox::Payload))
                .col(big_integer(LineOutbox::CreatedAtMs))
                .col(integer(LineOutbox::Attempts))
                .col(big_integer(LineOutbox::NextAttemptAtMs))
                .col(big_integer_null(LineOutbox::SentAtMs))
                .col(text_null(LineOutbox::LastError))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_line_outbox_due")
                .table(LineOutbox::Table)
                .col(LineOutbox::SentAtMs)
                .col(LineOutbox::NextAttemptAtMs)
                .to_owned(),
        )
        .await
    }
}
