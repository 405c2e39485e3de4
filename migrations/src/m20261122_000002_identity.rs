//! Accounts, profiles, tokens, mailed codes, the mail outbox, throttle counters and signing keys.
//! Instants are BIGINT milliseconds since the Unix epoch (UTC): compared in SQL (expiry, windows)
//! the same way on SQLite and PostgreSQL.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Accounts {
    Table,
    Id,
    Email,
    PasswordHash,
    EmailVerified,
    Disabled,
    CreatedAtMs,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum Profiles {
    Table,
    UserId,
    DisplayName,
    PhoneCountryCode,
    PhoneNumber,
    LineId,
    ZaloId,
    WhatsappId,
    Language,
    CreatedAtMs,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum RefreshTokens {
    Table,
    Hash,
    UserId,
    Family,
    AuthTimeMs,
    CreatedAtMs,
    ExpiresAtMs,
    UsedAtMs,
    RevokedAtMs,
}

#[derive(DeriveIden)]
enum ActionCodes {
    Table,
    Hash,
    UserId,
    Mode,
    Email,
    CreatedAtMs,
    ExpiresAtMs,
    UsedAtMs,
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Id,
    Recipient,
    Kind,
    Link,
    CreatedAtMs,
    Attempts,
    NextAttemptAtMs,
    SentAtMs,
    LastError,
}

#[derive(DeriveIden)]
enum RateCounters {
    Table,
    Key,
    WindowStartMs,
    Count,
}

#[derive(DeriveIden)]
enum SigningKeys {
    Table,
    Kid,
    Algorithm,
    PrivateKey,
    PublicKey,
    CreatedAtMs,
    RetiresAtMs,
}

fn to_account<T: IntoIden>(table: T, column: T, name: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(table, column)
        .to(Accounts::Table, Accounts::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Accounts::Table)
                .if_not_exists()
                .col(string_len(Accounts::Id, 64).primary_key())
                // Stored normalised (lower case), so this index is case-insensitive uniqueness.
                .col(string_len_uniq(Accounts::Email, 254))
                .col(text(Accounts::PasswordHash))
                .col(boolean(Accounts::EmailVerified))
                .col(boolean(Accounts::Disabled))
                .col(big_integer(Accounts::CreatedAtMs))
                .col(big_integer(Accounts::UpdatedAtMs))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Profiles::Table)
                .if_not_exists()
                .col(string_len(Profiles::UserId, 64).primary_key())
                .col(string_len(Profiles::DisplayName, 160))
                .col(string_len_null(Profiles::PhoneCountryCode, 4))
                .col(string_len_null(Profiles::PhoneNumber, 16))
                .col(string_len_null(Profiles::LineId, 256))
                .col(string_len_null(Profiles::ZaloId, 256))
                .col(string_len_null(Profiles::WhatsappId, 256))
                .col(string_len(Profiles::Language, 8))
                .col(big_integer(Profiles::CreatedAtMs))
                .col(big_integer(Profiles::UpdatedAtMs))
                .foreign_key(&mut to_account(
                    Profiles::Table,
                    Profiles::UserId,
                    "fk_profiles_account",
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(RefreshTokens::Table)
                .if_not_exists()
                .col(string_len(RefreshTokens::Hash, 64).primary_key())
                .col(string_len(RefreshTokens::UserId, 64))
                .col(string_len(RefreshTokens::Family, 64))
                .col(big_integer(RefreshTokens::AuthTimeMs))
                .col(big_integer(RefreshTokens::CreatedAtMs))
                .col(big_integer(RefreshTokens::ExpiresAtMs))
                .col(big_integer_null(RefreshTokens::UsedAtMs))
                .col(big_integer_null(RefreshTokens::RevokedAtMs))
                .foreign_key(&mut to_account(
                    RefreshTokens::Table,
                    RefreshTokens::UserId,
                    "fk_refresh_tokens_account",
                ))
                .to_owned(),
        )
        .await?;
        for (name, col) in [
            ("idx_refresh_tokens_user", RefreshTokens::UserId),
            ("idx_refresh_tokens_family", RefreshTokens::Family),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(RefreshTokens::Table)
                    .col(col)
                    .to_owned(),
            )
            .await?;
        }
        m.create_table(
            Table::create()
                .table(ActionCodes::Table)
                .if_not_exists()
                .col(string_len(ActionCodes::Hash, 64).primary_key())
                .col(string_len(ActionCodes::UserId, 64))
                .col(string_len(ActionCodes::Mode, 16))
                .col(string_len(ActionCodes::Email, 254))
                .col(big_integer(ActionCodes::CreatedAtMs))
                .col(big_integer(ActionCodes::ExpiresAtMs))
                .col(big_integer_null(ActionCodes::UsedAtMs))
                .foreign_key(&mut to_account(
                    ActionCodes::Table,
                    ActionCodes::UserId,
                    "fk_action_codes_account",
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(MailOutbox::Table)
                .if_not_exists()
                .col(string_len(MailOutbox::Id, 64).primary_key())
                .col(string_len(MailOutbox::Recipient, 254))
                .col(string_len(MailOutbox::Kind, 32))
                .col(text_null(MailOutbox::Link))
                .col(big_integer(MailOutbox::CreatedAtMs))
                .col(integer(MailOutbox::Attempts))
                .col(big_integer(MailOutbox::NextAttemptAtMs))
                .col(big_integer_null(MailOutbox::SentAtMs))
                .col(text_null(MailOutbox::LastError))
                .to_owned(),
        )
        .await?;
        // The worker looks for unsent mails that are due.
        m.create_index(
            Index::create()
                .name("idx_mail_outbox_due")
                .table(MailOutbox::Table)
                .col(MailOutbox::SentAtMs)
                .col(MailOutbox::NextAttemptAtMs)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(RateCounters::Table)
                .if_not_exists()
                .col(string_len(RateCounters::Key, 320).primary_key())
                .col(big_integer(RateCounters::WindowStartMs))
                .col(integer(RateCounters::Count))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(SigningKeys::Table)
                .if_not_exists()
                .col(string_len(SigningKeys::Kid, 64).primary_key())
                .col(string_len(SigningKeys::Algorithm, 16))
                .col(text(SigningKeys::PrivateKey))
                .col(text(SigningKeys::PublicKey))
                .col(big_integer(SigningKeys::CreatedAtMs))
                .col(big_integer_null(SigningKeys::RetiresAtMs))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SigningKeys::Table.into_iden(),
            RateCounters::Table.into_iden(),
            MailOutbox::Table.into_iden(),
            ActionCodes::Table.into_iden(),
            RefreshTokens::Table.into_iden(),
            Profiles::Table.into_iden(),
            Accounts::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
