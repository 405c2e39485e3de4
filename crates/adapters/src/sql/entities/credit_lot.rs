use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "credit_lots")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner: String,
    pub amount_vnd: i64,
    pub left_vnd: i64,
    pub expires_at_ms: i64,
    pub created_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
