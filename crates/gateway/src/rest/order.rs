//! The product's order calls. Bodies carry the details of the path's category in the same shape as
//! the protobuf messages (camelCase), and go through the same translation as gRPC.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use domain::catalog::{Category, PlanId};
use domain::error::msg;
use domain::ordering::{
    IdempotencyKey, NewOrder, Order, OrderFilter, OrderId, OrderState, Revision, ServiceDetails,
    note,
};
use domain::shared::PageRequest;
use domain::{DomainError, DomainResult};
use http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{Body, Data};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pb::{self, order_details::Service};
use crate::services::Services;
use crate::wire::order::{
    IDEMPOTENCY_KEY, charter_from_pb, contact_from_pb, contact_to_pb, details_to_pb, driver_to_pb,
    escort_from_pb, estimate_to_pb, massage_from_pb, shuttle_from_pb,
};
use domain::ordering::name_plans_in;

/// The details object for a category, read as that category's message.
fn details(category: Category, value: Value) -> Result<ServiceDetails, ApiError> {
    fn read<T: serde::de::DeserializeOwned>(v: Value) -> Result<T, ApiError> {
        serde_json::from_value(v).map_err(|e| ApiError::malformed("details", e.to_string()))
    }
    Ok(match category {
        Category::Shuttle => shuttle_from_pb(read(value)?)?,
        Category::Charter => charter_from_pb(read(value)?)?,
        Category::Escort => escort_from_pb(read(value)?)?,
        Category::DragonMassage => massage_from_pb(read(value)?)?,
    })
}

fn plan_id(raw: &str) -> Result<PlanId, ApiError> {
    PlanId::parse(raw).map_err(|_| ApiError::missing("plan"))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OrderDto {
    id: String,
    category: &'static str,
    plan_id: String,
    plan_name: String,
    state: &'static str,
    state_label: String,
    details: Value,
    contact: Option<pb::Contact>,
    note: String,
    estimate: pb::FeeEstimate,
    created_at: String,
    updated_at: String,
    expires_at: String,
    events: Vec<EventDto>,
    driver: Option<pb::Driver>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EventDto {
    from: Option<&'static str>,
    to: &'static str,
    at: String,
    actor: String,
    reason: String,
}

impl From<&Order> for OrderDto {
    fn from(o: &Order) -> Self {
        let details = match details_to_pb(&o.details) {
            Service::Shuttle(d) => serde_json::to_value(d),
            Service::Charter(d) => serde_json::to_value(d),
            Service::Escort(d) => serde_json::to_value(d),
            Service::Massage(d) => serde_json::to_value(d),
        };
        Self {
            id: o.id.as_str().into(),
            category: o.category.slug(),
            plan_id: o.plan_id.as_str().into(),
            plan_name: o.plan_name.clone(),
            state: o.state.code(),
            state_label: crate::texts::term(o.state.term()),
            details: details.unwrap_or(Value::Null),
            contact: o.contact.as_ref().map(contact_to_pb),
            note: o.note.clone(),
            estimate: estimate_to_pb(&o.estimate),
            created_at: o.created_at.to_rfc3339(),
            updated_at: o.updated_at.to_rfc3339(),
            expires_at: o.expires_at.to_rfc3339(),
            events: o
                .history
                .iter()
                .map(|t| EventDto {
                    from: t.from.map(OrderState::code),
                    to: t.to.code(),
                    at: t.at.to_rfc3339(),
                    actor: t.actor.code(),
                    reason: t.reason.clone(),
                })
                .collect(),
            driver: driver_to_pb(o),
        }
    }
}

fn answer(o: &Order) -> Json<Data<OrderDto>> {
    Data::new(OrderDto::from(o))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct CreateBody {
    details: Value,
    contact: Option<pb::Contact>,
    #[serde(default)]
    note: String,
}

/// `POST /api/plan/{category}/{planId}/order`: step1 (with a contact, step1 and step2 at once).
pub(crate) async fn create(
    State(s): State<Services>,
    Caller(who): Caller,
    Path((category, plan)): Path<(String, String)>,
    headers: HeaderMap,
    Body(body): Body<CreateBody>,
) -> Result<(http::StatusCode, Json<Data<OrderDto>>), ApiError> {
    let category = Category::from_slug(&category)?;
    let key = headers
        .get(IDEMPOTENCY_KEY)
        .map(|v| IdempotencyKey::parse(v.to_str().unwrap_or_default()))
        .transpose()?;
    let new = NewOrder {
        language: crate::texts::current(),
        details: details(category, body.details)?,
        contact: body.contact.map(contact_from_pb).transpose()?,
        note: note(&body.note)?,
    };
    let order = s
        .orders
        .create(&who.user_id, category, &plan_id(&plan)?, new, key)
        .await?;
    Ok((http::StatusCode::CREATED, answer(&order)))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct UpdateBody {
    details: Option<Value>,
    contact: Option<pb::Contact>,
    note: Option<String>,
}

/// `PUT /api/plan/{category}/order/{orderId}`: step2 and later edits.
pub(crate) async fn update(
    State(s): State<Services>,
    Caller(who): Caller,
    Path((category, id)): Path<(String, String)>,
    Body(body): Body<UpdateBody>,
) -> Result<Json<Data<OrderDto>>, ApiError> {
    let category = Category::from_slug(&category)?;
    let revision = Revision {
        details: body.details.map(|d| details(category, d)).transpose()?,
        contact: body.contact.map(contact_from_pb).transpose()?,
        note: body.note.as_deref().map(note).transpose()?,
    };
    let order = s
        .orders
        .update(
            &who.user_id,
            Some(category),
            &OrderId::parse(&id)?,
            revision,
        )
        .await?;
    Ok(answer(&order))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ListQuery {
    /// One state code or several, comma-separated (`PENDING_PAYMENT,PAID`).
    state: Option<String>,
    category: Option<String>,
    page_size: Option<u32>,
    page_token: Option<String>,
    /// Only what is still to come, soonest first (`state` is then ignored).
    upcoming: Option<bool>,
}

/// `GET /api/order/detail`: the caller's orders, newest first, a page at a time (20 unless
/// `pageSize` says otherwise; `nextPageToken` leads on).
pub(crate) async fn list(
    State(s): State<Services>,
    Caller(who): Caller,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<Data<Vec<OrderDto>>>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::malformed("query", e.body_text()))?;
    let states = q
        .state
        .as_deref()
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| OrderState::from_code(s.trim()))
        .collect::<DomainResult<Vec<_>>>()?;
    let category = match q.category.as_deref() {
        None | Some("") => None,
        Some(slug) => Some(
            Category::from_slug(slug)
                .map_err(|_| DomainError::invalid("category", msg("catalog.category")))?,
        ),
    };
    let page = PageRequest::new(q.page_size.unwrap_or(0), q.page_token)?;
    let page = if q.upcoming == Some(true) {
        s.orders.upcoming(&who.user_id, category, &page).await?
    } else {
        let filter = OrderFilter {
            states,
            category,
            ..OrderFilter::default()
        };
        s.orders.list(&who.user_id, &filter, &page).await?
    };
    let mut page = page;
    name_plans_in(crate::texts::current(), &s.catalog, &mut page.items).await;
    Ok(Json(Data {
        data: page.items.iter().map(OrderDto::from).collect(),
        next_page_token: page.next_token,
    }))
}

/// `GET /api/order/detail/{id}`.
pub(crate) async fn get(
    State(s): State<Services>,
    Caller(who): Caller,
    Path(id): Path<String>,
) -> Result<Json<Data<OrderDto>>, ApiError> {
    let mut order = s.orders.get(&who.user_id, &OrderId::parse(&id)?).await?;
    name_plans_in(
        crate::texts::current(),
        &s.catalog,
        std::slice::from_mut(&mut order),
    )
    .await;
    Ok(answer(&order))
}

/// `POST /api/plan/{category}/{planId}/estimateFee`: the details in the body; any detail may
/// also come as a query parameter (the body wins where both give one). No sign-in needed.
pub(crate) async fn estimate(
    State(s): State<Services>,
    Path((category, plan)): Path<(String, String)>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
    Body(body): Body<Map<String, Value>>,
) -> Result<Json<Data<pb::FeeEstimate>>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::malformed("query", e.body_text()))?;
    let category = Category::from_slug(&category)?;
    let mut fields = body;
    for (name, raw) in query {
        // Query values are text; numbers are read as numbers so numeric fields accept them.
        let value = raw
            .parse::<u64>()
            .map(Value::from)
            .unwrap_or(Value::String(raw));
        fields.entry(name).or_insert(value);
    }
    let estimate = s
        .orders
        .estimate(
            category,
            &plan_id(&plan)?,
            details(category, Value::Object(fields))?,
        )
        .await?
        .estimate;
    Ok(Data::new(estimate_to_pb(&estimate)))
}
