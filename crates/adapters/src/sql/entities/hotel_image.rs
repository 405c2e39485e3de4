use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hotel_images")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner: String,
    pub width: i32,
    pub height: i32,
    pub bytes: i64,
    pub created_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
