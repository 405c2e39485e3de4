use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "partner_holds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub partner_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub slot_ms: i64,
    pub order_id: String,
}

impl ActiveModelBehavior for ActiveModel {}
