use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notice_choices")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: String,
    /// The kinds turned off, their codes joined by commas.
    pub turned_off: String,
    pub updated_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
