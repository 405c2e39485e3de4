use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bank_transfers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub bank_ref: String,
    pub amount_vnd: i64,
    pub memo: String,
    pub received_at_ms: i64,
    pub outcome: String,
    pub payment_id: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
