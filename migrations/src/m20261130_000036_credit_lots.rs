//! Credit that expires: a lot per grant (a gift code redeemed with a time limit), what is left of
//! it, and each draw on it (a spend takes from lots, a refund gives back to the lots its order
//! took from). The ledger stays the balance's one truth; a lot says which part of it expires and
//! when. Ledger entries name the grant behind them (`grant_id`: the gift code), and a redeemed
//! code keeps the idempotency key it was redeemed with, so a replay is answered as the first.

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
enum CreditLots {
    Table,
    Id,
    Owner,
    AmountVnd,
    LeftVnd,
    ExpiresAtMs,
    CreatedAtMs,
}

#[derive(DeriveIden)]
enum CreditDraws {
    Table,
    Id,
    LotId,
    /// The order a spend paid for (a refund gives back to the lots it drew on); empty for an
    /// operator's debit.
    OrderId,
    /// Positive: taken from the lot; negative: given back to it.
    AmountVnd,
    AtMs,
}

#[derive(DeriveIden)]
enum LedgerEntries {
    Table,
    GrantId,
}

#[derive(DeriveIden)]
enum GiftCodes {
    Table,
    RedeemKey,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(CreditLots::Table)
                .if_not_exists()
                .col(string_len(CreditLots::Id, 64).primary_key())
                .col(string_len(CreditLots::Owner, 64))
                .col(
                    big_integer(CreditLots::AmountVnd)
                        .check(Expr::col(CreditLots::AmountVnd).gt(0)),
                )
                .col(
                    big_integer(CreditLots::LeftVnd).check(
                        Expr::col(CreditLots::LeftVnd).gte(0).and(
                            Expr::col(CreditLots::LeftVnd).lte(Expr::col(CreditLots::AmountVnd)),
                        ),
                    ),
                )
                .col(big_integer(CreditLots::ExpiresAtMs))
                .col(big_integer(CreditLots::CreatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_credit_lots_owner",
                    (CreditLots::Table, CreditLots::Owner),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        // A spend reads its owner's lots; the expiry reads those past their time.
        for (name, cols) in [
            (
                "idx_credit_lots_owner",
                vec![CreditLots::Owner, CreditLots::ExpiresAtMs],
            ),
            ("idx_credit_lots_expires", vec![CreditLots::ExpiresAtMs]),
        ] {
            let mut index = Index::create();
            index.name(name).table(CreditLots::Table);
            for c in cols {
                index.col(c);
            }
            m.create_index(index.to_owned()).await?;
        }
        m.create_table(
            Table::create()
                .table(CreditDraws::Table)
                .if_not_exists()
                .col(big_integer(CreditDraws::Id).primary_key().auto_increment())
                .col(string_len(CreditDraws::LotId, 64))
                .col(string_len_null(CreditDraws::OrderId, 40))
                .col(big_integer(CreditDraws::AmountVnd))
                .col(big_integer(CreditDraws::AtMs))
                .foreign_key(&mut restrict(
                    "fk_credit_draws_lot",
                    (CreditDraws::Table, CreditDraws::LotId),
                    (CreditLots::Table, CreditLots::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_credit_draws_order")
                .table(CreditDraws::Table)
                .col(CreditDraws::OrderId)
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(LedgerEntries::Table)
                .add_column(string_len_null(LedgerEntries::GrantId, 64))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(GiftCodes::Table)
                .add_column(string_len_null(GiftCodes::RedeemKey, 128))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(GiftCodes::Table)
                .drop_column(GiftCodes::RedeemKey)
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(LedgerEntries::Table)
                .drop_column(LedgerEntries::GrantId)
                .to_owned(),
        )
        .await?;
        m.drop_table(Table::drop().table(CreditDraws::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(CreditLots::Table).to_owned())
            .await?;
        Ok(())
    }
}
