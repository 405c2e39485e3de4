//! Inviting friends over the wire: an admin opens the program; a customer's code is claimed once by
//! a new customer (not by its owner, an e-mail twin, or someone who has ordered); when the new
//! customer's first order is completed, both receive the credit promised at the claim, once.

use std::time::Duration;

use gateway::pb::operator_service_client::OperatorServiceClient;
use gateway::pb::payment_service_client::PaymentServiceClient;
use gateway::pb::referral_service_client::ReferralServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use super::member::{pay_with_vcoin, pending};
use super::operations::{Cred, operator_token, with};
use super::orders::token_for;
use super::*;

async fn referrals(app: &TestApp) -> ReferralServiceClient<Channel> {
    ReferralServiceClient::connect(app.url("")).await.unwrap()
}

async fn ops(app: &TestApp) -> OperatorServiceClient<Channel> {
    OperatorServiceClient::connect(app.url("")).await.unwrap()
}

async fn claim(
    app: &TestApp,
    token: &str,
    code: &str,
) -> Result<pb::ClaimReferralResponse, tonic::Status> {
    referrals(app)
        .await
        .claim_referral(signed(
            token,
            pb::ClaimReferralRequest { code: code.into() },
        ))
        .await
        .map(|r| r.into_inner())
}

fn refused_with(r: Result<pb::ClaimReferralResponse, tonic::Status>, words: &str) {
    let e = r.unwrap_err();
    assert_eq!(e.code(), Code::FailedPrecondition, "{e:?}");
    assert!(e.message().contains(words), "{}", e.message());
}

async fn wallet(app: &TestApp, token: &str) -> pb::GetWalletResponse {
    PaymentServiceClient::connect(app.url(""))
        .await
        .unwrap()
        .get_wallet(signed(token, pb::GetWalletRequest {}))
        .await
        .unwrap()
        .into_inner()
}

async fn program(app: &TestApp, admin: &str, active: bool) {
    let program = pb::ReferralProgram {
        active,
        referrer_vnd: 100_000,
        referred_vnd: 50_000,
        credit_days: 60,
    };
    ops(app)
        .await
        .update_referral_program(with(
            &Cred::Token(admin),
            pb::UpdateReferralProgramRequest {
                program: Some(program),
            },
        ))
        .await
        .unwrap();
}

api_test!(
    a_new_customers_first_completed_order_rewards_both_sides_once,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        let ann = token_for(app, "ann.lee@gmail.com").await;
        let bob = token_for(app, "bob@example.com").await;
        let code = referrals(app)
            .await
            .get_referral(signed(&ann, pb::GetReferralRequest {}))
            .await
            .unwrap()
            .into_inner()
            .code;
        assert_eq!(code.len(), 8);

        // Closed, nobody claims; open, the rules say who may.
        refused_with(claim(app, &bob, &code).await, "目前未開放");
        program(app, &admin, true).await;
        let twin = token_for(app, "annlee+trips@gmail.com").await;
        refused_with(claim(app, &twin, &code).await, "另一個信箱");
        refused_with(claim(app, &ann, &code).await, "自己的邀請");
        refused_with(claim(app, &bob, "ZZZZZZZZ").await, "查無邀請碼");
        let carol = token_for(app, "carol@example.com").await;
        let hers = pending(app, &carol, 4).await;
        pay_with_vcoin(app, &carol, &hers).await;
        refused_with(claim(app, &carol, &code).await, "新顧客");

        // Bob's claim sent five times at once: one stands.
        let sends: Vec<_> = (0..5)
            .map(|_| {
                let (url, bob, code) = (app.url(""), bob.clone(), code.to_lowercase());
                tokio::spawn(async move {
                    ReferralServiceClient::connect(url)
                        .await
                        .unwrap()
                        .claim_referral(signed(&bob, pb::ClaimReferralRequest { code }))
                        .await
                })
            })
            .collect();
        let mut stood = 0;
        for s in sends {
            match s.await.unwrap() {
                Ok(r) => {
                    stood += 1;
                    assert_eq!(
                        (r.get_ref().referred_vnd, r.get_ref().credit_days),
                        (50_000, 60)
                    );
                }
                Err(e) => assert!(e.message().contains("已使用過邀請"), "{e:?}"),
            }
        }
        assert_eq!(stood, 1);
        let standing = referrals(app)
            .await
            .get_referral(signed(&ann, pb::GetReferralRequest {}))
            .await
            .unwrap()
            .into_inner();
        assert_eq!((standing.invited, standing.rewarded), (1, 0));

        // Bob's first order: paid, nothing yet; completed, both are credited by the node's pass.
        let id = pending(app, &bob, 3).await;
        pay_with_vcoin(app, &bob, &id).await;
        assert_eq!(wallet(app, &ann).await.balance_vnd, 0);
        let mut c = ops(app).await;
        c.confirm_order(with(
            &Cred::Token(&admin),
            pb::ConfirmOrderRequest {
                order_id: id.clone(),
                ..Default::default()
            },
        ))
        .await
        .unwrap();
        adapters::testing::serve_order(&app.db.db, &id).await;
        c.complete_order(with(
            &Cred::Token(&admin),
            pb::CompleteOrderRequest {
                order_id: id.clone(),
                seen_version: None,
            },
        ))
        .await
        .unwrap();
        let mut waited = 0;
        while wallet(app, &ann).await.balance_vnd == 0 && waited < 100 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            waited += 1;
        }
        let theirs = wallet(app, &ann).await;
        assert_eq!(theirs.balance_vnd, 100_000);
        assert_eq!(theirs.expiring.len(), 1, "the credit lasts 60 days");
        assert_eq!(wallet(app, &bob).await.balance_vnd, 50_000);
        // Passes go on; the reward was given once.
        tokio::time::sleep(Duration::from_millis(2_500)).await;
        assert_eq!(wallet(app, &ann).await.balance_vnd, 100_000);
        assert_eq!(wallet(app, &bob).await.balance_vnd, 50_000);
        let entries = PaymentServiceClient::connect(app.url(""))
            .await
            .unwrap()
            .list_ledger_entries(signed(&ann, pb::ListLedgerEntriesRequest::default()))
            .await
            .unwrap()
            .into_inner()
            .entries;
        assert_eq!(
            entries.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>(),
            ["REFERRAL"]
        );
        let standing = referrals(app)
            .await
            .get_referral(signed(&ann, pb::GetReferralRequest {}))
            .await
            .unwrap()
            .into_inner();
        assert_eq!((standing.invited, standing.rewarded), (1, 1));
    }
);
