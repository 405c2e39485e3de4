use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_events")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub seq: i32,
    pub from_state: Option<String>,
    pub to_state: String,
    pub at_ms: i64,
    pub actor: String,
    pub reason: String,
}

impl ActiveModelBehavior for ActiveModel {}
