//! The catalogue's photos, served to anyone outside `/api`: an address's bytes never change (a new
//! photo gets a new id), so browsers and proxies keep them for a year.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use http::header;

use crate::error::ApiError;
use crate::services::Services;

pub(crate) fn photos(services: Services) -> Router {
    Router::new()
        .route("/media/catalog/{id}/{file}", get(photo))
        .with_state(services)
}

async fn photo(
    State(s): State<Services>,
    Path((id, file)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let bytes = s.media.photo(&id, &file).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/jpeg"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        bytes,
    )
        .into_response())
}
