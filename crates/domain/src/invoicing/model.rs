//! The e-invoices of a sale. Each order's invoices add up to what it sold: its price once paid,
//! the fee kept once refunded, nothing before payment. The first is the original; a change of
//! price after it (a change of the order, a refund) is an adjustment of the difference, up or
//! down, naming the original, as Decree 123/2020 (amended by 70/2025) has sellers correct an
//! invoice whose amount changed. Each is written with the order's step that caused it, named by
//! it, so a step can never invoice twice.

use chrono::{DateTime, Duration, Utc};

use super::TaxCode;
use crate::catalog::Category;
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Order, OrderId, OrderState, StepReason};
use crate::shared::{Money, UserId, text};

/// `IV` + the order's id + the step that caused it: also the provider's transaction id, which
/// makes a second sending of the same invoice find the first.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InvoiceId(String);

impl InvoiceId {
    pub fn of(order: &OrderId, step: usize) -> Self {
        Self(format!("IV{}-{step}", order.as_str()))
    }

    /// An id as a caller sent it; one of another form is not found.
    pub fn parse(raw: &str) -> DomainResult<Self> {
        let ok = raw.len() <= 40
            && raw.starts_with("IV")
            && raw
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(DomainError::not_found("invoice"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What an invoice does to the sale's invoiced total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InvoiceKind {
    Original,
    /// An adjustment up: the price rose after the original.
    Increase,
    /// An adjustment down: the price fell, or the sale was refunded.
    Decrease,
}

impl InvoiceKind {
    pub const ALL: [InvoiceKind; 3] = [
        InvoiceKind::Original,
        InvoiceKind::Increase,
        InvoiceKind::Decrease,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            InvoiceKind::Original => "ORIGINAL",
            InvoiceKind::Increase => "INCREASE",
            InvoiceKind::Decrease => "DECREASE",
        }
    }

    pub fn from_code(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.code() == code)
            .ok_or_else(|| DomainError::invalid("kind", msg("invoice.kind_unknown")))
    }

    /// The signed amount an invoice of this kind adds to the invoiced total.
    pub fn signed(self, amount: Money) -> Money {
        match self {
            InvoiceKind::Decrease => Money::vnd(-amount.amount()),
            _ => amount,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InvoiceState {
    /// To be sent to the provider (again).
    Pending,
    /// Issued: it has the provider's number and lookup code.
    Issued,
    /// The provider refused it, or never answered: staff look, then retry.
    Failed,
}

impl InvoiceState {
    pub const ALL: [InvoiceState; 3] = [
        InvoiceState::Pending,
        InvoiceState::Issued,
        InvoiceState::Failed,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            InvoiceState::Pending => "PENDING",
            InvoiceState::Issued => "ISSUED",
            InvoiceState::Failed => "FAILED",
        }
    }

    pub fn from_code(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.code() == code)
            .ok_or_else(|| DomainError::invalid("state", msg("invoice.state_unknown")))
    }
}

/// The company a customer asks the invoice to be made out to, at checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Company {
    pub name: String,
    pub tax_code: TaxCode,
    pub address: String,
}

impl Company {
    pub fn new(name: &str, tax_code: &str, address: &str) -> DomainResult<Self> {
        Ok(Self {
            name: text("company.name", name, 200, msg("invoice.company_name"))?,
            tax_code: TaxCode::parse(tax_code)?,
            address: text(
                "company.address",
                address,
                300,
                msg("invoice.company_address"),
            )?,
        })
    }
}

/// Who an invoice is made out to: the person who booked, or their company.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buyer {
    /// The name on the booking.
    pub name: String,
    /// Where the provider mails the invoice: the account's address.
    pub email: String,
    pub company: Option<Company>,
}

impl Buyer {
    /// Who the order's invoices are made out to: the name it was booked under (else the account's
    /// address), mailed at the account's address, or the company asked for.
    pub fn of(order: &Order, email: String, company: Option<Company>) -> Self {
        Self {
            name: order
                .contact
                .as_ref()
                .map_or_else(|| email.clone(), |c| c.name.clone()),
            email,
            company,
        }
    }
}

/// One e-invoice of an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub id: InvoiceId,
    pub order: OrderId,
    pub owner: UserId,
    pub kind: InvoiceKind,
    /// VAT included, as the price was quoted; always above nothing (`kind` gives the sign).
    pub amount: Money,
    pub category: Category,
    /// What was sold: the plan's name when ordered.
    pub item: String,
    pub buyer: Buyer,
    pub state: InvoiceState,
    /// Times sent to the provider.
    pub attempts: u32,
    /// When the worker may send it (again).
    pub next_at: DateTime<Utc>,
    /// The provider's words for its refusal; none while pending or issued, and for an invoice
    /// that failed because it was never answered (`went_unanswered`).
    pub reason: Option<String>,
    /// The provider's invoice number (`K26TAA12`), once issued.
    pub number: Option<String>,
    /// The code a buyer looks the invoice up with on the provider's page, once issued.
    pub lookup_code: Option<String>,
    pub lookup_url: Option<String>,
    pub issued_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// Whether an order in its state can have invoices: one that was paid. The others are never
/// looked at for them.
pub fn may_be_invoiced(order: &Order) -> bool {
    matches!(
        order.state,
        OrderState::Paid | OrderState::Confirmed | OrderState::Completed | OrderState::Refunded
    )
}

/// What an order has sold as it stands: its price while paid, the fee kept once refunded, nothing
/// before it was paid or once it lapsed or was cancelled unpaid.
pub fn sold(order: &Order) -> Money {
    match order.state {
        OrderState::Paid | OrderState::Confirmed | OrderState::Completed => order.estimate.total,
        OrderState::Refunded => order
            .history
            .iter()
            .rev()
            .find(|t| t.to == OrderState::Refunded)
            .and_then(|t| match t.why() {
                StepReason::Refunded { fee, .. } => Some(fee),
                _ => None,
            })
            .unwrap_or(Money::ZERO),
        _ => Money::ZERO,
    }
}

/// The invoice the order's last step calls for, given what its earlier invoices add up to
/// (`invoiced`, signed) and whether it has any: none when they add up to what it sold already.
pub fn due(order: &Order, invoiced: Money, any: bool, buyer: Buyer) -> Option<Invoice> {
    let difference = sold(order).amount() - invoiced.amount();
    if difference == 0 {
        return None;
    }
    let kind = match (any, difference > 0) {
        (false, true) => InvoiceKind::Original,
        (true, true) => InvoiceKind::Increase,
        // Nothing invoiced yet and less sold than nothing: no sale to invoice.
        (false, false) => return None,
        (true, false) => InvoiceKind::Decrease,
    };
    let step = order.history.len().saturating_sub(1);
    let at = order.history.last().map_or(order.updated_at, |t| t.at);
    Some(Invoice {
        id: InvoiceId::of(&order.id, step),
        order: order.id.clone(),
        owner: order.owner.clone(),
        kind,
        amount: Money::vnd(difference.abs()),
        category: order.category,
        item: order.plan_name.clone(),
        buyer,
        state: InvoiceState::Pending,
        attempts: 0,
        next_at: at,
        reason: None,
        number: None,
        lookup_code: None,
        lookup_url: None,
        issued_at: None,
        created_at: at,
    })
}

/// An issued invoice as the provider knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub number: String,
    /// The code the buyer looks it up with, on the provider's page `lookup_url`.
    pub lookup_code: String,
    pub lookup_url: String,
}

/// Sent this many times without an answer, an invoice becomes staff's to look at.
pub const SEND_ATTEMPTS: u32 = 8;

impl Invoice {
    pub fn issued(&mut self, receipt: Receipt, at: DateTime<Utc>) {
        self.state = InvoiceState::Issued;
        self.number = Some(receipt.number);
        self.lookup_code = Some(receipt.lookup_code);
        self.lookup_url = Some(receipt.lookup_url);
        self.issued_at = Some(at);
        self.reason = None;
    }

    /// The provider said no, with its reason: staff's to look at.
    pub fn refused(&mut self, reason: &str) {
        self.state = InvoiceState::Failed;
        self.reason = Some(reason.chars().take(500).collect());
    }

    /// The provider said nothing: tried again one minute after the first try, doubling, until
    /// `SEND_ATTEMPTS` went unanswered; then staff's.
    pub fn unanswered(&mut self, now: DateTime<Utc>) {
        if self.attempts >= SEND_ATTEMPTS {
            self.state = InvoiceState::Failed;
            self.reason = None;
        } else {
            let wait = 1_i64 << self.attempts.saturating_sub(1).min(10);
            self.next_at = now + Duration::minutes(wait);
        }
    }

    /// Failed because the provider never answered (rather than refused, in its words).
    pub fn went_unanswered(&self) -> bool {
        self.state == InvoiceState::Failed && self.reason.is_none()
    }

    /// Staff send a failed invoice again, from its first try.
    pub fn retry(&mut self, now: DateTime<Utc>) -> DomainResult<()> {
        if self.state != InvoiceState::Failed {
            return Err(DomainError::FailedPrecondition(msg("invoice.not_failed")));
        }
        self.state = InvoiceState::Pending;
        self.attempts = 0;
        self.next_at = now;
        Ok(())
    }
}
