//! Promo codes and their uses. A code's row counts its uses (`used`), so that taking one is one
//! conditional update that locks the row: of parallel takers, exactly as many as are left get
//! one, on any node. Each use is a row of its own under its order, given back (not deleted) when
//! the order lapses or is cancelled unpaid, so the console can say what each code cost.

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
enum PromoCodes {
    Table,
    Code,
    /// `percent` or `fixed`.
    Kind,
    Percent,
    /// The fixed sum, or a percent's cap.
    AmountVnd,
    MinSpendVnd,
    /// Category slugs, comma-separated; empty for all.
    Categories,
    /// Plan ids, comma-separated; empty for all.
    Plans,
    ValidFromMs,
    ValidUntilMs,
    TotalUses,
    UsesPerCustomer,
    FirstOrderOnly,
    Active,
    Used,
    CreatedAtMs,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum PromoUses {
    Table,
    OrderId,
    Code,
    Customer,
    DiscountVnd,
    TakenAtMs,
    GivenBackAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(PromoCodes::Table)
                .if_not_exists()
                .col(string_len(PromoCodes::Code, 32).primary_key())
                .col(string_len(PromoCodes::Kind, 16))
                .col(integer(PromoCodes::Percent))
                .col(big_integer_null(PromoCodes::AmountVnd))
                .col(big_integer(PromoCodes::MinSpendVnd))
                .col(string_len(PromoCodes::Categories, 128))
                .col(text(PromoCodes::Plans))
                .col(big_integer(PromoCodes::ValidFromMs))
                .col(big_integer(PromoCodes::ValidUntilMs))
                .col(integer_null(PromoCodes::TotalUses))
                .col(integer(PromoCodes::UsesPerCustomer))
                .col(boolean(PromoCodes::FirstOrderOnly))
                .col(boolean(PromoCodes::Active))
                // Never past `total_uses`, whatever the code did.
                .col(
                    integer(PromoCodes::Used).check(
                        Expr::col(PromoCodes::TotalUses)
                            .is_null()
                            .or(Expr::col(PromoCodes::Used).lte(Expr::col(PromoCodes::TotalUses))),
                    ),
                )
                .col(big_integer(PromoCodes::CreatedAtMs))
                .col(big_integer(PromoCodes::UpdatedAtMs))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(PromoUses::Table)
                .if_not_exists()
                // One code an order.
                .col(string_len(PromoUses::OrderId, 64).primary_key())
                .col(string_len(PromoUses::Code, 32))
                .col(string_len(PromoUses::Customer, 64))
                .col(big_integer(PromoUses::DiscountVnd))
                .col(big_integer(PromoUses::TakenAtMs))
                .col(big_integer_null(PromoUses::GivenBackAtMs))
                .foreign_key(&mut restrict(
                    "fk_promo_uses_order",
                    (PromoUses::Table, PromoUses::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_promo_uses_code",
                    (PromoUses::Table, PromoUses::Code),
                    (PromoCodes::Table, PromoCodes::Code),
                ))
                .foreign_key(&mut restrict(
                    "fk_promo_uses_customer",
                    (PromoUses::Table, PromoUses::Customer),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        // A customer's uses of a code are counted under the code's lock at every take.
        m.create_index(
            Index::create()
                .name("idx_promo_uses_code_customer")
                .table(PromoUses::Table)
                .col(PromoUses::Code)
                .col(PromoUses::Customer)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(PromoUses::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(PromoCodes::Table).to_owned())
            .await?;
        Ok(())
    }
}
