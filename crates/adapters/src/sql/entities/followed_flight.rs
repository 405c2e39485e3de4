use sea_orm::entity::prelude::*;

/// A flight followed for the pick-ups meeting it (`domain::flights::Followed`).
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "followed_flights")]
pub struct Model {
    /// `FlightKey::code`: `VN123@SGN@2026-11-25`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub flight_key: String,
    /// Its last answer's state (`scheduled`, `en_route`, …); none before one came.
    pub state: Option<String>,
    pub scheduled_at_ms: Option<i64>,
    pub estimated_at_ms: Option<i64>,
    pub actual_at_ms: Option<i64>,
    /// When it is next asked about; none once it is no longer followed.
    pub next_look_at_ms: Option<i64>,
    pub looks: i32,
    pub version: i64,
}

impl ActiveModelBehavior for ActiveModel {}
