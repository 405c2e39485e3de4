use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "gift_codes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub code: String,
    pub batch: String,
    pub amount_vnd: i64,
    pub redeem_by_ms: i64,
    pub credit_days: Option<i32>,
    pub redeemed_by: Option<String>,
    pub redeemed_at_ms: Option<i64>,
    pub redeem_key: Option<String>,
    pub created_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
