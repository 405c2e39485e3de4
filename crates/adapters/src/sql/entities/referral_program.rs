use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "referral_program")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i32,
    pub active: bool,
    pub referrer_vnd: i64,
    pub referred_vnd: i64,
    pub credit_days: Option<i32>,
    pub updated_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
