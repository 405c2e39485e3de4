use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub at_ms: i64,
    pub actor: String,
    pub action: String,
    pub target: String,
    pub before: String,
    pub after: String,
    pub reason: String,
}

impl ActiveModelBehavior for ActiveModel {}
