use domain::catalog::{self, CatalogService, CategorySummary, PlanId};
use domain::shared::PageRequest;
use tonic::{Request, Response, Status};

use crate::error::status;
use crate::pb;

pub(crate) struct Catalog {
    service: CatalogService,
}

impl Catalog {
    pub(crate) fn new(service: CatalogService) -> Self {
        Self { service }
    }
}

pub(crate) fn category_to_pb(c: catalog::Category) -> pb::Category {
    match c {
        catalog::Category::Shuttle => pb::Category::Shuttle,
        catalog::Category::Charter => pb::Category::Charter,
        catalog::Category::Escort => pb::Category::Escort,
        catalog::Category::DragonMassage => pb::Category::DragonMassage,
    }
}

pub(crate) fn category_from_pb(raw: i32) -> Result<catalog::Category, Status> {
    match pb::Category::try_from(raw) {
        Ok(pb::Category::Shuttle) => Ok(catalog::Category::Shuttle),
        Ok(pb::Category::Charter) => Ok(catalog::Category::Charter),
        Ok(pb::Category::Escort) => Ok(catalog::Category::Escort),
        Ok(pb::Category::DragonMassage) => Ok(catalog::Category::DragonMassage),
        Ok(pb::Category::Unspecified) | Err(_) => {
            Err(Status::invalid_argument("category: required"))
        }
    }
}

fn category_info(s: CategorySummary) -> pb::CategoryInfo {
    pb::CategoryInfo {
        category: category_to_pb(s.category).into(),
        slug: s.category.slug().into(),
        name: s.category.name().into(),
        description: s.category.description().into(),
        plan_count: s.plan_count,
        from_price_vnd: s.from_price.map(|m| m.amount()).unwrap_or(0),
    }
}

pub(crate) fn rules_to_pb(p: &catalog::Plan) -> pb::BookingRules {
    pb::BookingRules {
        lead_time_minutes: p.pricing.booking.lead_time_minutes,
        horizon_days: p.pricing.booking.horizon_days,
        capacity: p.capacity(),
        max_extra_hours: p.pricing.max_extra_hours,
        max_extra_stops: p.pricing.max_extra_stops,
    }
}

pub(crate) fn plan_to_pb(p: catalog::Plan) -> pb::Plan {
    let (durations, options, from_price, rules) = (
        p.durations_minutes(),
        p.options(),
        p.from_price(),
        rules_to_pb(&p),
    );
    pb::Plan {
        id: p.id.as_str().into(),
        category: category_to_pb(p.category).into(),
        name: p.name,
        summary: p.summary,
        description: p.description,
        images: p.images,
        vehicle: p.vehicle.map(|v| pb::Vehicle {
            seats: v.seats,
            luggage: v.luggage,
        }),
        duration_minutes: durations,
        options: options
            .into_iter()
            .map(|o| pb::PlanOption {
                code: o.code,
                name: o.name,
                price_vnd: o.price.amount(),
            })
            .collect(),
        from_price_vnd: from_price.amount(),
        rules: Some(rules),
        airport: p.airport.unwrap_or_default(),
        active: p.active,
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
        Ok(Response::new(pb::ListCategoriesResponse {
            categories: categories.into_iter().map(category_info).collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_plans(
        &self,
        request: Request<pb::ListPlansRequest>,
    ) -> Result<Response<pb::ListPlansResponse>, Status> {
        let req = request.into_inner();
        let category = category_from_pb(req.category)?;
        let page = PageRequest::new(req.page_size, Some(req.page_token)).map_err(status)?;
        let page = self
            .service
            .list_plans(category, &page)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::ListPlansResponse {
            plans: page.items.into_iter().map(plan_to_pb).collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_plan(
        &self,
        request: Request<pb::GetPlanRequest>,
    ) -> Result<Response<pb::GetPlanResponse>, Status> {
        let id = PlanId::parse(&request.into_inner().id).map_err(status)?;
        let plan = self.service.get_plan(&id).await.map_err(status)?;
        Ok(Response::new(pb::GetPlanResponse {
            plan: Some(plan_to_pb(plan)),
        }))
    }
}
