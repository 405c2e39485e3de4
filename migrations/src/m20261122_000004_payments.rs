//! Payments, the v-coin wallet and its ledger, and the bank's transfer notices.

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
enum Payments {
    Table,
    Id,
    Owner,
    OrderId,
    Method,
    AmountVnd,
    State,
    Reference,
    IdemKey,
    Fingerprint,
    ProviderRef,
    CreatedAtMs,
    SettledAtMs,
}

#[derive(DeriveIden)]
enum Wallets {
    Table,
    Owner,
    BalanceVnd,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum LedgerEntries {
    Table,
    Id,
    Owner,
    Kind,
    AmountVnd,
    BalanceAfterVnd,
    PaymentId,
    OrderId,
    Operator,
    Note,
    AtMs,
}

#[derive(DeriveIden)]
enum BankTransfers {
    Table,
    BankRef,
    AmountVnd,
    Memo,
    ReceivedAtMs,
    Outcome,
    PaymentId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Payments::Table)
                .if_not_exists()
                .col(string_len(Payments::Id, 40).primary_key())
                .col(string_len(Payments::Owner, 64))
                // Null for a top-up.
                .col(string_len_null(Payments::OrderId, 40))
                .col(string_len(Payments::Method, 16))
                .col(big_integer(Payments::AmountVnd))
                .col(string_len(Payments::State, 16))
                .col(string_len(Payments::Reference, 40))
                .col(string_len_null(Payments::IdemKey, 128))
                .col(string_len(Payments::Fingerprint, 64))
                .col(text_null(Payments::ProviderRef))
                .col(big_integer(Payments::CreatedAtMs))
                .col(big_integer_null(Payments::SettledAtMs))
                .foreign_key(&mut restrict(
                    "fk_payments_owner",
                    (Payments::Table, Payments::Owner),
                    (Accounts::Table, Accounts::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_payments_order",
                    (Payments::Table, Payments::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .to_owned(),
        )
        .await?;
        // The row is the request's idempotency record: a key once per customer.
        m.create_index(
            Index::create()
                .name("uq_payments_owner_key")
                .table(Payments::Table)
                .col(Payments::Owner)
                .col(Payments::IdemKey)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_payments_reference")
                .table(Payments::Table)
                .col(Payments::Reference)
                .to_owned(),
        )
        .await?;
        // The last line of defence against a double charge: one succeeded payment per order.
        // Partial indexes read the same on SQLite and PostgreSQL.
        m.get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX uq_payments_order_succeeded ON payments (order_id) \
                 WHERE state = 'SUCCEEDED'",
            )
            .await?;
        m.create_table(
            Table::create()
                .table(Wallets::Table)
                .if_not_exists()
                .col(string_len(Wallets::Owner, 64).primary_key())
                // The database refuses a negative balance even if the code ever tried.
                .col(big_integer(Wallets::BalanceVnd).check(Expr::col(Wallets::BalanceVnd).gte(0)))
                .col(big_integer(Wallets::UpdatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_wallets_owner",
                    (Wallets::Table, Wallets::Owner),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(LedgerEntries::Table)
                .if_not_exists()
                .col(big_pk_auto(LedgerEntries::Id))
                .col(string_len(LedgerEntries::Owner, 64))
                .col(string_len(LedgerEntries::Kind, 16))
                .col(big_integer(LedgerEntries::AmountVnd))
                .col(big_integer(LedgerEntries::BalanceAfterVnd))
                .col(string_len_null(LedgerEntries::PaymentId, 40))
                .col(string_len_null(LedgerEntries::OrderId, 40))
                .col(text_null(LedgerEntries::Operator))
                .col(text(LedgerEntries::Note))
                .col(big_integer(LedgerEntries::AtMs))
                .foreign_key(&mut restrict(
                    "fk_ledger_owner",
                    (LedgerEntries::Table, LedgerEntries::Owner),
                    (Accounts::Table, Accounts::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_ledger_payment",
                    (LedgerEntries::Table, LedgerEntries::PaymentId),
                    (Payments::Table, Payments::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_ledger_order",
                    (LedgerEntries::Table, LedgerEntries::OrderId),
                    (Orders::Table, Orders::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_ledger_owner_id")
                .table(LedgerEntries::Table)
                .col(LedgerEntries::Owner)
                .col(LedgerEntries::Id)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(BankTransfers::Table)
                .if_not_exists()
                .col(string_len(BankTransfers::BankRef, 128).primary_key())
                .col(big_integer(BankTransfers::AmountVnd))
                .col(text(BankTransfers::Memo))
                .col(big_integer(BankTransfers::ReceivedAtMs))
                .col(string_len(BankTransfers::Outcome, 16))
                .col(string_len_null(BankTransfers::PaymentId, 40))
                .foreign_key(&mut restrict(
                    "fk_bank_transfers_payment",
                    (BankTransfers::Table, BankTransfers::PaymentId),
                    (Payments::Table, Payments::Id),
                ))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            BankTransfers::Table.into_iden(),
            LedgerEntries::Table.into_iden(),
            Wallets::Table.into_iden(),
            Payments::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
