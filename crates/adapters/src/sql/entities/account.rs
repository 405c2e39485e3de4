use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "accounts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub email: String,
    pub role: String,
    pub password_hash: String,
    pub email_verified: bool,
    pub disabled: bool,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    /// ID tokens issued before this (seconds since the epoch × 1000) are refused.
    pub tokens_valid_after_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
