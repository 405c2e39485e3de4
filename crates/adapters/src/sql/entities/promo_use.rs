use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "promo_uses")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    pub code: String,
    pub customer: String,
    pub discount_vnd: i64,
    pub taken_at_ms: i64,
    pub given_back_at_ms: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
