use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Plans {
    Table,
    Id,
    Category,
    Name,
    Summary,
    Description,
    Images,
    VehicleSeats,
    VehicleLuggage,
    DurationsMinutes,
    Options,
    FromPriceVnd,
    Airport,
    SortOrder,
    Active,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Therapists {
    Table,
    Id,
    Name,
    Gender,
    Photo,
    Languages,
    Skills,
    YearsOfPractice,
    RatingTenths,
    Bio,
    Active,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Plans::Table)
                    .if_not_exists()
                    .col(string_len(Plans::Id, 64).primary_key())
                    .col(string_len(Plans::Category, 32))
                    .col(string(Plans::Name))
                    .col(text(Plans::Summary))
                    .col(text(Plans::Description))
                    .col(text(Plans::Images))
                    .col(integer_null(Plans::VehicleSeats))
                    .col(integer_null(Plans::VehicleLuggage))
                    .col(text(Plans::DurationsMinutes))
                    .col(text(Plans::Options))
                    .col(big_integer(Plans::FromPriceVnd))
                    .col(string_len_null(Plans::Airport, 8))
                    .col(integer(Plans::SortOrder))
                    .col(boolean(Plans::Active))
                    .col(timestamp_with_time_zone(Plans::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        // Lists page through one category's active plans in (sort_order, id) order.
        manager
            .create_index(
                Index::create()
                    .name("idx_plans_category_order")
                    .table(Plans::Table)
                    .col(Plans::Category)
                    .col(Plans::Active)
                    .col(Plans::SortOrder)
                    .col(Plans::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Therapists::Table)
                    .if_not_exists()
                    .col(string_len(Therapists::Id, 64).primary_key())
                    .col(string(Therapists::Name))
                    .col(string_len(Therapists::Gender, 16))
                    .col(string(Therapists::Photo))
                    .col(text(Therapists::Languages))
                    .col(text(Therapists::Skills))
                    .col(integer(Therapists::YearsOfPractice))
                    .col(integer(Therapists::RatingTenths))
                    .col(text(Therapists::Bio))
                    .col(boolean(Therapists::Active))
                    .col(timestamp_with_time_zone(Therapists::UpdatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Therapists::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(Plans::Table).to_owned())
            .await
    }
}
