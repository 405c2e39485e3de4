//! Each job's thread between its traveller and its partner: numbered messages, each a phrase of
//! the book (its code) or free text with the language it was written in. Instants are BIGINT
//! milliseconds (UTC).

use sea_orm_migration::{prelude::*, schema::*};

use crate::restrict;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Jobs {
    Table,
    OrderId,
}

#[derive(DeriveIden)]
enum JobMessages {
    Table,
    OrderId,
    Seq,
    /// `traveller` or `partner`.
    Side,
    AuthorId,
    /// The writer's own key for the message: a retry with it writes nothing more.
    ClientKey,
    /// A phrase's code; empty for free text.
    Phrase,
    Body,
    /// Free text's language tag; empty for a phrase.
    Language,
    AtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(JobMessages::Table)
                .if_not_exists()
                .col(string_len(JobMessages::OrderId, 40))
                .col(integer(JobMessages::Seq))
                .col(string_len(JobMessages::Side, 16))
                .col(string_len(JobMessages::AuthorId, 64))
                .col(string_len(JobMessages::ClientKey, 64))
                .col(string_len(JobMessages::Phrase, 32).default(""))
                .col(text(JobMessages::Body).default(""))
                .col(string_len(JobMessages::Language, 8).default(""))
                .col(big_integer(JobMessages::AtMs))
                .primary_key(
                    Index::create()
                        .col(JobMessages::OrderId)
                        .col(JobMessages::Seq),
                )
                .foreign_key(&mut restrict(
                    "fk_job_messages_job",
                    (JobMessages::Table, JobMessages::OrderId),
                    (Jobs::Table, Jobs::OrderId),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_job_messages_key")
                .table(JobMessages::Table)
                .col(JobMessages::OrderId)
                .col(JobMessages::AuthorId)
                .col(JobMessages::ClientKey)
                .unique()
                .to_owned(),
        )
        .await
    }
}
