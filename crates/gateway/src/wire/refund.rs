//! A refund's parts and the customer's choice of where it goes, on the wire.

use domain::error::DomainResult;
use domain::payment::refund::{PayeeAccount, RefundPart, RefundState, RefundTo, Route};
use domain::payment::{RefundChoice, RefundQuote};

use crate::pb;
use crate::wire::order::timestamp;

/// The choice a cancel request makes: v-coin unless it asks for the source; an account given is
/// checked even where it is not used, so a typo is said at once.
pub(crate) fn choice_from_pb(
    refund_to: i32,
    account: Option<&pb::PayeeAccount>,
) -> DomainResult<RefundChoice> {
    let to = match pb::RefundTo::try_from(refund_to) {
        Ok(pb::RefundTo::Source) => RefundTo::Source,
        _ => RefundTo::Wallet,
    };
    let account = account
        .map(|a| PayeeAccount::parse(&a.bank, &a.number, &a.holder))
        .transpose()?;
    Ok(RefundChoice { to, account })
}

pub(crate) fn route_to_pb(route: Route) -> pb::RefundRoute {
    match route {
        Route::Wallet => pb::RefundRoute::Wallet,
        Route::VnPay => pb::RefundRoute::Vnpay,
        Route::Bank => pb::RefundRoute::Bank,
    }
}

pub(crate) fn part_to_pb(p: &RefundPart) -> pb::RefundPart {
    pb::RefundPart {
        id: p.id.as_str().into(),
        order_id: p.order.as_str().into(),
        route: route_to_pb(p.route).into(),
        amount_vnd: p.amount.amount(),
        state: match p.state {
            RefundState::Pending => pb::RefundState::Pending,
            RefundState::Done => pb::RefundState::Done,
            RefundState::Failed => pb::RefundState::Failed,
        }
        .into(),
        created_at: Some(timestamp(p.created_at)),
        done_at: p.done_at.map(timestamp),
        account: p.account.as_ref().map(|a| pb::PayeeAccount {
            bank: a.bank.clone(),
            number: a.number.clone(),
            holder: a.holder.clone(),
        }),
        answer: p.vnpay_code().unwrap_or_default().into(),
        bank_ref: p.bank_ref().unwrap_or_default().into(),
        payment_id: p
            .payment
            .as_ref()
            .map(|id| id.as_str().into())
            .unwrap_or_default(),
        attempts: p.attempts,
    }
}

pub(crate) fn parts_to_pb(parts: &[RefundPart]) -> Vec<pb::RefundPart> {
    parts.iter().map(part_to_pb).collect()
}

/// A cancellation's terms and where "back to what paid" would go, for the customer and staff alike.
pub(crate) fn quote_to_pb(q: &RefundQuote, sources: &[Route]) -> pb::QuoteCancellationResponse {
    pb::QuoteCancellationResponse {
        paid_vnd: q.paid.amount(),
        fee_vnd: q.fee.amount(),
        refund_vnd: q.refund.amount(),
        free_until: Some(timestamp(q.free_until)),
        late_fee_percent: q.late_fee_percent,
        sources: sources.iter().map(|r| i32::from(route_to_pb(*r))).collect(),
        choose_source: domain::payment::refund::offers_choice(sources),
    }
}
