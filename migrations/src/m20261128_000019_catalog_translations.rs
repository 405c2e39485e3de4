//! The catalogue's own words in the languages beside zh-TW: a plan's texts and a therapist's bio
//! per language, as JSON in the catalogue file's shape (`{"vi": {"name": …}, "en": …}`). Empty
//! for what was there before: everything reads in zh-TW until translated.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Plans {
    Table,
    Translations,
}

#[derive(DeriveIden)]
enum Therapists {
    Table,
    Translations,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Plans::Table)
                .add_column(text(Plans::Translations).default("{}"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Therapists::Table)
                .add_column(text(Therapists::Translations).default("{}"))
                .to_owned(),
        )
        .await
    }
}
