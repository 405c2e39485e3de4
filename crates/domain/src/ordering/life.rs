//! An order's life: its states, who moves it, and each step kept as a transition.

use chrono::{DateTime, Utc};

use crate::error::{DomainError, DomainResult, Message, msg};
use crate::identity::MailKind;
use crate::shared::UserId;

/// An order's states: `DRAFT → PENDING_PAYMENT → PAID → CONFIRMED → COMPLETED`, with `CANCELLED`,
/// `EXPIRED` and `REFUNDED`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderState {
    Draft,
    PendingPayment,
    Paid,
    Confirmed,
    Completed,
    Cancelled,
    Expired,
    Refunded,
}

impl OrderState {
    pub const ALL: [OrderState; 8] = [
        OrderState::Draft,
        OrderState::PendingPayment,
        OrderState::Paid,
        OrderState::Confirmed,
        OrderState::Completed,
        OrderState::Cancelled,
        OrderState::Expired,
        OrderState::Refunded,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            OrderState::Draft => "DRAFT",
            OrderState::PendingPayment => "PENDING_PAYMENT",
            OrderState::Paid => "PAID",
            OrderState::Confirmed => "CONFIRMED",
            OrderState::Completed => "COMPLETED",
            OrderState::Cancelled => "CANCELLED",
            OrderState::Expired => "EXPIRED",
            OrderState::Refunded => "REFUNDED",
        }
    }

    pub fn from_code(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.code().eq_ignore_ascii_case(code))
            .ok_or_else(|| {
                DomainError::invalid("state", msg("order.state.unknown").with("code", code))
            })
    }

    /// The state as a term of the catalogue, said in the caller's language at the edge.
    pub const fn term(self) -> &'static str {
        match self {
            OrderState::Draft => "order.state.draft",
            OrderState::PendingPayment => "order.state.pending_payment",
            OrderState::Paid => "order.state.paid",
            OrderState::Confirmed => "order.state.confirmed",
            OrderState::Completed => "order.state.completed",
            OrderState::Cancelled => "order.state.cancelled",
            OrderState::Expired => "order.state.expired",
            OrderState::Refunded => "order.state.refunded",
        }
    }

    /// The refusal of `action` (a term) in this state: 「訂單已付款，無法取消」.
    pub fn forbids(self, action: &'static str) -> Message {
        msg("order.state_forbids")
            .term("state", self.term())
            .term("action", action)
    }

    /// Nothing has been paid, so the details may still change and the order may lapse.
    pub const fn is_unpaid(self) -> bool {
        matches!(self, OrderState::Draft | OrderState::PendingPayment)
    }

    /// The order was bought, or may still be: what makes a customer's next order not their first
    /// (a promo code for first orders). A lapsed or cancelled order, or a draft, was no purchase.
    pub const fn is_purchase(self) -> bool {
        matches!(
            self,
            OrderState::PendingPayment
                | OrderState::Paid
                | OrderState::Confirmed
                | OrderState::Completed
                | OrderState::Refunded
        )
    }
}

/// Who moved an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    Customer(UserId),
    /// A background job (expiry) or a payment provider's notification.
    System(String),
    Operator(String),
    /// A driver, guide or therapist moving the job they took.
    Partner(UserId),
}

impl Actor {
    pub fn code(&self) -> String {
        match self {
            Actor::Customer(id) => format!("customer:{}", id.as_str()),
            Actor::System(what) => format!("system:{what}"),
            Actor::Operator(who) => format!("operator:{who}"),
            Actor::Partner(id) => format!("partner:{}", id.as_str()),
        }
    }

    pub fn parse(code: &str) -> DomainResult<Self> {
        match code.split_once(':') {
            Some(("customer", id)) => Ok(Actor::Customer(UserId::parse(id)?)),
            Some(("system", what)) => Ok(Actor::System(what.to_owned())),
            Some(("operator", who)) => Ok(Actor::Operator(who.to_owned())),
            Some(("partner", id)) => Ok(Actor::Partner(UserId::parse(id)?)),
            _ => Err(DomainError::invalid(
                "actor",
                msg("order.actor.unknown").with("code", code),
            )),
        }
    }
}

/// One step in an order's life; `from` is `None` for its creation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transition {
    pub from: Option<OrderState>,
    pub to: OrderState,
    pub at: DateTime<Utc>,
    pub actor: Actor,
    pub reason: String,
}

impl Transition {
    /// Why the step was taken, in parts.
    pub fn why(&self) -> super::reason::StepReason {
        super::reason::StepReason::read(&self.reason)
    }

    /// The mail this step sends the customer, queued with the step itself so it goes once: a
    /// receipt when paid, each confirmation or new assignment, a cancellation, a refund. Lapsing
    /// and completion send nothing (the customer did not act and needs to do nothing).
    pub fn notice(&self) -> Option<MailKind> {
        // Its flight moved the meeting: the traveller hears the new time.
        if self.reason == super::FLIGHT_MOVED {
            return Some(MailKind::OrderFlightMoved);
        }
        match self.to {
            // Back to paid when its partner was taken off: no payment to tell of; the next
            // confirmation mails the new driver or therapist.
            OrderState::Paid if self.from == Some(OrderState::Confirmed) => None,
            OrderState::Paid => Some(MailKind::OrderPaid),
            OrderState::Confirmed => Some(MailKind::OrderConfirmed),
            OrderState::Cancelled => Some(MailKind::OrderCancelled),
            OrderState::Refunded => Some(MailKind::OrderRefunded),
            _ => None,
        }
    }
}
