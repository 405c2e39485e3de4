//! The reports and exports read by time (issue 70): each figure's query ranges over one index of
//! when things happened, whatever the tables hold, and an export pages through `(at, id)`.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for (name, table, columns) in [
            ("idx_payments_settled", "payments", "settled_at_ms"),
            ("idx_ledger_entries_at", "ledger_entries", "at_ms, id"),
            (
                "idx_order_events_state_at",
                "order_events",
                "to_state, at_ms",
            ),
            ("idx_refund_parts_created", "refund_parts", "created_at_ms"),
            ("idx_partner_earnings_at", "partner_earnings", "at_ms"),
        ] {
            db.execute_unprepared(&format!(
                "CREATE INDEX IF NOT EXISTS {name} ON {table} ({columns})"
            ))
            .await?;
        }
        Ok(())
    }
}
