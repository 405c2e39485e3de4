//! E-invoices on the wire.

use domain::DomainResult;
use domain::invoicing::{Company, Invoice, InvoiceKind, InvoiceState};

use super::order::timestamp;
use crate::pb;

pub(crate) fn kind_to_pb(kind: InvoiceKind) -> pb::InvoiceKind {
    match kind {
        InvoiceKind::Original => pb::InvoiceKind::Original,
        InvoiceKind::Increase => pb::InvoiceKind::Increase,
        InvoiceKind::Decrease => pb::InvoiceKind::Decrease,
    }
}

pub(crate) fn state_to_pb(state: InvoiceState) -> pb::InvoiceState {
    match state {
        InvoiceState::Pending => pb::InvoiceState::Pending,
        InvoiceState::Issued => pb::InvoiceState::Issued,
        InvoiceState::Failed => pb::InvoiceState::Failed,
    }
}

pub(crate) fn company_to_pb(c: &Company) -> pb::InvoiceCompany {
    pb::InvoiceCompany {
        name: c.name.clone(),
        tax_code: c.tax_code.printed(),
        address: c.address.clone(),
    }
}

pub(crate) fn company_from_pb(c: &pb::InvoiceCompany) -> DomainResult<Company> {
    Company::new(&c.name, &c.tax_code, &c.address)
}

pub(crate) fn invoice_to_pb(i: Invoice) -> pb::Invoice {
    let unanswered = i.went_unanswered();
    pb::Invoice {
        id: i.id.as_str().to_owned(),
        order_id: i.order.as_str().to_owned(),
        kind: kind_to_pb(i.kind).into(),
        state: state_to_pb(i.state).into(),
        amount_vnd: i.amount.amount(),
        number: i.number.unwrap_or_default(),
        lookup_code: i.lookup_code.unwrap_or_default(),
        lookup_url: i.lookup_url.unwrap_or_default(),
        issued_at: i.issued_at.map(timestamp),
        created_at: Some(timestamp(i.created_at)),
        reason: i.reason.unwrap_or_default(),
        buyer_name: i.buyer.name,
        company: i.buyer.company.as_ref().map(company_to_pb),
        attempts: i.attempts,
        unanswered,
    }
}
