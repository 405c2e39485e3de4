use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use domain::catalog::{Category, CategorySummary, Plan, PlanId};
use domain::shared::PageRequest;
use http::{HeaderMap, HeaderValue, StatusCode, header};
use serde::{Deserialize, Serialize};

use super::Data;
use crate::error::ApiError;
use crate::services::Services;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CategoryDto {
    category: &'static str,
    name: String,
    description: String,
    plan_count: u32,
    from_price_vnd: Option<i64>,
}

impl From<CategorySummary> for CategoryDto {
    fn from(s: CategorySummary) -> Self {
        Self {
            category: s.category.slug(),
            name: crate::texts::term(s.category.name()),
            description: crate::texts::term(s.category.description()),
            plan_count: s.plan_count,
            from_price_vnd: s.from_price.map(|m| m.amount()),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PlanDto {
    id: String,
    category: &'static str,
    name: String,
    summary: String,
    description: String,
    images: Vec<String>,
    vehicle: Option<VehicleDto>,
    duration_minutes: Vec<u32>,
    options: Vec<OptionDto>,
    from_price_vnd: i64,
    airport: Option<String>,
    active: bool,
    rules: crate::pb::BookingRules,
}

#[derive(Serialize)]
pub(crate) struct VehicleDto {
    seats: u32,
    luggage: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OptionDto {
    code: String,
    name: String,
    price_vnd: i64,
}

/// A plan in the request's language: its own words where translated, zh-TW's where not.
impl From<Plan> for PlanDto {
    fn from(p: Plan) -> Self {
        let p = p.in_language(crate::texts::current());
        let (durations, options, from_price, rules) = (
            p.durations_minutes(),
            p.options(),
            p.from_price(),
            crate::wire::catalog::rules_to_pb(&p),
        );
        Self {
            id: p.id.as_str().into(),
            category: p.category.slug(),
            name: p.name,
            summary: p.summary,
            description: p.description,
            images: p.images,
            vehicle: p.vehicle.map(|v| VehicleDto {
                seats: v.seats,
                luggage: v.luggage,
            }),
            duration_minutes: durations,
            options: options
                .into_iter()
                .map(|o| OptionDto {
                    code: o.code,
                    name: crate::texts::render(&o.name),
                    price_vnd: o.price.amount(),
                })
                .collect(),
            from_price_vnd: from_price.amount(),
            airport: p.airport,
            active: p.active,
            rules,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ListQuery {
    page_size: Option<u32>,
    page_token: Option<String>,
}

pub(crate) async fn list_categories(
    State(s): State<Services>,
) -> Result<Json<Data<Vec<CategoryDto>>>, ApiError> {
    let categories = s.catalog.list_categories().await?;
    Ok(Data::new(categories.into_iter().map(Into::into).collect()))
}

/// `GET /api/plan/{category}`: the whole list by default (the product's call takes no parameters);
/// `pageSize` / `pageToken` page through it.
pub(crate) async fn list_plans(
    State(s): State<Services>,
    Path(category): Path<String>,
    headers: HeaderMap,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::malformed("query", e.body_text()))?;
    let category = Category::from_slug(&category)?;
    if query.page_size.is_none() && query.page_token.is_none() {
        // The whole list is every visitor's: kept as its bytes per catalogue version.
        let answer = s
            .catalog_cache
            .json(category, || async {
                let plans = s.catalog.all_plans(category).await?;
                let dto: Data<Vec<PlanDto>> = Data {
                    data: plans.into_iter().map(Into::into).collect(),
                    next_page_token: None,
                };
                serde_json::to_vec(&dto)
                    .map_err(|e| domain::DomainError::Unavailable(format!("plan list: {e}")))
            })
            .await?;
        let gzip = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|coding| coding.split(';').next().is_some_and(|c| c.trim() == "gzip"));
        let (body, etag) = if gzip {
            (&answer.gzip, &answer.gzip_etag)
        } else {
            (&answer.body, &answer.etag)
        };
        let unchanged = headers
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|tag| tag.trim() == etag || tag.trim() == "*");
        let mut response = if unchanged {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let mut r =
                ([(header::CONTENT_TYPE, "application/json")], body.clone()).into_response();
            if gzip {
                r.headers_mut()
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            }
            r
        };
        let h = response.headers_mut();
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Ok(tag) = HeaderValue::from_str(etag) {
            h.insert(header::ETAG, tag);
        }
        return Ok(response);
    }
    let page = PageRequest::new(query.page_size.unwrap_or(0), query.page_token)?;
    let page = s.catalog.list_plans(category, &page).await?;
    Ok(Json(Data {
        data: page
            .items
            .into_iter()
            .map(Into::into)
            .collect::<Vec<PlanDto>>(),
        next_page_token: page.next_token,
    })
    .into_response())
}

/// `GET /api/plan/{category}/{planId}`: a plan, only under its own category.
pub(crate) async fn get_plan(
    State(s): State<Services>,
    Path((category, plan_id)): Path<(String, String)>,
) -> Result<Json<Data<PlanDto>>, ApiError> {
    let category = Category::from_slug(&category)?;
    let id = PlanId::parse(&plan_id).map_err(|_| ApiError::missing("plan"))?;
    Ok(Data::new(
        s.catalog.get_plan_in(category, &id).await?.into(),
    ))
}
