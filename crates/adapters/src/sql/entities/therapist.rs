use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "therapists")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub name: String,
    pub gender: String,
    /// JSON array of paths.
    pub photos: String,
    /// JSON array.
    pub languages: String,
    /// JSON array.
    pub skills: String,
    pub years_of_practice: i32,
    pub rating_tenths: i32,
    pub bio: String,
    /// Her bio in other languages as JSON (`{"vi": "…"}`; `{}` when none).
    pub translations: String,
    /// JSON array of shifts.
    pub hours: String,
    /// JSON array of `YYYY-MM-DD`.
    pub days_off: String,
    pub active: bool,
    pub updated_at: DateTimeWithTimeZone,
}

impl ActiveModelBehavior for ActiveModel {}
