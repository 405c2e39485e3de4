use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "live_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub at_ms: i64,
    pub owner: String,
    /// `order`, `thread` or `wallet`.
    pub topic: String,
    pub subject: String,
}

impl ActiveModelBehavior for ActiveModel {}
