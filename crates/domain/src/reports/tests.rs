use std::sync::Arc;

use async_trait::async_trait;
use chrono::{NaiveDate, TimeZone, Utc};

use super::*;
use crate::DomainError;
use crate::audit::Staff;
use crate::error::DomainResult;
use crate::shared::{Money, UserId};

fn day(raw: &str) -> NaiveDate {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").unwrap()
}

fn sale(d: &str, category: &str, plan: &str, amount: i64, orders: i64) -> SaleDay {
    SaleDay {
        day: day(d),
        category: category.into(),
        plan_id: plan.into(),
        plan_name: format!("{plan} name"),
        amount: Money::vnd(amount),
        orders,
    }
}

fn refund(d: &str, route: &str, amount: i64) -> RefundDay {
    RefundDay {
        day: day(d),
        line: RefundLine {
            route: crate::payment::refund::Route::from_code(route).unwrap(),
            state: crate::payment::refund::RefundState::Done,
            amount: Money::vnd(amount),
            count: 1,
        },
    }
}

#[test]
fn a_period_is_whole_vietnam_days_in_order_and_at_most_a_leap_year() {
    let p = Period::parse("2026-10-01", "2026-10-31").unwrap();
    // Midnight in Vietnam is 17:00 the day before in UTC.
    assert_eq!(
        p.starts_at(),
        Utc.with_ymd_and_hms(2026, 9, 30, 17, 0, 0).unwrap()
    );
    assert_eq!(
        p.ends_at(),
        Utc.with_ymd_and_hms(2026, 10, 31, 17, 0, 0).unwrap()
    );
    // 23:30 on the 31st in Vietnam is still October's; 00:30 on the 1st is November's.
    assert_eq!(
        day_of(Utc.with_ymd_and_hms(2026, 10, 31, 16, 30, 0).unwrap()),
        day("2026-10-31")
    );
    assert_eq!(
        day_of(Utc.with_ymd_and_hms(2026, 10, 31, 17, 30, 0).unwrap()),
        day("2026-11-01")
    );
    assert_eq!(
        Period::month_of(day("2028-02-10")).last(),
        day("2028-02-29")
    );
    assert_eq!(p.code(), "2026-10-01_2026-10-31");
    assert!(Period::parse("2028-01-01", "2028-12-31").is_ok());
    for (from, until, field) in [
        ("2026-10-02", "2026-10-01", "until"),
        ("2026-01-01", "2027-01-02", "until"),
        ("2026-13-01", "2026-12-01", "from"),
        ("yesterday", "2026-12-01", "from"),
        ("2026-12-01", "", "until"),
    ] {
        match Period::parse(from, until) {
            Err(DomainError::InvalidArgument { field: f, .. }) => assert_eq!(f, field),
            other => panic!("{from}..{until}: {other:?}"),
        }
    }
}

#[test]
fn stretches_start_on_the_day_the_monday_or_the_first() {
    let sunday = day("2026-11-29");
    assert_eq!(Grain::Day.bucket(sunday), sunday);
    assert_eq!(Grain::Week.bucket(sunday), day("2026-11-23"));
    assert_eq!(Grain::Week.bucket(day("2026-11-23")), day("2026-11-23"));
    assert_eq!(Grain::Month.bucket(sunday), day("2026-11-01"));
}

#[test]
fn sales_over_time_have_every_stretch_and_add_up_to_the_totals() {
    let period = Period::parse("2026-10-01", "2026-10-31").unwrap();
    let sales = [
        sale("2026-10-01", "pickup", "p1", 500_000, 1),
        sale("2026-10-01", "charter", "c1", 1_200_000, 1),
        sale("2026-10-13", "pickup", "p1", 250_000, 0),
        sale("2026-10-31", "pickup", "p1", 500_000, 1),
    ];
    let refunds = [
        refund("2026-10-02", "WALLET", 100_000),
        refund("2026-10-31", "VNPAY", 500_000),
    ];
    let days = over_time(&period, Grain::Day, &sales, &refunds);
    assert_eq!(days.len(), 31);
    assert_eq!(days[0].sales, Money::vnd(1_700_000));
    assert_eq!(days[0].orders, 2);
    assert_eq!(days[1].refunds, Money::vnd(100_000));
    assert_eq!(days[1].net(), Money::vnd(-100_000));
    assert_eq!(days[30].net(), Money::ZERO);

    let weeks = over_time(&period, Grain::Week, &sales, &refunds);
    // The Mondays of 2026-09-28 to 2026-10-26: a stretch may start before the period.
    assert_eq!(
        weeks.iter().map(|b| b.start).collect::<Vec<_>>(),
        [
            "2026-09-28",
            "2026-10-05",
            "2026-10-12",
            "2026-10-19",
            "2026-10-26"
        ]
        .map(day)
    );
    let months = over_time(&period, Grain::Month, &sales, &refunds);
    assert_eq!(months.len(), 1);
    for cut in [&days, &weeks, &months] {
        assert_eq!(
            cut.iter().map(|b| b.sales).sum::<Money>(),
            Money::vnd(2_450_000)
        );
        assert_eq!(cut.iter().map(|b| b.orders).sum::<i64>(), 3);
        assert_eq!(
            cut.iter().map(Bucket::net).sum::<Money>(),
            Money::vnd(1_850_000)
        );
    }
}

/// Figures given, as a store would read them.
struct Figures {
    sales: Vec<SaleDay>,
    refunds: Vec<RefundDay>,
    /// What `keep_days` was asked.
    kept: std::sync::Mutex<Vec<(NaiveDate, u32)>>,
}

#[async_trait]
impl ReportStore for Figures {
    async fn keep_days(&self, before: NaiveDate, max: u32) -> DomainResult<u32> {
        self.kept.lock().unwrap().push((before, max));
        Ok(0)
    }
    async fn sales(&self, _: &Period) -> DomainResult<Vec<SaleDay>> {
        Ok(self.sales.clone())
    }
    async fn methods(&self, _: &Period) -> DomainResult<Vec<MethodLine>> {
        Ok(Vec::new())
    }
    async fn refunds(&self, _: &Period) -> DomainResult<Vec<RefundDay>> {
        Ok(self.refunds.clone())
    }
    async fn cancellations(&self, _: &Period) -> DomainResult<Cancellations> {
        Ok(Cancellations::default())
    }
    async fn promotions(&self, _: &Period) -> DomainResult<Vec<Line>> {
        Ok(vec![Line {
            key: "TET".into(),
            amount: Money::vnd(50_000),
            count: 2,
        }])
    }
    async fn credit(&self, _: &Period) -> DomainResult<Vec<Line>> {
        Ok(Vec::new())
    }
    async fn partners(&self, _: &Period) -> DomainResult<PartnerMoney> {
        Ok(PartnerMoney::default())
    }
    async fn liability(&self, _: &Period) -> DomainResult<Liability> {
        Ok(Liability::default())
    }
    async fn journal(&self, _: &Period) -> DomainResult<Vec<JournalFact>> {
        Ok(Vec::new())
    }
    async fn orders_page(
        &self,
        _: &Period,
        _: Option<&Cursor>,
        _: u32,
    ) -> DomainResult<Vec<OrderRow>> {
        Ok(Vec::new())
    }
    async fn ledger_page(
        &self,
        _: &Period,
        _: Option<&Cursor>,
        _: u32,
    ) -> DomainResult<Vec<LedgerRow>> {
        Ok(Vec::new())
    }
}

fn staff(admin: bool) -> Staff {
    Staff::Operator {
        user_id: UserId::parse("staff-1").unwrap(),
        email: "staff@example.com".into(),
        name: "Staff".into(),
        admin,
    }
}

#[tokio::test]
async fn admins_read_the_report_by_category_and_plan_and_operators_cannot() {
    let service = ReportService::new(
        Arc::new(Figures {
            sales: vec![
                sale("2026-10-01", "pickup", "p1", 500_000, 1),
                sale("2026-10-02", "pickup", "p2", 300_000, 1),
                sale("2026-10-03", "charter", "c1", 1_200_000, 1),
                sale("2026-10-04", "pickup", "p1", 500_000, 1),
            ],
            refunds: vec![refund("2026-10-05", "WALLET", 300_000)],
            kept: Default::default(),
        }),
        crate::invoicing::VatRates::default(),
    );
    let period = Period::parse("2026-10-01", "2026-10-31").unwrap();
    let report = service
        .report(&staff(true), period, Grain::Week)
        .await
        .unwrap();
    assert_eq!(
        report
            .categories
            .iter()
            .map(|l| (l.key.as_str(), l.amount.amount(), l.count))
            .collect::<Vec<_>>(),
        [("charter", 1_200_000, 1), ("pickup", 1_300_000, 3)]
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
    );
    assert_eq!(
        report
            .plans
            .iter()
            .map(|l| (l.plan_id.as_str(), l.amount.amount(), l.orders))
            .collect::<Vec<_>>(),
        [
            ("c1", 1_200_000, 1),
            ("p1", 1_000_000, 2),
            ("p2", 300_000, 1)
        ]
    );
    assert_eq!(report.totals.sales, Money::vnd(2_500_000));
    assert_eq!(report.totals.orders, 4);
    assert_eq!(report.totals.refunds, Money::vnd(300_000));
    assert_eq!(report.totals.net, Money::vnd(2_200_000));
    assert_eq!(report.totals.promotions, Money::vnd(50_000));
    assert_eq!(report.refunds[0].count, 1);

    for refused in [
        service
            .report(&staff(false), period, Grain::Day)
            .await
            .map(|_| ()),
        service
            .orders_page(&staff(false), &period, None)
            .await
            .map(|_| ()),
        service
            .ledger_page(&staff(false), &period, None)
            .await
            .map(|_| ()),
        service.journal(&staff(false), &period).await.map(|_| ()),
    ] {
        assert!(matches!(refused, Err(DomainError::PermissionDenied(_))));
    }
}

#[tokio::test]
async fn a_day_is_kept_once_an_hour_past_its_end_in_vietnam() {
    // 00:59 in Vietnam on the 2nd: money of the 1st may still be committing.
    let vn = |d: u32, h: u32, m: u32| {
        Utc.with_ymd_and_hms(2026, 10, d, h, m, 0).unwrap() - chrono::Duration::hours(7)
    };
    assert_eq!(unsettled_from(vn(2, 0, 59)), day("2026-10-01"));
    assert_eq!(unsettled_from(vn(2, 1, 0)), day("2026-10-02"));
    assert_eq!(unsettled_from(vn(2, 23, 59)), day("2026-10-02"));
    let figures = Arc::new(Figures {
        sales: Vec::new(),
        refunds: Vec::new(),
        kept: Default::default(),
    });
    let service = ReportService::new(figures.clone(), crate::invoicing::VatRates::default());
    service.keep_settled_days(vn(31, 1, 30)).await.unwrap();
    assert_eq!(
        *figures.kept.lock().unwrap(),
        [(day("2026-10-31"), KEEP_DAYS_AT_ONCE)]
    );
}

#[test]
fn the_journal_puts_the_vat_each_category_includes_under_its_sales_and_refunds() {
    let fact = |d: &str, account: &str, key: &str, amount: i64| JournalFact {
        day: day(d),
        account: account.into(),
        key: key.into(),
        amount: Money::vnd(amount),
        count: 1,
    };
    let rates = crate::invoicing::VatRates::parse("8,dragon-massage=10").unwrap();
    let lines = journal(
        &[
            fact("2026-10-02", "VCOIN", "TOP_UP", 1_000_000),
            fact("2026-10-01", "SALES", "shuttle", 1_080_000),
            fact("2026-10-01", "SALES", "dragon-massage", 1_100_000),
            fact("2026-10-02", "REFUNDS", "shuttle", 540_000),
            fact("2026-10-02", "PAYOUTS", "", 200_000),
        ],
        rates,
    );
    let read: Vec<_> = lines
        .iter()
        .map(|l| {
            (
                l.day.to_string(),
                l.entry.code(),
                l.key.as_str(),
                l.amount.amount(),
                l.vat_percent,
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (
                "2026-10-01".into(),
                "sales",
                "dragon-massage",
                1_100_000,
                Some(10)
            ),
            ("2026-10-01".into(), "sales", "shuttle", 1_080_000, Some(8)),
            (
                "2026-10-01".into(),
                "sales_vat",
                "dragon-massage",
                100_000,
                Some(10)
            ),
            ("2026-10-01".into(), "sales_vat", "shuttle", 80_000, Some(8)),
            ("2026-10-02".into(), "refunds", "shuttle", 540_000, Some(8)),
            (
                "2026-10-02".into(),
                "refunds_vat",
                "shuttle",
                40_000,
                Some(8)
            ),
            ("2026-10-02".into(), "wallet", "TOP_UP", 1_000_000, None),
            ("2026-10-02".into(), "payouts", "", 200_000, None),
        ]
    );
}
