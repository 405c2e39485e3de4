//! The v-coin wallet: a ledger of signed entries in VND (one v-coin is one đồng), and the
//! cancellation policy that refunds into it.

use chrono::{DateTime, Utc};

use super::model::PaymentId;
pub use crate::catalog::CancellationPolicy;
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::ordering::{Order, OrderId};
use crate::shared::{Money, UserId};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    TopUp,
    Spend,
    Refund,
    Adjustment,
    /// Credit a gift code gave.
    Gift,
    /// Gift credit that reached its time unspent, leaving the balance.
    Expiry,
    /// Credit for a friend's first trip, or for coming by a friend's invitation.
    Referral,
    /// A tip for the partner who delivered an order.
    Tip,
}

impl EntryKind {
    pub const ALL: [EntryKind; 8] = [
        EntryKind::TopUp,
        EntryKind::Spend,
        EntryKind::Refund,
        EntryKind::Adjustment,
        EntryKind::Gift,
        EntryKind::Expiry,
        EntryKind::Referral,
        EntryKind::Tip,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            EntryKind::TopUp => "TOP_UP",
            EntryKind::Spend => "SPEND",
            EntryKind::Refund => "REFUND",
            EntryKind::Adjustment => "ADJUSTMENT",
            EntryKind::Gift => "GIFT",
            EntryKind::Expiry => "EXPIRY",
            EntryKind::Referral => "REFERRAL",
            EntryKind::Tip => "TIP",
        }
    }

    pub fn from_code(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.code() == code)
            .ok_or_else(|| {
                DomainError::invalid("kind", msg("wallet.entry_kind").with("code", code))
            })
    }
}

/// Why an entry exists. Every entry has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cause {
    /// A top-up, a spend, or money that arrived for an order it could not pay; with the order
    /// the payment was for, so the wallet can say which.
    Payment {
        id: PaymentId,
        order: Option<OrderId>,
    },
    /// A refund of a cancelled order.
    Order(OrderId),
    /// An operator's correction, with their reason.
    Operator { who: String, reason: String },
    /// A grant of credit (a gift code by its code, a referral's reward by its id), and the
    /// expiry of what is left of it.
    Grant(String),
}

/// The notes a ledger entry may keep, with the names of their values.
pub const NOTES: &[(&str, &[&str])] = &[
    ("ledger.top_up", &[]),
    ("ledger.top_up_differs", &[]),
    ("ledger.transfer_mismatch", &[]),
    ("ledger.order_closed", &[]),
    ("ledger.order_payment", &["order"]),
    ("ledger.refund", &["order"]),
    ("ledger.order_change", &["order"]),
    ("ledger.change_refund", &["order"]),
    ("ledger.gift", &["code"]),
    ("ledger.expiry", &[]),
    ("ledger.referral_by", &[]),
    ("ledger.referral_new", &[]),
    ("ledger.tip", &["order"]),
    ("ledger.change_lapsed", &["order"]),
    ("ledger.tip_returned", &["order"]),
    ("text.as_is", &["text"]),
];

/// One signed movement. `balance_after` is filled in by the store, which alone knows the
/// balance at the moment of writing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEntry {
    pub owner: UserId,
    pub kind: EntryKind,
    /// Positive in, negative out.
    pub amount: Money,
    pub cause: Cause,
    /// What the entry is, said at the edge; an operator's reason as they wrote it.
    pub note: Message,
    pub at: DateTime<Utc>,
    pub balance_after: Money,
    /// A credit that lasts until then only: the store keeps it as a lot of its own
    /// (`payment::credit`), which spends draw on first.
    pub expires_at: Option<DateTime<Utc>>,
}

impl LedgerEntry {
    pub fn new(
        owner: &UserId,
        kind: EntryKind,
        amount: Money,
        cause: Cause,
        note: Message,
        at: DateTime<Utc>,
    ) -> Self {
        Self {
            owner: owner.clone(),
            kind,
            amount,
            cause,
            note,
            at,
            balance_after: Money::ZERO,
            expires_at: None,
        }
    }

    /// The credit of a grant: lasting, or until `expires_at`.
    pub fn grant(
        owner: &UserId,
        grant: &str,
        amount: Money,
        note: Message,
        at: DateTime<Utc>,
        expires_at: Option<DateTime<Utc>>,
    ) -> Self {
        Self {
            expires_at,
            ..Self::new(
                owner,
                EntryKind::Gift,
                amount,
                Cause::Grant(grant.to_owned()),
                note,
                at,
            )
        }
    }
}

/// The most a wallet may hold: a credit past it is refused rather than stored.
pub const BALANCE_MAX: Money = Money::vnd(10_000_000_000);

/// An amount that comes from outside (a bank or VNPay): more than nothing, at most
/// `Money::ENTRY_MAX`.
pub fn check_received(amount: Money) -> DomainResult<()> {
    if amount <= Money::ZERO || amount > Money::ENTRY_MAX {
        return Err(DomainError::invalid(
            "amount",
            msg("money.received_range")
                .money("min", Money::vnd(1))
                .money("max", Money::ENTRY_MAX),
        ));
    }
    Ok(())
}

/// Top-ups: whole thousands between these bounds.
pub const TOP_UP_MIN: Money = Money::vnd(10_000);
pub const TOP_UP_MAX: Money = Money::vnd(50_000_000);

pub fn check_top_up(amount: Money) -> DomainResult<()> {
    if amount < TOP_UP_MIN || amount > TOP_UP_MAX || amount.amount() % 1000 != 0 {
        return Err(DomainError::invalid(
            "amount",
            msg("wallet.top_up_range")
                .money("min", TOP_UP_MIN)
                .money("max", TOP_UP_MAX),
        ));
    }
    Ok(())
}

/// What cancelling now would give back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundQuote {
    pub paid: Money,
    pub fee: Money,
    pub refund: Money,
    /// Until when cancelling costs nothing.
    pub free_until: DateTime<Utc>,
    /// The share of what was paid a cancellation after `free_until` keeps.
    pub late_fee_percent: u32,
}

/// The most one operator adjustment may move, either way.
pub const ADJUSTMENT_MAX: Money = Money::vnd(50_000_000);

/// An operator's correction: not nothing, and not beyond the largest top-up.
pub fn check_adjustment(amount: Money) -> DomainResult<()> {
    if amount == Money::ZERO
        || amount.amount().unsigned_abs() > ADJUSTMENT_MAX.amount().unsigned_abs()
    {
        return Err(DomainError::invalid(
            "amount",
            msg("wallet.adjustment_range").money("max", ADJUSTMENT_MAX),
        ));
    }
    Ok(())
}

/// How cancelling is priced (the struct is the catalogue's, which shows it on every plan).
impl CancellationPolicy {
    /// An operator's own refund instead of the policy's: between nothing and what was paid,
    /// with a reason, whenever the order can still be refunded.
    pub fn overridden(
        &self,
        order: &Order,
        refund: Money,
        reason: &str,
    ) -> DomainResult<RefundQuote> {
        let paid = order.estimate.total;
        if refund < Money::ZERO || refund > paid {
            return Err(DomainError::invalid(
                "refund_vnd",
                msg("refund.range")
                    .money("min", Money::ZERO)
                    .money("paid", paid),
            ));
        }
        if reason.trim().is_empty() {
            return Err(DomainError::invalid(
                "reason",
                msg("refund.reason_required"),
            ));
        }
        Ok(RefundQuote {
            paid,
            fee: Money::vnd(paid.amount() - refund.amount()),
            refund,
            free_until: self.free_until(order.details.start()),
            late_fee_percent: self.late_fee_percent,
        })
    }

    /// The figures of a cancellation made before, from what it refunded.
    pub fn settled(&self, order: &Order, refunded: Money) -> RefundQuote {
        let paid = order.estimate.total;
        RefundQuote {
            paid,
            fee: Money::vnd(paid.amount().saturating_sub(refunded.amount())),
            refund: refunded,
            free_until: self.free_until(order.details.start()),
            late_fee_percent: self.late_fee_percent,
        }
    }

    pub fn quote(&self, order: &Order, now: DateTime<Utc>) -> DomainResult<RefundQuote> {
        let start = order.details.start().instant();
        if now >= start {
            return Err(DomainError::FailedPrecondition(msg("order.started")));
        }
        let free_until = self.free_until(order.details.start());
        let paid = if order.state.is_unpaid() {
            Money::ZERO
        } else {
            order.estimate.total
        };
        let late = now > free_until;
        let fee = if late {
            Money::vnd(paid.amount() * i64::from(self.late_fee_percent.min(100)) / 100)
                .round_to_thousand()
                .min(paid)
        } else {
            Money::ZERO
        };
        Ok(RefundQuote {
            paid,
            fee,
            refund: Money::vnd(paid.amount() - fee.amount()),
            free_until,
            late_fee_percent: self.late_fee_percent,
        })
    }
}

impl Cause {
    pub fn of_payment(payment: &super::Payment) -> Self {
        Cause::Payment {
            id: payment.id.clone(),
            order: payment.purpose.order().cloned(),
        }
    }
}
