//! `/api/auth/…`: the identity calls in JSON, for clients that do not speak gRPC-Web.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use domain::identity::{ActionCodeInfo, Session};
use serde::{Deserialize, Serialize};

use super::{Body, Data};
use crate::auth::{Caller, ClientAddr};
use crate::error::ApiError;
use crate::services::Services;
use crate::texts;

type Reply<T> = Result<axum::Json<Data<T>>, ApiError>;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SessionDto {
    user_id: String,
    email: String,
    email_verified: bool,
    id_token: String,
    refresh_token: String,
    expires_in: i64,
}

impl From<Session> for SessionDto {
    fn from(s: Session) -> Self {
        Self {
            user_id: s.user_id.as_str().into(),
            email: s.email.as_str().into(),
            email_verified: s.email_verified,
            id_token: s.id_token,
            refresh_token: s.refresh_token,
            expires_in: s.expires_in_secs,
        }
    }
}

#[derive(Serialize)]
pub(crate) struct ActionCodeDto {
    mode: &'static str,
    email: String,
    #[serde(rename = "passwordMinLength")]
    password_min_length: usize,
}

impl From<ActionCodeInfo> for ActionCodeDto {
    fn from(i: ActionCodeInfo) -> Self {
        Self {
            mode: i.mode.as_str(),
            email: i.email.as_str().into(),
            password_min_length: i.password_min,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Credentials {
    email: String,
    password: String,
    #[serde(default)]
    continue_url: String,
}

pub(crate) async fn sign_up(
    State(s): State<Services>,
    client: Option<Extension<ClientAddr>>,
    Body(b): Body<Credentials>,
) -> Reply<SessionDto> {
    let client = addr(client);
    let session = s
        .identity
        .sign_up(
            &b.email,
            &b.password,
            &b.continue_url,
            &client,
            texts::current(),
        )
        .await?;
    Ok(Data::new(session.into()))
}

pub(crate) async fn sign_in(
    State(s): State<Services>,
    client: Option<Extension<ClientAddr>>,
    Body(b): Body<Credentials>,
) -> Reply<SessionDto> {
    let session = s
        .identity
        .sign_in(&b.email, &b.password, &addr(client))
        .await?;
    Ok(Data::new(session.into()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RefreshBody {
    refresh_token: String,
}

pub(crate) async fn refresh(
    State(s): State<Services>,
    Body(b): Body<RefreshBody>,
) -> Reply<SessionDto> {
    Ok(Data::new(
        s.identity.refresh(&b.refresh_token).await?.into(),
    ))
}

pub(crate) async fn sign_out(
    State(s): State<Services>,
    Caller(who): Caller,
) -> Result<StatusCode, ApiError> {
    s.identity.sign_out(&who).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ContinueBody {
    #[serde(default)]
    continue_url: String,
}

pub(crate) async fn send_verification_email(
    State(s): State<Services>,
    Caller(who): Caller,
    Body(b): Body<ContinueBody>,
) -> Result<StatusCode, ApiError> {
    s.identity
        .send_verification_email(&who, &b.continue_url)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct CodeBody {
    oob_code: String,
    #[serde(default)]
    new_password: Option<String>,
}

pub(crate) async fn check_action_code(
    State(s): State<Services>,
    Body(b): Body<CodeBody>,
) -> Reply<ActionCodeDto> {
    Ok(Data::new(
        s.identity.check_action_code(&b.oob_code).await?.into(),
    ))
}

pub(crate) async fn apply_action_code(
    State(s): State<Services>,
    Body(b): Body<CodeBody>,
) -> Reply<ActionCodeDto> {
    Ok(Data::new(
        s.identity.apply_action_code(&b.oob_code).await?.into(),
    ))
}

pub(crate) async fn confirm_password_reset(
    State(s): State<Services>,
    Body(b): Body<CodeBody>,
) -> Reply<ActionCodeDto> {
    let password = b.new_password.unwrap_or_default();
    Ok(Data::new(
        s.identity
            .confirm_password_reset(&b.oob_code, &password)
            .await?
            .into(),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ResetBody {
    email: String,
    #[serde(default)]
    continue_url: String,
}

pub(crate) async fn send_password_reset(
    State(s): State<Services>,
    client: Option<Extension<ClientAddr>>,
    Body(b): Body<ResetBody>,
) -> Result<StatusCode, ApiError> {
    s.identity
        .send_password_reset(&b.email, &b.continue_url, &addr(client), texts::current())
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ChangePasswordBody {
    current_password: String,
    new_password: String,
}

pub(crate) async fn change_password(
    State(s): State<Services>,
    Caller(who): Caller,
    Body(b): Body<ChangePasswordBody>,
) -> Reply<SessionDto> {
    let session = s
        .identity
        .change_password(&who, &b.current_password, &b.new_password)
        .await?;
    Ok(Data::new(session.into()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ChangeEmailBody {
    password: String,
    new_email: String,
    #[serde(default)]
    continue_url: String,
}

pub(crate) async fn change_email(
    State(s): State<Services>,
    Caller(who): Caller,
    Body(b): Body<ChangeEmailBody>,
) -> Reply<SessionDto> {
    let session = s
        .identity
        .change_email(&who, &b.password, &b.new_email, &b.continue_url)
        .await?;
    Ok(Data::new(session.into()))
}

fn addr(client: Option<Extension<ClientAddr>>) -> String {
    client.map_or_else(|| "unknown".to_owned(), |Extension(c)| c.0)
}
