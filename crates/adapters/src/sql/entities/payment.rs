use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payments")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner: String,
    pub order_id: Option<String>,
    pub method: String,
    pub amount_vnd: i64,
    pub state: String,
    pub reference: String,
    pub idem_key: Option<String>,
    pub fingerprint: String,
    pub provider_ref: Option<String>,
    pub created_at_ms: i64,
    pub settled_at_ms: Option<i64>,
    pub purpose: String,
}

impl ActiveModelBehavior for ActiveModel {}
