//! Payments, methods, bank transfers and the v-coin ledger.

use domain::error::msg;
use domain::gifts::{GiftCodeId, Redeemed};
use domain::ordering::IdempotencyKey;
use domain::payment::credit::CreditLot;
use domain::payment::{
    Cause, Checkout, LedgerEntry, Method, NextStep, Payment, PaymentState, Purpose,
    TransferInstructions,
};
use domain::{DomainError, DomainResult};

use crate::pb;
use crate::wire::order::timestamp;

/// Paying and topping up are never retried blind: the key is required.
pub(crate) fn required_key(raw: Option<&str>) -> DomainResult<IdempotencyKey> {
    match raw {
        Some(raw) => IdempotencyKey::parse(raw),
        None => Err(DomainError::invalid(
            "idempotency_key",
            msg("payment.key_required"),
        )),
    }
}

pub(crate) fn method_to_pb(m: Method) -> pb::PaymentMethod {
    match m {
        Method::VCoin => pb::PaymentMethod::Vcoin,
        Method::VietQr => pb::PaymentMethod::Vietqr,
        Method::VnPay => pb::PaymentMethod::Vnpay,
        Method::Dev => pb::PaymentMethod::Dev,
    }
}

pub(crate) fn method_from_pb(raw: i32) -> DomainResult<Method> {
    Method::ALL
        .into_iter()
        .find(|m| method_to_pb(*m) as i32 == raw)
        .ok_or_else(|| DomainError::invalid("method", msg("payment.method_required")))
}

pub(crate) fn state_to_pb(s: PaymentState) -> pb::PaymentState {
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
    let (transfer, redirect_url) = match &c.next {
        NextStep::Transfer(t) => (Some(transfer_to_pb(t)), String::new()),
        NextStep::Redirect(url) => (None, url.clone()),
        NextStep::None => (None, String::new()),
    };
    pb::Payment {
        transfer,
        redirect_url,
        ..payment_to_pb(&c.payment)
    }
}

/// A payment as recorded, without what to do next (operators' view).
pub(crate) fn payment_to_pb(p: &Payment) -> pb::Payment {
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
        transfer: None,
        redirect_url: String::new(),
        purpose: purpose_to_pb(&p.purpose).into(),
    }
}

fn purpose_to_pb(p: &Purpose) -> pb::PaymentPurpose {
    match p {
        Purpose::Order(_) => pb::PaymentPurpose::Order,
        Purpose::TopUp => pb::PaymentPurpose::TopUp,
        Purpose::Change(_) => pb::PaymentPurpose::Change,
        Purpose::Tip(_) => pb::PaymentPurpose::Tip,
    }
}

pub(crate) fn entry_to_pb(e: &LedgerEntry) -> pb::LedgerEntry {
    let (payment_id, order_id, operator, gift_code) = match &e.cause {
        Cause::Payment { id, order } => (
            id.as_str().into(),
            order
                .as_ref()
                .map(|o| o.as_str().to_owned())
                .unwrap_or_default(),
            String::new(),
            String::new(),
        ),
        Cause::Order(o) => (
            String::new(),
            o.as_str().into(),
            String::new(),
            String::new(),
        ),
        Cause::Operator { who, .. } => (String::new(), String::new(), who.clone(), String::new()),
        Cause::Grant(code) => (String::new(), String::new(), String::new(), grouped(code)),
    };
    pb::LedgerEntry {
        kind: e.kind.code().into(),
        amount_vnd: e.amount.amount(),
        balance_after_vnd: e.balance_after.amount(),
        payment_id,
        order_id,
        operator,
        note: crate::texts::render(&e.note),
        at: Some(timestamp(e.at)),
        gift_code,
    }
}

/// A grant's gift code as printed on its card; nothing for a grant of another kind (a referral's).
fn grouped(grant: &str) -> String {
    GiftCodeId::parse(grant).map_or_else(|_| String::new(), |c| c.grouped())
}

pub(crate) fn expiring_to_pb(lot: &CreditLot) -> pb::ExpiringCredit {
    pb::ExpiringCredit {
        amount_vnd: lot.left.amount(),
        expires_at: Some(timestamp(lot.expires_at)),
        gift_code: grouped(&lot.id),
    }
}

pub(crate) fn redeemed_to_pb(r: &Redeemed) -> pb::RedeemGiftCodeResponse {
    pb::RedeemGiftCodeResponse {
        code: r.code.grouped(),
        amount_vnd: r.credit.amount.amount(),
        credit_expires_at: r.credit.expires_at.map(timestamp),
        balance_vnd: r.balance.amount(),
    }
}
