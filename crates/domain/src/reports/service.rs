use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use super::model::{
    Bucket, Entry, Grain, JournalLine, Line, Period, PlanLine, RefundLine, Report, Totals,
    unsettled_from,
};
use super::ports::{Cursor, JournalFact, LedgerRow, OrderRow, RefundDay, ReportStore, SaleDay};
use crate::audit::Staff;
use crate::catalog::Category;
use crate::error::DomainResult;
use crate::invoicing::VatRates;
use crate::payment::refund::{RefundState, Route};
use crate::shared::Money;

/// How many rows an export reads at a time: enough to keep the database busy, few enough that a
/// year of orders streams in constant memory.
pub const EXPORT_PAGE: u32 = 2_000;

/// How many settled days one keeping keeps at most: a year of them after an upgrade is kept in
/// steps that each end in moments.
pub const KEEP_DAYS_AT_ONCE: u32 = 31;

/// The back office's money side, for admins only: operators run the day, admins read the books.
#[derive(Clone)]
pub struct ReportService {
    store: Arc<dyn ReportStore>,
    vat: VatRates,
}

impl ReportService {
    pub fn new(store: Arc<dyn ReportStore>, vat: VatRates) -> Self {
        Self { store, vat }
    }

    /// The period's accounting journal, day by day: each category's sales and refunds with the
    /// VAT they include, v-coin movements by kind, and payouts.
    pub async fn journal(&self, by: &Staff, period: &Period) -> DomainResult<Vec<JournalLine>> {
        by.require_admin()?;
        Ok(journal(&self.store.journal(period).await?, self.vat))
    }

    pub async fn report(&self, by: &Staff, period: Period, grain: Grain) -> DomainResult<Report> {
        by.require_admin()?;
        let sales = self.store.sales(&period).await?;
        let refunds = self.store.refunds(&period).await?;
        let promotions = self.store.promotions(&period).await?;
        let credit = self.store.credit(&period).await?;
        let over_time = over_time(&period, grain, &sales, &refunds);
        let totals = Totals {
            sales: sales.iter().map(|s| s.amount).sum(),
            orders: sales.iter().map(|s| s.orders).sum(),
            refunds: refunds.iter().map(|r| r.line.amount).sum(),
            net: over_time.iter().map(Bucket::net).sum(),
            promotions: promotions.iter().map(|p| p.amount).sum(),
            credit: credit.iter().map(|c| c.amount).sum(),
        };
        Ok(Report {
            period,
            grain,
            over_time,
            categories: categories(&sales),
            plans: plans(&sales),
            methods: self.store.methods(&period).await?,
            refunds: refund_lines(&refunds),
            cancellations: self.store.cancellations(&period).await?,
            promotions,
            credit,
            partners: self.store.partners(&period).await?,
            liability: self.store.liability(&period).await?,
            totals,
        })
    }

    /// Keeps the settled days' sums not kept yet (a background job's work, on every node): a
    /// year's report then reads a few thousand kept rows and only the unsettled days live.
    /// Answers how many days it kept, `KEEP_DAYS_AT_ONCE` at most.
    pub async fn keep_settled_days(&self, now: DateTime<Utc>) -> DomainResult<u32> {
        self.store
            .keep_days(unsettled_from(now), KEEP_DAYS_AT_ONCE)
            .await
    }

    /// A page of the orders made in the period, after `after`.
    pub async fn orders_page(
        &self,
        by: &Staff,
        period: &Period,
        after: Option<&Cursor>,
    ) -> DomainResult<Vec<OrderRow>> {
        by.require_admin()?;
        self.store.orders_page(period, after, EXPORT_PAGE).await
    }

    /// A page of the ledger entries written in the period, after `after`.
    pub async fn ledger_page(
        &self,
        by: &Staff,
        period: &Period,
        after: Option<&Cursor>,
    ) -> DomainResult<Vec<LedgerRow>> {
        by.require_admin()?;
        self.store.ledger_page(period, after, EXPORT_PAGE).await
    }
}

/// Sales and refunds by stretch, every stretch of the period present.
pub fn over_time(
    period: &Period,
    grain: Grain,
    sales: &[SaleDay],
    refunds: &[RefundDay],
) -> Vec<Bucket> {
    let mut buckets = BTreeMap::new();
    let mut day = period.first();
    while day <= period.last() {
        let start = grain.bucket(day);
        buckets.entry(start).or_insert(Bucket {
            start,
            sales: Money::ZERO,
            orders: 0,
            refunds: Money::ZERO,
        });
        day += Duration::days(1);
    }
    for s in sales {
        if let Some(b) = buckets.get_mut(&grain.bucket(s.day)) {
            b.sales = b.sales + s.amount;
            b.orders += s.orders;
        }
    }
    for r in refunds {
        if let Some(b) = buckets.get_mut(&grain.bucket(r.day)) {
            b.refunds = b.refunds + r.line.amount;
        }
    }
    buckets.into_values().collect()
}

/// Sales by category, the largest first.
fn categories(sales: &[SaleDay]) -> Vec<Line> {
    let mut by: BTreeMap<&str, (Money, i64)> = BTreeMap::new();
    for s in sales {
        let e = by.entry(&s.category).or_insert((Money::ZERO, 0));
        e.0 = e.0 + s.amount;
        e.1 += s.orders;
    }
    let mut lines: Vec<Line> = by
        .into_iter()
        .map(|(key, (amount, count))| Line {
            key: key.to_owned(),
            amount,
            count,
        })
        .collect();
    lines.sort_by(|a, b| b.amount.cmp(&a.amount).then_with(|| a.key.cmp(&b.key)));
    lines
}

/// Sales by plan, the largest first; a plan renamed within the period keeps its latest name.
fn plans(sales: &[SaleDay]) -> Vec<PlanLine> {
    let mut by: BTreeMap<(&str, &str), PlanLine> = BTreeMap::new();
    for s in sales {
        let line = by
            .entry((&s.category, &s.plan_id))
            .or_insert_with(|| PlanLine {
                category: s.category.clone(),
                plan_id: s.plan_id.clone(),
                name: s.plan_name.clone(),
                amount: Money::ZERO,
                orders: 0,
            });
        line.amount = line.amount + s.amount;
        line.orders += s.orders;
        line.name.clone_from(&s.plan_name);
    }
    let mut lines: Vec<PlanLine> = by.into_values().collect();
    lines.sort_by(|a, b| {
        b.amount
            .cmp(&a.amount)
            .then_with(|| a.plan_id.cmp(&b.plan_id))
    });
    lines
}

/// Refunds over the period by route and state.
fn refund_lines(days: &[RefundDay]) -> Vec<RefundLine> {
    let mut by: BTreeMap<(Route, RefundState), (Money, i64)> = BTreeMap::new();
    for d in days {
        let e = by
            .entry((d.line.route, d.line.state))
            .or_insert((Money::ZERO, 0));
        e.0 = e.0 + d.line.amount;
        e.1 += d.line.count;
    }
    by.into_iter()
        .map(|((route, state), (amount, count))| RefundLine {
            route,
            state,
            amount,
            count,
        })
        .collect()
}

/// The journal's lines from the day's facts: a sales or refunds line is followed by the VAT it
/// includes at its category's rate; lines are by day, then entry, then key.
pub fn journal(facts: &[JournalFact], vat: VatRates) -> Vec<JournalLine> {
    let mut lines = Vec::new();
    for f in facts {
        let line = |entry, amount, vat_percent| JournalLine {
            day: f.day,
            entry,
            key: f.key.clone(),
            amount,
            vat_percent,
            count: f.count,
        };
        let (entry, taxed) = match f.account.as_str() {
            "SALES" => (Entry::Sales, Some(Entry::SalesVat)),
            "REFUNDS" => (Entry::Refunds, Some(Entry::RefundsVat)),
            "VCOIN" => (Entry::Wallet, None),
            _ => (Entry::Payouts, None),
        };
        let category = Category::from_slug(&f.key).ok();
        match (taxed, category) {
            (Some(tax), Some(c)) => {
                let rate = vat.percent(c);
                lines.push(line(entry, f.amount, Some(rate)));
                lines.push(line(tax, vat.included(c, f.amount), Some(rate)));
            }
            _ => lines.push(line(entry, f.amount, None)),
        }
    }
    lines.sort_by(|a, b| (a.day, a.entry, &a.key).cmp(&(b.day, b.entry, &b.key)));
    lines
}
