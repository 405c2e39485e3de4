use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "referrals")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub referrer: String,
    pub referred: String,
    pub referred_key: String,
    pub referrer_vnd: i64,
    pub referred_vnd: i64,
    pub credit_days: Option<i32>,
    pub claimed_at_ms: i64,
    pub rewarded_at_ms: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
