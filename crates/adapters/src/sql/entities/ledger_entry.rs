use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ledger_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub owner: String,
    pub kind: String,
    pub amount_vnd: i64,
    pub balance_after_vnd: i64,
    pub payment_id: Option<String>,
    pub order_id: Option<String>,
    pub operator: Option<String>,
    pub grant_id: Option<String>,
    pub note: String,
    pub at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
