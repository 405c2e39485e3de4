//! Each customer's uses of a promo code, counted on a row of their own as the code's uses are on
//! its row: taking one is one conditional update (`used < uses_per_customer`), so a customer's
//! share is checked in constant time however many orders they have, and parallel takes of one
//! customer's share wait on that row. Filled from the uses that stand.

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
enum PromoCodes {
    Table,
    Code,
}

#[derive(DeriveIden)]
enum PromoCustomerUses {
    Table,
    Code,
    Customer,
    Used,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(PromoCustomerUses::Table)
                .if_not_exists()
                .col(string_len(PromoCustomerUses::Code, 32))
                .col(string_len(PromoCustomerUses::Customer, 64))
                .col(
                    integer(PromoCustomerUses::Used)
                        .check(Expr::col(PromoCustomerUses::Used).gte(0)),
                )
                .primary_key(
                    Index::create()
                        .col(PromoCustomerUses::Code)
                        .col(PromoCustomerUses::Customer),
                )
                .foreign_key(&mut restrict(
                    "fk_promo_customer_uses_code",
                    (PromoCustomerUses::Table, PromoCustomerUses::Code),
                    (PromoCodes::Table, PromoCodes::Code),
                ))
                .foreign_key(&mut restrict(
                    "fk_promo_customer_uses_customer",
                    (PromoCustomerUses::Table, PromoCustomerUses::Customer),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.get_connection()
            .execute_unprepared(
                "INSERT INTO promo_customer_uses (code, customer, used) \
                 SELECT code, customer, COUNT(*) FROM promo_uses \
                 WHERE given_back_at_ms IS NULL GROUP BY code, customer",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(PromoCustomerUses::Table).to_owned())
            .await?;
        Ok(())
    }
}
