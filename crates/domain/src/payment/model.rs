use chrono::{DateTime, Utc};

use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{IdempotencyKey, OrderId};
use crate::shared::{Money, UserId};

/// How a customer pays. `Dev` completes at once and exists only in the dev environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    VCoin,
    VietQr,
    VnPay,
    Dev,
}

impl Method {
    pub const ALL: [Method; 4] = [Method::VCoin, Method::VietQr, Method::VnPay, Method::Dev];

    pub const fn code(self) -> &'static str {
        match self {
            Method::VCoin => "VCOIN",
            Method::VietQr => "VIETQR",
            Method::VnPay => "VNPAY",
            Method::Dev => "DEV",
        }
    }

    pub fn parse(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|m| m.code().eq_ignore_ascii_case(code.trim()))
            .ok_or_else(|| DomainError::invalid("method", msg("payment.method_required")))
    }

    /// The method as a term of the catalogue, said in the caller's language at the edge.
    pub const fn term(self) -> &'static str {
        match self {
            Method::VCoin => "payment.method.vcoin",
            Method::VietQr => "payment.method.vietqr",
            Method::VnPay => "payment.method.vnpay",
            Method::Dev => "payment.method.dev",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PaymentId(String);

impl PaymentId {
    pub fn parse(raw: &str) -> DomainResult<Self> {
        // Same alphabet as order ids; VNPay takes it as vnp_TxnRef.
        OrderId::parse(raw)
            .map(|id| Self(id.as_str().to_owned()))
            .map_err(|_| DomainError::not_found("payment"))
    }

    /// `PY` + Vietnam date + random letters and digits, like an order id.
    pub(super) fn generated(date: &str, random: &str) -> Self {
        Self(format!("PY{date}{}", crate::shared::id_tail(random, 12)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What the money is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    Order(OrderId),
    TopUp,
    /// The difference a paid order's change costs more: the change is made when it arrives.
    Change(OrderId),
    /// A tip for the partner who delivered the order: theirs when it arrives.
    Tip(OrderId),
}

/// What the money is for, without its order: how reports count payments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PurposeKind {
    Order,
    TopUp,
    Change,
    Tip,
}

impl PurposeKind {
    pub const ALL: [PurposeKind; 4] = [
        PurposeKind::Order,
        PurposeKind::TopUp,
        PurposeKind::Change,
        PurposeKind::Tip,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            PurposeKind::Order => "ORDER",
            PurposeKind::TopUp => "TOP_UP",
            PurposeKind::Change => "CHANGE",
            PurposeKind::Tip => "TIP",
        }
    }

    pub fn from_code(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.code() == code)
            .ok_or_else(|| DomainError::invalid("purpose", msg("payment.purpose_unknown")))
    }
}

impl Purpose {
    pub const fn kind(&self) -> PurposeKind {
        match self {
            Purpose::Order(_) => PurposeKind::Order,
            Purpose::TopUp => PurposeKind::TopUp,
            Purpose::Change(_) => PurposeKind::Change,
            Purpose::Tip(_) => PurposeKind::Tip,
        }
    }

    /// The order the money concerns.
    pub fn order(&self) -> Option<&OrderId> {
        match self {
            Purpose::Order(id) | Purpose::Change(id) | Purpose::Tip(id) => Some(id),
            Purpose::TopUp => None,
        }
    }

    /// The order whose price the money pays (its first payment or a change's difference): what a
    /// refund may give back. A tip is the partner's, never refunded with the order.
    pub fn pays(&self) -> Option<&OrderId> {
        match self {
            Purpose::Order(id) | Purpose::Change(id) => Some(id),
            Purpose::TopUp | Purpose::Tip(_) => None,
        }
    }

    pub const fn code(&self) -> &'static str {
        self.kind().code()
    }

    /// The purpose kept as `code` with its order (none for a top-up).
    pub fn from_parts(code: &str, order: Option<OrderId>) -> DomainResult<Self> {
        let unknown = || DomainError::invalid("purpose", msg("payment.purpose_unknown"));
        Ok(match (code, order) {
            ("TOP_UP", None) => Purpose::TopUp,
            ("ORDER", Some(id)) => Purpose::Order(id),
            ("CHANGE", Some(id)) => Purpose::Change(id),
            ("TIP", Some(id)) => Purpose::Tip(id),
            _ => return Err(unknown()),
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentState {
    /// Waiting for the bank or the provider.
    Pending,
    /// The money paid what it was for: the order is paid or the wallet topped up.
    Succeeded,
    /// Money arrived but could not pay its order (wrong amount, order lapsed or already paid):
    /// it went into the customer's v-coin wallet instead, so nothing paid is lost.
    Credited,
    /// The provider said no; nothing was taken.
    Failed,
}

impl PaymentState {
    pub const ALL: [PaymentState; 4] = [
        PaymentState::Pending,
        PaymentState::Succeeded,
        PaymentState::Credited,
        PaymentState::Failed,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            PaymentState::Pending => "PENDING",
            PaymentState::Succeeded => "SUCCEEDED",
            PaymentState::Credited => "CREDITED",
            PaymentState::Failed => "FAILED",
        }
    }

    pub fn from_code(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.code() == code)
            .ok_or_else(|| {
                DomainError::invalid("state", msg("payment.state.unknown").with("code", code))
            })
    }
}

/// One attempt to move money: for an order or a top-up, by one method. The row is also the
/// idempotency record: `key` is unique per owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub id: PaymentId,
    pub owner: UserId,
    pub purpose: Purpose,
    pub method: Method,
    pub amount: Money,
    pub state: PaymentState,
    /// What the customer writes in a bank transfer's memo (VietQR); the order id for orders.
    pub reference: String,
    pub key: Option<IdempotencyKey>,
    /// A digest of the request the key was used for.
    pub fingerprint: String,
    /// The bank's or provider's transaction number, once known.
    pub provider_ref: Option<String>,
    pub created_at: DateTime<Utc>,
    pub settled_at: Option<DateTime<Utc>>,
}

impl Payment {
    pub fn settle(
        &mut self,
        state: PaymentState,
        provider_ref: Option<String>,
        now: DateTime<Utc>,
    ) {
        self.state = state;
        if provider_ref.is_some() {
            self.provider_ref = provider_ref;
        }
        self.settled_at = Some(now);
    }
}

/// The customer's next step after asking to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextStep {
    /// Nothing: the payment is settled (v-coin, dev) or waits only for the provider.
    None,
    /// Transfer by scanning this QR (VietQR).
    Transfer(crate::payment::TransferInstructions),
    /// Go to the provider's page (VNPay).
    Redirect(String),
}

/// A payment with what the customer does next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkout {
    pub payment: Payment,
    pub next: NextStep,
}
