use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use super::model::{Cancellations, Liability, Line, MethodLine, PartnerMoney, Period, RefundLine};
use crate::error::{DomainResult, Message};
use crate::shared::Money;

/// A plan's sales on one Vietnam day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleDay {
    pub day: NaiveDate,
    pub category: String,
    pub plan_id: String,
    pub plan_name: String,
    pub amount: Money,
    /// Orders paid that day (a change's payment adds money, not an order).
    pub orders: i64,
}

/// Refunds on one Vietnam day, by route and state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundDay {
    pub day: NaiveDate,
    pub line: RefundLine,
}

/// One day's sum of one kind of movement, for the accounting journal: `SALES` and `REFUNDS` by
/// category (slug), `VCOIN` by ledger kind, `PAYOUTS` with no key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalFact {
    pub day: NaiveDate,
    pub account: String,
    pub key: String,
    pub amount: Money,
    pub count: i64,
}

/// Where an export's page ended: the next page starts after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    pub at: DateTime<Utc>,
    pub id: String,
}

/// An order as the order export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRow {
    pub id: String,
    pub created_at: DateTime<Utc>,
    pub owner: String,
    pub category: String,
    pub plan_id: String,
    pub plan_name: String,
    pub state: String,
    pub start_at: DateTime<Utc>,
    pub total: Money,
    /// Paid by its order payments and changes, and refunded, so far.
    pub paid: Money,
    pub refunded: Money,
}

/// A v-coin ledger entry as the ledger export lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerRow {
    pub id: String,
    pub at: DateTime<Utc>,
    pub owner: String,
    pub kind: String,
    pub amount: Money,
    pub balance_after: Money,
    pub order_id: String,
    pub payment_id: String,
    pub operator: String,
    pub note: Message,
}

/// The figures, each read by one query, so every node answers the same: settled days' sums from
/// what was kept of them (`keep_days`), the days after from the ledgers and orders.
#[async_trait]
pub trait ReportStore: Send + Sync {
    /// Keeps the sums of settled days that are not kept yet, oldest first, every day before
    /// `before` and at most `max` of them: payments, ledger entries and promo codes' discounts
    /// by day. Each day is kept once, on any number of nodes keeping at the same time. Answers
    /// how many days this call kept.
    async fn keep_days(&self, before: NaiveDate, max: u32) -> DomainResult<u32>;
    /// Money in for services (order payments and changes' payments that succeeded), by the day
    /// each was settled, category and plan.
    async fn sales(&self, period: &Period) -> DomainResult<Vec<SaleDay>>;
    /// Every payment that succeeded in the period, by method and purpose.
    async fn methods(&self, period: &Period) -> DomainResult<Vec<MethodLine>>;
    /// Refunds made in the period: to wallets (ledger refunds) and to what paid (refund parts
    /// sent elsewhere), by day, route and state.
    async fn refunds(&self, period: &Period) -> DomainResult<Vec<RefundDay>>;
    /// Orders cancelled in the period: refunded after payment, or cancelled before any.
    async fn cancellations(&self, period: &Period) -> DomainResult<Cancellations>;
    /// Promo codes' discounts on orders first paid in the period, by code.
    async fn promotions(&self, period: &Period) -> DomainResult<Vec<Line>>;
    /// Credit given and taken back in the period, by ledger kind (gift, referral, adjustment,
    /// expiry).
    async fn credit(&self, period: &Period) -> DomainResult<Vec<Line>>;
    /// Partners' earnings, tips and payouts in the period, and what was owed at its end.
    async fn partners(&self, period: &Period) -> DomainResult<PartnerMoney>;
    /// The wallets' balances and the ledger's sum, now and at the period's end.
    async fn liability(&self, period: &Period) -> DomainResult<Liability>;

    /// The period's movements by day for the accounting journal, in one read.
    async fn journal(&self, period: &Period) -> DomainResult<Vec<JournalFact>>;

    /// Orders made in the period, oldest first, `limit` after `after`.
    async fn orders_page(
        &self,
        period: &Period,
        after: Option<&Cursor>,
        limit: u32,
    ) -> DomainResult<Vec<OrderRow>>;
    /// Ledger entries written in the period, oldest first, `limit` after `after`.
    async fn ledger_page(
        &self,
        period: &Period,
        after: Option<&Cursor>,
        limit: u32,
    ) -> DomainResult<Vec<LedgerRow>>;
}
