use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "partners")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: String,
    pub kind: String,
    pub name: String,
    pub phone_country_code: String,
    pub phone_number: String,
    pub languages: String,
    pub vehicle_model: String,
    pub vehicle_plate: String,
    pub vehicle_seats: i32,
    pub therapist_id: Option<String>,
    /// JSON array of shifts; empty: any time.
    #[sea_orm(column_type = "Text")]
    pub hours: String,
    /// JSON array of `YYYY-MM-DD`.
    #[sea_orm(column_type = "Text")]
    pub days_off: String,
    pub active: bool,
    /// A code of the catalogue's cities; empty when not set.
    pub home_city: String,
    /// Their notices go to Zalo too, at their phone number.
    pub zalo_notices: bool,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
