use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "reviews")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    /// Public: what lists and their page tokens name it by.
    pub id: String,
    pub owner: String,
    pub plan_id: String,
    /// Empty for a service without a therapist.
    pub therapist_id: String,
    pub author: String,
    pub rating: i16,
    pub comment: String,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub hidden_at_ms: Option<i64>,
    /// Empty while shown.
    pub hidden_reason: String,
}

impl ActiveModelBehavior for ActiveModel {}
