use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "profiles")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: String,
    pub display_name: String,
    pub phone_country_code: Option<String>,
    pub phone_number: Option<String>,
    pub line_id: Option<String>,
    pub zalo_id: Option<String>,
    pub whatsapp_id: Option<String>,
    pub language: String,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
