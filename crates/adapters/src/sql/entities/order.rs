use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner: String,
    pub category: String,
    pub plan_id: String,
    pub plan_name: String,
    pub state: String,
    /// JSON, tagged by service.
    pub details: String,
    /// JSON, or none before step2.
    pub contact: Option<String>,
    /// The contact's number without its country code, for a search by phone (an index).
    pub contact_number: Option<String>,
    pub note: String,
    /// JSON: the breakdown as priced when last changed.
    pub estimate: String,
    pub total_vnd: i64,
    pub start_at_ms: i64,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub expires_at_ms: i64,
    pub version: i64,
    /// JSON (name, phone, plate), once an operator assigned a driver.
    pub driver: Option<String>,
    /// Once a transfer or VNPay payment was opened: the service and price are fixed.
    pub payment_opened_at_ms: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
