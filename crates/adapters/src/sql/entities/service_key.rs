use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "service_keys")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub name: String,
    pub key_hash: String,
    pub created_by: String,
    pub created_at_ms: i64,
    pub revoked_at_ms: Option<i64>,
    /// `operator` or `admin`.
    pub role: String,
}

impl ActiveModelBehavior for ActiveModel {}
