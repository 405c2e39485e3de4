use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "plans")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub category: String,
    pub name: String,
    pub summary: String,
    pub description: String,
    /// JSON array of image URLs.
    pub images: String,
    pub vehicle_seats: Option<i32>,
    pub vehicle_luggage: Option<i32>,
    /// The price list as JSON, in the catalogue file's shape.
    pub pricing: String,
    /// The page's content as JSON, in the catalogue file's shape (`{}` when none).
    pub content: String,
    /// Its words in other languages as JSON, in the catalogue file's shape (`{}` when none).
    pub translations: String,
    /// The cheapest rate, kept beside the price list so the home page's "from" is one query.
    pub from_price_vnd: i64,
    pub airport: Option<String>,
    pub sort_order: i32,
    pub active: bool,
    pub updated_at: DateTimeWithTimeZone,
}

impl ActiveModelBehavior for ActiveModel {}
