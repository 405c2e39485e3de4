//! The product's massage calls: therapists, favourite therapists, hotel images.

use axum::Json;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use domain::catalog::Gender;
use domain::favorites::Found;
use domain::media::{HotelImage, ImageId, Variant};
use http::{StatusCode, header};
use serde::{Deserialize, Serialize};

use super::{Body, Data};
use crate::auth::{Caller, MaybeCaller};
use crate::error::ApiError;
use crate::pb;
use crate::services::Services;
use crate::wire::massage::{found_to_pb, query_from_pb};

const BASE: &str = "/api/plan/dragon-massage/hotel/images";

/// `GET /plan/dragon-massage/therapist`: `start` (or `date` and `time`), `duration`, `gender`,
/// `language`, `skill`, `pageSize`, `pageToken`, and `orderId` (the caller's order being changed).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct TherapistQuery {
    start: Option<String>,
    date: Option<String>,
    time: Option<String>,
    #[serde(alias = "durationMinutes")]
    duration: Option<u32>,
    gender: Option<String>,
    language: Option<String>,
    skill: Option<String>,
    page_size: Option<u32>,
    page_token: Option<String>,
    order_id: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TherapistDto {
    id: String,
    name: String,
    gender: &'static str,
    photo: String,
    /// Every photo as uploaded; the first is `photo`'s.
    photos: Vec<String>,
    languages: Vec<String>,
    skills: Vec<String>,
    years_of_practice: u32,
    /// 4.8, as shown; the exact figure is `ratingTenths`.
    rating: f64,
    rating_tenths: u32,
    bio: String,
    hours: Vec<ShiftDto>,
    favorite: bool,
}

#[derive(Serialize)]
pub(crate) struct ShiftDto {
    days: Vec<String>,
    from: String,
    until: String,
}

impl From<Found> for TherapistDto {
    fn from(f: Found) -> Self {
        let gender = f.therapist.gender;
        let t = found_to_pb(f);
        Self {
            id: t.id,
            name: t.name,
            gender: match gender {
                Gender::Female => "female",
                Gender::Male => "male",
            },
            photo: t.photo,
            photos: t.photos,
            languages: t.languages,
            skills: t.skills,
            years_of_practice: t.years_of_practice,
            rating: f64::from(t.rating_tenths) / 10.0,
            rating_tenths: t.rating_tenths,
            bio: t.bio,
            hours: t
                .hours
                .into_iter()
                .map(|s| ShiftDto {
                    days: s.days,
                    from: s.from,
                    until: s.until,
                })
                .collect(),
            favorite: t.favorite,
        }
    }
}

pub(crate) async fn therapists(
    State(s): State<Services>,
    MaybeCaller(viewer): MaybeCaller,
    query: Result<Query<TherapistQuery>, QueryRejection>,
) -> Result<Json<Data<Vec<TherapistDto>>>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::malformed("query", e.body_text()))?;
    let start = match (q.start, q.date, q.time) {
        (Some(start), None, None) => start,
        (None, Some(date), Some(time)) => format!("{}T{}", date.trim(), time.trim()),
        (None, None, None) => String::new(),
        _ => {
            return Err(ApiError::malformed(
                "start",
                "give start, or date and time together",
            ));
        }
    };
    let gender = match q.gender.as_deref().map(str::trim) {
        None | Some("") => pb::Gender::Unspecified,
        Some(code) => match Gender::parse("gender", code)? {
            Gender::Female => pb::Gender::Female,
            Gender::Male => pb::Gender::Male,
        },
    };
    let (query, own, page) = query_from_pb(pb::ListTherapistsRequest {
        start,
        duration_minutes: q.duration.unwrap_or(0),
        gender: gender.into(),
        language: q.language.unwrap_or_default(),
        skill: q.skill.unwrap_or_default(),
        page_size: q.page_size.unwrap_or(0),
        page_token: q.page_token.unwrap_or_default(),
        order_id: q.order_id.unwrap_or_default(),
    })?;
    let page = s
        .favorites
        .find(
            viewer.as_ref().map(|p| &p.user_id),
            &query,
            own.as_ref(),
            &page,
        )
        .await?;
    Ok(Json(Data {
        data: page.items.into_iter().map(Into::into).collect(),
        next_page_token: page.next_token,
    }))
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Favorites {
    therapist_ids: Vec<String>,
}

pub(crate) async fn get_favorites(
    State(s): State<Services>,
    Caller(caller): Caller,
) -> Result<Json<Data<Favorites>>, ApiError> {
    let therapist_ids = s.favorites.get(&caller.user_id).await?;
    Ok(Data::new(Favorites { therapist_ids }))
}

pub(crate) async fn put_favorites(
    State(s): State<Services>,
    Caller(caller): Caller,
    Body(body): Body<Favorites>,
) -> Result<Json<Data<Favorites>>, ApiError> {
    let therapist_ids = s
        .favorites
        .replace(&caller.user_id, body.therapist_ids)
        .await?;
    Ok(Data::new(Favorites { therapist_ids }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ImageDto {
    id: String,
    width: u32,
    height: u32,
    bytes: u64,
    url: String,
    thumbnail_url: String,
    created_at: String,
}

impl From<HotelImage> for ImageDto {
    fn from(i: HotelImage) -> Self {
        let id = i.id.as_str();
        Self {
            url: format!("{BASE}/{id}"),
            thumbnail_url: format!("{BASE}/{id}/thumbnail"),
            id: id.to_owned(),
            width: i.width,
            height: i.height,
            bytes: i.bytes,
            created_at: i.created_at.to_rfc3339(),
        }
    }
}

fn multipart_error(e: MultipartError, s: &Services) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        s.media.too_large().into()
    } else {
        ApiError::malformed("images", e.body_text())
    }
}

/// `POST /plan/dragon-massage/hotel/images/upload`: the repeated `images` field. Files are read
/// as they stream, so too many or too large is refused before the rest arrives; what a part
/// claims to be is ignored (the codec reads the bytes).
pub(crate) async fn upload(
    State(s): State<Services>,
    Caller(caller): Caller,
    form: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Data<Vec<ImageDto>>>), ApiError> {
    let mut form = form.map_err(|e| ApiError::malformed("images", e.body_text()))?;
    let limit = s.media.limits().max_file_bytes;
    let mut files: Vec<Vec<u8>> = Vec::new();
    while let Some(mut field) = form
        .next_field()
        .await
        .map_err(|e| multipart_error(e, &s))?
    {
        if !matches!(field.name(), Some("images" | "images[]")) {
            return Err(ApiError::malformed(
                "images",
                "the form has one repeated field, images",
            ));
        }
        s.media.check_count(files.len() + 1)?;
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(|e| multipart_error(e, &s))? {
            if bytes.len() + chunk.len() > limit {
                return Err(s.media.too_large().into());
            }
            bytes.extend_from_slice(&chunk);
        }
        files.push(bytes);
    }
    let images = s.media.upload(&caller.user_id, files).await?;
    Ok((
        StatusCode::CREATED,
        Data::new(images.into_iter().map(Into::into).collect()),
    ))
}

fn image_id(raw: &str) -> Result<ImageId, ApiError> {
    ImageId::parse(raw).map_err(|_| ApiError::missing("image"))
}

async fn serve(
    s: &Services,
    caller: Caller,
    id: &str,
    variant: Variant,
) -> Result<Response, ApiError> {
    let bytes = s.media.read_as(&caller.0, &image_id(id)?, variant).await?;
    Ok((
        [
            (header::CONTENT_TYPE, HotelImage::CONTENT_TYPE),
            // Served only as what it is, never sniffed into something else, never cached by a
            // shared cache (it is one customer's), and not embeddable from other sites.
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "private, max-age=86400, immutable"),
            (header::CONTENT_DISPOSITION, "inline"),
            (
                http::HeaderName::from_static("cross-origin-resource-policy"),
                "same-origin",
            ),
        ],
        bytes,
    )
        .into_response())
}

pub(crate) async fn image(
    State(s): State<Services>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    serve(&s, caller, &id, Variant::Full).await
}

pub(crate) async fn thumbnail(
    State(s): State<Services>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    serve(&s, caller, &id, Variant::Thumbnail).await
}

/// Takes a photo off before the order carries it.
pub(crate) async fn delete_image(
    State(s): State<Services>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    s.media.delete(&caller.user_id, &image_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}
