//! A search by phone reads an index (issue 67): an order's contact number gets a column of its
//! own beside the contact's JSON, filled from it, and both it and a profile's number are indexed.
//! The search asks for exact numbers (`Phone::searched`), not for digits anywhere in a contact,
//! which no index can answer.

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
        for (name, table, column) in [
            ("idx_orders_contact_number", "orders", "contact_number"),
            ("idx_profiles_phone_number", "profiles", "phone_number"),
        ] {
            db.execute_unprepared(&format!(
                "CREATE INDEX IF NOT EXISTS {name} ON {table} ({column})"
            ))
            .await?;
        }
        Ok(())
    }
}
