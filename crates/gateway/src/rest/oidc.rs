//! `/auth/oidc/{provider}/callback`: where identity providers send the browser back. Not an API
//! call but a page load, so it always answers with a redirect to the web app's `/auth/continue`,
//! the outcome in the address's fragment (never sent to a server, nor in a `Referer`): a refresh
//! token to start the session with, a ticket for one more step, or an error's code, which the page
//! words in Traditional Chinese (a provider's own message is never shown), with the sign-in's state,
//! which the page compares with the one its browser kept.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use domain::DomainError;
use domain::error::AuthError;
use domain::identity::FederatedOutcome;
use domain::shared::web_pages::AUTH_CONTINUE;
use http::{HeaderMap, StatusCode, header};
use serde::Deserialize;

use crate::services::Services;

/// The cookie the web app writes with the state when it sends the browser to a provider.
pub const STATE_COOKIE: &str = "oidc-state";

pub(crate) fn callbacks(services: Services) -> Router {
    Router::new()
        .route(
            "/auth/oidc/{provider}/callback",
            get(from_query).post(from_form),
        )
        .with_state(services)
}

#[derive(Deserialize, Default)]
struct Answer {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

/// Apple's `form_post`: a cross-site POST carries no SameSite=Lax cookie, so the answer is sent on
/// to the same address as a GET, which is a top-level navigation and does carry it.
async fn from_form(Path(provider): Path<String>, body: Bytes) -> Response {
    let kept: Vec<(String, String)> = form_urlencoded::parse(&body)
        .filter(|(k, _)| matches!(k.as_ref(), "code" | "state" | "error"))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let query = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(kept)
        .finish();
    let provider: String = provider
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    see_other(&format!("/auth/oidc/{provider}/callback?{query}"), false)
}

async fn from_query(
    State(s): State<Services>,
    Path(provider): Path<String>,
    headers: HeaderMap,
    answer: Result<Query<Answer>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Answer { code, state, error } = answer.map(|q| q.0).unwrap_or_default();
    let browser_state = state_cookie(&headers).unwrap_or_default();
    let state = state.unwrap_or_default();
    if let Some(error) = error {
        // Turned back at the provider: to the sign-in page of where they came from.
        tracing::info!(provider, error, "identity provider answered with an error");
        let back = s.identity.abandon_federated(&state, &browser_state).await;
        let mut fragment = form_urlencoded::Serializer::new(String::new());
        fragment.append_pair("error", "cancelled");
        if let Some(to) = back {
            fragment.append_pair("to", &to);
        }
        return continue_with(fragment.finish());
    }
    let outcome = s
        .identity
        .finish_federated(
            &provider,
            &state,
            &browser_state,
            code.as_deref().unwrap_or_default(),
        )
        .await;
    // Made after the await: the serializer is not Send. The state goes back too: the page acts
    // only on the answer to a sign-in its own browser started (it kept the state), so a link
    // carrying someone else's session or ticket signs nobody in.
    let mut fragment = form_urlencoded::Serializer::new(String::new());
    fragment.append_pair("state", &state);
    match outcome {
        Ok(FederatedOutcome::SignedIn { session, return_to }) => {
            fragment
                .append_pair("refresh", &session.refresh_token)
                .append_pair("to", &return_to);
        }
        Ok(FederatedOutcome::Linked {
            provider,
            return_to,
        }) => {
            fragment
                .append_pair("linked", provider.display_name_in(crate::texts::current()))
                .append_pair("to", &return_to);
        }
        Ok(FederatedOutcome::Held {
            ticket,
            provider,
            email,
            return_to,
        }) => {
            fragment
                .append_pair("ticket", &ticket)
                .append_pair(
                    "provider",
                    provider.display_name_in(crate::texts::current()),
                )
                .append_pair("to", &return_to);
            if let Some(email) = email {
                fragment.append_pair("email", email.as_str());
            }
        }
        Err(e) => {
            tracing::info!(provider, error = %e, "sign-in with an identity provider refused");
            fragment.append_pair("error", error_code(&e));
        }
    }
    continue_with(fragment.finish())
}

/// The kinds of failure the page words; anything else is "failed".
fn error_code(e: &DomainError) -> &'static str {
    match e {
        DomainError::InvalidArgument { field, .. } if field == "state" => "state",
        DomainError::InvalidArgument { .. } => "refused",
        DomainError::NotFound { .. } => "unknown_provider",
        DomainError::Unavailable(_) => "unavailable",
        DomainError::Throttled { .. } | DomainError::Auth(AuthError::TooManyAttempts { .. }) => {
            "throttled"
        }
        DomainError::PermissionDenied(_) => "staff",
        DomainError::Auth(AuthError::UserDisabled) => "disabled",
        DomainError::FailedPrecondition(m) if m.code == "federation.linked_elsewhere" => {
            "linked_elsewhere"
        }
        DomainError::FailedPrecondition(m) if m.code == "federation.provider_taken" => {
            "provider_taken"
        }
        _ => "failed",
    }
}

fn state_cookie(headers: &HeaderMap) -> Option<String> {
    crate::cookie(headers, STATE_COOKIE).map(str::to_owned)
}

/// To the web app's page with the outcome; the state cookie has done its work either way.
fn continue_with(fragment: String) -> Response {
    see_other(&format!("{AUTH_CONTINUE}#{fragment}"), true)
}

fn see_other(location: &str, clear_state: bool) -> Response {
    let mut response = (
        StatusCode::SEE_OTHER,
        [
            (header::LOCATION, location.to_owned()),
            (header::CACHE_CONTROL, "no-store".to_owned()),
            (header::REFERRER_POLICY, "no-referrer".to_owned()),
        ],
    )
        .into_response();
    if clear_state
        && let Ok(v) = format!("{STATE_COOKIE}=; Max-Age=0; Path=/auth/oidc; SameSite=Lax").parse()
    {
        response.headers_mut().append(header::SET_COOKIE, v);
    }
    response
}
