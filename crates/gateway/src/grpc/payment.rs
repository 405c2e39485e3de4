use domain::DomainResult;
use domain::gifts::GiftService;
use domain::identity::IdentityService;
use domain::ordering::{IdempotencyKey, OrderId};
use domain::payment::{Method, Paying, PaymentId, PaymentService};
use domain::shared::{Money, PageRequest};
use tonic::{Request, Response, Status};

use crate::auth::{client_addr, grpc_caller};
use crate::error::status;
use crate::pb;
use crate::wire::order::IDEMPOTENCY_KEY;
use crate::wire::payment::{
    checkout_to_pb, entry_to_pb, expiring_to_pb, method_from_pb, method_to_pb, redeemed_to_pb,
    required_key,
};

pub(crate) struct Payments {
    identity: IdentityService,
    payments: PaymentService,
    gifts: GiftService,
}

impl Payments {
    pub(crate) fn new(
        identity: IdentityService,
        payments: PaymentService,
        gifts: GiftService,
    ) -> Self {
        Self {
            identity,
            payments,
            gifts,
        }
    }
}

/// How a change's difference or a tip is paid, when not from the wallet (`raw` unset or v-coin):
/// the method, the request's idempotency key and the caller's address.
pub(crate) fn paying_of<T>(request: &Request<T>, raw: i32) -> DomainResult<Option<Paying>> {
    if raw == pb::PaymentMethod::Unspecified as i32 {
        return Ok(None);
    }
    let method = method_from_pb(raw)?;
    if method == Method::VCoin {
        return Ok(None);
    }
    Ok(Some(Paying {
        method,
        key: key_of(request)?,
        client_ip: client_addr(request.extensions()),
    }))
}

fn key_of<T>(request: &Request<T>) -> DomainResult<IdempotencyKey> {
    required_key(
        request
            .metadata()
            .get(IDEMPOTENCY_KEY)
            .map(|v| v.to_str().unwrap_or_default()),
    )
}

#[tonic::async_trait]
impl pb::payment_service_server::PaymentService for Payments {
    async fn list_payment_methods(
        &self,
        request: Request<pb::ListPaymentMethodsRequest>,
    ) -> Result<Response<pb::ListPaymentMethodsResponse>, Status> {
        grpc_caller(&self.identity, &request).await?;
        Ok(Response::new(pb::ListPaymentMethodsResponse {
            methods: self
                .payments
                .methods()
                .into_iter()
                .map(|m| method_to_pb(m).into())
                .collect(),
        }))
    }

    async fn pay_order(
        &self,
        request: Request<pb::PayOrderRequest>,
    ) -> Result<Response<pb::PayOrderResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let key = key_of(&request).map_err(status)?;
        let ip = client_addr(request.extensions());
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            let method = method_from_pb(r.method)?;
            self.payments
                .pay(&who.user_id, None, &id, method, key, &ip)
                .await
        };
        let checkout = work.await.map_err(status)?;
        Ok(Response::new(pb::PayOrderResponse {
            payment: Some(checkout_to_pb(&checkout)),
        }))
    }

    async fn top_up(
        &self,
        request: Request<pb::TopUpRequest>,
    ) -> Result<Response<pb::TopUpResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let key = key_of(&request).map_err(status)?;
        let ip = client_addr(request.extensions());
        let r = request.into_inner();
        let work = async {
            let method = method_from_pb(r.method)?;
            self.payments
                .top_up(&who.user_id, Money::vnd(r.amount_vnd), method, key, &ip)
                .await
        };
        let checkout = work.await.map_err(status)?;
        Ok(Response::new(pb::TopUpResponse {
            payment: Some(checkout_to_pb(&checkout)),
        }))
    }

    async fn get_payment(
        &self,
        request: Request<pb::GetPaymentRequest>,
    ) -> Result<Response<pb::GetPaymentResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = PaymentId::parse(&r.payment_id)?;
            self.payments.get(&who.user_id, &id).await
        };
        let checkout = work.await.map_err(status)?;
        Ok(Response::new(pb::GetPaymentResponse {
            payment: Some(checkout_to_pb(&checkout)),
        }))
    }

    async fn get_open_transfer(
        &self,
        request: Request<pb::GetOpenTransferRequest>,
    ) -> Result<Response<pb::GetOpenTransferResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = OrderId::parse(&r.order_id)?;
            self.payments.open_transfer(&who.user_id, &id).await
        };
        let open = work.await.map_err(status)?;
        Ok(Response::new(pb::GetOpenTransferResponse {
            payment: open.as_ref().map(checkout_to_pb),
        }))
    }

    async fn complete_vn_pay_return(
        &self,
        request: Request<pb::CompleteVnPayReturnRequest>,
    ) -> Result<Response<pb::CompleteVnPayReturnResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let params: Vec<(String, String)> = request.into_inner().params.into_iter().collect();
        let checkout = self
            .payments
            .vnpay_return(&who.user_id, &params)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::CompleteVnPayReturnResponse {
            payment: Some(checkout_to_pb(&checkout)),
        }))
    }

    async fn get_wallet(
        &self,
        request: Request<pb::GetWalletRequest>,
    ) -> Result<Response<pb::GetWalletResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let work = async {
            let balance = self.payments.balance(&who.user_id).await?;
            let expiring = self.payments.expiring_credit(&who.user_id).await?;
            Ok((balance, expiring))
        };
        let (balance, expiring) = work.await.map_err(status)?;
        Ok(Response::new(pb::GetWalletResponse {
            balance_vnd: balance.amount(),
            expiring: expiring.iter().map(expiring_to_pb).collect(),
        }))
    }

    async fn redeem_gift_code(
        &self,
        request: Request<pb::RedeemGiftCodeRequest>,
    ) -> Result<Response<pb::RedeemGiftCodeResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let key = key_of(&request).map_err(status)?;
        let code = request.into_inner().code;
        let redeemed = self
            .gifts
            .redeem(&who.user_id, &code, &key)
            .await
            .map_err(status)?;
        Ok(Response::new(redeemed_to_pb(&redeemed)))
    }

    async fn list_ledger_entries(
        &self,
        request: Request<pb::ListLedgerEntriesRequest>,
    ) -> Result<Response<pb::ListLedgerEntriesResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            self.payments.entries(&who.user_id, &page).await
        };
        let page = work.await.map_err(status)?;
        Ok(Response::new(pb::ListLedgerEntriesResponse {
            entries: page.items.iter().map(entry_to_pb).collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }
}
