//! Gift codes worth v-coin. Each code is a row of its own, redeemed by one conditional update
//! (`redeemed_by` still empty, its time not past), so of parallel redeemers exactly one has it, on
//! any node.

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
enum GiftCodes {
    Table,
    Code,
    /// The campaign it was issued for: the console lists and exports codes by it.
    Batch,
    AmountVnd,
    RedeemByMs,
    /// Days the credit lasts once redeemed; empty, it does not expire.
    CreditDays,
    RedeemedBy,
    RedeemedAtMs,
    CreatedAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(GiftCodes::Table)
                .if_not_exists()
                .col(string_len(GiftCodes::Code, 16).primary_key())
                .col(string_len(GiftCodes::Batch, 80))
                .col(big_integer(GiftCodes::AmountVnd).check(Expr::col(GiftCodes::AmountVnd).gt(0)))
                .col(big_integer(GiftCodes::RedeemByMs))
                .col(integer_null(GiftCodes::CreditDays))
                .col(string_len_null(GiftCodes::RedeemedBy, 64))
                .col(big_integer_null(GiftCodes::RedeemedAtMs))
                .col(big_integer(GiftCodes::CreatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_gift_codes_redeemed_by",
                    (GiftCodes::Table, GiftCodes::RedeemedBy),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_gift_codes_batch")
                .table(GiftCodes::Table)
                .col(GiftCodes::Batch)
                .col(GiftCodes::CreatedAtMs)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(GiftCodes::Table).to_owned())
            .await?;
        Ok(())
    }
}
