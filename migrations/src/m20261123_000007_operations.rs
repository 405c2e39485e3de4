//! Operations: operator accounts (a role on the account), service accounts' API keys (kept as
//! their SHA-256), the audit log of operator actions, and the order notices the outbox mails
//! (their facts as JSON beside the mail's kind).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Accounts {
    Table,
    Role,
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Payload,
}

#[derive(DeriveIden)]
enum ServiceKeys {
    Table,
    Id,
    Name,
    KeyHash,
    CreatedBy,
    CreatedAtMs,
    RevokedAtMs,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    AtMs,
    Actor,
    Action,
    Target,
    Before,
    After,
    Reason,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Accounts::Table)
                .add_column(string_len(Accounts::Role, 16).default("customer"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(MailOutbox::Table)
                .add_column(text_null(MailOutbox::Payload))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(ServiceKeys::Table)
                .if_not_exists()
                .col(string_len(ServiceKeys::Id, 40).primary_key())
                .col(string_len(ServiceKeys::Name, 60))
                .col(string_len(ServiceKeys::KeyHash, 64).unique_key())
                .col(string_len(ServiceKeys::CreatedBy, 120))
                .col(big_integer(ServiceKeys::CreatedAtMs))
                .col(big_integer_null(ServiceKeys::RevokedAtMs))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(AuditLog::Table)
                .if_not_exists()
                .col(string_len(AuditLog::Id, 40).primary_key())
                .col(big_integer(AuditLog::AtMs))
                .col(string_len(AuditLog::Actor, 120))
                .col(string_len(AuditLog::Action, 40))
                .col(string_len(AuditLog::Target, 120))
                .col(text(AuditLog::Before))
                .col(text(AuditLog::After))
                .col(text(AuditLog::Reason))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_audit_log_at")
                .table(AuditLog::Table)
                .col(AuditLog::AtMs)
                .col(AuditLog::Id)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_audit_log_target")
                .table(AuditLog::Table)
                .col(AuditLog::Target)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(AuditLog::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(ServiceKeys::Table).to_owned())
            .await
    }
}
