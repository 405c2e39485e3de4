use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "federated_identities")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub provider: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub subject: String,
    pub user_id: String,
    pub email: String,
    pub linked_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
