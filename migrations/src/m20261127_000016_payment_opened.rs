//! When a payment that settles later (a VietQR transfer, VNPay) was first opened for an order:
//! from then on the order's service and price are fixed. None for the orders there are, as if
//! none had one open (a transfer opened before this step still pays only its exact amount).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    PaymentOpenedAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Orders::Table)
                .add_column(big_integer_null(Orders::PaymentOpenedAtMs))
                .to_owned(),
        )
        .await
    }
}
