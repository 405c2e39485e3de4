//! Massage: therapists' working hours, the holds that keep a therapist from being booked twice,
//! favourite therapists, and hotel images with the orders that carry them.

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
    Hours,
}

#[derive(DeriveIden)]
enum TherapistHolds {
    Table,
    TherapistId,
    SlotMs,
    OrderId,
}

#[derive(DeriveIden)]
enum FavoriteTherapists {
    Table,
    Owner,
    TherapistId,
    Position,
}

#[derive(DeriveIden)]
enum HotelImages {
    Table,
    Id,
    Owner,
    Width,
    Height,
    Bytes,
    CreatedAtMs,
}

#[derive(DeriveIden)]
enum OrderImages {
    Table,
    OrderId,
    ImageId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // JSON list of shifts; a therapist imported before this has none until edited.
        m.alter_table(
            Table::alter()
                .table(Therapists::Table)
                .add_column(text(Therapists::Hours).default("[]"))
                .to_owned(),
        )
        .await?;
        // One row per quarter hour a therapist is held: the primary key is what makes two
        // overlapping bookings of one therapist impossible, whoever commits first.
        m.create_table(
            Table::create()
                .table(TherapistHolds::Table)
                .if_not_exists()
                .col(string_len(TherapistHolds::TherapistId, 64))
                .col(big_integer(TherapistHolds::SlotMs))
                .col(string_len(TherapistHolds::OrderId, 40))
                .primary_key(
                    Index::create()
                        .col(TherapistHolds::TherapistId)
                        .col(TherapistHolds::SlotMs),
                )
                .foreign_key(&mut restrict(
                    "fk_therapist_holds_therapist",
                    (TherapistHolds::Table, TherapistHolds::TherapistId),
                    (Therapists::Table, Therapists::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_therapist_holds_order",
                    (TherapistHolds::Table, TherapistHolds::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_therapist_holds_order")
                .table(TherapistHolds::Table)
                .col(TherapistHolds::OrderId)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(FavoriteTherapists::Table)
                .if_not_exists()
                .col(string_len(FavoriteTherapists::Owner, 64))
                .col(string_len(FavoriteTherapists::TherapistId, 64))
                .col(integer(FavoriteTherapists::Position))
                .primary_key(
                    Index::create()
                        .col(FavoriteTherapists::Owner)
                        .col(FavoriteTherapists::TherapistId),
                )
                .foreign_key(&mut restrict(
                    "fk_favorite_therapists_owner",
                    (FavoriteTherapists::Table, FavoriteTherapists::Owner),
                    (Accounts::Table, Accounts::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_favorite_therapists_therapist",
                    (FavoriteTherapists::Table, FavoriteTherapists::TherapistId),
                    (Therapists::Table, Therapists::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(HotelImages::Table)
                .if_not_exists()
                .col(string_len(HotelImages::Id, 40).primary_key())
                .col(string_len(HotelImages::Owner, 64))
                .col(integer(HotelImages::Width))
                .col(integer(HotelImages::Height))
                .col(big_integer(HotelImages::Bytes))
                .col(big_integer(HotelImages::CreatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_hotel_images_owner",
                    (HotelImages::Table, HotelImages::Owner),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_hotel_images_created")
                .table(HotelImages::Table)
                .col(HotelImages::CreatedAtMs)
                .to_owned(),
        )
        .await?;
        // Which orders carry which images: kept by the order store with the order itself. An
        // image an order carries cannot be deleted.
        m.create_table(
            Table::create()
                .table(OrderImages::Table)
                .if_not_exists()
                .col(string_len(OrderImages::OrderId, 40))
                .col(string_len(OrderImages::ImageId, 40))
                .primary_key(
                    Index::create()
                        .col(OrderImages::OrderId)
                        .col(OrderImages::ImageId),
                )
                .foreign_key(&mut restrict(
                    "fk_order_images_order",
                    (OrderImages::Table, OrderImages::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_order_images_image",
                    (OrderImages::Table, OrderImages::ImageId),
                    (HotelImages::Table, HotelImages::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_order_images_image")
                .table(OrderImages::Table)
                .col(OrderImages::ImageId)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            OrderImages::Table.into_iden(),
            HotelImages::Table.into_iden(),
            FavoriteTherapists::Table.into_iden(),
            TherapistHolds::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        m.alter_table(
            Table::alter()
                .table(Therapists::Table)
                .drop_column(Therapists::Hours)
                .to_owned(),
        )
        .await
    }
}
