//! Paying (`POST /api/plan/{category}/order/{orderId}/payment`, the product's call), the v-coin
//! wallet, and the providers' callbacks: VNPay's IPN and return, the bank's transfer notices.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use domain::catalog::Category;
use domain::ordering::OrderId;
use domain::payment::{
    BankNotice, Checkout, LedgerEntry, Method, NextStep, PaymentId, TransferOutcome,
};
use domain::shared::{Money, PageRequest};
use http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use super::order::OrderDto;
use super::{Body, Data};
use crate::auth::{Caller, ClientAddr};
use crate::error::ApiError;
use crate::pb;
use crate::services::Services;
use crate::wire::order::IDEMPOTENCY_KEY;
use crate::wire::payment::{entry_to_pb, required_key, transfer_to_pb};

/// The header a bank notice's signature comes in: hex HMAC-SHA256 of the raw body.
pub const SIGNATURE_HEADER: &str = "x-signature";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PaymentDto {
    id: String,
    order_id: Option<String>,
    method: &'static str,
    method_label: String,
    amount_vnd: i64,
    state: &'static str,
    created_at: String,
    settled_at: Option<String>,
    transfer: Option<pb::BankTransfer>,
    redirect_url: Option<String>,
}

impl From<&Checkout> for PaymentDto {
    fn from(c: &Checkout) -> Self {
        let p = &c.payment;
        Self {
            id: p.id.as_str().into(),
            order_id: p.purpose.order().map(|o| o.as_str().into()),
            method: p.method.code(),
            method_label: crate::texts::term(p.method.term()),
            amount_vnd: p.amount.amount(),
            state: p.state.code(),
            created_at: p.created_at.to_rfc3339(),
            settled_at: p.settled_at.map(|t| t.to_rfc3339()),
            transfer: match &c.next {
                NextStep::Transfer(t) => Some(transfer_to_pb(t)),
                _ => None,
            },
            redirect_url: match &c.next {
                NextStep::Redirect(url) => Some(url.clone()),
                _ => None,
            },
        }
    }
}

fn answer(c: &Checkout) -> Json<Data<PaymentDto>> {
    Data::new(PaymentDto::from(c))
}

fn key(headers: &HeaderMap) -> Result<domain::ordering::IdempotencyKey, ApiError> {
    Ok(required_key(
        headers
            .get(IDEMPOTENCY_KEY)
            .map(|v| v.to_str().unwrap_or_default()),
    )?)
}

fn ip(addr: Option<axum::Extension<ClientAddr>>) -> String {
    addr.map(|a| a.0.0).unwrap_or_default()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PayBody {
    /// `VCOIN`, `VIETQR`, `VNPAY` or (dev only) `DEV`.
    method: String,
}

/// `POST /api/plan/{category}/order/{orderId}/payment` with an `Idempotency-Key`.
pub(crate) async fn pay(
    State(s): State<Services>,
    Caller(who): Caller,
    Path((category, id)): Path<(String, String)>,
    headers: HeaderMap,
    addr: Option<axum::Extension<ClientAddr>>,
    Body(body): Body<PayBody>,
) -> Result<Json<Data<PaymentDto>>, ApiError> {
    let category = Category::from_slug(&category)?;
    let checkout = s
        .payments
        .pay(
            &who.user_id,
            Some(category),
            &OrderId::parse(&id)?,
            Method::parse(&body.method)?,
            key(&headers)?,
            &ip(addr),
        )
        .await?;
    Ok(answer(&checkout))
}

/// `GET /api/payment/methods`.
pub(crate) async fn methods(
    State(s): State<Services>,
    Caller(_): Caller,
) -> Json<Data<Vec<&'static str>>> {
    Data::new(s.payments.methods().into_iter().map(Method::code).collect())
}

/// `GET /api/payment/{id}`: the payment page polls this while a transfer is awaited.
pub(crate) async fn get(
    State(s): State<Services>,
    Caller(who): Caller,
    Path(id): Path<String>,
) -> Result<Json<Data<PaymentDto>>, ApiError> {
    let checkout = s
        .payments
        .get(&who.user_id, &PaymentId::parse(&id)?)
        .await?;
    Ok(answer(&checkout))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WalletDto {
    balance_vnd: i64,
}

/// `GET /api/v-coin`.
pub(crate) async fn wallet(
    State(s): State<Services>,
    Caller(who): Caller,
) -> Result<Json<Data<WalletDto>>, ApiError> {
    let balance = s.payments.balance(&who.user_id).await?;
    Ok(Data::new(WalletDto {
        balance_vnd: balance.amount(),
    }))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PageQuery {
    page_size: Option<u32>,
    page_token: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EntryDto {
    kind: String,
    amount_vnd: i64,
    balance_after_vnd: i64,
    payment_id: Option<String>,
    order_id: Option<String>,
    operator: Option<String>,
    note: String,
    at: String,
}

fn some(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

impl From<&LedgerEntry> for EntryDto {
    fn from(e: &LedgerEntry) -> Self {
        let pb = entry_to_pb(e);
        Self {
            kind: pb.kind,
            amount_vnd: pb.amount_vnd,
            balance_after_vnd: pb.balance_after_vnd,
            payment_id: some(pb.payment_id),
            order_id: some(pb.order_id),
            operator: some(pb.operator),
            note: pb.note,
            at: e.at.to_rfc3339(),
        }
    }
}

/// `GET /api/v-coin/entries`: newest first, a page at a time.
pub(crate) async fn entries(
    State(s): State<Services>,
    Caller(who): Caller,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Result<Json<Data<Vec<EntryDto>>>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::malformed("query", e.body_text()))?;
    let page = PageRequest::new(q.page_size.unwrap_or(0), q.page_token)?;
    let page = s.payments.entries(&who.user_id, &page).await?;
    Ok(Json(Data {
        data: page.items.iter().map(EntryDto::from).collect(),
        next_page_token: page.next_token,
    }))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct TopUpBody {
    amount_vnd: i64,
    method: String,
}

/// `POST /api/v-coin/top-up` with an `Idempotency-Key`.
pub(crate) async fn top_up(
    State(s): State<Services>,
    Caller(who): Caller,
    headers: HeaderMap,
    addr: Option<axum::Extension<ClientAddr>>,
    Body(body): Body<TopUpBody>,
) -> Result<Json<Data<PaymentDto>>, ApiError> {
    let checkout = s
        .payments
        .top_up(
            &who.user_id,
            Money::vnd(body.amount_vnd),
            Method::parse(&body.method)?,
            key(&headers)?,
            &ip(addr),
        )
        .await?;
    Ok(answer(&checkout))
}

type Params = Result<Query<Vec<(String, String)>>, QueryRejection>;

#[derive(Serialize)]
pub(crate) struct IpnAnswer {
    #[serde(rename = "RspCode")]
    rsp_code: &'static str,
    #[serde(rename = "Message")]
    message: &'static str,
}

/// `GET /api/payment/vnpay/ipn`: VNPay's server calls this; it reads `RspCode`, not our envelope.
pub(crate) async fn vnpay_ipn(State(s): State<Services>, query: Params) -> Json<IpnAnswer> {
    let params = query.map(|Query(q)| q).unwrap_or_default();
    let (outcome, _) = s.payments.vnpay_notice(&params).await;
    Json(IpnAnswer {
        rsp_code: outcome.rsp_code(),
        message: outcome.message(),
    })
}

/// `GET /api/payment/vnpay/return?vnp_…`: the customer's browser, back from VNPay, passes on the
/// parameters it was given.
pub(crate) async fn vnpay_return(
    State(s): State<Services>,
    Caller(who): Caller,
    query: Params,
) -> Result<Json<Data<PaymentDto>>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::malformed("query", e.body_text()))?;
    let checkout = s.payments.vnpay_return(&who.user_id, &params).await?;
    Ok(answer(&checkout))
}

/// Other fields a bank sends are ignored.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct NoticeBody {
    /// The bank's transaction id.
    transaction_id: String,
    amount: i64,
    /// The transfer's content, as the bank passes it on.
    description: String,
}

#[derive(Serialize)]
pub(crate) struct NoticeAnswer {
    outcome: &'static str,
}

/// `POST /api/payment/vietqr/notify`: the bank's notice of a transfer received, signed with the
/// shared secret in `X-Signature`. A replay answers `DUPLICATE` and changes nothing.
pub(crate) async fn bank_notice(
    State(s): State<Services>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<impl IntoResponse, ApiError> {
    let signature = headers
        .get(SIGNATURE_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    // The signature is checked on the bytes as sent, before anything is read from them.
    let parsed = serde_json::from_slice::<NoticeBody>(&body);
    let notice = match &parsed {
        Ok(n) => BankNotice {
            bank_ref: n.transaction_id.clone(),
            amount: Money::vnd(n.amount),
            memo: n.description.clone(),
        },
        Err(_) => BankNotice::default(),
    };
    // An unsigned notice is refused before anything else; a signed one that is not JSON says why.
    let outcome = s.payments.bank_notice(&body, signature, notice).await;
    if outcome == Ok(TransferOutcome::BadSignature) {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "BAD_SIGNATURE",
            "the notice is not signed with the shared secret",
        ));
    }
    if let Err(e) = parsed {
        return Err(ApiError::malformed("notice", e.to_string()));
    }
    let outcome = outcome?;
    Ok(Data::new(NoticeAnswer {
        outcome: outcome.code(),
    }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CancellationDto {
    /// The order as `GET /api/order/detail/{id}` gives it, with what the cancellation refunded.
    #[serde(flatten)]
    order: OrderDto,
    fee_vnd: i64,
    refund_vnd: i64,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct CancelBody {
    #[serde(default)]
    reason: String,
}

/// `POST /api/order/detail/{id}/cancel`: unpaid orders simply; paid ones under the policy, the
/// refund going into v-coin. Cancelling twice is harmless.
pub(crate) async fn cancel(
    State(s): State<Services>,
    Caller(who): Caller,
    Path(id): Path<String>,
    Body(body): Body<CancelBody>,
) -> Result<Json<Data<CancellationDto>>, ApiError> {
    let done = s
        .payments
        .cancel(
            &who.user_id,
            &OrderId::parse(&id)?,
            &body.reason,
            &Default::default(),
        )
        .await?;
    let (fee, refund) = done
        .refund
        .map_or((0, 0), |q| (q.fee.amount(), q.refund.amount()));
    Ok(Data::new(CancellationDto {
        order: OrderDto::from(&done.order),
        fee_vnd: fee,
        refund_vnd: refund,
    }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct QuoteDto {
    paid_vnd: i64,
    fee_vnd: i64,
    refund_vnd: i64,
    free_until: String,
}

/// `GET /api/order/detail/{id}/cancel`: what the POST would keep and give back now, changing
/// nothing.
pub(crate) async fn cancel_quote(
    State(s): State<Services>,
    Caller(who): Caller,
    Path(id): Path<String>,
) -> Result<Json<Data<QuoteDto>>, ApiError> {
    let q = s
        .payments
        .refund_quote(&who.user_id, &OrderId::parse(&id)?)
        .await?;
    Ok(Data::new(QuoteDto {
        paid_vnd: q.paid.amount(),
        fee_vnd: q.fee.amount(),
        refund_vnd: q.refund.amount(),
        free_until: q.free_until.to_rfc3339(),
    }))
}
