use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_changes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub payment_id: String,
    pub order_id: String,
    pub version: i64,
    pub details: String,
}

impl ActiveModelBehavior for ActiveModel {}
