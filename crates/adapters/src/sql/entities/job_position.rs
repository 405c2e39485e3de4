use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "job_positions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    pub partner_id: String,
    pub latitude: f64,
    pub longitude: f64,
    pub accuracy: f64,
    pub taken_at_ms: i64,
    /// When the server kept it (its clock).
    pub kept_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
