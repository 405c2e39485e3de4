//! Where a cancellation's refund goes. The customer chooses: v-coin at once (the default), or back
//! to what paid. Back to what paid, the refund is cut into parts, one per payment it returns to:
//! a VNPay payment's part is asked of VNPay by a worker, a bank transfer's part is an operator's
//! task closed with the bank's reference, and what v-coin paid goes back to the wallet at once.
//! Each part is a row written with the cancellation, unique per order and payment, so no part is
//! made or paid twice.

use chrono::{DateTime, Duration, Utc};

use super::model::{Method, Payment, PaymentId, PaymentState};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::OrderId;
use crate::shared::{LocalTime, Money, UserId};

/// What the customer asked for at cancellation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RefundTo {
    /// All of it as v-coin, at once.
    #[default]
    Wallet,
    /// Each part back to the method that paid it.
    Source,
}

/// Where the one who cancels wants the refund: v-coin unless they ask for the source, and the
/// account a bank transfer refund goes to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RefundChoice {
    pub to: RefundTo,
    pub account: Option<PayeeAccount>,
}

/// Where one part of a refund goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Route {
    Wallet,
    VnPay,
    Bank,
}

impl Route {
    pub const ALL: [Route; 3] = [Route::Wallet, Route::VnPay, Route::Bank];

    pub const fn code(self) -> &'static str {
        match self {
            Route::Wallet => "WALLET",
            Route::VnPay => "VNPAY",
            Route::Bank => "BANK",
        }
    }

    pub fn from_code(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|r| r.code() == code)
            .ok_or_else(|| DomainError::invalid("route", msg("refund.route_unknown")))
    }

    /// Where the part of a payment by `method` goes back to.
    const fn of(method: Method) -> Self {
        match method {
            Method::VnPay => Route::VnPay,
            Method::VietQr => Route::Bank,
            Method::VCoin | Method::Dev => Route::Wallet,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefundState {
    /// To be sent to VNPay, or for an operator to transfer.
    Pending,
    /// Given back: in the wallet, taken by VNPay, or transferred by the bank.
    Done,
    /// VNPay refused it or never answered: an operator's task.
    Failed,
}

impl RefundState {
    pub const ALL: [RefundState; 3] =
        [RefundState::Pending, RefundState::Done, RefundState::Failed];

    pub const fn code(self) -> &'static str {
        match self {
            RefundState::Pending => "PENDING",
            RefundState::Done => "DONE",
            RefundState::Failed => "FAILED",
        }
    }

    pub fn from_code(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.code() == code)
            .ok_or_else(|| DomainError::invalid("state", msg("refund.state_unknown")))
    }
}

/// The customer's own account a bank transfer refund goes to, as they typed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayeeAccount {
    pub bank: String,
    pub number: String,
    pub holder: String,
}

impl PayeeAccount {
    pub fn parse(bank: &str, number: &str, holder: &str) -> DomainResult<Self> {
        let bank = bank.trim();
        let holder = holder.trim();
        // Written with spaces or dashes as printed on a card; kept as digits and letters.
        let number: String = number
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        if !(2..=60).contains(&bank.chars().count()) {
            return Err(DomainError::invalid("account.bank", msg("refund.bank")));
        }
        if !(6..=19).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(DomainError::invalid("account.number", msg("refund.number")));
        }
        if !(2..=80).contains(&holder.chars().count()) {
            return Err(DomainError::invalid("account.holder", msg("refund.holder")));
        }
        Ok(Self {
            bank: bank.to_owned(),
            number: number.to_ascii_uppercase(),
            holder: holder.to_owned(),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RefundId(String);

impl RefundId {
    pub fn parse(raw: &str) -> DomainResult<Self> {
        OrderId::parse(raw)
            .map(|id| Self(id.as_str().to_owned()))
            .map_err(|_| DomainError::not_found("refund"))
    }

    /// `RF` + Vietnam date + random letters and digits; VNPay takes it as the request's id.
    pub fn generated(now: DateTime<Utc>, random: &str) -> Self {
        let date = LocalTime::of(now).naive().format("%y%m%d");
        Self(format!("RF{date}{}", crate::shared::id_tail(random, 12)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One part of a refund, on its way back to where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundPart {
    pub id: RefundId,
    pub order: OrderId,
    pub owner: UserId,
    /// The payment it returns to; none for v-coin given back for the whole order.
    pub payment: Option<PaymentId>,
    /// What gave it: `cancel`, or `change:{version}` for a change that lowered the price (the
    /// order's version it was made on). One part per payment and cause.
    pub cause: String,
    pub route: Route,
    pub amount: Money,
    pub state: RefundState,
    /// Where a bank transfer refund goes.
    pub account: Option<PayeeAccount>,
    /// Times sent to VNPay.
    pub attempts: u32,
    /// When the worker may send it (again).
    pub next_at: DateTime<Utc>,
    /// VNPay's last answer code, or the bank's reference of the transfer that closed it.
    pub answer: Option<String>,
    pub created_at: DateTime<Utc>,
    pub done_at: Option<DateTime<Utc>>,
    /// The operator who closed it by hand.
    pub closed_by: Option<String>,
}

/// The cause of a cancellation's parts.
pub const CANCEL: &str = "cancel";

/// The cause of the parts a change that lowered the price gave, made on the order's `version`.
pub fn change_cause(version: i64) -> String {
    format!("change:{version}")
}

/// Whether the one who cancels may choose "back to what paid": something other than v-coin paid.
pub fn offers_choice(sources: &[Route]) -> bool {
    sources.iter().any(|r| *r != Route::Wallet)
}

/// Sent this many times without an answer, a VNPay part becomes an operator's task.
pub const SEND_ATTEMPTS: u32 = 8;

impl RefundPart {
    /// After a VNPay call that said nothing: the next try, one minute after the first and
    /// doubling, or an operator's task once `SEND_ATTEMPTS` went unanswered.
    pub fn unanswered(&mut self, now: DateTime<Utc>) {
        if self.attempts >= SEND_ATTEMPTS {
            self.state = RefundState::Failed;
            self.answer = Some("UNANSWERED".into());
        } else {
            self.next_at = now + Duration::minutes(1 << self.attempts.saturating_sub(1).min(10));
        }
    }

    /// VNPay took it (or had taken it before: `94` to a retry).
    pub fn taken(&mut self, code: &str, now: DateTime<Utc>) {
        self.state = RefundState::Done;
        self.answer = Some(code.to_owned());
        self.done_at = Some(now);
    }

    /// VNPay refused it: an operator's task, with VNPay's code.
    pub fn refused(&mut self, code: &str) {
        self.state = RefundState::Failed;
        self.answer = Some(code.to_owned());
    }

    /// VNPay's last code, for a part no operator closed.
    pub fn vnpay_code(&self) -> Option<&str> {
        self.closed_by
            .is_none()
            .then_some(self.answer.as_deref())
            .flatten()
    }

    /// The bank's reference of the transfer an operator closed it with.
    pub fn bank_ref(&self) -> Option<&str> {
        self.closed_by
            .is_some()
            .then_some(self.answer.as_deref())
            .flatten()
    }

    /// An operator's task: a bank part still to transfer, or a VNPay part that failed.
    pub fn is_task(&self) -> bool {
        matches!(
            (self.route, self.state),
            (Route::Bank, RefundState::Pending) | (_, RefundState::Failed)
        )
    }

    /// An operator closes a task with the bank's reference of the transfer they made.
    pub fn close(&mut self, bank_ref: &str, by: &str, now: DateTime<Utc>) -> DomainResult<()> {
        if !self.is_task() {
            return Err(DomainError::FailedPrecondition(msg("refund.not_open")));
        }
        let bank_ref = bank_ref.trim();
        if bank_ref.is_empty() || bank_ref.chars().count() > 64 {
            return Err(DomainError::invalid("bank_ref", msg("refund.bank_ref")));
        }
        self.state = RefundState::Done;
        self.answer = Some(bank_ref.to_owned());
        self.closed_by = Some(by.to_owned());
        self.done_at = Some(now);
        Ok(())
    }
}

/// The routes the payments that paid `order` go back by, each once, in the order `plan` uses them.
pub fn sources(order: &OrderId, payments: &[Payment]) -> Vec<Route> {
    let mut routes: Vec<Route> = payments
        .iter()
        .filter(|p| p.state == PaymentState::Succeeded && p.purpose.pays() == Some(order))
        .map(|p| Route::of(p.method))
        .collect();
    routes.sort_by_key(|r| *r == Route::Wallet);
    routes.dedup();
    routes
}

/// What a refund becomes: its parts, and what of it goes into the wallet now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundPlan {
    pub parts: Vec<RefundPart>,
    pub to_wallet: Money,
}

/// Which order a refund is of, whose, what gives it, and the parts its order was given before.
#[derive(Debug, Clone, Copy)]
pub struct Refunding<'a> {
    pub order: &'a OrderId,
    pub owner: &'a UserId,
    pub cause: &'a str,
    pub given: &'a [RefundPart],
}

/// Cuts `refund` of an order into its parts. To the wallet, it is one part. Back to the source, it
/// goes to the order's payments newest first, VNPay and bank transfers before v-coin, each up to
/// what it paid less what was given back to it before, so what the policy keeps is kept from the
/// wallet's part first and the card gets back as much as it can; a bank part needs the
/// customer's account. What no payment explains goes to the wallet.
pub fn plan(
    of: Refunding<'_>,
    payments: &[Payment],
    refund: Money,
    choice: &RefundChoice,
    mut id: impl FnMut() -> RefundId,
    now: DateTime<Utc>,
) -> DomainResult<RefundPlan> {
    let Refunding {
        order,
        owner,
        cause,
        given,
    } = of;
    let given_to = |payment: &PaymentId| -> i64 {
        given
            .iter()
            .filter(|g| g.payment.as_ref() == Some(payment))
            .map(|g| g.amount.amount())
            .sum()
    };
    let mut parts = Vec::new();
    let mut left = refund.amount();
    let part = |id: RefundId, payment: Option<&Payment>, route: Route, amount: i64| RefundPart {
        id,
        order: order.clone(),
        owner: owner.clone(),
        payment: payment.map(|p| p.id.clone()),
        cause: cause.to_owned(),
        route,
        amount: Money::vnd(amount),
        state: if route == Route::Wallet {
            RefundState::Done
        } else {
            RefundState::Pending
        },
        account: None,
        attempts: 0,
        next_at: now,
        answer: None,
        created_at: now,
        done_at: (route == Route::Wallet).then_some(now),
        closed_by: None,
    };
    if choice.to == RefundTo::Source {
        let mut paid: Vec<&Payment> = payments
            .iter()
            .filter(|p| p.state == PaymentState::Succeeded && p.purpose.pays() == Some(order))
            .collect();
        // Outside methods first, then the newest first.
        paid.sort_by_key(|p| {
            (
                Route::of(p.method) == Route::Wallet,
                std::cmp::Reverse(p.created_at),
            )
        });
        for p in paid {
            if left <= 0 {
                break;
            }
            let amount = left.min(p.amount.amount() - given_to(&p.id));
            if amount <= 0 {
                continue;
            }
            let route = Route::of(p.method);
            let mut made = part(id(), Some(p), route, amount);
            if route == Route::Bank {
                made.account = Some(choice.account.clone().ok_or_else(|| {
                    DomainError::invalid("account", msg("refund.account_required"))
                })?);
            }
            parts.push(made);
            left -= amount;
        }
    }
    if left > 0 {
        parts.push(part(id(), None, Route::Wallet, left));
    }
    let to_wallet = Money::vnd(
        parts
            .iter()
            .filter(|p| p.route == Route::Wallet)
            .map(|p| p.amount.amount())
            .sum(),
    );
    Ok(RefundPlan { parts, to_wallet })
}
