//! Partners (drivers, guides, therapists) and their jobs: one job per order, the offers made and
//! answered, each step the partner took, and the quarter hours each partner is held for, one row
//! per partner and slot under a unique key so that two overlapping jobs cannot both be taken,
//! even at once on two nodes. Instants are BIGINT milliseconds (UTC).

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
}

#[derive(DeriveIden)]
enum Therapists {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Partners {
    Table,
    UserId,
    Kind,
    Name,
    PhoneCountryCode,
    PhoneNumber,
    /// Codes (`zh,vi`).
    Languages,
    VehicleModel,
    VehiclePlate,
    VehicleSeats,
    TherapistId,
    Active,
    CreatedAtMs,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum Jobs {
    Table,
    OrderId,
    Category,
    StartAtMs,
    Minutes,
    FreeWaitingMinutes,
    Status,
    PartnerId,
    /// The no-show's proof as JSON (photo, position, time); empty otherwise.
    NoShow,
    Version,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum JobOffers {
    Table,
    OrderId,
    PartnerId,
    OfferedAtMs,
    ExpiresAtMs,
    /// `accepted`, `declined`, or empty while unanswered.
    Answer,
    AnsweredAtMs,
    Reason,
}

#[derive(DeriveIden)]
enum JobSteps {
    Table,
    OrderId,
    Seq,
    Status,
    AtMs,
    Actor,
}

#[derive(DeriveIden)]
enum PartnerHolds {
    Table,
    PartnerId,
    SlotMs,
    OrderId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Partners::Table)
                .if_not_exists()
                .col(string_len(Partners::UserId, 64).primary_key())
                .col(string_len(Partners::Kind, 16))
                .col(string_len(Partners::Name, 64))
                .col(string_len(Partners::PhoneCountryCode, 8))
                .col(string_len(Partners::PhoneNumber, 20))
                .col(string_len(Partners::Languages, 32))
                .col(string_len(Partners::VehicleModel, 96).default(""))
                .col(string_len(Partners::VehiclePlate, 32).default(""))
                .col(integer(Partners::VehicleSeats).default(0))
                .col(string_len_null(Partners::TherapistId, 64))
                .col(boolean(Partners::Active))
                .col(big_integer(Partners::CreatedAtMs))
                .col(big_integer(Partners::UpdatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_partners_account",
                    (Partners::Table, Partners::UserId),
                    (Accounts::Table, Accounts::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_partners_therapist",
                    (Partners::Table, Partners::TherapistId),
                    (Therapists::Table, Therapists::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Jobs::Table)
                .if_not_exists()
                .col(string_len(Jobs::OrderId, 40).primary_key())
                .col(string_len(Jobs::Category, 32))
                .col(big_integer(Jobs::StartAtMs))
                .col(integer(Jobs::Minutes))
                .col(integer(Jobs::FreeWaitingMinutes))
                .col(string_len(Jobs::Status, 16))
                .col(string_len_null(Jobs::PartnerId, 64))
                .col(text(Jobs::NoShow).default(""))
                .col(big_integer(Jobs::Version))
                .col(big_integer(Jobs::UpdatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_jobs_order",
                    (Jobs::Table, Jobs::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_jobs_partner",
                    (Jobs::Table, Jobs::PartnerId),
                    (Partners::Table, Partners::UserId),
                ))
                .to_owned(),
        )
        .await?;
        // The board and a partner's schedule read jobs by time.
        m.create_index(
            Index::create()
                .name("idx_jobs_start")
                .table(Jobs::Table)
                .col(Jobs::StartAtMs)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_jobs_partner")
                .table(Jobs::Table)
                .col(Jobs::PartnerId)
                .col(Jobs::StartAtMs)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(JobOffers::Table)
                .if_not_exists()
                .col(string_len(JobOffers::OrderId, 40))
                .col(string_len(JobOffers::PartnerId, 64))
                .col(big_integer(JobOffers::OfferedAtMs))
                .col(big_integer(JobOffers::ExpiresAtMs))
                .col(string_len(JobOffers::Answer, 16).default(""))
                .col(big_integer_null(JobOffers::AnsweredAtMs))
                .col(string_len(JobOffers::Reason, 800).default(""))
                .primary_key(
                    Index::create()
                        .col(JobOffers::OrderId)
                        .col(JobOffers::PartnerId),
                )
                .foreign_key(&mut restrict(
                    "fk_job_offers_job",
                    (JobOffers::Table, JobOffers::OrderId),
                    (Jobs::Table, Jobs::OrderId),
                ))
                .foreign_key(&mut restrict(
                    "fk_job_offers_partner",
                    (JobOffers::Table, JobOffers::PartnerId),
                    (Partners::Table, Partners::UserId),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_job_offers_partner")
                .table(JobOffers::Table)
                .col(JobOffers::PartnerId)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(JobSteps::Table)
                .if_not_exists()
                .col(string_len(JobSteps::OrderId, 40))
                .col(integer(JobSteps::Seq))
                .col(string_len(JobSteps::Status, 16))
                .col(big_integer(JobSteps::AtMs))
                .col(string_len(JobSteps::Actor, 160))
                .primary_key(Index::create().col(JobSteps::OrderId).col(JobSteps::Seq))
                .foreign_key(&mut restrict(
                    "fk_job_steps_job",
                    (JobSteps::Table, JobSteps::OrderId),
                    (Jobs::Table, Jobs::OrderId),
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(PartnerHolds::Table)
                .if_not_exists()
                .col(string_len(PartnerHolds::PartnerId, 64))
                .col(big_integer(PartnerHolds::SlotMs))
                .col(string_len(PartnerHolds::OrderId, 40))
                .primary_key(
                    Index::create()
                        .col(PartnerHolds::PartnerId)
                        .col(PartnerHolds::SlotMs),
                )
                .foreign_key(&mut restrict(
                    "fk_partner_holds_partner",
                    (PartnerHolds::Table, PartnerHolds::PartnerId),
                    (Partners::Table, Partners::UserId),
                ))
                .foreign_key(&mut restrict(
                    "fk_partner_holds_job",
                    (PartnerHolds::Table, PartnerHolds::OrderId),
                    (Jobs::Table, Jobs::OrderId),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_partner_holds_job")
                .table(PartnerHolds::Table)
                .col(PartnerHolds::OrderId)
                .to_owned(),
        )
        .await
    }
}
