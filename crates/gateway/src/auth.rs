//! Who is calling: the ID token from `authorization-firebase` (the product's header; `Bearer `
//! optional) on both protocols, and the client's address for the throttles. Cookies are never
//! credentials here, so the API needs no CSRF defence.

use axum::extract::FromRequestParts;
use domain::audit::Staff;
use domain::error::AuthError;
use domain::identity::{IdentityService, Principal};
use domain::live::{Holder, Viewer};
use domain::operations::OperatorService;
use http::request::Parts;
use tonic::metadata::MetadataMap;

use crate::error::ApiError;
use crate::error::status;
use crate::services::Services;

pub const TOKEN_HEADER: &str = "authorization-firebase";
/// Where service accounts send their API key (never the customers' header, so the two kinds of
/// credential cannot be mistaken for each other).
pub const API_KEY_HEADER: &str = "x-api-key";

/// The client's network address, set on each request by the server (the socket's peer, or the
/// first hop a trusted proxy reports).
#[derive(Debug, Clone)]
pub struct ClientAddr(pub String);

pub(crate) fn client_addr(extensions: &http::Extensions) -> String {
    extensions
        .get::<ClientAddr>()
        .map_or_else(|| "unknown".to_owned(), |c| c.0.clone())
}

/// A REST handler's signed-in caller; a missing or bad token is 401 before the handler runs.
pub(crate) struct Caller(pub Principal);

/// The caller of a request whose token was checked already (to answer in their profile's
/// language), so that the call does not check it twice: a token and an account read less.
#[derive(Clone)]
pub(crate) struct Authenticated(pub Principal);

impl FromRequestParts<Services> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, s: &Services) -> Result<Self, ApiError> {
        if let Some(Authenticated(principal)) = parts.extensions.get() {
            return Ok(Caller(principal.clone()));
        }
        let raw = parts
            .headers
            .get(TOKEN_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        s.identity
            .authenticate(raw)
            .await
            .map(Caller)
            .map_err(ApiError::from)
    }
}

/// A REST handler's caller where signing in is optional: no token is an anonymous caller, but a
/// token that is sent must be good (401 otherwise), so a stale session is noticed, not ignored.
pub(crate) struct MaybeCaller(pub Option<Principal>);

impl FromRequestParts<Services> for MaybeCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, s: &Services) -> Result<Self, ApiError> {
        if parts.headers.get(TOKEN_HEADER).is_none() {
            return Ok(MaybeCaller(None));
        }
        Caller::from_request_parts(parts, s)
            .await
            .map(|Caller(p)| MaybeCaller(Some(p)))
    }
}

/// A gRPC call's caller where signing in is optional, as `MaybeCaller`.
pub(crate) async fn grpc_maybe_caller<T>(
    identity: &IdentityService,
    request: &tonic::Request<T>,
) -> Result<Option<Principal>, tonic::Status> {
    if request.metadata().get(TOKEN_HEADER).is_none() {
        return Ok(None);
    }
    grpc_caller(identity, request).await.map(Some)
}

/// A gRPC call's signed-in caller.
pub(crate) async fn grpc_caller<T>(
    identity: &IdentityService,
    request: &tonic::Request<T>,
) -> Result<Principal, tonic::Status> {
    if let Some(Authenticated(principal)) = request.extensions().get() {
        return Ok(principal.clone());
    }
    caller_in(identity, request.metadata()).await
}

/// A gRPC operator call's caller: a service key, or an ID token with the operator role. A
/// customer's token is PERMISSION_DENIED; nothing, or a bad key or token, UNAUTHENTICATED.
pub(crate) async fn grpc_staff<T>(
    identity: &IdentityService,
    operators: &OperatorService,
    request: &tonic::Request<T>,
) -> Result<Staff, tonic::Status> {
    staff_in(identity, operators, request.metadata()).await
}

/// Who watches live events, from a call's metadata (checked again while the stream is open), and
/// on whose credentials: a service key is staff, a token is what its account is.
pub(crate) async fn grpc_viewer(
    identity: &IdentityService,
    operators: &OperatorService,
    metadata: &MetadataMap,
) -> Result<(Viewer, Holder), tonic::Status> {
    if metadata.contains_key(API_KEY_HEADER) {
        // With the key header, the caller is the key's or nobody.
        let Staff::Service { key_id, .. } = staff_in(identity, operators, metadata).await? else {
            return Err(status(AuthError::InvalidIdToken.into()));
        };
        return Ok((Viewer::Staff, Holder::Key(key_id)));
    }
    let principal = caller_in(identity, metadata).await?;
    Ok((
        Viewer::of(&principal),
        Holder::Account(principal.user_id.clone()),
    ))
}

async fn caller_in(
    identity: &IdentityService,
    metadata: &MetadataMap,
) -> Result<Principal, tonic::Status> {
    let raw = metadata
        .get(TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    identity.authenticate(raw).await.map_err(status)
}

async fn staff_in(
    identity: &IdentityService,
    operators: &OperatorService,
    metadata: &MetadataMap,
) -> Result<Staff, tonic::Status> {
    if let Some(key) = metadata.get(API_KEY_HEADER) {
        let key = key.to_str().unwrap_or_default();
        return operators.authenticate_key(key).await.map_err(status);
    }
    let principal = caller_in(identity, metadata).await?;
    operators.staff_of(principal).await.map_err(status)
}
