//! The schema, one migration a step. Every migration runs unchanged on SQLite and PostgreSQL, so
//! columns use portable types (JSON lists are stored as text).

pub use sea_orm_migration::prelude::*;

mod m20261122_000001_catalog;
mod m20261122_000002_identity;
mod m20261122_000003_orders;
mod m20261122_000004_payments;
mod m20261122_000005_massage;
mod m20261123_000006_member;
mod m20261123_000007_operations;
mod m20261125_000008_email_forms;
mod m20261125_000009_token_cutoff;
mod m20261125_000010_back_office;
mod m20261125_000011_plan_pages;
mod m20261125_000012_reviews;
mod m20261125_000013_federation;
mod m20261126_000014_federation_steps;
mod m20261126_000015_catalog_version;
mod m20261127_000016_payment_opened;
mod m20261127_000017_therapist_photos;
mod m20261128_000018_mail_language;
mod m20261128_000019_catalog_translations;
mod m20261128_000020_partners;
mod m20261128_000021_job_positions;
mod m20261128_000022_job_messages;
mod m20261128_000023_partner_earnings;
mod m20261128_000024_availability;
mod m20261128_000025_no_show_photo;
mod m20261128_000026_reminders;
mod m20261128_000027_notifications;
mod m20261129_000028_position_kept_at;
mod m20261129_000029_therapist_words;
mod m20261129_000030_hot_path_indexes;
mod m20261129_000031_search_indexes;
mod m20261129_000032_anonymous_reviewer;
mod m20261129_000033_promo_codes;
mod m20261130_000034_gift_codes;
mod m20261130_000035_promo_customer_uses;
mod m20261130_000036_credit_lots;
mod m20261130_000037_referrals;
mod m20261130_000038_refund_parts;
mod m20261130_000039_job_changes;
mod m20261130_000040_payment_purposes;
mod m20261201_000041_report_indexes;
mod m20261201_000042_invoices;
mod m20261201_000043_category_seasons;
mod m20261202_000044_report_days;
mod m20261202_000045_job_dispatch;
mod m20261203_000046_dispatch_areas;
mod m20261203_000047_zalo;
mod m20261204_000048_flights;
mod m20261205_000049_zalo_tokens;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_catalog::Migration),
            Box::new(m20261122_000002_identity::Migration),
            Box::new(m20261122_000003_orders::Migration),
            Box::new(m20261122_000004_payments::Migration),
            Box::new(m20261122_000005_massage::Migration),
            Box::new(m20261123_000006_member::Migration),
            Box::new(m20261123_000007_operations::Migration),
            Box::new(m20261125_000008_email_forms::Migration),
            Box::new(m20261125_000009_token_cutoff::Migration),
            Box::new(m20261125_000010_back_office::Migration),
            Box::new(m20261125_000011_plan_pages::Migration),
            Box::new(m20261125_000012_reviews::Migration),
            Box::new(m20261125_000013_federation::Migration),
            Box::new(m20261126_000014_federation_steps::Migration),
            Box::new(m20261126_000015_catalog_version::Migration),
            Box::new(m20261127_000016_payment_opened::Migration),
            Box::new(m20261127_000017_therapist_photos::Migration),
            Box::new(m20261128_000018_mail_language::Migration),
            Box::new(m20261128_000019_catalog_translations::Migration),
            Box::new(m20261128_000020_partners::Migration),
            Box::new(m20261128_000021_job_positions::Migration),
            Box::new(m20261128_000022_job_messages::Migration),
            Box::new(m20261128_000023_partner_earnings::Migration),
            Box::new(m20261128_000024_availability::Migration),
            Box::new(m20261128_000025_no_show_photo::Migration),
            Box::new(m20261128_000026_reminders::Migration),
            Box::new(m20261128_000027_notifications::Migration),
            Box::new(m20261129_000028_position_kept_at::Migration),
            Box::new(m20261129_000029_therapist_words::Migration),
            Box::new(m20261129_000030_hot_path_indexes::Migration),
            Box::new(m20261129_000031_search_indexes::Migration),
            Box::new(m20261129_000032_anonymous_reviewer::Migration),
            Box::new(m20261129_000033_promo_codes::Migration),
            Box::new(m20261130_000034_gift_codes::Migration),
            Box::new(m20261130_000035_promo_customer_uses::Migration),
            Box::new(m20261130_000036_credit_lots::Migration),
            Box::new(m20261130_000037_referrals::Migration),
            Box::new(m20261130_000038_refund_parts::Migration),
            Box::new(m20261130_000039_job_changes::Migration),
            Box::new(m20261130_000040_payment_purposes::Migration),
            Box::new(m20261201_000041_report_indexes::Migration),
            Box::new(m20261201_000042_invoices::Migration),
            Box::new(m20261201_000043_category_seasons::Migration),
            Box::new(m20261202_000044_report_days::Migration),
            Box::new(m20261202_000045_job_dispatch::Migration),
            Box::new(m20261203_000046_dispatch_areas::Migration),
            Box::new(m20261203_000047_zalo::Migration),
            Box::new(m20261204_000048_flights::Migration),
            Box::new(m20261205_000049_zalo_tokens::Migration),
        ]
    }
}

/// A foreign key that refuses to delete what rows still point at (accounts, orders, payments and
/// therapists are never deleted).
pub(crate) fn restrict(
    name: &str,
    (from, column): (impl IntoIden, impl IntoIden),
    (to, key): (impl IntoIden, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(from, column)
        .to(to, key)
        .on_delete(ForeignKeyAction::Restrict)
        .to_owned()
}
