//! Settled days' sums for the reports (issue 70): once a Vietnam day is settled its payments,
//! ledger entries and promo codes' discounts never change, so their sums by day are kept here,
//! and `report_kept.next_day` (days since 1970-01-01 in Vietnam) says up to which day they are.
//! A year's report then reads these few thousand rows instead of a million payments.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: [(&str, &str); 4] = [
    (
        "report_kept",
        "id INTEGER NOT NULL PRIMARY KEY, next_day BIGINT NOT NULL",
    ),
    (
        "report_payment_days",
        "day BIGINT NOT NULL, method TEXT NOT NULL, purpose TEXT NOT NULL, state TEXT NOT NULL, \
         category TEXT NOT NULL, plan_id TEXT NOT NULL, plan_name TEXT NOT NULL, \
         amount_vnd BIGINT NOT NULL, n BIGINT NOT NULL, \
         PRIMARY KEY (day, method, purpose, state, category, plan_id)",
    ),
    (
        "report_ledger_days",
        "day BIGINT NOT NULL, kind TEXT NOT NULL, category TEXT NOT NULL, \
         amount_vnd BIGINT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (day, kind, category)",
    ),
    (
        "report_promo_days",
        "day BIGINT NOT NULL, code TEXT NOT NULL, amount_vnd BIGINT NOT NULL, \
         n BIGINT NOT NULL, PRIMARY KEY (day, code)",
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for (table, columns) in TABLES {
            db.execute_unprepared(&format!("CREATE TABLE IF NOT EXISTS {table} ({columns})"))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for (table, _) in TABLES {
            db.execute_unprepared(&format!("DROP TABLE IF EXISTS {table}"))
                .await?;
        }
        Ok(())
    }
}
