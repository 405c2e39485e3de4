use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Request as HttpRequest, State};
use axum::middleware::Next;
use axum::response::Response as HttpResponse;
use domain::DomainError;
use domain::catalog::{CatalogService, Plan, PlanId};
use domain::reviews::ReviewService;
use domain::shared::{Page, PageRequest};
use tonic::{Request, Response, Status};

use crate::error::status;
use crate::grpc::kept::{WebCall, answer, message_of, web_body};
use crate::pb;
use crate::wire::catalog::{category_from_pb, category_info, listed, plan_to_pb};
use crate::wire::review::summary_of;

const LIST_PLANS: &str = "/booking.v1.CatalogService/ListPlans";

/// Middleware before tonic-web: a first page of plans over gRPC-Web answered with the bytes kept
/// for it (see `kept`). Anything else, a request refused included, goes on to tonic, which words
/// every refusal as for every other call.
pub(super) async fn first_pages(
    State(catalog): State<Arc<Catalog>>,
    request: HttpRequest,
    next: Next,
) -> HttpResponse {
    if request.uri().path() != LIST_PLANS {
        return next.run(request).await;
    }
    let call = match WebCall::read(request).await {
        Ok(call) => call,
        Err(request) => return next.run(request).await,
    };
    let first_page = call
        .message::<pb::ListPlansRequest>()
        .filter(|r| r.page_token.is_empty());
    if let Some(r) = first_page
        && let Ok(kept) = catalog.first_page(r.category, r.page_size).await
    {
        return answer(kept);
    }
    next.run(call.into_request()).await
}

pub(crate) struct Catalog {
    service: CatalogService,
    reviews: ReviewService,
    cache: crate::catalog_cache::CatalogCache,
}

impl Catalog {
    pub(crate) fn new(
        service: CatalogService,
        reviews: ReviewService,
        cache: crate::catalog_cache::CatalogCache,
    ) -> Self {
        Self {
            service,
            reviews,
            cache,
        }
    }

    /// A category's first page, every visitor's: kept per catalogue version as the gRPC-Web body
    /// that answers it.
    pub(super) async fn first_page(&self, category: i32, page_size: u32) -> Result<Bytes, Status> {
        let category = category_from_pb(category)?;
        let page = PageRequest::new(page_size, None).map_err(status)?;
        self.cache
            .plans(category, page.size(), || async {
                let page = self.service.list_plans(category, &page).await?;
                Ok(web_body(&self.page_of(page).await?))
            })
            .await
            .map_err(status)
    }

    async fn page_of(&self, page: Page<Plan>) -> domain::DomainResult<pb::ListPlansResponse> {
        Ok(pb::ListPlansResponse {
            plans: self
                .with_reviews(page.items)
                .await?
                .into_iter()
                .map(listed)
                .collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        })
    }

    /// The plans with their travellers' review counts.
    async fn with_reviews(&self, plans: Vec<Plan>) -> domain::DomainResult<Vec<pb::Plan>> {
        let table = self.reviews.plan_summaries().await?;
        Ok(plans
            .into_iter()
            .map(|p| {
                let reviews = summary_of(&table, p.id.as_str());
                pb::Plan {
                    reviews: Some(reviews),
                    ..plan_to_pb(p)
                }
            })
            .collect())
    }
}

#[tonic::async_trait]
impl pb::catalog_service_server::CatalogService for Catalog {
    #[tracing::instrument(skip_all)]
    async fn list_categories(
        &self,
        _request: Request<pb::ListCategoriesRequest>,
    ) -> Result<Response<pb::ListCategoriesResponse>, Status> {
        let categories = self.service.list_categories().await.map_err(status)?;
        let terms = self.service.cancellation();
        Ok(Response::new(pb::ListCategoriesResponse {
            categories: categories.into_iter().map(category_info).collect(),
            free_cancellation_hours: terms.free_until_hours,
            late_cancellation_fee_percent: terms.late_fee_percent,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_plans(
        &self,
        request: Request<pb::ListPlansRequest>,
    ) -> Result<Response<pb::ListPlansResponse>, Status> {
        let req = request.into_inner();
        if req.page_token.is_empty() {
            // Mostly answered before tonic (`first_pages`); here for the callers that skip that.
            let kept = self.first_page(req.category, req.page_size).await?;
            let message = message_of(&kept).ok_or_else(|| {
                status(DomainError::Unavailable(
                    "a kept first page could not be read".into(),
                ))
            })?;
            return Ok(Response::new(message));
        }
        let category = category_from_pb(req.category)?;
        let page = PageRequest::new(req.page_size, Some(req.page_token)).map_err(status)?;
        let page = self
            .service
            .list_plans(category, &page)
            .await
            .map_err(status)?;
        self.page_of(page).await.map(Response::new).map_err(status)
    }

    #[tracing::instrument(skip_all)]
    async fn get_plan(
        &self,
        request: Request<pb::GetPlanRequest>,
    ) -> Result<Response<pb::GetPlanResponse>, Status> {
        let id = PlanId::parse(&request.into_inner().id).map_err(status)?;
        let plan = self.service.get_plan(&id).await.map_err(status)?;
        Ok(Response::new(pb::GetPlanResponse {
            plan: self.with_reviews(vec![plan]).await.map_err(status)?.pop(),
        }))
    }
}
