//! The product's `POST /login` and `PATCH user`, plus `GET user`.

use axum::extract::State;
use domain::identity::{ProfileUpdate, User};
use serde::{Deserialize, Deserializer, Serialize};

use super::{Body, Data};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::Services;
use crate::texts;

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PhoneDto {
    country_code: String,
    number: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UserDto {
    user_id: String,
    email: String,
    email_verified: bool,
    display_name: String,
    phone: Option<PhoneDto>,
    line_id: Option<String>,
    zalo_id: Option<String>,
    whatsapp_id: Option<String>,
    preferred_language: &'static str,
}

impl From<User> for UserDto {
    fn from(u: User) -> Self {
        let p = u.profile;
        Self {
            user_id: p.user_id.as_str().into(),
            email: u.email.as_str().into(),
            email_verified: u.email_verified,
            display_name: p.display_name,
            phone: p.phone.map(|ph| PhoneDto {
                country_code: ph.country_code().into(),
                number: ph.number().into(),
            }),
            line_id: p.line_id,
            zalo_id: p.zalo_id,
            whatsapp_id: p.whatsapp_id,
            preferred_language: p.language.tag(),
        }
    }
}

/// `PATCH user`: absent fields stay; `null` or `""` clears an optional one.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct UserPatch {
    display_name: Option<String>,
    #[serde(default, deserialize_with = "present")]
    phone: Option<Option<PhoneDto>>,
    #[serde(default, deserialize_with = "present")]
    line_id: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    zalo_id: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    whatsapp_id: Option<Option<String>>,
    preferred_language: Option<String>,
}

/// Tells a field sent as `null` (`Some(None)`) from one not sent (`None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

pub(crate) async fn login(
    State(s): State<Services>,
    Caller(who): Caller,
) -> Result<axum::Json<Data<UserDto>>, ApiError> {
    Ok(Data::new(
        s.users.login(&who, texts::current()).await?.into(),
    ))
}

pub(crate) async fn get_user(
    State(s): State<Services>,
    Caller(who): Caller,
) -> Result<axum::Json<Data<UserDto>>, ApiError> {
    Ok(Data::new(s.users.get(&who, texts::current()).await?.into()))
}

pub(crate) async fn update_user(
    State(s): State<Services>,
    Caller(who): Caller,
    Body(patch): Body<UserPatch>,
) -> Result<axum::Json<Data<UserDto>>, ApiError> {
    let cleared = |v: Option<Option<String>>| v.map(Option::unwrap_or_default);
    let update = ProfileUpdate {
        display_name: patch.display_name,
        phone: patch.phone.map(|p| p.map(|p| (p.country_code, p.number))),
        line_id: cleared(patch.line_id),
        zalo_id: cleared(patch.zalo_id),
        whatsapp_id: cleared(patch.whatsapp_id),
        language: patch.preferred_language,
    };
    Ok(Data::new(s.users.update(&who, update).await?.into()))
}
