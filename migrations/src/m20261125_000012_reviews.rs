//! Reviews: one per order at most (the order's id is the key), with a public id of their own,
//! and when operators hid it and why. The pages read a plan's or a therapist's shown reviews
//! newest first.

use sea_orm_migration::{prelude::*, schema::*};

use crate::restrict;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Reviews {
    Table,
    Id,
    OrderId,
    Owner,
    PlanId,
    TherapistId,
    Author,
    Rating,
    Comment,
    CreatedAtMs,
    UpdatedAtMs,
    HiddenAtMs,
    HiddenReason,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Reviews::Table)
                .if_not_exists()
                .col(string_len(Reviews::OrderId, 40).primary_key())
                .col(string_len(Reviews::Id, 40).unique_key())
                .col(string_len(Reviews::Owner, 64))
                .col(string_len(Reviews::PlanId, 64))
                .col(string_len(Reviews::TherapistId, 64))
                .col(string_len(Reviews::Author, 16))
                .col(small_integer(Reviews::Rating))
                .col(text(Reviews::Comment))
                .col(big_integer(Reviews::CreatedAtMs))
                .col(big_integer(Reviews::UpdatedAtMs))
                .col(big_integer_null(Reviews::HiddenAtMs))
                .col(text(Reviews::HiddenReason))
                .foreign_key(&mut restrict(
                    "fk_reviews_order",
                    (Reviews::Table, Reviews::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .to_owned(),
        )
        .await?;
        for (name, column) in [
            ("idx_reviews_plan", Reviews::PlanId),
            ("idx_reviews_therapist", Reviews::TherapistId),
            ("idx_reviews_created", Reviews::CreatedAtMs),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(Reviews::Table)
                    .col(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Reviews::Table).if_exists().to_owned())
            .await
    }
}
