//! Reports over the wire, after real sales: a top-up, an order paid by v-coin, one paid through
//! VNPay's IPN and cancelled to the wallet. The admin's report counts each once and its liability
//! equals the wallet; the CSV files stream back with a byte-order mark and the same totals; an
//! operator reaches none of it.

use futures_util::StreamExt;
use gateway::pb::report_service_client::ReportServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use super::operations::{Cred, staff_token, with};
use super::orders::token_for;
use super::payments::{balance, ipn, pay, pending_order, top_up, vnpay_result};
use super::*;

async fn reports(app: &TestApp) -> ReportServiceClient<Channel> {
    ReportServiceClient::connect(app.url("")).await.unwrap()
}

/// Yesterday to tomorrow in Vietnam: today's sales, whatever the hour.
fn around_today() -> (String, String) {
    let today = (chrono::Utc::now() + chrono::Duration::hours(7)).date_naive();
    let day = |d: i64| (today + chrono::Duration::days(d)).to_string();
    (day(-1), day(1))
}

/// The file an export streams, whole, and its name.
async fn export(app: &TestApp, token: &str, what: pb::ReportExport) -> (String, String) {
    let (from, until) = around_today();
    let mut chunks = reports(app)
        .await
        .export_report(signed(
            token,
            pb::ExportReportRequest {
                from,
                until,
                grain: pb::ReportGrain::Day.into(),
                export: what.into(),
            },
        ))
        .await
        .unwrap()
        .into_inner();
    let (mut name, mut bytes) = (String::new(), Vec::new());
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.unwrap();
        if name.is_empty() {
            name = chunk.filename;
        }
        bytes.extend(chunk.chunk);
    }
    (name, String::from_utf8(bytes).unwrap())
}

fn rows(text: &str) -> Vec<Vec<String>> {
    assert!(text.starts_with('\u{feff}'), "{text}");
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.trim_start_matches('\u{feff}').as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

api_test!(
    an_admin_reads_the_days_sales_once_each_and_exports_them,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        assert_eq!(top_up(app, &ann, 1_000_000, "top-1").await.0, 200);
        let by_coin = pending_order(app, &ann).await;
        assert_eq!(pay(app, &ann, &by_coin, "VCOIN", "pay-1").await.0, 200);
        let by_vnpay = pending_order(app, &ann).await;
        let (status, body) = pay(app, &ann, &by_vnpay, "VNPAY", "pay-2").await;
        assert_eq!(status, 200, "{body}");
        let txn = body["data"]["id"].as_str().unwrap();
        assert_eq!(ipn(app, &vnpay_result(txn, "48000000", "00")).await, "00");
        // The VNPay one is cancelled, its refund to the wallet (the default).
        let (status, body) = app
            .post(
                &format!("/api/order/detail/{by_vnpay}/cancel"),
                serde_json::json!({"reason": "行程改變"}),
                Some(&ann),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let refunded = body["data"]["refundVnd"].as_i64().unwrap();
        assert!(refunded > 0, "{body}");
        let wallet = balance(app, &ann).await;
        assert_eq!(wallet, 1_000_000 - 480_000 + refunded);

        let admin = staff_token(app, "books@example.com", "admin").await;
        let (from, until) = around_today();
        let report = reports(app)
            .await
            .get_report(signed(
                &admin,
                pb::GetReportRequest {
                    from: from.clone(),
                    until: until.clone(),
                    grain: pb::ReportGrain::Day.into(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        let totals = report.totals.unwrap();
        assert_eq!((totals.sales_vnd, totals.orders), (960_000, 2));
        assert_eq!(totals.refunds_vnd, refunded);
        assert_eq!(totals.net_vnd, 960_000 - refunded);
        assert_eq!(report.over_time.len(), 3);
        assert_eq!(
            report.over_time.iter().map(|b| b.sales_vnd).sum::<i64>(),
            960_000
        );
        assert_eq!(
            report
                .categories
                .iter()
                .map(|c| (c.key.as_str(), c.amount_vnd, c.count))
                .collect::<Vec<_>>(),
            [("shuttle", 960_000, 2)]
        );
        let mut methods: Vec<_> = report
            .methods
            .iter()
            .map(|m| (m.method(), m.purpose(), m.amount_vnd))
            .collect();
        methods.sort_by_key(|m| (m.0 as i32, m.1 as i32));
        assert_eq!(
            methods,
            [
                (pb::PaymentMethod::Vcoin, pb::PaymentPurpose::Order, 480_000),
                (pb::PaymentMethod::Vnpay, pb::PaymentPurpose::Order, 480_000),
                (pb::PaymentMethod::Dev, pb::PaymentPurpose::TopUp, 1_000_000),
            ]
        );
        assert_eq!(
            report
                .refunds
                .iter()
                .map(|r| (r.route.as_str(), r.state.as_str(), r.amount_vnd))
                .collect::<Vec<_>>(),
            [("WALLET", "DONE", refunded)]
        );
        let cancelled = report.cancellations.unwrap();
        assert_eq!((cancelled.paid, cancelled.paid_value_vnd), (1, 480_000));
        let liability = report.liability.unwrap();
        assert!(liability.balanced);
        assert_eq!(
            (
                liability.balances_vnd,
                liability.ledger_vnd,
                liability.at_end_vnd
            ),
            (wallet, wallet, wallet)
        );

        // The summary file: the same totals, headers and words in the admin's language.
        let (name, text) = export(app, &admin, pb::ReportExport::Summary).await;
        assert_eq!(name, format!("report-{from}_{until}.csv"));
        let sheet = rows(&text);
        assert_eq!(sheet[0], ["項目", "名稱", "明細", "金額（越南盾）", "筆數"]);
        let total = |key: &str| {
            sheet
                .iter()
                .find(|r| r[0] == "合計" && r[1] == key)
                .unwrap_or_else(|| panic!("{key}: {sheet:?}"))[3]
                .parse::<i64>()
                .unwrap()
        };
        assert_eq!(total("營收"), 960_000);
        assert_eq!(total("退款"), refunded);
        assert_eq!(total("淨營收"), 960_000 - refunded);
        let over_time: i64 = sheet
            .iter()
            .filter(|r| r[0] == "營收趨勢" && r[2] == "營收")
            .map(|r| r[3].parse::<i64>().unwrap())
            .sum();
        assert_eq!(over_time, 960_000);

        // The orders: both, oldest first, with what each paid and got back.
        let (name, text) = export(app, &admin, pb::ReportExport::Orders).await;
        assert!(name.starts_with("orders-"), "{name}");
        let sheet = rows(&text);
        assert_eq!(sheet.len(), 3, "{sheet:?}");
        assert_eq!(sheet[1][0], by_coin);
        assert_eq!(sheet[2][0], by_vnpay);
        assert_eq!(sheet[2][5], "已退款");
        assert_eq!(
            sheet[2][7..].to_vec(),
            ["480000", "480000", &refunded.to_string()]
        );
        // The ledger: the top-up, the spend and the refund, signed, and nothing else.
        let (_, text) = export(app, &admin, pb::ReportExport::Ledger).await;
        let sheet = rows(&text);
        let amounts: Vec<i64> = sheet[1..].iter().map(|r| r[4].parse().unwrap()).collect();
        assert_eq!(amounts, [1_000_000, -480_000, refunded]);

        // The journal: the day's sales and the VAT they include (10% by default), the refund and
        // its VAT, the wallet's movements by kind.
        let (name, text) = export(app, &admin, pb::ReportExport::Journal).await;
        assert!(name.starts_with("journal-"), "{name}");
        let sheet = rows(&text);
        assert_eq!(sheet[0][..4], ["日期", "科目", "名稱", "金額（越南盾）"]);
        let entry = |what: &str| -> i64 {
            sheet
                .iter()
                .filter(|r| r[1] == what)
                .map(|r| r[3].parse::<i64>().unwrap())
                .sum()
        };
        assert_eq!(entry("營收（含稅）"), 960_000);
        assert_eq!(entry("銷項增值稅"), 87_273);
        assert_eq!(entry("退款（含稅）"), refunded);
        assert_eq!(entry("v幣異動"), wallet);

        // Operators run the day; the books are admins'.
        let operator = staff_token(app, "desk@example.com", "operator").await;
        let refused = reports(app)
            .await
            .get_report(signed(
                &operator,
                pb::GetReportRequest {
                    from: from.clone(),
                    until: until.clone(),
                    grain: 0,
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied);
        let refused = reports(app)
            .await
            .export_report(with(
                &Cred::Token(&operator),
                pb::ExportReportRequest {
                    from: from.clone(),
                    until: until.clone(),
                    grain: 0,
                    export: pb::ReportExport::Orders.into(),
                },
            ))
            .await
            .map(|_| ())
            .unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied);
        let refused = reports(app)
            .await
            .get_report(tonic::Request::new(pb::GetReportRequest::default()))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::Unauthenticated);

        // A period the wrong way round, or longer than a leap year, is refused in words.
        for (from, until) in [("2026-10-02", "2026-10-01"), ("2025-01-01", "2026-01-02")] {
            let refused = reports(app)
                .await
                .get_report(signed(
                    &admin,
                    pb::GetReportRequest {
                        from: from.into(),
                        until: until.into(),
                        grain: 0,
                    },
                ))
                .await
                .unwrap_err();
            assert_eq!(refused.code(), Code::InvalidArgument);
            assert_eq!(refused_field(&refused), "until");
        }
    }
);
