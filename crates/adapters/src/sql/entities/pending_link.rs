use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pending_links")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub ticket_hash: String,
    pub provider: String,
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub return_to: String,
    pub expires_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
