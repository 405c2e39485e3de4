//! Indexes for the order and payment paths, whose cost grew with the rows stored (issue 67):
//!
//! - the unpaid-order cap counts one customer's unpaid orders: by owner first
//!   (`idx_orders_owner_unpaid`), not every unpaid order of everyone filtered afterwards;
//! - each foreign key that points at an order or a payment gets an index on its column, so the
//!   checks and reads by order (an order's payments, its ledger lines, its thread) are lookups.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// `(name, table, columns)`.
const INDEXES: [(&str, &str, &str); 7] = [
    (
        "idx_orders_owner_unpaid",
        "orders",
        "owner, state, expires_at_ms, category",
    ),
    ("idx_payments_order", "payments", "order_id"),
    ("idx_ledger_entries_order", "ledger_entries", "order_id"),
    ("idx_ledger_entries_payment", "ledger_entries", "payment_id"),
    ("idx_bank_transfers_payment", "bank_transfers", "payment_id"),
    ("idx_support_threads_order", "support_threads", "order_id"),
    ("idx_orders_plan", "orders", "plan_id"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for (name, table, columns) in INDEXES {
            db.execute_unprepared(&format!(
                "CREATE INDEX IF NOT EXISTS {name} ON {table} ({columns})"
            ))
            .await?;
        }
        Ok(())
    }
}
