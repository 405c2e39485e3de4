//! Operators' calls on orders: search, read, confirm, assign, complete, and notes.

use crate::wire::operator::{entry_to_pb, one_order};
use crate::wire::order::order_id;
use crate::wire::order::{filter_from_pb, instant, order_to_pb};
use domain::operations::SearchOrders;
use domain::ordering::{Reader, name_plans_in};
use domain::shared::{PageRequest, Phone};
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;

pub(super) async fn search_orders(
    ops: &Operators,
    request: Request<pb::SearchOrdersRequest>,
) -> Result<Response<pb::SearchOrdersResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let mut filter = filter_from_pb(&r.states, r.group, r.category)?;
    filter.starts_after = r.service_from.as_ref().map(instant).transpose()?;
    filter.starts_before = r.service_until.as_ref().map(instant).transpose()?;
    filter.soonest_first = r.by_service_time;
    filter.awaiting_transfer = r.awaiting_transfer;
    let search = SearchOrders {
        filter,
        customer_email: Some(r.customer_email),
        text: Some(r.query),
    };
    let work = async {
        let page = PageRequest::new(r.page_size, Some(r.page_token))?;
        ops.s.operators.search_orders(&search, &page).await
    };
    let mut page = work.await.map_err(status)?;
    name_plans_in(crate::texts::current(), &ops.s.catalog, &mut page.items).await;
    Ok(Response::new(pb::SearchOrdersResponse {
        orders: page
            .items
            .iter()
            .map(|o| order_to_pb(o, Reader::Staff))
            .collect(),
        next_page_token: page.next_token.unwrap_or_default(),
    }))
}

pub(super) async fn get_order(
    ops: &Operators,
    request: Request<pb::OperatorServiceGetOrderRequest>,
) -> Result<Response<pb::OperatorServiceGetOrderResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let order = async { ops.s.orders.find(&order_id(&r.order_id)?).await };
    let mut order = order.await;
    if let Ok(order) = order.as_mut() {
        name_plans_in(
            crate::texts::current(),
            &ops.s.catalog,
            std::slice::from_mut(order),
        )
        .await;
    }
    Ok(Response::new(pb::OperatorServiceGetOrderResponse {
        order: one_order(order)?,
    }))
}

pub(super) async fn confirm_order(
    ops: &Operators,
    request: Request<pb::ConfirmOrderRequest>,
) -> Result<Response<pb::ConfirmOrderResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let order = async {
        ops.s
            .orders
            .confirm(&by, (&order_id(&r.order_id)?, r.seen_version))
            .await
    };
    Ok(Response::new(pb::ConfirmOrderResponse {
        order: one_order(order.await)?,
    }))
}

pub(super) async fn assign_driver(
    ops: &Operators,
    request: Request<pb::AssignDriverRequest>,
) -> Result<Response<pb::AssignDriverResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let order = async {
        let id = order_id(&r.order_id)?;
        let d = r.driver.unwrap_or_default();
        let phone = Phone::parse_local(&d.phone_country_code, &d.phone_number)?;
        ops.s
            .orders
            .assign_driver(&by, (&id, r.seen_version), &d.name, phone, &d.plate)
            .await
    };
    Ok(Response::new(pb::AssignDriverResponse {
        order: one_order(order.await)?,
    }))
}

pub(super) async fn assign_therapist(
    ops: &Operators,
    request: Request<pb::AssignTherapistRequest>,
) -> Result<Response<pb::AssignTherapistResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let order = async {
        let id = order_id(&r.order_id)?;
        ops.s
            .orders
            .assign_therapist(&by, (&id, r.seen_version), &r.therapist_id)
            .await
    };
    Ok(Response::new(pb::AssignTherapistResponse {
        order: one_order(order.await)?,
    }))
}

pub(super) async fn complete_order(
    ops: &Operators,
    request: Request<pb::CompleteOrderRequest>,
) -> Result<Response<pb::CompleteOrderResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let order = async {
        ops.s
            .orders
            .complete(&by, (&order_id(&r.order_id)?, r.seen_version))
            .await
    };
    Ok(Response::new(pb::CompleteOrderResponse {
        order: one_order(order.await)?,
    }))
}

pub(super) async fn add_order_note(
    ops: &Operators,
    request: Request<pb::AddOrderNoteRequest>,
) -> Result<Response<pb::AddOrderNoteResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = order_id(&r.order_id)?;
        ops.s.operators.add_note(&by, &id, &r.note).await
    };
    let entry = work.await.map_err(status)?;
    Ok(Response::new(pb::AddOrderNoteResponse {
        entry: Some(entry_to_pb(&entry)),
    }))
}
