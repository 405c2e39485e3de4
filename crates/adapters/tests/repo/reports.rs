//! The reports' figures against real databases: a month of known orders, payments, refunds,
//! promotions, credit, tips, payouts and ledger entries (with some just outside the month, and
//! a sale at 23:30 on its last day), every figure asserted to the đồng with no day kept, with
//! half the month kept and with all of it; eight nodes keeping days at once keep each once;
//! exports page through the month; and the v-coin liability equals the ledger after random
//! wallet operations.

use adapters::{SqlCatalogRepository, SqlPaymentStore, SqlReportStore, on_both_databases};
use chrono::{NaiveDate, TimeZone, Utc};
use domain::catalog::{CatalogRepository, Category};
use domain::error::msg;
use domain::payment::{Cause, EntryKind, LedgerEntry, PaymentStore, Settlement};
use domain::reports::{
    Cursor, Grain, Line, MethodLine, Period, RefundLine, ReportService, ReportStore,
};
use domain::shared::{Money, UserId};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use sea_orm::{ConnectionTrait, DatabaseConnection};

use super::orders::customer;

/// Milliseconds of a Vietnam wall-clock time.
fn vn(month: u32, day: u32, hour: u32, minute: u32) -> i64 {
    let local = NaiveDate::from_ymd_opt(2026, month, day)
        .unwrap()
        .and_hms_opt(hour, minute, 0)
        .unwrap();
    Utc.from_utc_datetime(&(local - chrono::Duration::hours(7)))
        .timestamp_millis()
}

async fn exec(db: &DatabaseConnection, sql: &str) {
    db.execute_unprepared(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn order(
    db: &DatabaseConnection,
    id: &str,
    owner: &str,
    plan: &str,
    state: &str,
    total: i64,
    created: i64,
) {
    let category = if plan.starts_with('s') {
        "shuttle"
    } else {
        "charter"
    };
    exec(
        db,
        &format!(
            "INSERT INTO orders (id, owner, category, plan_id, plan_name, state, details, note, \
             estimate, total_vnd, start_at_ms, created_at_ms, updated_at_ms, expires_at_ms, version) \
             VALUES ('{id}', '{owner}', '{category}', '{plan}', 'Plan {plan}', '{state}', '{{}}', '', \
             '{{}}', {total}, {created}, {created}, {created}, {created}, 1)"
        ),
    )
    .await;
}

async fn payment(
    db: &DatabaseConnection,
    id: &str,
    owner: &str,
    order: Option<&str>,
    (purpose, method, state): (&str, &str, &str),
    amount: i64,
    settled: i64,
) {
    let order = order.map_or("NULL".to_owned(), |o| format!("'{o}'"));
    exec(
        db,
        &format!(
            "INSERT INTO payments (id, owner, order_id, method, amount_vnd, state, reference, \
             fingerprint, created_at_ms, settled_at_ms, purpose) VALUES ('{id}', '{owner}', {order}, \
             '{method}', {amount}, '{state}', 'R{id}', 'f', {settled}, {settled}, '{purpose}')"
        ),
    )
    .await;
}

async fn event(db: &DatabaseConnection, order: &str, seq: i32, from: &str, to: &str, at: i64) {
    exec(
        db,
        &format!(
            "INSERT INTO order_events (order_id, seq, from_state, to_state, at_ms, actor, reason) \
             VALUES ('{order}', {seq}, '{from}', '{to}', {at}, 'test', '')"
        ),
    )
    .await;
}

async fn ledger(
    db: &DatabaseConnection,
    owner: &str,
    kind: &str,
    amount: i64,
    after: i64,
    order: Option<&str>,
    at: i64,
) {
    let order = order.map_or("NULL".to_owned(), |o| format!("'{o}'"));
    exec(
        db,
        &format!(
            "INSERT INTO ledger_entries (owner, kind, amount_vnd, balance_after_vnd, order_id, note, at_ms) \
             VALUES ('{owner}', '{kind}', {amount}, {after}, {order}, 'ledger.adjustment', {at})"
        ),
    )
    .await;
}

async fn earning(db: &DatabaseConnection, key: &str, cause: &str, amount: i64, at: i64) {
    exec(
        db,
        &format!(
            "INSERT INTO partner_earnings (entry_key, partner_id, cause, amount_vnd, week, at_ms) \
             VALUES ('{key}', 'p1', '{cause}', {amount}, '2026-10-05', {at})"
        ),
    )
    .await;
}

async fn promo(
    db: &DatabaseConnection,
    code: &str,
    order: &str,
    owner: &str,
    discount: i64,
    given_back: Option<i64>,
) {
    let back = given_back.map_or("NULL".to_owned(), |b| b.to_string());
    exec(
        db,
        &format!(
            "INSERT INTO promo_uses (order_id, code, customer, discount_vnd, taken_at_ms, given_back_at_ms) \
             VALUES ('{order}', '{code}', '{owner}', {discount}, 0, {back})"
        ),
    )
    .await;
}

/// October 2026 with its neighbours' edges; the figures below are worked out by hand.
async fn a_known_month(db: &DatabaseConnection) {
    SqlCatalogRepository::new(db.clone())
        .import(
            &[
                adapters::testing::plan("s1", Category::Shuttle, 1, 500_000),
                adapters::testing::plan("c1", Category::Charter, 2, 1_200_000),
            ],
            &[],
            None,
        )
        .await
        .unwrap();
    customer(db, "c1", "c1@example.com").await;
    customer(db, "c2", "c2@example.com").await;
    customer(db, "p1", "p1@example.com").await;
    exec(
        db,
        "INSERT INTO partners (user_id, kind, name, phone_country_code, phone_number, languages, \
         active, created_at_ms, updated_at_ms) VALUES ('p1', 'driver', 'Minh', '84', '912345678', \
         'vi', true, 0, 0)",
    )
    .await;
    for code in ["TET10", "SUMMER"] {
        exec(
            db,
            &format!(
                "INSERT INTO promo_codes (code, kind, percent, min_spend_vnd, categories, plans, \
                 valid_from_ms, valid_until_ms, uses_per_customer, first_order_only, active, used, \
                 created_at_ms, updated_at_ms) VALUES ('{code}', 'fixed', 0, 0, '', '', 0, 0, 1, \
                 false, true, 0, 0, 0)"
            ),
        )
        .await;
    }

    // o1: a shuttle paid by VNPay on the 1st, tipped by VNPay on the 2nd.
    order(db, "o1", "c1", "s1", "COMPLETED", 500_000, vn(10, 1, 10, 0)).await;
    payment(
        db,
        "y1",
        "c1",
        Some("o1"),
        ("ORDER", "VNPAY", "SUCCEEDED"),
        500_000,
        vn(10, 1, 10, 5),
    )
    .await;
    payment(
        db,
        "y1t",
        "c1",
        Some("o1"),
        ("TIP", "VNPAY", "SUCCEEDED"),
        50_000,
        vn(10, 2, 9, 0),
    )
    .await;
    // o2: a charter paid by transfer at 23:30 on the 31st, with a promo code: October's.
    order(db, "o2", "c2", "c1", "PAID", 1_200_000, vn(10, 31, 22, 0)).await;
    payment(
        db,
        "y2",
        "c2",
        Some("o2"),
        ("ORDER", "VIETQR", "SUCCEEDED"),
        1_200_000,
        vn(10, 31, 23, 30),
    )
    .await;
    promo(db, "TET10", "o2", "c2", 100_000, None).await;
    // o3: a shuttle paid by v-coin on the 15th, cancelled the 16th, refunded to the wallet.
    order(db, "o3", "c1", "s1", "REFUNDED", 400_000, vn(10, 15, 8, 0)).await;
    payment(
        db,
        "y3",
        "c1",
        Some("o3"),
        ("ORDER", "VCOIN", "SUCCEEDED"),
        400_000,
        vn(10, 15, 8, 1),
    )
    .await;
    event(db, "o3", 2, "PAID", "REFUNDED", vn(10, 16, 12, 0)).await;
    // o4: a charter made and paid in September (at 23:30 on the 30th: September's); its change
    // paid by transfer on the 5th is October's, and a lower price's refund part to VNPay on the
    // 20th, still pending.
    order(
        db,
        "o4",
        "c2",
        "c1",
        "CONFIRMED",
        1_000_000,
        vn(9, 29, 9, 0),
    )
    .await;
    payment(
        db,
        "y4",
        "c2",
        Some("o4"),
        ("ORDER", "VNPAY", "SUCCEEDED"),
        800_000,
        vn(9, 30, 23, 30),
    )
    .await;
    payment(
        db,
        "y4c",
        "c2",
        Some("o4"),
        ("CHANGE", "VIETQR", "SUCCEEDED"),
        200_000,
        vn(10, 5, 11, 0),
    )
    .await;
    exec(
        db,
        &format!(
            "INSERT INTO refund_parts (id, order_id, owner, payment_id, cause, route, amount_vnd, \
             state, next_at_ms, created_at_ms) VALUES ('rp1', 'o4', 'c2', 'y4', 'change', 'VNPAY', \
             150000, 'PENDING', 0, {})",
            vn(10, 20, 10, 0)
        ),
    )
    .await;
    // o5: never paid (one failed try), cancelled the 3rd; its code given back.
    order(db, "o5", "c1", "s1", "CANCELLED", 500_000, vn(10, 3, 9, 0)).await;
    payment(
        db,
        "y5",
        "c1",
        Some("o5"),
        ("ORDER", "VNPAY", "FAILED"),
        500_000,
        vn(10, 3, 9, 5),
    )
    .await;
    event(
        db,
        "o5",
        2,
        "PENDING_PAYMENT",
        "CANCELLED",
        vn(10, 3, 10, 0),
    )
    .await;
    promo(db, "SUMMER", "o5", "c1", 50_000, Some(vn(10, 3, 10, 0))).await;
    // o6: made on the 31st, paid at 00:30 on 1 November: November's sale, October's order.
    order(db, "o6", "c2", "s1", "PAID", 600_000, vn(10, 31, 23, 50)).await;
    payment(
        db,
        "y6",
        "c2",
        Some("o6"),
        ("ORDER", "VNPAY", "SUCCEEDED"),
        600_000,
        vn(11, 1, 0, 30),
    )
    .await;
    promo(db, "SUMMER", "o6", "c2", 60_000, None).await;
    // o7: a draft, which no export lists.
    order(db, "o7", "c1", "s1", "DRAFT", 500_000, vn(10, 7, 9, 0)).await;
    // A top-up by VNPay on the 2nd.
    payment(
        db,
        "y8",
        "c1",
        None,
        ("TOP_UP", "VNPAY", "SUCCEEDED"),
        1_000_000,
        vn(10, 2, 8, 0),
    )
    .await;

    // The wallets and their ledger (c1 ends at 1,005,000, c2 at 230,000).
    ledger(
        db,
        "c1",
        "TOP_UP",
        1_000_000,
        1_000_000,
        None,
        vn(10, 2, 8, 0),
    )
    .await;
    ledger(
        db,
        "c1",
        "SPEND",
        -400_000,
        600_000,
        Some("o3"),
        vn(10, 15, 8, 1),
    )
    .await;
    ledger(
        db,
        "c1",
        "REFUND",
        400_000,
        1_000_000,
        Some("o3"),
        vn(10, 16, 12, 0),
    )
    .await;
    ledger(db, "c2", "GIFT", 300_000, 300_000, None, vn(10, 10, 9, 0)).await;
    ledger(
        db,
        "c2",
        "REFERRAL",
        50_000,
        350_000,
        None,
        vn(10, 12, 9, 0),
    )
    .await;
    ledger(
        db,
        "c2",
        "EXPIRY",
        -100_000,
        250_000,
        None,
        vn(10, 25, 0, 0),
    )
    .await;
    ledger(
        db,
        "c2",
        "ADJUSTMENT",
        -20_000,
        230_000,
        None,
        vn(10, 28, 15, 0),
    )
    .await;
    ledger(
        db,
        "c1",
        "ADJUSTMENT",
        5_000,
        1_005_000,
        None,
        vn(11, 2, 9, 0),
    )
    .await;
    exec(
        db,
        "INSERT INTO wallets (owner, balance_vnd, updated_at_ms) VALUES ('c1', 1005000, 0), \
         ('c2', 230000, 0)",
    )
    .await;

    // The partner: September's job, paid on 6 October; October's job, tip and no-show (at
    // 23:00 on the 31st); a job on 2 November.
    earning(db, "job:o0", "completed", 200_000, vn(9, 28, 12, 0)).await;
    earning(
        db,
        "week:p1:2026-09-28",
        "payout",
        -200_000,
        vn(10, 6, 9, 0),
    )
    .await;
    earning(db, "job:o1", "completed", 350_000, vn(10, 1, 12, 0)).await;
    earning(db, "tip:o1", "tip", 50_000, vn(10, 2, 9, 0)).await;
    earning(db, "job:o2", "no_show", 100_000, vn(10, 31, 23, 0)).await;
    earning(db, "job:o6", "completed", 300_000, vn(11, 2, 12, 0)).await;
}

fn october() -> Period {
    Period::parse("2026-10-01", "2026-10-31").unwrap()
}

fn tally(lines: &[Line]) -> Vec<(&str, i64, i64)> {
    lines
        .iter()
        .map(|l| (l.key.as_str(), l.amount.amount(), l.count))
        .collect()
}

/// The known month's figures, every one to the đồng, whatever days are kept.
async fn the_known_month_is_reported(db: &DatabaseConnection) {
    {
        let store = SqlReportStore::new(db.clone());
        let period = october();

        let sales = store.sales(&period).await.unwrap();
        let mut days: Vec<_> = sales
            .iter()
            .map(|s| {
                (
                    s.day.to_string(),
                    s.plan_id.as_str(),
                    s.amount.amount(),
                    s.orders,
                )
            })
            .collect();
        days.sort();
        assert_eq!(
            days,
            [
                ("2026-10-01".into(), "s1", 500_000, 1),
                ("2026-10-05".into(), "c1", 200_000, 0),
                ("2026-10-15".into(), "s1", 400_000, 1),
                ("2026-10-31".into(), "c1", 1_200_000, 1),
            ]
        );
        assert!(sales[0].plan_name.starts_with("Plan "));

        let mut methods = store.methods(&period).await.unwrap();
        methods.sort_by_key(|m| (m.method.code(), m.purpose.code()));
        let method = |m: &str, p: &str, amount: i64| MethodLine {
            method: domain::payment::Method::parse(m).unwrap(),
            purpose: domain::payment::PurposeKind::from_code(p).unwrap(),
            amount: Money::vnd(amount),
            count: 1,
        };
        assert_eq!(
            methods,
            [
                method("VCOIN", "ORDER", 400_000),
                method("VIETQR", "CHANGE", 200_000),
                method("VIETQR", "ORDER", 1_200_000),
                method("VNPAY", "ORDER", 500_000),
                method("VNPAY", "TIP", 50_000),
                method("VNPAY", "TOP_UP", 1_000_000),
            ]
        );

        let mut refunds: Vec<_> = store
            .refunds(&period)
            .await
            .unwrap()
            .into_iter()
            .map(|r| (r.day.to_string(), r.line))
            .collect();
        refunds.sort_by(|a, b| a.0.cmp(&b.0));
        let refund = |route: &str, state: &str, amount: i64| RefundLine {
            route: domain::payment::refund::Route::from_code(route).unwrap(),
            state: domain::payment::refund::RefundState::from_code(state).unwrap(),
            amount: Money::vnd(amount),
            count: 1,
        };
        assert_eq!(
            refunds,
            [
                ("2026-10-16".into(), refund("WALLET", "DONE", 400_000)),
                ("2026-10-20".into(), refund("VNPAY", "PENDING", 150_000)),
            ]
        );

        let c = store.cancellations(&period).await.unwrap();
        assert_eq!((c.paid, c.paid_value.amount(), c.unpaid), (1, 400_000, 1));
        assert_eq!(
            tally(&store.promotions(&period).await.unwrap()),
            [("TET10", 100_000, 1)]
        );
        assert_eq!(
            tally(&store.credit(&period).await.unwrap()),
            [
                ("ADJUSTMENT", -20_000, 1),
                ("EXPIRY", -100_000, 1),
                ("GIFT", 300_000, 1),
                ("REFERRAL", 50_000, 1),
            ]
        );
        let p = store.partners(&period).await.unwrap();
        assert_eq!(
            (
                p.earned.amount(),
                p.tips.amount(),
                p.tip_count,
                p.paid.amount(),
                p.due.amount()
            ),
            (450_000, 50_000, 1, 200_000, 500_000)
        );
        let l = store.liability(&period).await.unwrap();
        assert_eq!(
            (l.balances.amount(), l.ledger.amount(), l.at_end.amount()),
            (1_235_000, 1_235_000, 1_230_000)
        );

        // The journal: the same money, day by day, by account.
        let facts = store.journal(&period).await.unwrap();
        let sum = |account: &str| -> (i64, usize) {
            let of: Vec<_> = facts.iter().filter(|f| f.account == account).collect();
            (of.iter().map(|f| f.amount.amount()).sum(), of.len())
        };
        assert_eq!(sum("SALES"), (2_300_000, 4));
        assert_eq!(sum("REFUNDS"), (550_000, 2));
        assert_eq!(sum("VCOIN"), (1_230_000, 7));
        assert_eq!(sum("PAYOUTS"), (200_000, 1));
        let refunds: Vec<_> = facts
            .iter()
            .filter(|f| f.account == "REFUNDS")
            .map(|f| (f.day.to_string(), f.key.as_str(), f.amount.amount()))
            .collect();
        assert!(refunds.contains(&("2026-10-16".into(), "shuttle", 400_000)));
        assert!(refunds.contains(&("2026-10-20".into(), "charter", 150_000)));

        // The whole report: its totals and its stretches agree with the figures.
        let reports = ReportService::new(
            std::sync::Arc::new(store),
            domain::invoicing::VatRates::parse("8").unwrap(),
        );
        let admin = domain::audit::Staff::Shell {
            name: "test".into(),
        };
        for (grain, stretches) in [(Grain::Day, 31), (Grain::Week, 5), (Grain::Month, 1)] {
            let r = reports.report(&admin, period, grain).await.unwrap();
            assert_eq!(r.over_time.len(), stretches);
            let t = r.totals;
            assert_eq!(
                (
                    t.sales.amount(),
                    t.orders,
                    t.refunds.amount(),
                    t.net.amount()
                ),
                (2_300_000, 3, 550_000, 1_750_000)
            );
            assert_eq!(
                (t.promotions.amount(), t.credit.amount()),
                (100_000, 230_000)
            );
            assert_eq!(
                tally(&r.categories),
                [("charter", 1_400_000, 1), ("shuttle", 900_000, 2)]
            );
        }
        // At 8%, the journal's VAT on October's 2,300,000 of sales, per day and category.
        let lines = reports.journal(&admin, &period).await.unwrap();
        let vat: i64 = lines
            .iter()
            .filter(|l| l.entry == domain::reports::Entry::SalesVat)
            .map(|l| l.amount.amount())
            .sum();
        // 500,000 → 37,037; 200,000 → 14,815; 400,000 → 29,630; 1,200,000 → 88,889.
        assert_eq!(vat, 37_037 + 14_815 + 29_630 + 88_889);
        let by_day = reports.report(&admin, period, Grain::Day).await.unwrap();
        assert_eq!(by_day.over_time[30].sales, Money::vnd(1_200_000));
        assert_eq!(by_day.over_time[15].refunds, Money::vnd(400_000));
        // November sees its own sale and none of October's.
        let november = Period::parse("2026-11-01", "2026-11-30").unwrap();
        let r = reports
            .report(&admin, november, Grain::Month)
            .await
            .unwrap();
        assert_eq!((r.totals.sales.amount(), r.totals.orders), (600_000, 1));
        assert_eq!(tally(&r.promotions), [("SUMMER", 60_000, 1)]);
        assert_eq!(r.partners.earned, Money::vnd(300_000));
        assert_eq!(r.partners.due, Money::vnd(800_000));
    }
}

fn day(raw: &str) -> NaiveDate {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").unwrap()
}

/// The days with money to keep: from the first payment (30 September) to 2 November.
const DAYS_TO_KEEP: u32 = 34;

on_both_databases!(
    a_month_of_known_money_is_reported_to_the_dong,
    |db: DatabaseConnection| async move {
        a_known_month(&db).await;
        // Nothing kept: every figure read from the ledgers.
        the_known_month_is_reported(&db).await;
        let store = SqlReportStore::new(db.clone());
        // Kept from the first day of money to 15 October: October half kept, half live.
        assert_eq!(store.keep_days(day("2026-10-16"), 400).await.unwrap(), 16);
        the_known_month_is_reported(&db).await;
        // At most `max` at a time, then the rest; kept days are not kept again.
        assert_eq!(store.keep_days(day("2026-11-03"), 5).await.unwrap(), 5);
        assert_eq!(
            store.keep_days(day("2026-11-03"), 400).await.unwrap(),
            DAYS_TO_KEEP - 21
        );
        assert_eq!(store.keep_days(day("2026-11-03"), 400).await.unwrap(), 0);
        the_known_month_is_reported(&db).await;
    }
);

on_both_databases!(
    eight_nodes_keeping_at_once_keep_each_day_once,
    |db: DatabaseConnection| async move {
        a_known_month(&db).await;
        let mut keeping = tokio::task::JoinSet::new();
        for _ in 0..8 {
            let store = SqlReportStore::new(db.clone());
            keeping.spawn(async move { store.keep_days(day("2026-11-03"), 400).await });
        }
        let mut kept = Vec::new();
        while let Some(done) = keeping.join_next().await {
            kept.push(done.unwrap().unwrap());
        }
        assert_eq!(kept.iter().sum::<u32>(), DAYS_TO_KEEP, "{kept:?}");
        the_known_month_is_reported(&db).await;
    }
);

on_both_databases!(
    exports_page_through_the_month_in_order_and_leave_nothing_out,
    |db: DatabaseConnection| async move {
        a_known_month(&db).await;
        let store = SqlReportStore::new(db.clone());
        let period = october();
        let mut ids = Vec::new();
        let mut after: Option<Cursor> = None;
        loop {
            let page = store.orders_page(&period, after.as_ref(), 2).await.unwrap();
            assert!(page.len() <= 2);
            ids.extend(page.iter().map(|o| o.id.clone()));
            match page.last() {
                Some(o) => {
                    after = Some(Cursor {
                        at: o.created_at,
                        id: o.id.clone(),
                    })
                }
                None => break,
            }
        }
        // Oldest first; o4 is September's, o7 a draft.
        assert_eq!(ids, ["o1", "o5", "o3", "o2", "o6"]);
        let all = store.orders_page(&period, None, 100).await.unwrap();
        let o4 = store
            .orders_page(
                &Period::parse("2026-09-01", "2026-09-30").unwrap(),
                None,
                10,
            )
            .await
            .unwrap();
        assert_eq!(
            (o4[0].paid.amount(), o4[0].refunded.amount()),
            (1_000_000, 150_000)
        );
        let o3 = all.iter().find(|o| o.id == "o3").unwrap();
        assert_eq!((o3.paid.amount(), o3.refunded.amount()), (400_000, 400_000));

        let mut kinds = Vec::new();
        let mut after: Option<Cursor> = None;
        loop {
            let page = store.ledger_page(&period, after.as_ref(), 3).await.unwrap();
            kinds.extend(page.iter().map(|e| (e.kind.clone(), e.amount.amount())));
            match page.last() {
                Some(e) => {
                    after = Some(Cursor {
                        at: e.at,
                        id: e.id.clone(),
                    })
                }
                None => break,
            }
        }
        assert_eq!(kinds.len(), 7);
        assert_eq!(kinds[0], ("TOP_UP".into(), 1_000_000));
        assert_eq!(kinds.iter().map(|k| k.1).sum::<i64>(), 1_230_000);
    }
);

/// One wallet operation of the property below.
#[derive(Debug, Clone)]
enum Op {
    TopUp(usize, i64),
    Adjust(usize, i64),
    Grant(usize, i64),
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    use proptest::prelude::*;
    let amount = (1i64..2_000).prop_map(|k| k * 1_000);
    let who = 0usize..3;
    prop::collection::vec(
        prop_oneof![
            (who.clone(), amount.clone()).prop_map(|(w, a)| Op::TopUp(w, a)),
            (who.clone(), amount.clone(), any::<bool>())
                .prop_map(|(w, a, down)| Op::Adjust(w, if down { -a } else { a })),
            (who, amount).prop_map(|(w, a)| Op::Grant(w, a)),
        ],
        1..30,
    )
}

on_both_databases!(
    the_v_coin_liability_equals_the_ledger_after_random_operations,
    |db: DatabaseConnection| async move {
        let payments = SqlPaymentStore::new(db.clone());
        let reports = SqlReportStore::new(db.clone());
        let mut owners = Vec::new();
        for n in 0..3 {
            owners.push(customer(&db, &format!("w{n}"), &format!("w{n}@example.com")).await);
        }
        let at = Utc.with_ymd_and_hms(2026, 10, 10, 3, 0, 0).unwrap();
        let mut runner = TestRunner::deterministic();
        let mut expected = 0i64;
        for case in 0..6 {
            let ops = ops().new_tree(&mut runner).unwrap().current();
            for (n, op) in ops.iter().enumerate() {
                let (who, entry): (&UserId, LedgerEntry) = match *op {
                    Op::TopUp(w, a) => (
                        &owners[w],
                        LedgerEntry::new(
                            &owners[w],
                            EntryKind::TopUp,
                            Money::vnd(a),
                            Cause::Operator {
                                who: "test".into(),
                                reason: String::new(),
                            },
                            msg("ledger.top_up"),
                            at,
                        ),
                    ),
                    Op::Adjust(w, a) => (
                        &owners[w],
                        LedgerEntry::new(
                            &owners[w],
                            EntryKind::Adjustment,
                            Money::vnd(a),
                            Cause::Operator {
                                who: "test".into(),
                                reason: String::new(),
                            },
                            msg("ledger.top_up"),
                            at,
                        ),
                    ),
                    Op::Grant(w, a) => (
                        &owners[w],
                        LedgerEntry::grant(
                            &owners[w],
                            &format!("G{case}X{n}"),
                            Money::vnd(a),
                            msg("ledger.gift"),
                            at,
                            None,
                        ),
                    ),
                };
                let amount = entry.amount.amount();
                let before = payments.balance(who).await.unwrap().amount();
                let written = payments
                    .settle_alone(&Settlement {
                        entries: vec![entry],
                        ..Settlement::default()
                    })
                    .await;
                // A debit past the balance is refused whole; everything else is written.
                assert_eq!(written.is_ok(), before + amount >= 0, "{op:?} on {before}");
                if written.is_ok() {
                    expected += amount;
                }
                let l = reports.liability(&october()).await.unwrap();
                assert!(l.balanced(), "case {case}, {op:?}: {l:?}");
                assert_eq!(l.ledger.amount(), expected);
            }
        }
    }
);
