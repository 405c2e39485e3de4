//! Gift codes over the wire: admins issue a batch and export it as CSV; a customer redeems a code
//! into the wallet once, however often the request is replayed; the credit it gives expires, is
//! spent first, and comes back to its lot when the order it paid for is cancelled.

use gateway::pb::operator_service_client::OperatorServiceClient;
use gateway::pb::payment_service_client::PaymentServiceClient;
use serde_json::json;
use tonic::Code;
use tonic::transport::Channel;

use super::member::{pay_in_vcoin, pending};
use super::operations::{Cred, operator_token, with};
use super::orders::token_for;
use super::*;

async fn ops(app: &TestApp) -> OperatorServiceClient<Channel> {
    OperatorServiceClient::connect(app.url("")).await.unwrap()
}

async fn wallet(app: &TestApp) -> PaymentServiceClient<Channel> {
    PaymentServiceClient::connect(app.url("")).await.unwrap()
}

fn vietnam_day(days: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::hours(7) + chrono::Duration::days(days))
        .format("%Y-%m-%d")
        .to_string()
}

async fn redeem(
    app: &TestApp,
    token: &str,
    code: &str,
    key: &str,
) -> Result<pb::RedeemGiftCodeResponse, tonic::Status> {
    let mut r = signed(token, pb::RedeemGiftCodeRequest { code: code.into() });
    r.metadata_mut()
        .insert("idempotency-key", key.parse().unwrap());
    wallet(app)
        .await
        .redeem_gift_code(r)
        .await
        .map(|r| r.into_inner())
}

async fn balance(app: &TestApp, token: &str) -> pb::GetWalletResponse {
    wallet(app)
        .await
        .get_wallet(signed(token, pb::GetWalletRequest {}))
        .await
        .unwrap()
        .into_inner()
}

api_test!(
    a_batch_is_issued_and_exported_and_a_code_redeemed_once_however_often_it_is_sent,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        let issue = pb::IssueGiftCodesRequest {
            name: "Tết 2027".into(),
            count: 3,
            amount_vnd: 200_000,
            redeem_until: vietnam_day(30),
            credit_days: 90,
        };
        let batch = ops(app)
            .await
            .issue_gift_codes(with(&Cred::Token(&admin), issue.clone()))
            .await
            .unwrap()
            .into_inner()
            .batch
            .unwrap();
        assert_eq!(
            (
                batch.codes,
                batch.redeemed,
                batch.amount_vnd,
                batch.credit_days
            ),
            (3, 0, 200_000, 90)
        );
        assert_eq!(batch.redeem_until, vietnam_day(30));
        // A batch's name is its own; bounds not kept name their field.
        let again = ops(app)
            .await
            .issue_gift_codes(with(&Cred::Token(&admin), issue.clone()))
            .await
            .unwrap_err();
        assert_eq!(again.code(), Code::Aborted, "{again:?}");
        let bad = pb::IssueGiftCodesRequest {
            name: "Bad".into(),
            amount_vnd: 200_500,
            ..issue.clone()
        };
        let refused = ops(app)
            .await
            .issue_gift_codes(with(&Cred::Token(&admin), bad))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument);

        // The CSV: a byte-order mark, a header, one row a code as printed.
        let export = ops(app)
            .await
            .export_gift_batch(with(
                &Cred::Token(&admin),
                pb::ExportGiftBatchRequest {
                    name: "Tết 2027".into(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert!(export.filename.ends_with(".csv"), "{}", export.filename);
        let text = export
            .csv
            .strip_prefix('\u{feff}')
            .expect("a byte-order mark");
        let rows: Vec<Vec<String>> = text
            .lines()
            .map(|l| l.split(',').map(str::to_owned).collect())
            .collect();
        assert_eq!(rows[0][0], "序號", "headers in the caller's language");
        assert_eq!(rows.len(), 4);
        let codes: Vec<String> = rows[1..].iter().map(|r| r[0].clone()).collect();
        assert!(
            codes
                .iter()
                .all(|c| c.len() == 19 && c.matches('-').count() == 3)
        );

        // Ten sends of one redeem at once, with one key: one credit, ten like answers.
        let ann = token_for(app, "ann@example.com").await;
        let typed = codes[0].to_lowercase().replace('-', " ");
        let sends: Vec<_> = (0..10)
            .map(|_| {
                let (app_url, ann, typed) = (app.url(""), ann.clone(), typed.clone());
                tokio::spawn(async move {
                    let mut r = signed(&ann, pb::RedeemGiftCodeRequest { code: typed });
                    r.metadata_mut()
                        .insert("idempotency-key", "redeem-1".parse().unwrap());
                    PaymentServiceClient::connect(app_url)
                        .await
                        .unwrap()
                        .redeem_gift_code(r)
                        .await
                        .map(|r| r.into_inner())
                })
            })
            .collect();
        let mut answers = Vec::new();
        for s in sends {
            answers.push(s.await.unwrap().expect("a replay answers as the first"));
        }
        assert!(
            answers
                .iter()
                .all(|a| a.code == codes[0] && a.amount_vnd == 200_000)
        );
        assert!(answers.iter().all(|a| a.credit_expires_at.is_some()));
        let w = balance(app, &ann).await;
        assert_eq!(w.balance_vnd, 200_000);
        assert_eq!(w.expiring.len(), 1);
        assert_eq!(
            (w.expiring[0].amount_vnd, &w.expiring[0].gift_code),
            (200_000, &codes[0])
        );
        let entries = wallet(app)
            .await
            .list_ledger_entries(signed(&ann, pb::ListLedgerEntriesRequest::default()))
            .await
            .unwrap()
            .into_inner()
            .entries;
        assert_eq!(entries.len(), 1);
        assert_eq!(
            (entries[0].kind.as_str(), &entries[0].gift_code),
            ("GIFT", &codes[0])
        );

        // Another request of hers, someone else, a code that is none: refused in words.
        let mine = redeem(app, &ann, &codes[0], "redeem-2").await.unwrap_err();
        assert_eq!(mine.code(), Code::FailedPrecondition);
        assert!(mine.message().contains(&codes[0]), "{}", mine.message());
        let bob = token_for(app, "bob@example.com").await;
        let theirs = redeem(app, &bob, &codes[0], "redeem-1").await.unwrap_err();
        assert_eq!(theirs.code(), Code::FailedPrecondition);
        let none = redeem(app, &bob, "ZZZZ-ZZZZ-ZZZZ-ZZZZ", "redeem-3")
            .await
            .unwrap_err();
        assert_eq!(none.code(), Code::FailedPrecondition);
        let form = redeem(app, &bob, "=1+1", "redeem-4").await.unwrap_err();
        assert_eq!(form.code(), Code::InvalidArgument);
        let unkeyed = wallet(app)
            .await
            .redeem_gift_code(signed(
                &bob,
                pb::RedeemGiftCodeRequest {
                    code: codes[1].clone(),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(unkeyed.code(), Code::InvalidArgument);

        // Codes cannot be tried by the thousand: Bob's failures so far (two) and eight more fill
        // his hour; then even a good code waits, and he is told how long.
        for n in 0..8 {
            let miss = redeem(app, &bob, "ZZZZ-ZZZZ-ZZZZ-ZZZZ", &format!("miss-{n}")).await;
            assert_eq!(miss.unwrap_err().code(), Code::FailedPrecondition);
        }
        let held = redeem(app, &bob, &codes[1], "redeem-5").await.unwrap_err();
        assert_eq!(held.code(), Code::ResourceExhausted, "{held:?}");
        assert!(held.message().contains("分鐘後再試"), "{}", held.message());

        // The console's list counts the redeemed.
        let listed = ops(app)
            .await
            .list_gift_batches(with(&Cred::Token(&admin), pb::ListGiftBatchesRequest {}))
            .await
            .unwrap()
            .into_inner()
            .batches;
        assert_eq!(
            listed
                .iter()
                .map(|b| (b.name.as_str(), b.redeemed))
                .collect::<Vec<_>>(),
            [("Tết 2027", 1)]
        );

        // Paying takes the gift credit first; cancelling gives it back to its lot.
        let order = pending(app, &ann, 3).await;
        pay_in_vcoin(app, &ann, "shuttle", &order, 280_000).await;
        let w = balance(app, &ann).await;
        assert_eq!((w.balance_vnd, w.expiring.len()), (0, 0));
        let (status, body) = app
            .post(
                &format!("/api/order/detail/{order}/cancel"),
                json!({}),
                Some(&ann),
            )
            .await;
        assert_eq!(
            (status, body["data"]["refundVnd"].as_i64()),
            (200, Some(480_000))
        );
        let w = balance(app, &ann).await;
        assert_eq!(w.balance_vnd, 480_000);
        assert_eq!(
            w.expiring.iter().map(|e| e.amount_vnd).collect::<Vec<_>>(),
            [200_000]
        );
    }
);
