use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "zalo_outbox")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// The phone number it goes to, as Zalo takes it: the country code and the number, digits
    /// only (`84901234567`).
    pub phone: String,
    /// Whose notice it is: their language when it is sent.
    pub user_id: String,
    /// The mail kind it says (`order_confirmed`), or `support_reply`.
    pub kind: String,
    pub link: Option<String>,
    /// The facts it tells (JSON), as the mail's.
    pub payload: Option<String>,
    pub created_at_ms: i64,
    pub attempts: i32,
    pub next_attempt_at_ms: i64,
    pub sent_at_ms: Option<i64>,
    pub last_error: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
