//! A therapist's photos: several, as a plan's (the first is her card's), in a JSON array; the one
//! photo each had becomes the first of her list.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Therapists {
    Table,
    Photo,
    Photos,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Therapists::Table)
                .add_column(text(Therapists::Photos).default("[]"))
                .to_owned(),
        )
        .await?;
        // A photo is a path of this site (checked when it was set): nothing in it needs escaping
        // inside a JSON string.
        m.get_connection()
            .execute_unprepared(
                "UPDATE therapists SET photos = '[\"' || photo || '\"]' WHERE photo <> ''",
            )
            .await?;
        m.alter_table(
            Table::alter()
                .table(Therapists::Table)
                .drop_column(Therapists::Photo)
                .to_owned(),
        )
        .await
    }
}
