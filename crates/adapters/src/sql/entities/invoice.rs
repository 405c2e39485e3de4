use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invoices")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub order_id: String,
    pub owner: String,
    pub kind: String,
    pub amount_vnd: i64,
    pub category: String,
    pub item: String,
    pub buyer_name: String,
    pub buyer_email: String,
    pub company_name: Option<String>,
    pub company_tax_code: Option<String>,
    pub company_address: Option<String>,
    pub state: String,
    pub attempts: i32,
    pub next_at_ms: i64,
    pub lease_until_ms: Option<i64>,
    pub reason: Option<String>,
    pub number: Option<String>,
    pub lookup_code: Option<String>,
    pub lookup_url: Option<String>,
    pub issued_at_ms: Option<i64>,
    pub created_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
