//! E-invoices (issue 70): one row per invoice an order's step called for, written in that step's
//! transaction, its id the order's and the step's, so a sale is invoiced once whatever retries
//! or nodes; its state moves from pending by a conditional update under a node's lease, so it is
//! sent by one node at a time. `invoice_buyers` keeps the company a customer asked the order to
//! be invoiced to, read when the first invoice is written.

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
enum Invoices {
    Table,
    Id,
    OrderId,
    Owner,
    Kind,
    AmountVnd,
    Category,
    Item,
    BuyerName,
    BuyerEmail,
    CompanyName,
    CompanyTaxCode,
    CompanyAddress,
    State,
    Attempts,
    NextAtMs,
    LeaseUntilMs,
    Reason,
    Number,
    LookupCode,
    LookupUrl,
    IssuedAtMs,
    CreatedAtMs,
}

#[derive(DeriveIden)]
enum InvoiceBuyers {
    Table,
    OrderId,
    CompanyName,
    CompanyTaxCode,
    CompanyAddress,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Invoices::Table)
                .if_not_exists()
                .col(string_len(Invoices::Id, 40).primary_key())
                .col(string_len(Invoices::OrderId, 32))
                .col(string_len(Invoices::Owner, 64))
                .col(string_len(Invoices::Kind, 16))
                .col(big_integer(Invoices::AmountVnd).check(Expr::col(Invoices::AmountVnd).gt(0)))
                .col(string_len(Invoices::Category, 32))
                .col(string_len(Invoices::Item, 200))
                .col(string_len(Invoices::BuyerName, 100))
                .col(string_len(Invoices::BuyerEmail, 254))
                .col(string_len_null(Invoices::CompanyName, 200))
                .col(string_len_null(Invoices::CompanyTaxCode, 13))
                .col(string_len_null(Invoices::CompanyAddress, 300))
                .col(string_len(Invoices::State, 16))
                .col(integer(Invoices::Attempts).default(0))
                .col(big_integer(Invoices::NextAtMs))
                .col(big_integer_null(Invoices::LeaseUntilMs))
                .col(string_len_null(Invoices::Reason, 500))
                .col(string_len_null(Invoices::Number, 64))
                .col(string_len_null(Invoices::LookupCode, 64))
                .col(string_len_null(Invoices::LookupUrl, 300))
                .col(big_integer_null(Invoices::IssuedAtMs))
                .col(big_integer(Invoices::CreatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_invoices_order",
                    (Invoices::Table, Invoices::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .to_owned(),
        )
        .await?;
        // An order's invoices in the order they were made; the worker's due ones; staff's failed.
        m.create_index(
            Index::create()
                .name("idx_invoices_order")
                .table(Invoices::Table)
                .col(Invoices::OrderId)
                .col(Invoices::CreatedAtMs)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_invoices_open")
                .table(Invoices::Table)
                .col(Invoices::State)
                .col(Invoices::NextAtMs)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(InvoiceBuyers::Table)
                .if_not_exists()
                .col(string_len(InvoiceBuyers::OrderId, 32).primary_key())
                .col(string_len(InvoiceBuyers::CompanyName, 200))
                .col(string_len(InvoiceBuyers::CompanyTaxCode, 13))
                .col(string_len(InvoiceBuyers::CompanyAddress, 300))
                .foreign_key(&mut restrict(
                    "fk_invoice_buyers_order",
                    (InvoiceBuyers::Table, InvoiceBuyers::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(InvoiceBuyers::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(Invoices::Table).to_owned())
            .await
    }
}
