//! Operators' calls on customers: finding one, and one with their wallet.

use crate::wire::operator::customer_to_pb;
use crate::wire::payment::entry_to_pb as ledger_to_pb;
use domain::shared::{PageRequest, UserId};
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;

pub(super) async fn find_customers(
    ops: &Operators,
    request: Request<pb::FindCustomersRequest>,
) -> Result<Response<pb::FindCustomersResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let page = PageRequest::new(r.page_size, Some(r.page_token))?;
        ops.s.operators.find_customers(&r.query, &page).await
    };
    let page = work.await.map_err(status)?;
    Ok(Response::new(pb::FindCustomersResponse {
        customers: page.items.iter().map(customer_to_pb).collect(),
        next_page_token: page.next_token.unwrap_or_default(),
    }))
}

pub(super) async fn get_customer(
    ops: &Operators,
    request: Request<pb::GetCustomerRequest>,
) -> Result<Response<pb::GetCustomerResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = UserId::parse(r.customer_id.trim())
            .map_err(|_| domain::DomainError::not_found("customer"))?;
        let page = PageRequest::new(r.page_size, Some(r.page_token))?;
        ops.s.operators.customer(&id, &page).await
    };
    let (card, entries) = work.await.map_err(status)?;
    Ok(Response::new(pb::GetCustomerResponse {
        customer: Some(customer_to_pb(&card)),
        entries: entries.items.iter().map(ledger_to_pb).collect(),
        next_page_token: entries.next_token.unwrap_or_default(),
    }))
}
