use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_steps")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub seq: i32,
    pub status: String,
    pub at_ms: i64,
    pub actor: String,
}

impl ActiveModelBehavior for ActiveModel {}
