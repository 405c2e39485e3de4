//! Reminders read the bookings whose service comes within the next two days, on every node each
//! minute: orders by their start.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    StartAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(
            Index::create()
                .name("idx_orders_start")
                .table(Orders::Table)
                .col(Orders::StartAtMs)
                .if_not_exists()
                .to_owned(),
        )
        .await
    }
}
