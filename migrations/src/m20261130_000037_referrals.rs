//! Referrals: each customer's code, the admins' program (one row), and each new customer's claim
//! of a code with what the program promised both sides then. A claim is one per new customer and
//! one per e-mail as it reads for a person (`referred_key`), both unique, so twins of one address
//! claim once; a claim is rewarded once, by one conditional update of `rewarded_at_ms`.

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
enum ReferralCodes {
    Table,
    Owner,
    Code,
    CreatedAtMs,
}

#[derive(DeriveIden)]
enum ReferralProgram {
    Table,
    Id,
    Active,
    ReferrerVnd,
    ReferredVnd,
    CreditDays,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum Referrals {
    Table,
    Id,
    Referrer,
    Referred,
    ReferredKey,
    ReferrerVnd,
    ReferredVnd,
    CreditDays,
    ClaimedAtMs,
    RewardedAtMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(ReferralCodes::Table)
                .if_not_exists()
                .col(string_len(ReferralCodes::Owner, 64).primary_key())
                .col(string_len_uniq(ReferralCodes::Code, 8))
                .col(big_integer(ReferralCodes::CreatedAtMs))
                .foreign_key(&mut restrict(
                    "fk_referral_codes_owner",
                    (ReferralCodes::Table, ReferralCodes::Owner),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(ReferralProgram::Table)
                .if_not_exists()
                .col(integer(ReferralProgram::Id).primary_key())
                .col(boolean(ReferralProgram::Active))
                .col(
                    big_integer(ReferralProgram::ReferrerVnd)
                        .check(Expr::col(ReferralProgram::ReferrerVnd).gte(0)),
                )
                .col(
                    big_integer(ReferralProgram::ReferredVnd)
                        .check(Expr::col(ReferralProgram::ReferredVnd).gte(0)),
                )
                .col(integer_null(ReferralProgram::CreditDays))
                .col(big_integer(ReferralProgram::UpdatedAtMs))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Referrals::Table)
                .if_not_exists()
                .col(string_len(Referrals::Id, 32).primary_key())
                .col(string_len(Referrals::Referrer, 64))
                .col(string_len_uniq(Referrals::Referred, 64))
                .col(string_len_uniq(Referrals::ReferredKey, 320))
                .col(big_integer(Referrals::ReferrerVnd))
                .col(big_integer(Referrals::ReferredVnd))
                .col(integer_null(Referrals::CreditDays))
                .col(big_integer(Referrals::ClaimedAtMs))
                .col(big_integer_null(Referrals::RewardedAtMs))
                .foreign_key(&mut restrict(
                    "fk_referrals_referrer",
                    (Referrals::Table, Referrals::Referrer),
                    (Accounts::Table, Accounts::Id),
                ))
                .foreign_key(&mut restrict(
                    "fk_referrals_referred",
                    (Referrals::Table, Referrals::Referred),
                    (Accounts::Table, Accounts::Id),
                ))
                .to_owned(),
        )
        .await?;
        // An inviter's standing, and the rewards still to give.
        for (name, col) in [
            ("idx_referrals_referrer", Referrals::Referrer),
            ("idx_referrals_rewarded", Referrals::RewardedAtMs),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(Referrals::Table)
                    .col(col)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Referrals::Table.into_iden(),
            ReferralProgram::Table.into_iden(),
            ReferralCodes::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
