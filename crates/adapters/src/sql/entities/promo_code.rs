use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "promo_codes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub code: String,
    pub kind: String,
    pub percent: i32,
    pub amount_vnd: Option<i64>,
    pub min_spend_vnd: i64,
    pub categories: String,
    pub plans: String,
    pub valid_from_ms: i64,
    pub valid_until_ms: i64,
    pub total_uses: Option<i32>,
    pub uses_per_customer: i32,
    pub first_order_only: bool,
    pub active: bool,
    pub used: i32,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
