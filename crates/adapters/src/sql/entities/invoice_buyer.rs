use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invoice_buyers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    pub company_name: String,
    pub company_tax_code: String,
    pub company_address: String,
}

impl ActiveModelBehavior for ActiveModel {}
