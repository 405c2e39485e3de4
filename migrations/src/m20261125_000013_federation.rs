//! Sign-in with identity providers: which provider's person (`sub`) is which account, and the
//! sign-ins sent to a provider and not back yet (under their state's hash, taken once). No
//! provider token is kept.

use sea_orm_migration::{prelude::*, schema::*};

use crate::restrict;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum FederatedIdentities {
    Table,
    Provider,
    Subject,
    UserId,
    Email,
    LinkedAtMs,
}

#[derive(DeriveIden)]
enum PendingLogins {
    Table,
    StateHash,
    Provider,
    Nonce,
    PkceVerifier,
    ReturnTo,
    ExpiresAtMs,
}

#[derive(DeriveIden)]
enum Accounts {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(FederatedIdentities::Table)
                .if_not_exists()
                .col(string_len(FederatedIdentities::Provider, 32))
                .col(string_len(FederatedIdentities::Subject, 255))
                .col(string_len(FederatedIdentities::UserId, 64))
                .col(string_len(FederatedIdentities::Email, 254))
                .col(big_integer(FederatedIdentities::LinkedAtMs))
                .primary_key(
                    Index::create()
                        .col(FederatedIdentities::Provider)
                        .col(FederatedIdentities::Subject),
                )
                .foreign_key(&mut restrict(
                    "fk_federated_identities_user",
                    (FederatedIdentities::Table, FederatedIdentities::UserId),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        // One link per provider and account; the profile lists an account's links.
        m.create_index(
            Index::create()
                .name("idx_federated_identities_user")
                .table(FederatedIdentities::Table)
                .col(FederatedIdentities::UserId)
                .col(FederatedIdentities::Provider)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(PendingLogins::Table)
                .if_not_exists()
                .col(string_len(PendingLogins::StateHash, 64).primary_key())
                .col(string_len(PendingLogins::Provider, 32))
                .col(string_len(PendingLogins::Nonce, 128))
                .col(string_len(PendingLogins::PkceVerifier, 128))
                .col(text(PendingLogins::ReturnTo))
                .col(big_integer(PendingLogins::ExpiresAtMs))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_pending_logins_expiry")
                .table(PendingLogins::Table)
                .col(PendingLogins::ExpiresAtMs)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            PendingLogins::Table.into_iden(),
            FederatedIdentities::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
