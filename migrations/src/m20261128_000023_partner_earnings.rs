//! What partners earn: each job's pay, fixed when it was opened, and a ledger per partner of what
//! each job earned and each week paid out, under a unique key per entry (a job earns once, a week
//! is paid once). Jobs opened before this step pay the default rule (70% of the order's price,
//! 35% for a no-show), rounded to a thousand đồng. Instants are BIGINT milliseconds (UTC).

use sea_orm_migration::{prelude::*, schema::*};

use crate::restrict;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Jobs {
    Table,
    PayCompletedVnd,
    PayNoShowVnd,
}

#[derive(DeriveIden)]
enum Partners {
    Table,
    UserId,
}

#[derive(DeriveIden)]
enum PartnerEarnings {
    Table,
    /// `job:{order}` or `week:{partner}:{monday}`.
    EntryKey,
    PartnerId,
    /// `completed`, `no_show` or `payout`.
    Cause,
    OrderId,
    ServiceAtMs,
    /// Earned (positive) or paid out (negative).
    AmountVnd,
    /// The week it counts in, as its Monday (`YYYY-MM-DD`, Vietnam time).
    Week,
    AtMs,
    /// A payout's bank reference and its admin; empty for earnings.
    Reference,
    ByActor,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        for column in [Jobs::PayCompletedVnd, Jobs::PayNoShowVnd] {
            m.alter_table(
                Table::alter()
                    .table(Jobs::Table)
                    .add_column(big_integer(column).default(0))
                    .to_owned(),
            )
            .await?;
        }
        m.get_connection()
            .execute_unprepared(
                "UPDATE jobs SET \
                 pay_completed_vnd = (SELECT (o.total_vnd * 70 / 100 + 500) / 1000 * 1000 \
                   FROM orders o WHERE o.id = jobs.order_id), \
                 pay_no_show_vnd = (SELECT (o.total_vnd * 35 / 100 + 500) / 1000 * 1000 \
                   FROM orders o WHERE o.id = jobs.order_id)",
            )
            .await?;
        m.create_table(
            Table::create()
                .table(PartnerEarnings::Table)
                .if_not_exists()
                .col(string_len(PartnerEarnings::EntryKey, 128).primary_key())
                .col(string_len(PartnerEarnings::PartnerId, 64))
                .col(string_len(PartnerEarnings::Cause, 16))
                .col(string_len_null(PartnerEarnings::OrderId, 40))
                .col(big_integer_null(PartnerEarnings::ServiceAtMs))
                .col(big_integer(PartnerEarnings::AmountVnd))
                .col(string_len(PartnerEarnings::Week, 10))
                .col(big_integer(PartnerEarnings::AtMs))
                .col(string_len(PartnerEarnings::Reference, 64).default(""))
                .col(string_len(PartnerEarnings::ByActor, 160).default(""))
                .foreign_key(&mut restrict(
                    "fk_partner_earnings_partner",
                    (PartnerEarnings::Table, PartnerEarnings::PartnerId),
                    (Partners::Table, Partners::UserId),
                ))
                .to_owned(),
        )
        .await?;
        // A partner's weeks, and a week's payroll.
        m.create_index(
            Index::create()
                .name("idx_partner_earnings_partner_week")
                .table(PartnerEarnings::Table)
                .col(PartnerEarnings::PartnerId)
                .col(PartnerEarnings::Week)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_partner_earnings_week")
                .table(PartnerEarnings::Table)
                .col(PartnerEarnings::Week)
                .to_owned(),
        )
        .await
    }
}
