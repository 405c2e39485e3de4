use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "credit_draws")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub lot_id: String,
    pub order_id: Option<String>,
    pub amount_vnd: i64,
    pub at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
