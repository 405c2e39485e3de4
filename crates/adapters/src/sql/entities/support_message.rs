use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "support_messages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub thread_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub seq: i32,
    /// `customer` or `operator:{name}`.
    pub author: String,
    pub body: String,
    pub at_ms: i64,
    pub request_id: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
