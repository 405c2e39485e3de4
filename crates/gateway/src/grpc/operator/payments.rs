//! Operators' calls on payments: an order's payments, cancelling with its refund, the refunds
//! waiting for staff, a transfer seen at the bank, and an admin's wallet adjustment.

use crate::wire::operator::one_order;
use crate::wire::order::order_id;
use crate::wire::order::order_to_pb;
use crate::wire::payment::payment_to_pb;
use crate::wire::refund;
use domain::ordering::Reader;
use domain::payment::refund::RefundId;
use domain::shared::{Money, PageRequest, UserId};
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;

pub(super) async fn list_order_payments(
    ops: &Operators,
    request: Request<pb::ListOrderPaymentsRequest>,
) -> Result<Response<pb::ListOrderPaymentsResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let payments = async { ops.s.payments.of_order(&order_id(&r.order_id)?).await };
    let payments = payments.await.map_err(status)?;
    Ok(Response::new(pb::ListOrderPaymentsResponse {
        payments: payments.iter().map(payment_to_pb).collect(),
    }))
}

pub(super) async fn quote_cancellation(
    ops: &Operators,
    request: Request<pb::OperatorServiceQuoteCancellationRequest>,
) -> Result<Response<pb::OperatorServiceQuoteCancellationResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let quote = async {
        let id = order_id(&r.order_id)?;
        let quote = ops.s.payments.refund_quote_for_staff(&id).await?;
        let sources = ops.s.payments.refund_sources_for_staff(&id).await?;
        Ok::<_, domain::DomainError>((quote, sources))
    };
    let (q, sources) = quote.await.map_err(status)?;
    Ok(Response::new(
        pb::OperatorServiceQuoteCancellationResponse {
            quote: Some(refund::quote_to_pb(&q, &sources)),
        },
    ))
}

pub(super) async fn cancel_order(
    ops: &Operators,
    request: Request<pb::OperatorServiceCancelOrderRequest>,
) -> Result<Response<pb::OperatorServiceCancelOrderResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = order_id(&r.order_id)?;
        let choice = refund::choice_from_pb(r.refund_to, r.account.as_ref())?;
        ops.s
            .payments
            .cancel_as_operator(&by, &id, &r.reason, r.refund_vnd.map(Money::vnd), &choice)
            .await
    };
    let done = work.await.map_err(status)?;
    let (fee, refund) = done
        .refund
        .map_or((0, 0), |q| (q.fee.amount(), q.refund.amount()));
    Ok(Response::new(pb::OperatorServiceCancelOrderResponse {
        order: Some(order_to_pb(&done.order, Reader::Staff)),
        fee_vnd: fee,
        refund_vnd: refund,
        refunds: refund::parts_to_pb(&done.parts),
    }))
}

pub(super) async fn list_refund_tasks(
    ops: &Operators,
    request: Request<pb::ListRefundTasksRequest>,
) -> Result<Response<pb::ListRefundTasksResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let page = PageRequest::new(r.page_size, Some(r.page_token))?;
        ops.s.payments.refund_tasks(&by, &page).await
    };
    let page = work.await.map_err(status)?;
    Ok(Response::new(pb::ListRefundTasksResponse {
        refunds: refund::parts_to_pb(&page.items),
        next_page_token: page.next_token.unwrap_or_default(),
    }))
}

pub(super) async fn close_refund(
    ops: &Operators,
    request: Request<pb::CloseRefundRequest>,
) -> Result<Response<pb::CloseRefundResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = RefundId::parse(&r.refund_id)?;
        ops.s.payments.close_refund(&by, &id, &r.bank_ref).await
    };
    let part = work.await.map_err(status)?;
    Ok(Response::new(pb::CloseRefundResponse {
        refund: Some(refund::part_to_pb(&part)),
    }))
}

pub(super) async fn mark_transfer_paid(
    ops: &Operators,
    request: Request<pb::MarkTransferPaidRequest>,
) -> Result<Response<pb::MarkTransferPaidResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let order = async {
        let id = order_id(&r.order_id)?;
        ops.s.payments.confirm_transfer(&by, &id, &r.bank_ref).await
    };
    Ok(Response::new(pb::MarkTransferPaidResponse {
        order: one_order(order.await)?,
    }))
}

pub(super) async fn adjust_wallet(
    ops: &Operators,
    request: Request<pb::AdjustWalletRequest>,
) -> Result<Response<pb::AdjustWalletResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let customer = UserId::parse(r.customer_id.trim())?;
        ops.s
            .operators
            .adjust_wallet(&by, &customer, Money::vnd(r.amount_vnd), &r.reason)
            .await
    };
    let balance = work.await.map_err(status)?;
    Ok(Response::new(pb::AdjustWalletResponse {
        balance_vnd: balance.amount(),
    }))
}
