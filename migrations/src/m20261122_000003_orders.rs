//! Orders, their transitions and the idempotency keys of create requests; plans gain their price
//! list. Instants are BIGINT milliseconds (UTC), as in the identity migration.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Plans {
    Table,
    Id,
    Pricing,
    Options,
    DurationsMinutes,
}

#[derive(DeriveIden)]
enum Accounts {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    Owner,
    Category,
    PlanId,
    PlanName,
    State,
    Details,
    Contact,
    Note,
    Estimate,
    TotalVnd,
    StartAtMs,
    CreatedAtMs,
    UpdatedAtMs,
    ExpiresAtMs,
    Version,
}

#[derive(DeriveIden)]
enum OrderEvents {
    Table,
    OrderId,
    Seq,
    FromState,
    ToState,
    AtMs,
    Actor,
    Reason,
}

#[derive(DeriveIden)]
enum IdempotencyKeys {
    Table,
    Owner,
    Key,
    Fingerprint,
    OrderId,
    CreatedAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // Plans stored before this step have no price list and cannot be priced: the catalogue is
        // emptied and reloaded (on the next dev start, by `seed-demo`, or by an import). No order
        // can point at them yet, since orders start here.
        m.exec_stmt(Query::delete().from_table(Plans::Table).to_owned())
            .await?;
        m.alter_table(
            Table::alter()
                .table(Plans::Table)
                .add_column(text(Plans::Pricing).default(""))
                .to_owned(),
        )
        .await?;
        // The lengths and extras are read from the price list now; one column each, one change.
        for column in [Plans::Options, Plans::DurationsMinutes] {
            m.alter_table(
                Table::alter()
                    .table(Plans::Table)
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        m.create_table(
            Table::create()
                .table(Orders::Table)
                .if_not_exists()
                .col(string_len(Orders::Id, 40).primary_key())
                .col(string_len(Orders::Owner, 64))
                .col(string_len(Orders::Category, 16))
                .col(string_len(Orders::PlanId, 64))
                .col(text(Orders::PlanName))
                .col(string_len(Orders::State, 20))
                .col(text(Orders::Details))
                .col(text_null(Orders::Contact))
                .col(text(Orders::Note))
                .col(text(Orders::Estimate))
                .col(big_integer(Orders::TotalVnd))
                .col(big_integer(Orders::StartAtMs))
                .col(big_integer(Orders::CreatedAtMs))
                .col(big_integer(Orders::UpdatedAtMs))
                .col(big_integer(Orders::ExpiresAtMs))
                .col(big_integer(Orders::Version))
                // Orders outlive nothing they point at: accounts and plans are disabled, never
                // deleted, while orders exist.
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_orders_owner")
                        .from(Orders::Table, Orders::Owner)
                        .to(Accounts::Table, Accounts::Id)
                        .on_delete(ForeignKeyAction::Restrict),
                )
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_orders_plan")
                        .from(Orders::Table, Orders::PlanId)
                        .to(Plans::Table, Plans::Id)
                        .on_delete(ForeignKeyAction::Restrict),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_orders_owner_created")
                .table(Orders::Table)
                .col(Orders::Owner)
                .col(Orders::CreatedAtMs)
                .col(Orders::Id)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_orders_state_expires")
                .table(Orders::Table)
                .col(Orders::State)
                .col(Orders::ExpiresAtMs)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(OrderEvents::Table)
                .if_not_exists()
                .col(string_len(OrderEvents::OrderId, 40))
                .col(integer(OrderEvents::Seq))
                .col(string_len_null(OrderEvents::FromState, 20))
                .col(string_len(OrderEvents::ToState, 20))
                .col(big_integer(OrderEvents::AtMs))
                .col(string_len(OrderEvents::Actor, 128))
                .col(text(OrderEvents::Reason))
                .primary_key(
                    Index::create()
                        .col(OrderEvents::OrderId)
                        .col(OrderEvents::Seq),
                )
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_order_events_order")
                        .from(OrderEvents::Table, OrderEvents::OrderId)
                        .to(Orders::Table, Orders::Id)
                        .on_delete(ForeignKeyAction::Restrict),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(IdempotencyKeys::Table)
                .if_not_exists()
                .col(string_len(IdempotencyKeys::Owner, 64))
                .col(string_len(IdempotencyKeys::Key, 128))
                .col(string_len(IdempotencyKeys::Fingerprint, 64))
                .col(string_len(IdempotencyKeys::OrderId, 40))
                .col(big_integer(IdempotencyKeys::CreatedAtMs))
                .primary_key(
                    Index::create()
                        .col(IdempotencyKeys::Owner)
                        .col(IdempotencyKeys::Key),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_idempotency_keys_created")
                .table(IdempotencyKeys::Table)
                .col(IdempotencyKeys::CreatedAtMs)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            IdempotencyKeys::Table.into_iden(),
            OrderEvents::Table.into_iden(),
            Orders::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        m.exec_stmt(Query::delete().from_table(Plans::Table).to_owned())
            .await?;
        // SQLite takes one change per ALTER TABLE.
        m.alter_table(
            Table::alter()
                .table(Plans::Table)
                .drop_column(Plans::Pricing)
                .to_owned(),
        )
        .await?;
        for column in [Plans::Options, Plans::DurationsMinutes] {
            m.alter_table(
                Table::alter()
                    .table(Plans::Table)
                    .add_column(text(column).default("[]"))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
