use sea_orm::entity::prelude::*;

/// The Zalo Official Account's tokens, sealed (`providers::zalo::token`).
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "zalo_tokens")]
pub struct Model {
    /// The first 32 hex digits of SHA-256 over the app id and the configured refresh token.
    #[sea_orm(primary_key, auto_increment = false)]
    pub account: String,
    /// None until the first renewal.
    pub access_token: Option<String>,
    pub refresh_token: String,
    pub expires_at_ms: i64,
    /// A node is renewing until then, or after a refusal none will try again before.
    pub refreshing_until_ms: i64,
    /// Why the last renewal failed; none once one succeeds.
    pub last_error: Option<String>,
    pub refreshed_at_ms: Option<i64>,
    pub version: i64,
}

impl ActiveModelBehavior for ActiveModel {}
