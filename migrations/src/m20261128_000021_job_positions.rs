//! Where each job's partner last was: one row per job, replaced by each reading kept from their
//! phone while on the way or waiting, and deleted a day after it was taken. Instants are BIGINT
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
enum JobPositions {
    Table,
    OrderId,
    /// Whose phone sent it: a job taken back and given to another shows only its new partner's.
    PartnerId,
    Latitude,
    Longitude,
    /// Metres, as the phone said.
    Accuracy,
    TakenAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(JobPositions::Table)
                .if_not_exists()
                .col(string_len(JobPositions::OrderId, 40).primary_key())
                .col(string_len(JobPositions::PartnerId, 64))
                .col(double(JobPositions::Latitude))
                .col(double(JobPositions::Longitude))
                .col(double(JobPositions::Accuracy))
                .col(big_integer(JobPositions::TakenAtMs))
                .foreign_key(&mut restrict(
                    "fk_job_positions_job",
                    (JobPositions::Table, JobPositions::OrderId),
                    (Jobs::Table, Jobs::OrderId),
                ))
                .to_owned(),
        )
        .await?;
        // The daily purge reads them by age.
        m.create_index(
            Index::create()
                .name("idx_job_positions_taken")
                .table(JobPositions::Table)
                .col(JobPositions::TakenAtMs)
                .to_owned(),
        )
        .await
    }
}
