use domain::identity::IdentityService;
use domain::ordering::{IdempotencyKey, OrderId};
use domain::payment::{
    Cause, Checkout, LedgerEntry, Method, NextStep, PaymentId, PaymentService, PaymentState,
    TransferInstructions,
};
use domain::shared::{Money, PageRequest};
use domain::{DomainError, DomainResult};
use tonic::{Request, Response, Status};

use super::order::{IDEMPOTENCY_KEY, timestamp};
use crate::auth::{client_addr, grpc_caller};
use crate::error::status;
use crate::pb;

pub(crate) struct Payments {
    identity: IdentityService,
    payments: PaymentService,
}

impl Payments {
    pub(crate) fn new(identity: IdentityService, payments: PaymentService) -> Self {
        Self { identity, payments }
    }
}

/// Paying and topping up are never retried blind: the key is required.
pub(crate) fn required_key(raw: Option<&str>) -> DomainResult<IdempotencyKey> {
    match raw {
        Some(raw) => IdempotencyKey::parse(raw),
        None => Err(DomainError::invalid(
            "idempotency_key",
            "付款請求需要 Idempotency-Key",
        )),
    }
}

fn method_to_pb(m: Method) -> pb::PaymentMethod {
    match m {
        Method::VCoin => pb::PaymentMethod::Vcoin,
        Method::VietQr => pb::PaymentMethod::Vietqr,
        Method::VnPay => pb::PaymentMethod::Vnpay,
        Method::Dev => pb::PaymentMethod::Dev,
    }
}

fn method_from_pb(raw: i32) -> DomainResult<Method> {
    Method::ALL
        .into_iter()
        .find(|m| method_to_pb(*m) as i32 == raw)
        .ok_or_else(|| DomainError::invalid("method", "請選擇付款方式"))
}

fn state_to_pb(s: PaymentState) -> pb::PaymentState {
    match s {
        PaymentState::Pending => pb::PaymentState::Pending,
        PaymentState::Succeeded => pb::PaymentState::Succeeded,
        PaymentState::Credited => pb::PaymentState::Credited,
        PaymentState::Failed => pb::PaymentState::Failed,
    }
}

pub(crate) fn transfer_to_pb(t: &TransferInstructions) -> pb::BankTransfer {
    pb::BankTransfer {
        qr_payload: t.payload.clone(),
        bank_bin: t.account.bin.clone(),
        bank_name: t.account.bank_name.clone(),
        account_number: t.account.number.clone(),
        account_holder: t.account.holder.clone(),
        amount_vnd: t.amount.amount(),
        memo: t.memo.clone(),
    }
}

pub(crate) fn checkout_to_pb(c: &Checkout) -> pb::Payment {
    let p = &c.payment;
    let (transfer, redirect_url) = match &c.next {
        NextStep::Transfer(t) => (Some(transfer_to_pb(t)), String::new()),
        NextStep::Redirect(url) => (None, url.clone()),
        NextStep::None => (None, String::new()),
    };
    pb::Payment {
        id: p.id.as_str().into(),
        order_id: p
            .purpose
            .order()
            .map(|o| o.as_str().into())
            .unwrap_or_default(),
        method: method_to_pb(p.method).into(),
        amount_vnd: p.amount.amount(),
        state: state_to_pb(p.state).into(),
        created_at: Some(timestamp(p.created_at)),
        settled_at: p.settled_at.map(timestamp),
        transfer,
        redirect_url,
    }
}

pub(crate) fn entry_to_pb(e: &LedgerEntry) -> pb::LedgerEntry {
    let (payment_id, order_id, operator) = match &e.cause {
        Cause::Payment { id, order } => (
            id.as_str().into(),
            order
                .as_ref()
                .map(|o| o.as_str().to_owned())
                .unwrap_or_default(),
            String::new(),
        ),
        Cause::Order(o) => (String::new(), o.as_str().into(), String::new()),
        Cause::Operator { who, .. } => (String::new(), String::new(), who.clone()),
    };
    pb::LedgerEntry {
        kind: e.kind.code().into(),
        amount_vnd: e.amount.amount(),
        balance_after_vnd: e.balance_after.amount(),
        payment_id,
        order_id,
        operator,
        note: e.note.clone(),
        at: Some(timestamp(e.at)),
    }
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
        let balance = self.payments.balance(&who.user_id).await.map_err(status)?;
        Ok(Response::new(pb::GetWalletResponse {
            balance_vnd: balance.amount(),
        }))
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
