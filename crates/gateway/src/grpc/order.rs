use domain::catalog::CatalogService;
use domain::identity::IdentityService;
use domain::ordering::{IdempotencyKey, NewOrder, OrderId, OrderService, Revision, note};
use domain::payment::{Amending, PaymentService};
use domain::promotions::PromoService;
use domain::shared::PageRequest;
use tonic::{Request, Response, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::grpc::payment::paying_of;
use crate::pb;
use crate::wire::order::{
    IDEMPOTENCY_KEY, contact_from_pb, details_from_pb, estimate_to_pb, filter_from_pb, order_to_pb,
    plan_id, respond, timestamp,
};
use crate::wire::payment::checkout_to_pb;
use crate::wire::refund;
use domain::ordering::{Reader, name_plans_in};

pub(crate) struct Orders {
    identity: IdentityService,
    orders: OrderService,
    promos: PromoService,
    payments: PaymentService,
    /// For the plans' names in the reader's language.
    catalog: CatalogService,
}

impl Orders {
    pub(crate) fn new(
        identity: IdentityService,
        orders: OrderService,
        promos: PromoService,
        payments: PaymentService,
        catalog: CatalogService,
    ) -> Self {
        Self {
            identity,
            orders,
            promos,
            payments,
            catalog,
        }
    }
}

#[tonic::async_trait]
impl pb::order_service_server::OrderService for Orders {
    async fn estimate_fee(
        &self,
        request: Request<pb::EstimateFeeRequest>,
    ) -> Result<Response<pb::EstimateFeeResponse>, Status> {
        let r = request.into_inner();
        let work = async {
            let details = details_from_pb(r.details)?;
            let category = details.category();
            self.orders
                .estimate(category, &plan_id(&r.plan_id)?, details)
                .await
        };
        let quote = work.await.map_err(status)?;
        Ok(Response::new(pb::EstimateFeeResponse {
            estimate: Some(estimate_to_pb(&quote.estimate)),
            free_cancellation_until: Some(timestamp(quote.free_until)),
        }))
    }

    async fn create_order(
        &self,
        request: Request<pb::CreateOrderRequest>,
    ) -> Result<Response<pb::CreateOrderResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let key = request
            .metadata()
            .get(IDEMPOTENCY_KEY)
            .map(|v| IdempotencyKey::parse(v.to_str().unwrap_or_default()))
            .transpose()
            .map_err(status)?;
        let r = request.into_inner();
        let work = async {
            let details = details_from_pb(r.details)?;
            let new = NewOrder {
                language: crate::texts::current(),
                contact: r.contact.map(contact_from_pb).transpose()?,
                note: note(&r.note)?,
                details,
            };
            let category = new.details.category();
            self.orders
                .create(&who.user_id, category, &plan_id(&r.plan_id)?, new, key)
                .await
        };
        let order = work.await.map_err(status)?;
        Ok(Response::new(pb::CreateOrderResponse {
            order: respond(&order),
        }))
    }

    async fn update_order(
        &self,
        request: Request<pb::UpdateOrderRequest>,
    ) -> Result<Response<pb::UpdateOrderResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            let revision = Revision {
                details: r.details.map(|d| details_from_pb(Some(d))).transpose()?,
                contact: r.contact.map(contact_from_pb).transpose()?,
                note: r.note.as_deref().map(note).transpose()?,
            };
            self.orders.update(&who.user_id, None, &id, revision).await
        };
        let order = work.await.map_err(status)?;
        Ok(Response::new(pb::UpdateOrderResponse {
            order: respond(&order),
        }))
    }

    async fn get_order(
        &self,
        request: Request<pb::GetOrderRequest>,
    ) -> Result<Response<pb::GetOrderResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            self.orders.get(&who.user_id, &id).await
        };
        let mut order = work.await.map_err(status)?;
        name_plans_in(
            crate::texts::current(),
            &self.catalog,
            std::slice::from_mut(&mut order),
        )
        .await;
        Ok(Response::new(pb::GetOrderResponse {
            order: respond(&order),
        }))
    }

    async fn list_orders(
        &self,
        request: Request<pb::ListOrdersRequest>,
    ) -> Result<Response<pb::ListOrdersResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let filter = filter_from_pb(&r.states, r.group, r.category)?;
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            if r.upcoming {
                return self
                    .orders
                    .upcoming(&who.user_id, filter.category, &page)
                    .await;
            }
            self.orders.list(&who.user_id, &filter, &page).await
        };
        let mut page = work.await.map_err(status)?;
        name_plans_in(crate::texts::current(), &self.catalog, &mut page.items).await;
        Ok(Response::new(pb::ListOrdersResponse {
            orders: page
                .items
                .iter()
                .map(|o| order_to_pb(o, Reader::Customer))
                .collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn cancel_order(
        &self,
        request: Request<pb::CancelOrderRequest>,
    ) -> Result<Response<pb::CancelOrderResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            let choice = refund::choice_from_pb(r.refund_to, r.account.as_ref())?;
            self.payments
                .cancel(&who.user_id, &id, &r.reason, &choice)
                .await
        };
        let done = work.await.map_err(status)?;
        let (fee, refund) = done
            .refund
            .map_or((0, 0), |q| (q.fee.amount(), q.refund.amount()));
        Ok(Response::new(pb::CancelOrderResponse {
            order: respond(&done.order),
            fee_vnd: fee,
            refund_vnd: refund,
            refunds: refund::parts_to_pb(&done.parts),
        }))
    }

    async fn quote_order_change(
        &self,
        request: Request<pb::QuoteOrderChangeRequest>,
    ) -> Result<Response<pb::QuoteOrderChangeResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            let details = r.details.map(|d| details_from_pb(Some(d))).transpose()?;
            self.payments.quote_amend(&who.user_id, &id, details).await
        };
        let (until, order, change) = work.await.map_err(status)?;
        let total = order.estimate.total.amount();
        Ok(Response::new(pb::QuoteOrderChangeResponse {
            change_until: Some(timestamp(until)),
            before_vnd: change.map_or(total, |c| c.before.amount()),
            after_vnd: total,
            estimate: Some(estimate_to_pb(&order.estimate)),
        }))
    }

    async fn change_paid_order(
        &self,
        request: Request<pb::ChangePaidOrderRequest>,
    ) -> Result<Response<pb::ChangePaidOrderResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let paying = paying_of(&request, request.get_ref().pay_by).map_err(status)?;
        let r = request.into_inner();
        let id = OrderId::parse(&r.order_id).map_err(status)?;
        let work = async {
            let details = details_from_pb(r.details)?;
            let choice = refund::choice_from_pb(r.refund_to, r.account.as_ref())?;
            match paying {
                None => self
                    .payments
                    .amend(&who.user_id, &id, details, &choice)
                    .await
                    .map(|a| Amending::Done(Box::new(a))),
                Some(paying) => {
                    self.payments
                        .amend_by(&who.user_id, &id, details, &choice, paying)
                        .await
                }
            }
        };
        let done = match work.await.map_err(status)? {
            Amending::Done(done) => *done,
            Amending::Awaiting(awaited) => {
                return Ok(Response::new(pb::ChangePaidOrderResponse {
                    order: respond(&awaited.order),
                    changed: awaited.made,
                    before_vnd: awaited.before.amount(),
                    after_vnd: awaited.after.amount(),
                    refunds: vec![],
                    payment: Some(checkout_to_pb(&awaited.checkout)),
                }));
            }
        };
        let total = done.order.estimate.total.amount();
        Ok(Response::new(pb::ChangePaidOrderResponse {
            order: respond(&done.order),
            changed: done.change.is_some(),
            before_vnd: done.change.map_or(total, |c| c.before.amount()),
            after_vnd: total,
            refunds: refund::parts_to_pb(&done.parts),
            payment: None,
        }))
    }

    async fn list_order_refunds(
        &self,
        request: Request<pb::ListOrderRefundsRequest>,
    ) -> Result<Response<pb::ListOrderRefundsResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            self.payments.refunds_of(&who.user_id, &id).await
        };
        let parts = work.await.map_err(status)?;
        Ok(Response::new(pb::ListOrderRefundsResponse {
            refunds: refund::parts_to_pb(&parts),
        }))
    }

    async fn quote_cancellation(
        &self,
        request: Request<pb::QuoteCancellationRequest>,
    ) -> Result<Response<pb::QuoteCancellationResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            let quote = self.payments.refund_quote(&who.user_id, &id).await?;
            let sources = self.payments.refund_sources(&who.user_id, &id).await?;
            Ok::<_, domain::DomainError>((quote, sources))
        };
        let (q, sources) = work.await.map_err(status)?;
        Ok(Response::new(refund::quote_to_pb(&q, &sources)))
    }

    async fn apply_promo_code(
        &self,
        request: Request<pb::ApplyPromoCodeRequest>,
    ) -> Result<Response<pb::ApplyPromoCodeResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            self.promos.apply(&who.user_id, &id, &r.code).await
        };
        let order = work.await.map_err(status)?;
        Ok(Response::new(pb::ApplyPromoCodeResponse {
            order: respond(&order),
        }))
    }

    async fn remove_promo_code(
        &self,
        request: Request<pb::RemovePromoCodeRequest>,
    ) -> Result<Response<pb::RemovePromoCodeResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            self.promos.remove(&who.user_id, &id).await
        };
        let order = work.await.map_err(status)?;
        Ok(Response::new(pb::RemovePromoCodeResponse {
            order: respond(&order),
        }))
    }
}
