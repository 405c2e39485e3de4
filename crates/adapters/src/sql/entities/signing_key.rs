use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "signing_keys")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub kid: String,
    pub algorithm: String,
    pub private_key: String,
    pub public_key: String,
    pub created_at_ms: i64,
    pub retires_at_ms: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
