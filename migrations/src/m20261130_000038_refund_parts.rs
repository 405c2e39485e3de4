//! The parts of refunds on their way back where the money came from: one row per order, payment
//! it returns to and cause (a cancellation, or a change that lowered the price), unique, so a part
//! is never made twice; its state moves once from
//! pending, by a conditional update, so it is never sent or closed twice. `lease_until_ms` is the
//! node that sent it to VNPay holding it until its answer is written.

use sea_orm_migration::{prelude::*, schema::*};

use crate::restrict;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum RefundParts {
    Table,
    Id,
    OrderId,
    Owner,
    PaymentId,
    Cause,
    Route,
    AmountVnd,
    State,
    AccountBank,
    AccountNumber,
    AccountHolder,
    Attempts,
    NextAtMs,
    LeaseUntilMs,
    Answer,
    CreatedAtMs,
    DoneAtMs,
    ClosedBy,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(RefundParts::Table)
                .if_not_exists()
                .col(string_len(RefundParts::Id, 32).primary_key())
                .col(string_len(RefundParts::OrderId, 32))
                .col(string_len(RefundParts::Owner, 64))
                .col(string_len_null(RefundParts::PaymentId, 32))
                .col(string_len(RefundParts::Cause, 32))
                .col(string_len(RefundParts::Route, 16))
                .col(
                    big_integer(RefundParts::AmountVnd)
                        .check(Expr::col(RefundParts::AmountVnd).gt(0)),
                )
                .col(string_len(RefundParts::State, 16))
                .col(string_len_null(RefundParts::AccountBank, 60))
                .col(string_len_null(RefundParts::AccountNumber, 19))
                .col(string_len_null(RefundParts::AccountHolder, 80))
                .col(integer(RefundParts::Attempts).default(0))
                .col(big_integer(RefundParts::NextAtMs))
                .col(big_integer_null(RefundParts::LeaseUntilMs))
                .col(string_len_null(RefundParts::Answer, 64))
                .col(big_integer(RefundParts::CreatedAtMs))
                .col(big_integer_null(RefundParts::DoneAtMs))
                .col(string_len_null(RefundParts::ClosedBy, 64))
                .foreign_key(&mut restrict(
                    "fk_refund_parts_order",
                    (RefundParts::Table, RefundParts::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .to_owned(),
        )
        .await?;
        // One part per order, payment and cause: a refund is never made twice to the same payment.
        m.create_index(
            Index::create()
                .name("uq_refund_parts_payment")
                .table(RefundParts::Table)
                .col(RefundParts::OrderId)
                .col(RefundParts::PaymentId)
                .col(RefundParts::Cause)
                .unique()
                .to_owned(),
        )
        .await?;
        // The worker's due parts and the operators' open tasks.
        m.create_index(
            Index::create()
                .name("idx_refund_parts_open")
                .table(RefundParts::Table)
                .col(RefundParts::State)
                .col(RefundParts::NextAtMs)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(RefundParts::Table).to_owned())
            .await
    }
}
