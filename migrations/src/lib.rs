//! The schema, one migration a step. Every migration runs unchanged on SQLite and PostgreSQL, so
//! columns use portable types (JSON lists are stored as text).

pub use sea_orm_migration::prelude::*;

mod m20261122_000001_catalog;
mod m20261122_000002_identity;
mod m20261122_000003_orders;
mod m20261122_000004_payments;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_catalog::Migration),
            Box::new(m20261122_000002_identity::Migration),
            Box::new(m20261122_000003_orders::Migration),
            Box::new(m20261122_000004_payments::Migration),
        ]
    }
}
