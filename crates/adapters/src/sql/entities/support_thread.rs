use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "support_threads")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner: String,
    pub subject: String,
    pub order_id: Option<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub message_count: i32,
    pub unread_by_customer: i32,
    pub unread_by_operators: i32,
    pub preview: String,
    pub request_id: Option<String>,
    /// Set while an operator has it closed; a new message reopens it.
    pub closed_at_ms: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
