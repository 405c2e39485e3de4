//! When partners work: a therapist's days off on her catalogue record (where her weekly hours
//! are, and the massage finder reads both), and a driver's or guide's weekly hours and days off on
//! their partner record. JSON arrays: shifts as the catalogue file writes them, days as
//! `YYYY-MM-DD` (Vietnam calendar days). Empty for everyone there is: no days off, and drivers
//! and guides working any time, as before.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Therapists {
    Table,
    DaysOff,
}

#[derive(DeriveIden)]
enum Partners {
    Table,
    Hours,
    DaysOff,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        m.alter_table(
            Table::alter()
                .table(Therapists::Table)
                .add_column(text(Therapists::DaysOff).default("[]"))
                .to_owned(),
        )
        .await?;
        for column in [Partners::Hours, Partners::DaysOff] {
            m.alter_table(
                Table::alter()
                    .table(Partners::Table)
                    .add_column(text(column).default("[]"))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
