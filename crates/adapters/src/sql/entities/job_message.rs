use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_messages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub seq: i32,
    pub side: String,
    pub author_id: String,
    pub client_key: String,
    pub phrase: String,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    pub language: String,
    pub at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
