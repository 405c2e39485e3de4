use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_images")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub image_id: String,
}

impl ActiveModelBehavior for ActiveModel {}
