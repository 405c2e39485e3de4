//! What a payment is for, beside its order: the order's price, a top-up, a paid order's change
//! (whose details wait in `payment_changes` until its money arrives) or a tip. An order still has
//! one succeeded payment of its price; its changes' and tips' payments are of their own.

use sea_orm_migration::{prelude::*, schema::*};

use crate::restrict;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
    Purpose,
}

#[derive(DeriveIden)]
enum PaymentChanges {
    Table,
    PaymentId,
    OrderId,
    Version,
    Details,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Payments::Table)
                .add_column(string_len(Payments::Purpose, 16).default("ORDER"))
                .to_owned(),
        )
        .await?;
        let db = m.get_connection();
        db.execute_unprepared("UPDATE payments SET purpose = 'TOP_UP' WHERE order_id IS NULL")
            .await?;
        db.execute_unprepared("DROP INDEX uq_payments_order_succeeded")
            .await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX uq_payments_order_succeeded ON payments (order_id) \
             WHERE state = 'SUCCEEDED' AND purpose = 'ORDER'",
        )
        .await?;
        m.create_table(
            Table::create()
                .table(PaymentChanges::Table)
                .if_not_exists()
                .col(string_len(PaymentChanges::PaymentId, 32).primary_key())
                .col(string_len(PaymentChanges::OrderId, 32))
                .col(big_integer(PaymentChanges::Version))
                .col(text(PaymentChanges::Details))
                .foreign_key(&mut restrict(
                    "fk_payment_changes_payment",
                    (PaymentChanges::Table, PaymentChanges::PaymentId),
                    (Payments::Table, Payments::Id),
                ))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(PaymentChanges::Table).to_owned())
            .await?;
        let db = m.get_connection();
        db.execute_unprepared("DROP INDEX uq_payments_order_succeeded")
            .await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX uq_payments_order_succeeded ON payments (order_id) \
             WHERE state = 'SUCCEEDED'",
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Payments::Table)
                .drop_column(Payments::Purpose)
                .to_owned(),
        )
        .await
    }
}
