//! The console's searches read indexes (issue 67), whatever the orders stored:
//!
//! - by phone: an order's contact number gets a column of its own beside the contact's JSON,
//!   filled from it, and both it and a profile's number are indexed. The search asks for exact
//!   numbers (`Phone::searched`), not for digits anywhere in a contact, which no index answers;
//! - the newest orders (the search with nothing typed) are read from `(created_at_ms, id)`, the
//!   order the list is in, rather than sorted from every order.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        db.execute_unprepared("ALTER TABLE orders ADD COLUMN contact_number TEXT")
            .await?;
        let number = if db.get_database_backend() == DbBackend::Postgres {
            "CAST(contact AS jsonb) ->> 'phone_number'"
        } else {
            "json_extract(contact, '$.phone_number')"
        };
        db.execute_unprepared(&format!(
            "UPDATE orders SET contact_number = {number} WHERE contact IS NOT NULL"
        ))
        .await?;
        for (name, table, columns) in [
            ("idx_orders_contact_number", "orders", "contact_number"),
            ("idx_profiles_phone_number", "profiles", "phone_number"),
            ("idx_orders_created", "orders", "created_at_ms, id"),
        ] {
            db.execute_unprepared(&format!(
                "CREATE INDEX IF NOT EXISTS {name} ON {table} ({columns})"
            ))
            .await?;
        }
        Ok(())
    }
}
