use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_offers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub partner_id: String,
    pub offered_at_ms: i64,
    pub expires_at_ms: i64,
    pub answer: String,
    pub answered_at_ms: Option<i64>,
    pub reason: String,
}

impl ActiveModelBehavior for ActiveModel {}
