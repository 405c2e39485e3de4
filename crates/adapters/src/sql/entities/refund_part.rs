use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "refund_parts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub order_id: String,
    pub owner: String,
    pub payment_id: Option<String>,
    pub cause: String,
    pub route: String,
    pub amount_vnd: i64,
    pub state: String,
    pub account_bank: Option<String>,
    pub account_number: Option<String>,
    pub account_holder: Option<String>,
    pub attempts: i32,
    pub next_at_ms: i64,
    pub lease_until_ms: Option<i64>,
    pub answer: Option<String>,
    pub created_at_ms: i64,
    pub done_at_ms: Option<i64>,
    pub closed_by: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
