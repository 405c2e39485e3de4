use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: String,
    pub category: String,
    pub start_at_ms: i64,
    pub minutes: i32,
    pub free_waiting_minutes: i32,
    pub status: String,
    pub partner_id: Option<String>,
    pub no_show: String,
    /// The no-show's photo (`hotel_images`), kept by housekeeping while named here.
    pub no_show_image_id: Option<String>,
    pub pay_completed_vnd: i64,
    pub pay_no_show_vnd: i64,
    pub changed_at_ms: Option<i64>,
    pub dispatch_by_hand: bool,
    /// Why automatic dispatch handed the job to the operators (`HandOver::code`); empty if it
    /// did not.
    pub handed_over: String,
    pub handed_over_at_ms: Option<i64>,
    /// When its flight landed, as the provider said: free waiting counts from then.
    pub landed_at_ms: Option<i64>,
    pub version: i64,
    pub updated_at_ms: i64,
}

impl ActiveModelBehavior for ActiveModel {}
