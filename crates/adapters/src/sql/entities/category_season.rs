use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "category_seasons")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub category: String,
    /// `[SeasonEntry]` as JSON.
    pub seasons: String,
}

impl ActiveModelBehavior for ActiveModel {}
