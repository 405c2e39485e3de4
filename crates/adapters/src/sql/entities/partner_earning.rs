use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "partner_earnings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub entry_key: String,
    pub partner_id: String,
    pub cause: String,
    pub order_id: Option<String>,
    pub service_at_ms: Option<i64>,
    pub amount_vnd: i64,
    pub week: String,
    pub at_ms: i64,
    pub reference: String,
    pub by_actor: String,
}

impl ActiveModelBehavior for ActiveModel {}
