//! Payments over the wire: v-coin (also under parallel requests), top-ups with the dev provider,
//! VietQR transfers confirmed by signed bank notices, VNPay's IPN and return, and cancelling a
//! paid order into the wallet. Every case on SQLite and PostgreSQL.

use adapters::providers::payments::{HmacBankFeed, VnPay, VnPayConfig};
use serde_json::json;

use super::orders::{code_of, contact, shuttle, token_for};
use super::*;

async fn send(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
    key: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    send_raw(&app.http, &app.url(path), method, token, key, body).await
}

async fn send_raw(
    http: &reqwest::Client,
    url: &str,
    method: reqwest::Method,
    token: &str,
    key: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut r = http
        .request(method, url)
        .header("authorization-firebase", token);
    if let Some(k) = key {
        r = r.header("idempotency-key", k);
    }
    if let Some(b) = body {
        r = r.json(&b);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A shuttle order waiting for payment: 480,000 VND.
pub(super) async fn pending_order(app: &TestApp, token: &str) -> String {
    let (status, body) = send(
        app,
        reqwest::Method::POST,
        "/api/plan/shuttle/shuttle-sgn-4/order",
        token,
        None,
        Some(json!({"details": shuttle(3), "contact": contact()})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["estimate"]["totalVnd"], 480_000);
    body["data"]["id"].as_str().unwrap().to_owned()
}

fn pay_path(id: &str) -> String {
    format!("/api/plan/shuttle/order/{id}/payment")
}

pub(super) async fn pay(
    app: &TestApp,
    token: &str,
    id: &str,
    method: &str,
    key: &str,
) -> (u16, Value) {
    send(
        app,
        reqwest::Method::POST,
        &pay_path(id),
        token,
        Some(key),
        Some(json!({"method": method})),
    )
    .await
}

/// v-coin payments sent all at once, `(order, key)` each; their answers in the same order.
async fn pay_in_parallel(
    app: &TestApp,
    token: &str,
    requests: Vec<(String, String)>,
) -> Vec<(u16, Value)> {
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|(id, key)| {
            let (http, url, token) = (app.http.clone(), app.url(&pay_path(&id)), token.to_owned());
            async move {
                let body = Some(json!({"method": "VCOIN"}));
                send_raw(&http, &url, reqwest::Method::POST, &token, Some(&key), body).await
            }
        })
        .collect();
    join_all(tasks).await
}

pub(super) async fn top_up(app: &TestApp, token: &str, amount: i64, key: &str) -> (u16, Value) {
    send(
        app,
        reqwest::Method::POST,
        "/api/v-coin/top-up",
        token,
        Some(key),
        Some(json!({"amountVnd": amount, "method": "DEV"})),
    )
    .await
}

pub(super) async fn balance(app: &TestApp, token: &str) -> i64 {
    let (status, body) = app.get_as("/api/v-coin", token).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["balanceVnd"].as_i64().unwrap()
}

async fn entries(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = app.get_as("/api/v-coin/entries", token).await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn order_state(app: &TestApp, token: &str, id: &str) -> String {
    let (_, body) = app.get_as(&format!("/api/order/detail/{id}"), token).await;
    body["data"]["state"].as_str().unwrap().to_owned()
}

/// The ledger adds up: each entry's balance follows from the one before, ending at the balance.
async fn assert_ledger_adds_up(app: &TestApp, token: &str) {
    let mut running = 0;
    for e in entries(app, token).await.iter().rev() {
        running += e["amountVnd"].as_i64().unwrap();
        assert_eq!(e["balanceAfterVnd"].as_i64().unwrap(), running, "{e}");
        assert!(running >= 0);
        let caused = ["paymentId", "orderId", "operator"]
            .iter()
            .any(|k| e[*k].is_string());
        assert!(caused, "every entry points at its cause: {e}");
    }
    assert_eq!(balance(app, token).await, running);
}

api_test!(vcoin_pays_an_order_once, async |app: &TestApp| {
    let ann = token_for(app, "ann@example.com").await;
    let bob = token_for(app, "bob@example.com").await;

    // Top-ups with the dev provider land at once; a retry with the key adds nothing.
    let (status, first) = top_up(app, &ann, 1_000_000, "top-1").await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["data"]["state"], "SUCCEEDED");
    let (_, again) = top_up(app, &ann, 1_000_000, "top-1").await;
    assert_eq!(again["data"]["id"], first["data"]["id"]);
    assert_eq!(balance(app, &ann).await, 1_000_000);
    let (status, body) = top_up(app, &ann, 5_500, "top-2").await;
    assert_eq!((status, code_of(&body)), (400, "INVALID_ARGUMENT"));

    let id = pending_order(app, &ann).await;
    // The key is required; strangers see no order; an unknown method is a field error.
    let (status, _) = send(
        app,
        reqwest::Method::POST,
        &pay_path(&id),
        &ann,
        None,
        Some(json!({"method": "VCOIN"})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(pay(app, &bob, &id, "VCOIN", "b1").await.0, 404);
    assert_eq!(pay(app, &ann, &id, "CASH", "a0").await.0, 400);

    // Eight payments of one order at once, each with its own key: one charge.
    let results = pay_in_parallel(
        app,
        &ann,
        (0..8).map(|i| (id.clone(), format!("race-{i}"))).collect(),
    )
    .await;
    let won: Vec<&Value> = results
        .iter()
        .filter(|(s, _)| *s == 200)
        .map(|(_, b)| b)
        .collect();
    assert_eq!(won.len(), 1, "{results:?}");
    for (status, body) in &results {
        assert!(*status == 200 || *status == 409, "{status} {body}");
    }
    assert_eq!(won[0]["data"]["state"], "SUCCEEDED");
    assert_eq!(balance(app, &ann).await, 520_000);
    assert_eq!(order_state(app, &ann, &id).await, "PAID");
    assert_ledger_adds_up(app, &ann).await;
    let kinds: Vec<String> = entries(app, &ann)
        .await
        .iter()
        .map(|e| e["kind"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(kinds, ["SPEND", "TOP_UP"]);

    // The winner's retry gets its payment back; its key for another request is refused.
    let winner = results.iter().position(|(s, _)| *s == 200).unwrap();
    let (status, replay) = pay(app, &ann, &id, "VCOIN", &format!("race-{winner}")).await;
    assert_eq!(
        (status, &replay["data"]["id"]),
        (200, &won[0]["data"]["id"])
    );
    let (status, body) = pay(app, &ann, &id, "DEV", &format!("race-{winner}")).await;
    assert_eq!((status, code_of(&body)), (422, "IDEMPOTENCY_KEY_REUSED"));
    // A new key on a paid order: refused, nothing charged.
    let (status, body) = pay(app, &ann, &id, "VCOIN", "late").await;
    assert_eq!((status, code_of(&body)), (409, "FAILED_PRECONDITION"));
    assert_eq!(balance(app, &ann).await, 520_000);

    // Over gRPC: the same wallet, and the methods this (dev) server offers.
    let mut grpc = pb::payment_service_client::PaymentServiceClient::connect(app.url(""))
        .await
        .unwrap();
    let wallet = grpc
        .get_wallet(signed(&ann, pb::GetWalletRequest {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(wallet.balance_vnd, 520_000);
    let (_, methods) = app.get_as("/api/payment/methods", &ann).await;
    assert_eq!(methods["data"], json!(["VCOIN", "VIETQR", "VNPAY", "DEV"]));
});

api_test!(parallel_spends_never_overdraw, async |app: &TestApp| {
    let ann = token_for(app, "ann@example.com").await;
    top_up(app, &ann, 1_000_000, "top").await;
    let mut orders = Vec::new();
    for _ in 0..3 {
        orders.push(pending_order(app, &ann).await);
    }
    // 3 × 480,000 against 1,000,000: two fit.
    let results = pay_in_parallel(
        app,
        &ann,
        orders
            .iter()
            .enumerate()
            .map(|(i, id)| (id.clone(), format!("spend-{i}")))
            .collect(),
    )
    .await;
    let paid = results.iter().filter(|(s, _)| *s == 200).count();
    assert_eq!(paid, 2, "{results:?}");
    let refused = results.iter().find(|(s, _)| *s != 200).unwrap();
    assert_eq!(refused.0, 409);
    assert_eq!(code_of(&refused.1), "FAILED_PRECONDITION");
    assert!(
        refused.1["error"]["message"]
            .as_str()
            .unwrap()
            .contains("餘額不足")
    );
    assert_eq!(balance(app, &ann).await, 40_000);
    assert_ledger_adds_up(app, &ann).await;
    let mut states = Vec::new();
    for id in &orders {
        states.push(order_state(app, &ann, id).await);
    }
    states.sort();
    assert_eq!(states, ["PAID", "PAID", "PENDING_PAYMENT"]);
});

pub(super) fn bank() -> HmacBankFeed {
    HmacBankFeed::new("dev-bank-secret".into())
}

pub(super) async fn notify(app: &TestApp, notice: Value, signer: &HmacBankFeed) -> (u16, Value) {
    let body = serde_json::to_vec(&notice).unwrap();
    let r = app
        .http
        .post(app.url("/api/payment/vietqr/notify"))
        .header("content-type", "application/json")
        .header("x-signature", signer.sign(&body))
        .body(body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

api_test!(
    vietqr_transfers_pay_on_a_signed_notice,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let id = pending_order(app, &ann).await;
        // A VNPay attempt left unfinished does not stand in for the transfer.
        let (_, vnpay) = pay(app, &ann, &id, "VNPAY", "vn-0").await;
        let (status, body) = pay(app, &ann, &id, "VIETQR", "qr-1").await;
        assert_ne!(body["data"]["id"], vnpay["data"]["id"]);
        assert_eq!(status, 200, "{body}");
        let payment = &body["data"];
        assert_eq!(payment["state"], "PENDING");
        let transfer = &payment["transfer"];
        let memo = transfer["memo"].as_str().unwrap().to_owned();
        assert_eq!(memo, id.replace('-', "").to_uppercase());
        assert_eq!(transfer["amountVnd"], 480_000);
        let qr = transfer["qrPayload"].as_str().unwrap();
        assert!(qr.starts_with("000201010212"), "{qr}");
        assert!(qr.contains(&format!(
            "54064800005802VN62{:02}08{:02}{memo}",
            memo.len() + 4,
            memo.len()
        )));
        // Asking again shows the same transfer.
        let (_, again) = pay(app, &ann, &id, "VIETQR", "qr-2").await;
        assert_eq!(again["data"]["id"], payment["id"]);
        // After a reload the payment page finds it without asking to pay again; nobody else can.
        let mut grpc = pb::payment_service_client::PaymentServiceClient::connect(app.url(""))
            .await
            .unwrap();
        let open_for = |token: &str| {
            signed(
                token,
                pb::GetOpenTransferRequest {
                    order_id: id.clone(),
                },
            )
        };
        let open = grpc.get_open_transfer(open_for(&ann)).await.unwrap();
        let open = open.into_inner().payment.unwrap();
        assert_eq!(open.transfer.unwrap().memo, memo);
        let bob = token_for(app, "bob@example.com").await;
        let hidden = grpc.get_open_transfer(open_for(&bob)).await.unwrap_err();
        assert_eq!(hidden.code(), tonic::Code::NotFound);

        let notice = |txn: &str, amount: i64, text: &str| json!({"transactionId": txn, "amount": amount, "description": text, "accountNumber": "0000000000"});
        let bank_memo = format!("MBVCB.123.{}.CT tu 0123", memo.to_lowercase());
        // Unsigned (another secret): refused, nothing moves.
        let (status, _) = notify(
            app,
            notice("FT1", 480_000, &bank_memo),
            &HmacBankFeed::new("x".into()),
        )
        .await;
        assert_eq!(status, 401);
        // Signed but not a notice: a clean 400 that says why.
        let garbage = b"not json".to_vec();
        let r = app
            .http
            .post(app.url("/api/payment/vietqr/notify"))
            .header("x-signature", bank().sign(&garbage))
            .body(garbage)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400);
        // A memo we do not know: kept for an operator.
        let (status, body) = notify(app, notice("FT2", 480_000, "chuyen tien"), &bank()).await;
        assert_eq!(
            (status, &body["data"]["outcome"]),
            (200, &json!("UNMATCHED"))
        );
        // The wrong amount: into the wallet, the order still waits for the right one.
        let (_, body) = notify(app, notice("FT3", 100_000, &bank_memo), &bank()).await;
        assert_eq!(body["data"]["outcome"], "CREDITED");
        assert_eq!(order_state(app, &ann, &id).await, "PENDING_PAYMENT");
        assert_eq!(balance(app, &ann).await, 100_000);
        // The right amount pays the order, once, however often and at once the bank delivers it.
        let body = serde_json::to_vec(&notice("FT4", 480_000, &bank_memo)).unwrap();
        let tasks: Vec<_> = (0..4)
            .map(|_| {
                let (http, url) = (app.http.clone(), app.url("/api/payment/vietqr/notify"));
                let (body, signature) = (body.clone(), bank().sign(&body));
                async move {
                    let r = http
                        .post(url)
                        .header("content-type", "application/json")
                        .header("x-signature", signature)
                        .body(body)
                        .send()
                        .await
                        .unwrap();
                    (r.status().as_u16(), r.json::<Value>().await.unwrap())
                }
            })
            .collect();
        let mut outcomes: Vec<String> = join_all(tasks)
            .await
            .into_iter()
            .map(|(status, b)| format!("{status} {}", b["data"]["outcome"].as_str().unwrap_or("?")))
            .collect();
        outcomes.sort();
        assert_eq!(
            outcomes,
            [
                "200 DUPLICATE",
                "200 DUPLICATE",
                "200 DUPLICATE",
                "200 PAID"
            ]
        );
        assert_eq!(order_state(app, &ann, &id).await, "PAID");
        let none = grpc.get_open_transfer(open_for(&ann)).await.unwrap();
        assert!(
            none.into_inner().payment.is_none(),
            "a paid order waits for no transfer"
        );
        let (_, body) = notify(app, notice("FT4", 480_000, &bank_memo), &bank()).await;
        assert_eq!(body["data"]["outcome"], "DUPLICATE");
        let (_, polled) = app
            .get_as(
                &format!("/api/payment/{}", payment["id"].as_str().unwrap()),
                &ann,
            )
            .await;
        assert_eq!(polled["data"]["state"], "SUCCEEDED");
        // Paying twice by transfer: the second is the customer's money, in the wallet.
        let (_, body) = notify(app, notice("FT5", 480_000, &bank_memo), &bank()).await;
        assert_eq!(body["data"]["outcome"], "CREDITED");
        assert_eq!(balance(app, &ann).await, 580_000);
        assert_eq!(order_state(app, &ann, &id).await, "PAID");
        assert_ledger_adds_up(app, &ann).await;
    }
);

fn vnpay() -> VnPay {
    VnPay::new(VnPayConfig {
        tmn_code: VNPAY_TMN.into(),
        hash_secret: VNPAY_SECRET.into(),
        pay_url: String::new(),
        return_url: String::new(),
        expire_minutes: 15,
    })
}

/// What VNPay sends back for a payment, signed with the merchant's secret.
pub(super) fn vnpay_result(txn: &str, hundredths: &str, response: &str) -> String {
    vnpay().signed_query(&[
        ("vnp_Amount", hundredths),
        ("vnp_BankCode", "NCB"),
        ("vnp_OrderInfo", "Thanh toan"),
        ("vnp_PayDate", "20261122100512"),
        ("vnp_ResponseCode", response),
        ("vnp_TmnCode", VNPAY_TMN),
        ("vnp_TransactionNo", "14226112"),
        ("vnp_TransactionStatus", response),
        ("vnp_TxnRef", txn),
    ])
}

pub(super) async fn ipn(app: &TestApp, query: &str) -> String {
    let (status, body) = app.get(&format!("/api/payment/vnpay/ipn?{query}")).await;
    assert_eq!(status, 200, "{body}");
    body["RspCode"].as_str().unwrap().to_owned()
}

api_test!(vnpay_ipn_and_return, async |app: &TestApp| {
    let ann = token_for(app, "ann@example.com").await;
    let id = pending_order(app, &ann).await;
    let (status, body) = pay(app, &ann, &id, "VNPAY", "vn-1").await;
    assert_eq!(status, 200, "{body}");
    let txn = body["data"]["id"].as_str().unwrap().to_owned();
    let url = body["data"]["redirectUrl"].as_str().unwrap();
    assert!(
        url.starts_with("https://sandbox.vnpayment.vn/paymentv2/vpcpay.html?vnp_Amount=48000000&"),
        "{url}"
    );
    assert!(url.contains(&format!("&vnp_TxnRef={txn}&")), "{url}");
    assert!(url.contains("%2Fpayment-complete&"), "{url}");
    assert!(url.contains("&vnp_SecureHash="));
    // A retry of the request (the answer was lost) leads to VNPay again, for the same payment.
    let (_, again) = pay(app, &ann, &id, "VNPAY", "vn-1").await;
    assert_eq!(again["data"]["id"].as_str(), Some(txn.as_str()));
    let again_url = again["data"]["redirectUrl"].as_str().unwrap();
    assert!(
        again_url.contains(&format!("&vnp_TxnRef={txn}&")),
        "{again_url}"
    );

    let good = vnpay_result(&txn, "48000000", "00");
    let tampered = good.replace("vnp_BankCode=NCB", "vnp_BankCode=VCB");
    assert_eq!(ipn(app, &tampered).await, "97");
    assert_eq!(ipn(app, "vnp_TxnRef=x").await, "97");
    assert_eq!(ipn(app, &vnpay_result(&txn, "4800000", "00")).await, "04");
    assert_eq!(
        ipn(
            app,
            &vnpay_result("PY000000NOSUCHPAYMENT", "48000000", "00")
        )
        .await,
        "01"
    );
    assert_eq!(order_state(app, &ann, &id).await, "PENDING_PAYMENT");
    assert_eq!(ipn(app, &good).await, "00");
    assert_eq!(order_state(app, &ann, &id).await, "PAID");
    assert_eq!(ipn(app, &good).await, "02", "a replay changes nothing");
    // The customer's return with the same parameters shows the settled payment.
    let (status, body) = app
        .get_as(&format!("/api/payment/vnpay/return?{good}"), &ann)
        .await;
    assert_eq!((status, &body["data"]["state"]), (200, &json!("SUCCEEDED")));
    let bob = token_for(app, "bob@example.com").await;
    let (status, _) = app
        .get_as(&format!("/api/payment/vnpay/return?{good}"), &bob)
        .await;
    assert_eq!(status, 404, "someone else's payment");
    let (status, _) = app
        .get_as(&format!("/api/payment/vnpay/return?{tampered}"), &ann)
        .await;
    assert_eq!(status, 400);

    // A payment the customer abandoned at VNPay: recorded as failed, the order still waits.
    let other = pending_order(app, &ann).await;
    let (_, body) = pay(app, &ann, &other, "VNPAY", "vn-2").await;
    let txn = body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(ipn(app, &vnpay_result(&txn, "48000000", "24")).await, "00");
    let (_, polled) = app.get_as(&format!("/api/payment/{txn}"), &ann).await;
    assert_eq!(polled["data"]["state"], "FAILED");
    assert_eq!(order_state(app, &ann, &other).await, "PENDING_PAYMENT");
    assert_eq!(balance(app, &ann).await, 0);

    // Paid meanwhile by another method: VNPay's late success is the customer's money, in v-coin.
    let (_, body) = pay(app, &ann, &other, "VNPAY", "vn-3").await;
    let late = body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(pay(app, &ann, &other, "DEV", "dev-1").await.0, 200);
    assert_eq!(ipn(app, &vnpay_result(&late, "48000000", "00")).await, "00");
    let (_, polled) = app.get_as(&format!("/api/payment/{late}"), &ann).await;
    assert_eq!(polled["data"]["state"], "CREDITED");
    assert_eq!(balance(app, &ann).await, 480_000);
    assert_eq!(order_state(app, &ann, &other).await, "PAID");
});

api_test!(
    cancelling_a_paid_order_refunds_into_vcoin,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        top_up(app, &ann, 500_000, "top").await;
        let id = pending_order(app, &ann).await;
        assert_eq!(pay(app, &ann, &id, "VCOIN", "pay").await.0, 200);
        assert_eq!(balance(app, &ann).await, 20_000);
        // Two days ahead: free under the policy (24 hours).
        let path = format!("/api/order/detail/{id}/cancel");
        let (status, body) = app
            .post(&path, json!({"reason": "行程改變"}), Some(&ann))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["state"], "REFUNDED");
        assert_eq!(
            (
                body["data"]["feeVnd"].as_i64(),
                body["data"]["refundVnd"].as_i64()
            ),
            (Some(0), Some(480_000))
        );
        assert_eq!(balance(app, &ann).await, 500_000);
        let (status, again) = app.post(&path, json!({}), Some(&ann)).await;
        assert_eq!((status, &again["data"]["state"]), (200, &json!("REFUNDED")));
        assert_eq!(
            balance(app, &ann).await,
            500_000,
            "a retry refunds nothing more"
        );
        let refund = &entries(app, &ann).await[0];
        assert_eq!(
            (refund["kind"].as_str(), refund["orderId"].as_str()),
            (Some("REFUND"), Some(id.as_str()))
        );
        assert_ledger_adds_up(app, &ann).await;
        // An unpaid order cancels with nothing to refund.
        let unpaid = pending_order(app, &ann).await;
        let (_, body) = app
            .post(
                &format!("/api/order/detail/{unpaid}/cancel"),
                json!({}),
                Some(&ann),
            )
            .await;
        assert_eq!(
            (
                body["data"]["state"].as_str(),
                body["data"]["refundVnd"].as_i64()
            ),
            (Some("CANCELLED"), Some(0))
        );
    }
);

async fn revise(app: &TestApp, token: &str, id: &str, body: Value) -> (u16, Value) {
    let path = format!("/api/plan/shuttle/order/{id}");
    send(app, reqwest::Method::PUT, &path, token, None, Some(body)).await
}

/// Two child seats instead of one: 100,000 VND more.
fn two_seats() -> Value {
    let mut details = shuttle(3);
    details["childSeats"] = json!(2);
    details
}

api_test!(
    an_order_with_an_open_qr_keeps_its_service_and_price,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let id = pending_order(app, &ann).await;
        let (_, first) = pay(app, &ann, &id, "VIETQR", "qr-1").await;
        assert_eq!(first["data"]["amountVnd"], 480_000);
        // Re-dating or re-pricing it under the transfer is refused, with words.
        let (status, body) = revise(app, &ann, &id, json!({"details": two_seats()})).await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["error"]["code"], "FAILED_PRECONDITION");
        assert_eq!(
            body["error"]["message"],
            "這筆訂單已開始付款，服務內容與金額不能再改；如需更改，請取消後重新預訂"
        );
        // Who to call may still change; the same details sent again change nothing.
        let mut phone = contact();
        phone["phoneNumber"] = json!("0987-654-321");
        let same = json!({"details": shuttle(3), "contact": phone});
        let (status, body) = revise(app, &ann, &id, same).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["estimate"]["totalVnd"], 480_000);
        // Asking again shows the same transfer; the bank's notice pays the order as shown.
        let (_, again) = pay(app, &ann, &id, "VIETQR", "qr-2").await;
        assert_eq!(again["data"]["id"], first["data"]["id"]);
        let memo = first["data"]["transfer"]["memo"].as_str().unwrap();
        let notice = json!({"transactionId": "FT9", "amount": 480_000, "description": memo});
        let (_, body) = notify(app, notice, &bank()).await;
        assert_eq!(body["data"]["outcome"], "PAID");
        let (_, order) = app.get_as(&format!("/api/order/detail/{id}"), &ann).await;
        assert_eq!(order["data"]["state"], "PAID");
        assert_eq!(order["data"]["details"]["childSeats"], 1);
    }
);

api_test!(
    an_edit_racing_the_qr_never_leaves_the_qr_for_another_price,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        for round in 0..6 {
            let id = pending_order(app, &ann).await;
            let (http, token) = (app.http.clone(), ann.clone());
            let edit_url = app.url(&format!("/api/plan/shuttle/order/{id}"));
            let edit = async move {
                let body = Some(json!({"details": two_seats()}));
                send_raw(&http, &edit_url, reqwest::Method::PUT, &token, None, body).await
            };
            let key = format!("qr-race-{round}");
            let ((edited, edit_body), (paid, qr)) =
                tokio::join!(edit, pay(app, &ann, &id, "VIETQR", &key));
            let (_, order) = app.get_as(&format!("/api/order/detail/{id}"), &ann).await;
            let total = &order["data"]["estimate"]["totalVnd"];
            if paid == 200 {
                // Whichever came first, the QR asks for what the order now costs.
                assert_eq!(&qr["data"]["amountVnd"], total, "{qr} {order}");
            } else {
                assert_eq!(paid, 409, "{qr}");
            }
            assert!(matches!(edited, 200 | 409), "{edit_body}");
            if edited == 200 {
                assert_eq!(total, 580_000);
            }
            // The customer cancels it, so the unpaid cap never stops the next round.
            let path = format!("/api/order/detail/{id}/cancel");
            send(
                app,
                reqwest::Method::POST,
                &path,
                &ann,
                None,
                Some(json!({})),
            )
            .await;
        }
    }
);

api_test!(
    vcoin_pays_an_order_whose_qr_is_open_and_a_late_transfer_is_credited,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let id = pending_order(app, &ann).await;
        let (_, qr) = pay(app, &ann, &id, "VIETQR", "qr-1").await;
        let memo = qr["data"]["transfer"]["memo"].as_str().unwrap().to_owned();
        assert_eq!(top_up(app, &ann, 480_000, "top-1").await.0, 200);
        let (status, body) = pay(app, &ann, &id, "VCOIN", "coin-1").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(order_state(app, &ann, &id).await, "PAID");
        assert_eq!(balance(app, &ann).await, 0);
        // The customer had transferred too: the money comes back as v-coin, not lost.
        let notice = json!({"transactionId": "FT10", "amount": 480_000, "description": memo});
        let (_, body) = notify(app, notice, &bank()).await;
        assert_eq!(body["data"]["outcome"], "CREDITED");
        assert_eq!(balance(app, &ann).await, 480_000);
        assert_ledger_adds_up(app, &ann).await;
    }
);

api_test!(
    a_transfer_naming_an_order_pays_it_after_a_vnpay_attempt,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let id = pending_order(app, &ann).await;
        let (_, vnpay) = pay(app, &ann, &id, "VNPAY", "vn-1").await;
        assert_eq!(vnpay["data"]["state"], "PENDING");
        // The customer gave up on VNPay and transferred, writing the order id as the memo.
        let memo = format!("thanh toan {id}");
        let notice = json!({"transactionId": "FT7", "amount": 480_000, "description": memo});
        let (_, body) = notify(app, notice, &bank()).await;
        assert_eq!(body["data"]["outcome"], "PAID");
        assert_eq!(order_state(app, &ann, &id).await, "PAID");
        // VNPay's late success then goes into the wallet.
        let txn = vnpay["data"]["id"].as_str().unwrap();
        assert_eq!(ipn(app, &vnpay_result(txn, "48000000", "00")).await, "00");
        assert_eq!(balance(app, &ann).await, 480_000);
        assert_ledger_adds_up(app, &ann).await;
    }
);

/// `n` copies of one request sent at once; their statuses and bodies.
async fn all_at_once(
    app: &TestApp,
    n: usize,
    path: &str,
    token: &str,
    key: Option<&str>,
    body: Value,
) -> Vec<(u16, Value)> {
    let tasks: Vec<_> = (0..n)
        .map(|_| {
            let (http, url, token) = (app.http.clone(), app.url(path), token.to_owned());
            let (key, body) = (key.map(str::to_owned), body.clone());
            async move {
                let m = reqwest::Method::POST;
                send_raw(&http, &url, m, &token, key.as_deref(), Some(body)).await
            }
        })
        .collect();
    join_all(tasks).await
}

/// Every answer is the first one: one status, and one value at `field` of the data.
fn one_answer(answers: &[(u16, Value)], status: u16, field: &str) -> Value {
    let (first_status, first) = &answers[0];
    for (s, b) in answers {
        assert_eq!(
            (*s, &b["data"][field]),
            (status, &first["data"][field]),
            "{answers:?}"
        );
    }
    assert_eq!(*first_status, status);
    first["data"][field].clone()
}

api_test!(
    a_key_sent_many_times_at_once_always_gets_the_first_answer,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        // Top-ups: 20 at once with one key credit once, and all answer with that payment.
        let answers = all_at_once(
            app,
            20,
            "/api/v-coin/top-up",
            &ann,
            Some("top-up-once"),
            json!({"amountVnd": 5_000_000, "method": "DEV"}),
        )
        .await;
        one_answer(&answers, 200, "id");
        assert_eq!(balance(app, &ann).await, 5_000_000);
        // Orders: 20 creations at once with one key make one order.
        let answers = all_at_once(
            app,
            20,
            "/api/plan/shuttle/shuttle-sgn-4/order",
            &ann,
            Some("order-once"),
            json!({"details": shuttle(3), "contact": contact()}),
        )
        .await;
        one_answer(&answers, 201, "id");
        // Payments: for each of four orders, 20 payments at once with one key: one charge, and
        // every answer names it (never 「訂單已付款」).
        for round in 0..4 {
            let id = pending_order(app, &ann).await;
            let answers = all_at_once(
                app,
                20,
                &pay_path(&id),
                &ann,
                Some(&format!("pay-once-{round}")),
                json!({"method": "VCOIN"}),
            )
            .await;
            one_answer(&answers, 200, "id");
            assert_eq!(order_state(app, &ann, &id).await, "PAID");
        }
        assert_eq!(balance(app, &ann).await, 5_000_000 - 4 * 480_000);
        assert_ledger_adds_up(app, &ann).await;
    }
);

api_test!(
    parallel_cancels_of_a_paid_order_refund_once_and_answer_alike,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        assert_eq!(top_up(app, &ann, 2_000_000, "t1").await.0, 200);
        for round in 0..3 {
            let id = pending_order(app, &ann).await;
            assert_eq!(
                pay(app, &ann, &id, "VCOIN", &format!("p{round}")).await.0,
                200
            );
            let path = format!("/api/order/detail/{id}/cancel");
            let answers = all_at_once(app, 10, &path, &ann, None, json!({})).await;
            one_answer(&answers, 200, "refundVnd");
            one_answer(&answers, 200, "feeVnd");
            one_answer(&answers, 200, "state");
            // Once more, after the fact: the same answer.
            let again = all_at_once(app, 1, &path, &ann, None, json!({})).await;
            assert_eq!(
                again[0].1["data"]["refundVnd"],
                answers[0].1["data"]["refundVnd"]
            );
        }
        let unpaid = pending_order(app, &ann).await;
        let path = format!("/api/order/detail/{unpaid}/cancel");
        let answers = all_at_once(app, 10, &path, &ann, None, json!({})).await;
        assert_eq!(one_answer(&answers, 200, "state"), "CANCELLED");
        assert_eq!(balance(app, &ann).await, 2_000_000, "every refund once");
        assert_ledger_adds_up(app, &ann).await;
    }
);

api_test!(money_that_enters_is_bounded, async |app: &TestApp| {
    let ann = token_for(app, "ann@example.com").await;
    let id = pending_order(app, &ann).await;
    let (_, body) = pay(app, &ann, &id, "VIETQR", "qr-1").await;
    let memo = body["data"]["transfer"]["memo"]
        .as_str()
        .unwrap()
        .to_owned();
    let notice = |txn: &str, amount: i64| json!({"transactionId": txn, "amount": amount, "description": memo, "accountNumber": "0"});
    // A signed notice of i64::MAX (it once put that sum in a wallet, after which every credit
    // failed), and one just past the bound: refused, nothing moves.
    for (txn, amount) in [
        ("FT-MAX", i64::MAX),
        ("FT-BIG", 1_000_000_001),
        ("FT-NEG", -5),
    ] {
        let (status, body) = notify(app, notice(txn, amount), &bank()).await;
        assert_eq!(
            (status, code_of(&body)),
            (400, "INVALID_ARGUMENT"),
            "{amount}: {body}"
        );
    }
    assert_eq!(balance(app, &ann).await, 0);
    // Ten notices of the largest amount fill the wallet to its bound; the eleventh is refused.
    for n in 0..10 {
        let (status, body) = notify(app, notice(&format!("FT{n}"), 1_000_000_000), &bank()).await;
        assert_eq!(
            (status, &body["data"]["outcome"]),
            (200, &json!("CREDITED")),
            "{body}"
        );
    }
    let (status, body) = notify(app, notice("FT10", 1_000_000_000), &bank()).await;
    assert_eq!(
        (status, code_of(&body)),
        (409, "FAILED_PRECONDITION"),
        "{body}"
    );
    assert_eq!(balance(app, &ann).await, 10_000_000_000);
    // The wallet still pays, and the ledger adds up.
    assert_eq!(pay(app, &ann, &id, "VCOIN", "v-1").await.0, 200);
    assert_eq!(balance(app, &ann).await, 10_000_000_000 - 480_000);
    assert_ledger_adds_up(app, &ann).await;

    // An operator's adjustment of -2^63 or 2^63-1: refused, and the server goes on.
    let key = super::operations::booking(
        app,
        &["admin", "issue-key", "--name", "money", "--admin"],
        "",
    )
    .await;
    let key = key.trim().split_once(' ').unwrap().1.to_owned();
    let customer = app.get_as("/api/user", &ann).await.1["data"]["userId"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut ops = gateway::pb::operator_service_client::OperatorServiceClient::connect(app.url(""))
        .await
        .unwrap();
    for amount in [i64::MIN, i64::MAX, -50_000_001] {
        let mut r = tonic::Request::new(pb::AdjustWalletRequest {
            customer_id: customer.clone(),
            amount_vnd: amount,
            reason: "test".into(),
        });
        r.metadata_mut().insert("x-api-key", key.parse().unwrap());
        let err = ops.adjust_wallet(r).await.unwrap_err();
        assert_eq!(err.code(), tonic::Code::InvalidArgument, "{amount}");
    }
    assert_eq!(
        app.http
            .get(app.url("/healthz"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    assert_eq!(balance(app, &ann).await, 10_000_000_000 - 480_000);
});
