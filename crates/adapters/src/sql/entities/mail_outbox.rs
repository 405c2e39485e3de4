use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_outbox")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub recipient: String,
    pub kind: String,
    pub link: Option<String>,
    /// The facts an order notice tells (JSON); none for account mails.
    pub payload: Option<String>,
    pub created_at_ms: i64,
    pub attempts: i32,
    pub next_attempt_at_ms: i64,
    pub sent_at_ms: Option<i64>,
    pub last_error: Option<String>,
    /// The language to write in when the recipient has no profile (a BCP 47 tag).
    pub language: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
