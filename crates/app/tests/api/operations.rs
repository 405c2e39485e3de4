//! The operator API over native gRPC: who may call it (operators' tokens and service keys, never
//! customers' or nobody's), what each call does to what the customer then sees, the audit log
//! and the notices queued once per step; the `admin` command that makes operators and keys.
//! Every case on SQLite and PostgreSQL.

use std::io::Write;

use gateway::pb::operator_service_client::OperatorServiceClient;
use gateway::pb::support_service_client::SupportServiceClient;
use serde_json::json;
use tonic::Code;
use tonic::transport::Channel;

use super::member::{open, pay_with_vcoin, pending};
use super::orders::{code_of, shuttle, token_for};
use super::*;

const OPERATOR_EMAIL: &str = "lan@ops.example";
pub(super) const OPERATOR_PASSWORD: &str = "a-long-operator-pass";
const OPERATOR_ACTOR: &str = "operator:lan@ops.example";

/// `booking ARGS` against the test server's database, `input` on its standard input.
pub(super) async fn booking(app: &TestApp, args: &[&str], input: &str) -> String {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_booking"));
    command
        .args(args)
        .env("DATABASE_URL", &app.db.url)
        // Logs at the default level: they go to standard error, so the answers on standard
        // output stay exactly what callers parse.
        .env_remove("APP_LOG")
        .env_remove("RUST_LOG")
        .env("APP_MAILBOX_DIR", app.web_dir.join("mailbox"))
        .env("APP_MEDIA_DIR", app.web_dir.join("images"))
        .env(
            "APP_KEY_ENCRYPTION_KEY_FILE",
            app.web_dir.join("key-encryption.key"),
        )
        .env("APP_SEED_DEMO", "false")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let input = input.to_owned();
    let out = tokio::task::spawn_blocking(move || {
        let mut child = command.spawn()?;
        child.stdin.take().unwrap().write_all(input.as_bytes())?;
        child.wait_with_output()
    })
    .await
    .unwrap()
    .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A service key issued by the admin command: its id and secret.
pub(super) async fn service_key(app: &TestApp, name: &str) -> (String, String) {
    let out = booking(app, &["admin", "issue-key", "--name", name, "--admin"], "").await;
    let (id, secret) = out.trim().split_once(' ').unwrap();
    assert!(secret.starts_with("bks_"), "{out}");
    (id.to_owned(), secret.to_owned())
}

/// The first admin, made by the admin command and signed in like anyone: their ID token.
pub(super) async fn operator_token(app: &TestApp) -> String {
    staff_token(app, OPERATOR_EMAIL, "admin").await
}

/// A staff account of `role` made by the admin command, signed in: its ID token.
pub(super) async fn staff_token(app: &TestApp, email: &str, role: &str) -> String {
    let input = format!("{OPERATOR_PASSWORD}\n");
    booking(
        app,
        &["admin", "create-operator", "--email", email, "--role", role],
        &input,
    )
    .await;
    let (status, body) = app
        .post(
            "/api/auth/sign-in",
            json!({"email": email, "password": OPERATOR_PASSWORD}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["idToken"].as_str().unwrap().to_owned()
}

/// The calls only an admin (or an admin's key) may make.
const ADMIN_CALLS: [&str; 24] = [
    "AdjustWallet",
    "UpdateTherapist",
    "UpdatePlan",
    "ExportCatalog",
    "ImportCatalog",
    "SetPlanActive",
    "SetTherapistActive",
    "SetTherapistHours",
    "ListStaff",
    "InviteStaff",
    "UpdateStaff",
    "ListServiceKeys",
    "IssueServiceKey",
    "RevokeServiceKey",
    "InvitePartner",
    "SetPartnerActive",
    "ListPromoCodes",
    "CreatePromoCode",
    "UpdatePromoCode",
    "ListGiftBatches",
    "IssueGiftCodes",
    "ExportGiftBatch",
    "GetReferralProgram",
    "UpdateReferralProgram",
];

pub(super) enum Cred<'a> {
    Nothing,
    Token(&'a str),
    Key(&'a str),
}

pub(super) fn with<T>(cred: &Cred, message: T) -> tonic::Request<T> {
    match cred {
        Cred::Nothing => tonic::Request::new(message),
        Cred::Token(token) => signed(token, message),
        Cred::Key(key) => {
            let mut r = tonic::Request::new(message);
            r.metadata_mut().insert("x-api-key", key.parse().unwrap());
            r
        }
    }
}

pub(super) async fn client(app: &TestApp) -> OperatorServiceClient<Channel> {
    OperatorServiceClient::connect(app.url("")).await.unwrap()
}

macro_rules! code {
    ($call:expr) => {
        match $call.await {
            Ok(_) => Code::Ok,
            Err(s) => s.code(),
        }
    };
}

/// Every operator call, with empty requests, and the code each answers.
async fn every_call(app: &TestApp, cred: &Cred<'_>) -> Vec<(&'static str, Code)> {
    let mut c = client(app).await;
    vec![
        (
            "ListPromoCodes",
            code!(c.list_promo_codes(with(cred, Default::default()))),
        ),
        (
            "CreatePromoCode",
            code!(c.create_promo_code(with(cred, Default::default()))),
        ),
        (
            "UpdatePromoCode",
            code!(c.update_promo_code(with(cred, Default::default()))),
        ),
        (
            "ListGiftBatches",
            code!(c.list_gift_batches(with(cred, Default::default()))),
        ),
        (
            "IssueGiftCodes",
            code!(c.issue_gift_codes(with(cred, Default::default()))),
        ),
        (
            "ExportGiftBatch",
            code!(c.export_gift_batch(with(cred, Default::default()))),
        ),
        (
            "GetReferralProgram",
            code!(c.get_referral_program(with(cred, Default::default()))),
        ),
        (
            "UpdateReferralProgram",
            code!(c.update_referral_program(with(cred, Default::default()))),
        ),
        (
            "SearchOrders",
            code!(c.search_orders(with(cred, Default::default()))),
        ),
        (
            "GetOrder",
            code!(c.get_order(with(cred, Default::default()))),
        ),
        (
            "ConfirmOrder",
            code!(c.confirm_order(with(cred, Default::default()))),
        ),
        (
            "AssignDriver",
            code!(c.assign_driver(with(cred, Default::default()))),
        ),
        (
            "AssignTherapist",
            code!(c.assign_therapist(with(cred, Default::default()))),
        ),
        (
            "CompleteOrder",
            code!(c.complete_order(with(cred, Default::default()))),
        ),
        (
            "CancelOrder",
            code!(c.cancel_order(with(cred, Default::default()))),
        ),
        (
            "ListOrderPayments",
            code!(c.list_order_payments(with(cred, Default::default()))),
        ),
        (
            "QuoteCancellation",
            code!(c.quote_cancellation(with(cred, Default::default()))),
        ),
        (
            "SetThreadClosed",
            code!(c.set_thread_closed(with(cred, Default::default()))),
        ),
        (
            "UpdateTherapist",
            code!(c.update_therapist(with(cred, Default::default()))),
        ),
        (
            "ListCatalog",
            code!(c.list_catalog(with(cred, Default::default()))),
        ),
        (
            "UpdatePlan",
            code!(c.update_plan(with(cred, Default::default()))),
        ),
        (
            "ListStaff",
            code!(c.list_staff(with(cred, Default::default()))),
        ),
        (
            "InviteStaff",
            code!(c.invite_staff(with(cred, Default::default()))),
        ),
        (
            "UpdateStaff",
            code!(c.update_staff(with(cred, Default::default()))),
        ),
        (
            "ListServiceKeys",
            code!(c.list_service_keys(with(cred, Default::default()))),
        ),
        (
            "IssueServiceKey",
            code!(c.issue_service_key(with(cred, Default::default()))),
        ),
        (
            "RevokeServiceKey",
            code!(c.revoke_service_key(with(cred, Default::default()))),
        ),
        (
            "FindCustomers",
            code!(c.find_customers(with(cred, Default::default()))),
        ),
        (
            "GetCustomer",
            code!(c.get_customer(with(cred, Default::default()))),
        ),
        (
            "AddOrderNote",
            code!(c.add_order_note(with(cred, Default::default()))),
        ),
        (
            "MarkTransferPaid",
            code!(c.mark_transfer_paid(with(cred, Default::default()))),
        ),
        (
            "ReplyToThread",
            code!(c.reply_to_thread(with(cred, Default::default()))),
        ),
        (
            "AdjustWallet",
            code!(c.adjust_wallet(with(cred, Default::default()))),
        ),
        (
            "ExportCatalog",
            code!(c.export_catalog(with(cred, Default::default()))),
        ),
        (
            "ImportCatalog",
            code!(c.import_catalog(with(cred, Default::default()))),
        ),
        (
            "SetPlanActive",
            code!(c.set_plan_active(with(cred, Default::default()))),
        ),
        (
            "SetTherapistActive",
            code!(c.set_therapist_active(with(cred, Default::default()))),
        ),
        (
            "SetTherapistHours",
            code!(c.set_therapist_hours(with(cred, Default::default()))),
        ),
        (
            "ListSupportThreads",
            code!(c.list_support_threads(with(cred, Default::default()))),
        ),
        (
            "GetSupportThread",
            code!(c.get_support_thread(with(cred, Default::default()))),
        ),
        (
            "ListAuditEntries",
            code!(c.list_audit_entries(with(cred, Default::default()))),
        ),
        (
            "ListAllReviews",
            code!(c.list_all_reviews(with(cred, Default::default()))),
        ),
        (
            "HideReview",
            code!(c.hide_review(with(cred, Default::default()))),
        ),
        (
            "ListPartners",
            code!(c.list_partners(with(cred, Default::default()))),
        ),
        (
            "InvitePartner",
            code!(c.invite_partner(with(cred, Default::default()))),
        ),
        (
            "OfferJob",
            code!(c.offer_job(with(cred, Default::default()))),
        ),
        (
            "SetPartnerActive",
            code!(c.set_partner_active(with(cred, Default::default()))),
        ),
        (
            "WithdrawJob",
            code!(c.withdraw_job(with(cred, Default::default()))),
        ),
        (
            "ListJobBoard",
            code!(c.list_job_board(with(cred, Default::default()))),
        ),
        (
            "GetOrderJob",
            code!(c.get_order_job(with(cred, Default::default()))),
        ),
        (
            "GetOrderJobThread",
            code!(c.get_order_job_thread(with(cred, Default::default()))),
        ),
    ]
}

/// The kinds of order notices queued for `email`, oldest first.
async fn notices(app: &TestApp, email: &str) -> Vec<String> {
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    adapters::testing::mails_to(&db, email)
        .await
        .into_iter()
        .map(|(kind, _)| kind)
        .filter(|k| k.starts_with("order_"))
        .collect()
}

api_test!(only_staff_reach_operator_calls, async |app: &TestApp| {
    let customer = token_for(app, "cus@example.com").await;
    let operator = operator_token(app).await;
    let (key_id, key) = service_key(app, "dispatch").await;
    for (name, code) in every_call(app, &Cred::Nothing).await {
        assert_eq!(code, Code::Unauthenticated, "{name} without credentials");
    }
    for (name, code) in every_call(app, &Cred::Token(&customer)).await {
        assert_eq!(
            code,
            Code::PermissionDenied,
            "{name} with a customer's token"
        );
    }
    for (name, code) in every_call(app, &Cred::Key("bks_not-a-key-we-issued")).await {
        assert_eq!(code, Code::Unauthenticated, "{name} with an unknown key");
    }
    for cred in [Cred::Token(&operator), Cred::Key(&key)] {
        for (name, code) in every_call(app, &cred).await {
            assert!(
                !matches!(code, Code::Unauthenticated | Code::PermissionDenied),
                "{name} with an admin's credentials: {code:?}"
            );
        }
    }
    // An operator, by token or by key, runs the day but keeps neither catalogue nor wallets.
    let dispatcher = staff_token(app, "minh@ops.example", "operator").await;
    let out = booking(app, &["admin", "issue-key", "--name", "board"], "").await;
    let (_, board_key) = out.trim().split_once(' ').unwrap();
    for cred in [Cred::Token(&dispatcher), Cred::Key(board_key)] {
        for (name, code) in every_call(app, &cred).await {
            if ADMIN_CALLS.contains(&name) {
                assert_eq!(code, Code::PermissionDenied, "{name} as an operator");
            } else {
                assert!(
                    !matches!(code, Code::Unauthenticated | Code::PermissionDenied),
                    "{name} as an operator: {code:?}"
                );
            }
        }
    }
    // A customer cannot become staff by sign-up, nor sign up with an operator's address.
    let (status, _) = app
        .post(
            "/api/auth/sign-up",
            json!({"email": OPERATOR_EMAIL, "password": "secret-123"}),
            None,
        )
        .await;
    assert_eq!(status, 409);
    // Revoked keys stop working at once; the revocation is audited.
    booking(app, &["admin", "revoke-key", &key_id], "").await;
    for (name, code) in every_call(app, &Cred::Key(&key)).await {
        assert_eq!(code, Code::Unauthenticated, "{name} with a revoked key");
    }
    let listed = booking(app, &["admin", "list-keys"], "").await;
    assert!(
        listed.contains(&key_id) && listed.contains("revoked"),
        "{listed}"
    );
    assert!(!listed.contains(&key), "secrets are never listed");
    let audit = client(app)
        .await
        .list_audit_entries(with(
            &Cred::Token(&operator),
            pb::ListAuditEntriesRequest::default(),
        ))
        .await
        .unwrap()
        .into_inner()
        .entries;
    let actions: Vec<_> = audit.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(
        actions,
        [
            "key.revoke",
            "key.issue",
            "operator.create",
            "key.issue",
            "operator.create"
        ]
    );
});

api_test!(
    a_service_assigns_a_driver_the_customer_sees,
    async |app: &TestApp| {
        let email = "mei@example.com";
        let customer = token_for(app, email).await;
        let id = pending(app, &customer, 3).await;
        pay_with_vcoin(app, &customer, &id).await;
        let (_, key) = service_key(app, "dispatch").await;
        let svc = Cred::Key(&key);
        let mut c = client(app).await;

        let found = c
            .search_orders(with(
                &svc,
                pb::SearchOrdersRequest {
                    states: vec![pb::OrderState::Paid.into()],
                    customer_email: email.into(),
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .orders;
        assert_eq!(
            found.iter().map(|o| o.id.as_str()).collect::<Vec<_>>(),
            [id.as_str()]
        );
        let driver = pb::Driver {
            name: "阮文明".into(),
            phone_country_code: "84".into(),
            phone_number: "0901234567".into(),
            plate: "51a-123.45".into(),
            typed: false,
        };
        let assign = pb::AssignDriverRequest {
            order_id: id.clone(),
            driver: Some(driver),
            seen_version: None,
        };
        let first = c
            .assign_driver(with(&svc, assign.clone()))
            .await
            .unwrap()
            .into_inner()
            .order
            .unwrap();
        assert_eq!(first.state(), pb::OrderState::Confirmed);
        // A retry changes nothing: no second step, audit entry or mail.
        let again = c
            .assign_driver(with(&svc, assign))
            .await
            .unwrap()
            .into_inner()
            .order
            .unwrap();
        assert_eq!(again.events.len(), first.events.len());

        let (status, body) = app
            .get_as(&format!("/api/order/detail/{id}"), &customer)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["state"], "CONFIRMED");
        assert_eq!(body["data"]["driver"]["name"], "阮文明");
        assert_eq!(body["data"]["driver"]["plate"], "51A-123.45");

        let entries = c
            .list_audit_entries(with(
                &svc,
                pb::ListAuditEntriesRequest {
                    target: format!("order:{id}"),
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .entries;
        assert_eq!(entries.len(), 1, "{entries:?}");
        let e = &entries[0];
        assert_eq!(
            (e.actor.as_str(), e.action.as_str()),
            ("service:dispatch", "order.assign_driver")
        );
        assert!(e.before.starts_with("state=PAID"), "{}", e.before);
        assert!(
            e.after.starts_with("state=CONFIRMED")
                && e.after.contains("阮文明 +84901234567 51A-123.45"),
            "{}",
            e.after
        );
        assert_eq!(notices(app, email).await, ["order_paid", "order_confirmed"]);

        // Not before the service's time: the refusal says when it is.
        let complete = || {
            with(
                &svc,
                pb::CompleteOrderRequest {
                    order_id: id.clone(),
                    seen_version: None,
                },
            )
        };
        let early = c.complete_order(complete()).await.unwrap_err();
        assert_eq!(early.code(), tonic::Code::FailedPrecondition);
        assert!(
            early.message().starts_with("服務時間 ") && early.message().contains("還沒到"),
            "{}",
            early.message()
        );
        adapters::testing::serve_order(&app.db.db, &id).await;
        // Completing twice completes once.
        for _ in 0..2 {
            let done = c
                .complete_order(complete())
                .await
                .unwrap()
                .into_inner()
                .order
                .unwrap();
            assert_eq!(done.state(), pb::OrderState::Completed);
        }
        let (_, body) = app
            .get_as(&format!("/api/order/detail/{id}"), &customer)
            .await;
        assert_eq!(
            body["data"]["events"].as_array().map(Vec::len),
            Some(first.events.len() + 1)
        );
    }
);

api_test!(operators_refund_adjust_and_answer, async |app: &TestApp| {
    let email = "hoa@example.com";
    let customer = token_for(app, email).await;
    let op = operator_token(app).await;
    let staff = Cred::Token(&op);
    let mut c = client(app).await;
    let id = pending(app, &customer, 3).await;
    pay_with_vcoin(app, &customer, &id).await;

    // Over the policy's refund: refused without a reason, or above what was paid.
    let cancel = |refund: i64, reason: &str| pb::OperatorServiceCancelOrderRequest {
        order_id: id.clone(),
        reason: reason.into(),
        refund_vnd: Some(refund),
        ..Default::default()
    };
    for bad in [cancel(100_000, " "), cancel(480_001, "多退")] {
        let err = c.cancel_order(with(&staff, bad)).await.unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
    }
    let done = c
        .cancel_order(with(&staff, cancel(100_000, "司機遲到，部分退款")))
        .await
        .unwrap()
        .into_inner();
    assert_eq!((done.refund_vnd, done.fee_vnd), (100_000, 380_000));
    let order = done.order.unwrap();
    assert_eq!(order.state(), pb::OrderState::Refunded);
    let (_, wallet) = app.get_as("/api/v-coin", &customer).await;
    assert_eq!(wallet["data"]["balanceVnd"], 100_000, "{wallet}");

    // Adjustments: with a reason, never below zero, only for customers who exist.
    let adjust = |amount: i64, reason: &str, who: &str| pb::AdjustWalletRequest {
        customer_id: who.into(),
        amount_vnd: amount,
        reason: reason.into(),
    };
    let balance = c
        .adjust_wallet(with(&staff, adjust(20_000, "延誤補償", &order.customer_id)))
        .await
        .unwrap()
        .into_inner()
        .balance_vnd;
    assert_eq!(balance, 120_000);
    for (bad, expected) in [
        (
            adjust(-120_001, "扣回", &order.customer_id),
            Code::FailedPrecondition,
        ),
        (adjust(0, "無", &order.customer_id), Code::InvalidArgument),
        (adjust(1_000, "", &order.customer_id), Code::InvalidArgument),
        (adjust(1_000, "補償", "nobody"), Code::NotFound),
    ] {
        let err = c.adjust_wallet(with(&staff, bad)).await.unwrap_err();
        assert_eq!(err.code(), expected, "{err:?}");
    }
    let (_, entries) = app.get_as("/api/v-coin/entries", &customer).await;
    let first = &entries["data"][0];
    assert_eq!(first["kind"], "ADJUSTMENT", "{entries}");
    assert_eq!(first["amountVnd"], 20_000);

    // Support: the customer's question, the operator's answer, unread for the customer.
    let mut support = SupportServiceClient::connect(app.url("")).await.unwrap();
    let thread = support
        .open_thread(signed(&customer, open(&id, "退款什麼時候到？", "q-1")))
        .await
        .unwrap()
        .into_inner()
        .thread
        .unwrap();
    // The operators' queue holds the thread until someone answers it.
    let queue = |waiting_only| pb::ListSupportThreadsRequest {
        waiting_only,
        ..Default::default()
    };
    let waiting = c
        .list_support_threads(with(&staff, queue(true)))
        .await
        .unwrap()
        .into_inner()
        .threads;
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0].waiting_count, 1);
    assert_eq!(waiting[0].customer_id, order.customer_id);
    let read = c
        .get_support_thread(with(
            &staff,
            pb::GetSupportThreadRequest {
                thread_id: thread.id.clone(),
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(read.messages[0].body, "退款什麼時候到？");
    let answered = c
        .reply_to_thread(with(
            &staff,
            pb::ReplyToThreadRequest {
                thread_id: thread.id.clone(),
                message: "已退回您的 V 幣錢包".into(),
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .thread
        .unwrap();
    assert_eq!(answered.message_count, 2);
    let unread = support
        .get_unread_count(signed(&customer, pb::GetUnreadCountRequest {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(unread.unread_count, 1);
    for (waiting_only, expected) in [(true, 0), (false, 1)] {
        let listed = c
            .list_support_threads(with(&staff, queue(waiting_only)))
            .await
            .unwrap()
            .into_inner()
            .threads;
        assert_eq!(listed.len(), expected, "waiting_only {waiting_only}");
    }

    let audit = c
        .list_audit_entries(with(&staff, pb::ListAuditEntriesRequest::default()))
        .await
        .unwrap()
        .into_inner()
        .entries;
    let actions: Vec<_> = audit
        .iter()
        .map(|e| (e.action.as_str(), e.actor.as_str()))
        .collect();
    assert_eq!(
        actions,
        [
            ("thread.reply", OPERATOR_ACTOR),
            ("wallet.adjust", OPERATOR_ACTOR),
            ("order.cancel_override", OPERATOR_ACTOR),
            ("operator.create", "shell:admin"),
        ]
    );
    assert_eq!(audit[1].before, "balance=100000");
    assert_eq!(audit[1].after, "balance=120000");
    assert_eq!(audit[2].reason, "司機遲到，部分退款");
    assert_eq!(notices(app, email).await, ["order_paid", "order_refunded"]);
});

api_test!(
    metrics_count_requests_orders_payments_and_mail,
    async |app: &TestApp| {
        let customer = token_for(app, "kim@example.com").await;
        let id = pending(app, &customer, 2).await;
        pay_with_vcoin(app, &customer, &id).await;
        app.get_as(&format!("/api/order/detail/{id}"), &customer)
            .await;
        let r = app.http.get(app.url("/metrics")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        // Every response carries its request id, which is also in the request's log span.
        assert!(
            r.headers()
                .get("x-request-id")
                .is_some_and(|v| v.len() >= 32)
        );
        let text = r.text().await.unwrap();
        for line in [
            r#"booking_orders{state="PAID"} 1"#,
            r#"booking_payments{method="VCOIN",state="SUCCEEDED"} 1"#,
            r#"booking_http_requests_total{method="GET",route="/api/order/detail/{id}",status="200"} 1"#,
            r#"booking_http_requests_total{method="POST",route="/api/auth/sign-up",status="200"} 1"#,
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
        assert!(
            text.contains("booking_http_request_duration_seconds_bucket{"),
            "{text}"
        );
        // The sign-up's verification mail and the receipt wait in the outbox (or have gone).
        let backlog = text
            .lines()
            .find_map(|l| l.strip_prefix("booking_outbox_backlog "))
            .and_then(|v| v.parse::<i64>().ok());
        assert!(backlog.is_some_and(|n| (0..=2).contains(&n)), "{text}");
        // Paths no route knows share one label, whatever they are.
        for path in ["/api/no-such-thing", "/api/another/unknown/path"] {
            app.get(path).await;
        }
        let text = app
            .http
            .get(app.url("/metrics"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            text.contains(r#"route="api-unmatched",status="404"} 2"#),
            "{text}"
        );
    }
);

/// The finder's therapists for a query, by id.
async fn therapists(app: &TestApp, query: &str) -> Vec<String> {
    let (status, body) = app
        .get(&format!("/api/plan/dragon-massage/therapist?{query}"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn estimate(app: &TestApp) -> (u16, Value) {
    let (status, body) = app
        .post(
            "/api/plan/shuttle/shuttle-sgn-4/estimateFee",
            shuttle(3),
            None,
        )
        .await;
    (status, body["data"]["totalVnd"].clone())
}

api_test!(operators_run_the_catalogue, async |app: &TestApp| {
    let (_, key) = service_key(app, "catalogue").await;
    let svc = Cred::Key(&key);
    let mut c = client(app).await;
    let file = c
        .export_catalog(with(&svc, pb::ExportCatalogRequest {}))
        .await
        .unwrap()
        .into_inner()
        .catalog_toml;
    assert!(file.contains("id = \"shuttle-sgn-4\"") && file.contains("id = \"t-lan\""));
    assert_eq!(
        booking(app, &["admin", "export-catalog", "-"], "").await,
        file
    );

    // Off sale: gone from the list, refused for new orders; then back.
    let active = |active| pb::SetPlanActiveRequest {
        plan_id: "shuttle-sgn-4".into(),
        active,
    };
    let plan = c
        .set_plan_active(with(&svc, active(false)))
        .await
        .unwrap()
        .into_inner()
        .plan
        .unwrap();
    assert!(!plan.active);
    let (_, listed) = app.get("/api/plan/shuttle").await;
    assert!(!listed.to_string().contains("shuttle-sgn-4"));
    assert_eq!(estimate(app).await.0, 409);
    c.set_plan_active(with(&svc, active(true))).await.unwrap();
    assert_eq!(estimate(app).await, (200, json!(480_000)));

    // A new price by file; a file with one bad entry changes nothing and names it.
    let dearer = file.replacen("price_vnd = 380000", "price_vnd = 400000", 1);
    let counts = c
        .import_catalog(with(
            &svc,
            pb::ImportCatalogRequest {
                catalog_toml: dearer.clone(),
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert!(
        counts.plan_count >= 20 && counts.therapist_count >= 8,
        "{counts:?}"
    );
    assert_eq!(estimate(app).await, (200, json!(500_000)));
    let bad = dearer
        .replacen("price_vnd = 400000", "price_vnd = 420000", 1)
        .replacen("category = \"shuttle\"", "category = \"helicopter\"", 1);
    let err = c
        .import_catalog(with(&svc, pb::ImportCatalogRequest { catalog_toml: bad }))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert_eq!(crate::refused_field(&err), "plans[shuttle-sgn-4].category");
    assert_eq!(estimate(app).await, (200, json!(500_000)));

    // A therapist's hours and whether she takes bookings.
    let day = (chrono::Utc::now() + chrono::Duration::days(3)).format("%Y-%m-%d");
    let at = |time: &str| format!("date={day}&time={time}&duration=60");
    let lan = "t-lan".to_owned();
    assert!(therapists(app, &at("20:00")).await.contains(&lan));
    let mornings = pb::Shift {
        days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            .map(String::from)
            .to_vec(),
        from: "09:00".into(),
        until: "12:00".into(),
    };
    let hours = |shift: pb::Shift| pb::SetTherapistHoursRequest {
        therapist_id: lan.clone(),
        hours: vec![shift],
    };
    let changed = c
        .set_therapist_hours(with(&svc, hours(mornings.clone())))
        .await
        .unwrap()
        .into_inner()
        .therapist
        .unwrap();
    assert_eq!(
        (
            changed.hours[0].from.as_str(),
            changed.hours[0].until.as_str()
        ),
        ("09:00", "12:00")
    );
    assert!(!therapists(app, &at("20:00")).await.contains(&lan));
    assert!(therapists(app, &at("10:00")).await.contains(&lan));
    let never = pb::Shift {
        until: "09:00".into(),
        ..mornings
    };
    let err = c
        .set_therapist_hours(with(&svc, hours(never)))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
    let off = pb::SetTherapistActiveRequest {
        therapist_id: lan.clone(),
        active: false,
    };
    c.set_therapist_active(with(&svc, off.clone()))
        .await
        .unwrap();
    assert!(!therapists(app, "").await.contains(&lan));
    let unknown = pb::SetTherapistActiveRequest {
        therapist_id: "t-nobody".into(),
        ..off
    };
    let err = c
        .set_therapist_active(with(&svc, unknown))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::NotFound);

    let audit = c
        .list_audit_entries(with(&svc, pb::ListAuditEntriesRequest::default()))
        .await
        .unwrap()
        .into_inner()
        .entries;
    let actions: Vec<_> = audit.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(
        actions,
        [
            "therapist.deactivate",
            "therapist.hours",
            "catalog.import",
            "plan.activate",
            "plan.deactivate",
            "key.issue",
        ]
    );
    assert!(
        audit[1]
            .after
            .contains("hours=mon,tue,wed,thu,fri,sat,sun 09:00-12:00 "),
        "{}",
        audit[1].after
    );
});

/// A massage at 20:00 two days ahead for "any" therapist, waiting for payment.
async fn massage_for_anyone(app: &TestApp, token: &str) -> String {
    let day = (chrono::Utc::now() + chrono::Duration::hours(7) + chrono::Duration::days(2))
        .format("%Y-%m-%d");
    let (status, body) = app
        .post(
            "/api/plan/dragon-massage/massage-classic/order",
            json!({"details": {"hotelName": "Rex", "hotelAddress": "141 Nguyen Hue", "room": "1203",
                    "start": format!("{day}T20:00"), "durationMinutes": 90, "people": 1,
                    "therapist": "any"},
                   "contact": super::orders::contact()}),
            Some(token),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_str().unwrap().to_owned()
}

api_test!(
    operators_take_transfers_assign_therapists_and_cancel,
    async |app: &TestApp| {
        let (ann_email, bob_email) = ("ann-ops@example.com", "bob-ops@example.com");
        let ann = token_for(app, ann_email).await;
        let bob = token_for(app, bob_email).await;
        let (_, key) = service_key(app, "front-desk").await;
        let svc = Cred::Key(&key);
        let mut c = client(app).await;
        let first = massage_for_anyone(app, &ann).await;
        let second = massage_for_anyone(app, &bob).await;

        // Transfers an operator saw arrive pay the orders (and send the receipts).
        for id in [&first, &second] {
            let paid = c
                .mark_transfer_paid(with(
                    &svc,
                    pb::MarkTransferPaidRequest {
                        order_id: id.clone(),
                        bank_ref: format!("FT-{id}"),
                    },
                ))
                .await
                .unwrap()
                .into_inner()
                .order
                .unwrap();
            assert_eq!(paid.state(), pb::OrderState::Paid);
        }
        let again = pb::MarkTransferPaidRequest {
            order_id: first.clone(),
            bank_ref: "FT-again".into(),
        };
        let err = c.mark_transfer_paid(with(&svc, again)).await.unwrap_err();
        assert_eq!(err.code(), Code::FailedPrecondition, "paid once only");

        // One therapist for one of the two overlapping massages; a driver for neither.
        let assign = |order_id: &str, therapist: &str| pb::AssignTherapistRequest {
            order_id: order_id.into(),
            therapist_id: therapist.into(),
            seen_version: None,
        };
        let confirmed = c
            .assign_therapist(with(&svc, assign(&first, "t-lan")))
            .await
            .unwrap()
            .into_inner()
            .order
            .unwrap();
        assert_eq!(confirmed.state(), pb::OrderState::Confirmed);
        let err = c
            .assign_therapist(with(&svc, assign(&second, "t-lan")))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::Aborted, "{err:?}");
        let err = c
            .assign_therapist(with(&svc, assign(&second, "t-nobody")))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
        let driver = pb::AssignDriverRequest {
            order_id: second.clone(),
            driver: Some(pb::Driver {
                name: "Minh".into(),
                phone_number: "0901234567".into(),
                ..Default::default()
            }),
            seen_version: None,
        };
        let err = c.assign_driver(with(&svc, driver)).await.unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
        let (_, seen) = app
            .get_as(&format!("/api/order/detail/{first}"), &ann)
            .await;
        assert_eq!(seen["data"]["details"]["therapistId"], "t-lan", "{seen}");
        assert_eq!(seen["data"]["state"], "CONFIRMED");

        // Bob's massage is refunded under the policy (free this far ahead); an unpaid order is
        // simply cancelled.
        let cancel = |order_id: &str| pb::OperatorServiceCancelOrderRequest {
            order_id: order_id.into(),
            reason: "無按摩師可接".into(),
            refund_vnd: None,
            ..Default::default()
        };
        let refunded = c
            .cancel_order(with(&svc, cancel(&second)))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(refunded.fee_vnd, 0);
        assert_eq!(
            refunded.refund_vnd,
            refunded.order.unwrap().estimate.unwrap().total_vnd
        );
        let unpaid = pending(app, &ann, 4).await;
        let cancelled = c
            .cancel_order(with(&svc, cancel(&unpaid)))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(cancelled.order.unwrap().state(), pb::OrderState::Cancelled);
        assert_eq!(cancelled.refund_vnd, 0);

        assert_eq!(
            notices(app, ann_email).await,
            ["order_paid", "order_confirmed", "order_cancelled"]
        );
        assert_eq!(
            notices(app, bob_email).await,
            ["order_paid", "order_refunded"]
        );
        let listed = booking(
            app,
            &[
                "admin",
                "list-orders",
                "--state",
                "CONFIRMED",
                "--email",
                ann_email,
            ],
            "",
        )
        .await;
        assert_eq!(listed.lines().count(), 1, "{listed}");
        assert!(listed.starts_with(&format!("{first}\tCONFIRMED\tdragon-massage")));
    }
);

api_test!(
    operators_find_orders_by_text_dates_and_waiting_transfers,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let bob = token_for(app, "bob@example.com").await;
        let staff = operator_token(app).await;
        let (soon, later, bobs) = tokio::join!(
            pending(app, &ann, 2),
            pending(app, &ann, 9),
            pending(app, &bob, 5)
        );
        let (status, body) = super::payments::pay(app, &ann, &later, "VIETQR", "qr-search").await;
        assert_eq!(status, 200, "{body}");
        let search = |request: pb::SearchOrdersRequest| {
            let staff = staff.clone();
            async move {
                let found = client(app)
                    .await
                    .search_orders(with(&Cred::Token(&staff), request))
                    .await
                    .unwrap()
                    .into_inner()
                    .orders;
                found.into_iter().map(|o| o.id).collect::<Vec<_>>()
            }
        };
        let text = |q: &str| pb::SearchOrdersRequest {
            query: q.into(),
            ..Default::default()
        };
        // An e-mail; an order id; a phone however it is typed (both contacts
        // share one number here); a stranger's e-mail or an id that is none find nothing.
        let mut anns = search(text("ann@example.com")).await;
        anns.sort();
        let mut expected = [later.clone(), soon.clone()];
        expected.sort();
        assert_eq!(anns, expected);
        assert_eq!(search(text(&bobs)).await, std::slice::from_ref(&bobs));
        assert_eq!(search(text("0912-345-678")).await.len(), 3);
        assert_eq!(search(text("+886 912 345 678")).await.len(), 3);
        // A number is found whole, not by a part of it.
        assert!(search(text("345678")).await.is_empty());
        assert!(search(text("nobody@example.com")).await.is_empty());
        assert!(search(text("BK-none")).await.is_empty());
        // Services in the next four days, soonest first.
        let now = chrono::Utc::now();
        let window = pb::SearchOrdersRequest {
            service_from: Some(prost_types::Timestamp {
                seconds: now.timestamp(),
                nanos: 0,
            }),
            service_until: Some(prost_types::Timestamp {
                seconds: (now + chrono::Duration::days(6)).timestamp(),
                nanos: 0,
            }),
            by_service_time: true,
            ..Default::default()
        };
        assert_eq!(search(window).await, [soon.clone(), bobs.clone()]);
        let waiting = pb::SearchOrdersRequest {
            awaiting_transfer: true,
            ..Default::default()
        };
        assert_eq!(search(waiting).await, std::slice::from_ref(&later));
        // A time no calendar holds is refused, not searched.
        let wrong = pb::SearchOrdersRequest {
            service_from: Some(prost_types::Timestamp {
                seconds: i64::MAX,
                nanos: 0,
            }),
            ..Default::default()
        };
        let refused = client(app)
            .await
            .search_orders(with(&Cred::Token(&staff), wrong))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument);
    }
);

api_test!(
    two_operators_acting_on_one_order_at_once_one_wins,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let lan = operator_token(app).await;
        let minh = staff_token(app, "minh@ops.example", "operator").await;
        let id = pending(app, &ann, 3).await;
        pay_with_vcoin(app, &ann, &id).await;
        let seen = client(app)
            .await
            .get_order(with(
                &Cred::Token(&lan),
                pb::OperatorServiceGetOrderRequest {
                    order_id: id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .order
            .unwrap()
            .version;
        let assign = |token: String, name: &'static str| {
            let id = id.clone();
            async move {
                let request = pb::AssignDriverRequest {
                    order_id: id,
                    driver: Some(pb::Driver {
                        name: name.into(),
                        phone_number: "0901234567".into(),
                        plate: "51A-12345".into(),
                        ..Default::default()
                    }),
                    seen_version: Some(seen),
                };
                client(app)
                    .await
                    .assign_driver(with(&Cred::Token(&token), request))
                    .await
            }
        };
        let (a, b) = tokio::join!(assign(lan.clone(), "Phúc"), assign(minh.clone(), "Tuấn"));
        let codes = [&a, &b].map(|r| r.as_ref().map_or_else(tonic::Status::code, |_| Code::Ok));
        assert!(
            codes.contains(&Code::Ok) && codes.contains(&Code::Aborted),
            "one wins, one is told the order changed: {codes:?}"
        );
        let winner = a.or(b).unwrap().into_inner().order.unwrap();
        assert_eq!(winner.version, seen + 1);
        // The audit log holds one assignment, and the order the one driver.
        let audit = client(app)
            .await
            .list_audit_entries(with(
                &Cred::Token(&lan),
                pb::ListAuditEntriesRequest {
                    target: format!("order:{id}"),
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .entries;
        let assigned = audit
            .iter()
            .filter(|e| e.action == "order.assign_driver")
            .count();
        assert_eq!(assigned, 1);
        // Acting on what one saw before is refused too, with the words for it.
        let late = assign(minh, "Tuấn").await.unwrap_err();
        assert_eq!(late.code(), Code::Aborted);
        assert!(late.message().contains("其他人更新"), "{}", late.message());
    }
);

api_test!(
    a_note_stays_with_operators_and_a_quote_foretells_the_refund,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let staff = operator_token(app).await;
        let id = pending(app, &ann, 3).await;
        pay_with_vcoin(app, &ann, &id).await;
        let mut c = client(app).await;
        let cred = Cred::Token(&staff);
        let note = "客人說航班可能延誤，先別派車 <b>";
        let added = c
            .add_order_note(with(
                &cred,
                pb::AddOrderNoteRequest {
                    order_id: id.clone(),
                    note: note.into(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .entry
            .unwrap();
        assert_eq!(
            (added.action.as_str(), added.reason.as_str()),
            ("order.note", note)
        );
        let empty = c
            .add_order_note(with(
                &cred,
                pb::AddOrderNoteRequest {
                    order_id: id.clone(),
                    note: "  ".into(),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(empty.code(), Code::InvalidArgument);
        let (_, seen) = app.get_as(&format!("/api/order/detail/{id}"), &ann).await;
        assert!(!seen.to_string().contains("航班可能延誤"), "{seen}");

        let payments = c
            .list_order_payments(with(
                &cred,
                pb::ListOrderPaymentsRequest {
                    order_id: id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .payments;
        assert_eq!(payments.len(), 1);
        assert_eq!(
            (payments[0].method, payments[0].state),
            (
                pb::PaymentMethod::Vcoin as i32,
                pb::PaymentState::Succeeded as i32
            )
        );
        let quote = c
            .quote_cancellation(with(
                &cred,
                pb::OperatorServiceQuoteCancellationRequest {
                    order_id: id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .quote
            .unwrap();
        assert!(quote.paid_vnd > 0 && quote.refund_vnd == quote.paid_vnd - quote.fee_vnd);
        let done = c
            .cancel_order(with(
                &cred,
                pb::OperatorServiceCancelOrderRequest {
                    order_id: id.clone(),
                    reason: "客人改期".into(),
                    refund_vnd: None,
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(
            (done.fee_vnd, done.refund_vnd),
            (quote.fee_vnd, quote.refund_vnd)
        );
    }
);

api_test!(
    operators_find_customers_and_filter_the_audit_log,
    async |app: &TestApp| {
        let ann = token_for(app, "ann.tran@example.com").await;
        let _bob = token_for(app, "bob@example.com").await;
        let staff = operator_token(app).await;
        app.post("/api/login", json!(null), Some(&ann)).await;
        let (status, body, _) = app
            .call(
                reqwest::Method::PATCH,
                "/api/user",
                Some(json!({"displayName": "陳安", "phone": {"countryCode": "+84", "number": "0901 222 333"}})),
                Some(&ann),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let id = pending(app, &ann, 3).await;
        pay_with_vcoin(app, &ann, &id).await;
        let mut c = client(app).await;
        let cred = Cred::Token(&staff);
        let find = |query: &str| pb::FindCustomersRequest {
            query: query.into(),
            ..Default::default()
        };
        let emails = |r: pb::FindCustomersResponse| {
            r.customers.into_iter().map(|c| c.email).collect::<Vec<_>>()
        };
        // Part of an e-mail in any case, or a phone however typed; staff are never customers.
        for query in ["ANN.tran", "0901-222-333", "901222333", "+84 901 222 333"] {
            let found = c.find_customers(with(&cred, find(query))).await.unwrap();
            assert_eq!(
                emails(found.into_inner()),
                ["ann.tran@example.com"],
                "{query}"
            );
        }
        let everyone = c.find_customers(with(&cred, find(""))).await.unwrap();
        let everyone = emails(everyone.into_inner());
        assert_eq!(everyone, ["bob@example.com", "ann.tran@example.com"]);
        let found = c
            .find_customers(with(&cred, find("ann.tran")))
            .await
            .unwrap()
            .into_inner()
            .customers
            .remove(0);
        assert_eq!(
            (found.display_name.as_str(), found.phone.as_str()),
            ("陳安", "+84 901222333")
        );
        let card = c
            .get_customer(with(
                &cred,
                pb::GetCustomerRequest {
                    customer_id: found.customer_id.clone(),
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner();
        let kinds: Vec<_> = card.entries.iter().map(|e| e.kind.as_str()).collect();
        assert_eq!(kinds, ["SPEND", "TOP_UP"]);
        assert_eq!(card.customer.unwrap().balance_vnd, found.balance_vnd);
        let nobody = c
            .get_customer(with(
                &cred,
                pb::GetCustomerRequest {
                    customer_id: "nobody".into(),
                    ..Default::default()
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(nobody.code(), Code::NotFound);

        // The audit log by actor, by action family and by time.
        c.confirm_order(with(
            &cred,
            pb::ConfirmOrderRequest {
                order_id: id.clone(),
                seen_version: None,
            },
        ))
        .await
        .unwrap();
        let audit = |request: pb::ListAuditEntriesRequest| {
            let mut c = c.clone();
            let cred = Cred::Token(&staff);
            async move {
                c.list_audit_entries(with(&cred, request))
                    .await
                    .unwrap()
                    .into_inner()
                    .entries
                    .into_iter()
                    .map(|e| e.action)
                    .collect::<Vec<_>>()
            }
        };
        let by_family = audit(pb::ListAuditEntriesRequest {
            action: "order.".into(),
            actor: "lan@".into(),
            ..Default::default()
        })
        .await;
        assert_eq!(by_family, ["order.confirm"]);
        let later = pb::ListAuditEntriesRequest {
            from: Some(prost_types::Timestamp {
                seconds: chrono::Utc::now().timestamp() + 3600,
                nanos: 0,
            }),
            ..Default::default()
        };
        assert!(audit(later).await.is_empty());
        let operators_made = audit(pb::ListAuditEntriesRequest {
            action: "operator.create".into(),
            ..Default::default()
        })
        .await;
        assert_eq!(operators_made.len(), 1);
    }
);

api_test!(
    an_admin_invites_changes_and_disables_staff_at_once,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        let mut c = client(app).await;
        let cred = Cred::Token(&admin);
        let invited = c
            .invite_staff(with(
                &cred,
                pb::InviteStaffRequest {
                    email: "thu@ops.example".into(),
                    role: pb::StaffRole::Operator as i32,
                    continue_url: "/ops".into(),
                    display_name: " 阮秋 Thu ".into(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .member
            .unwrap();
        assert!(!invited.email_verified);
        assert_eq!(invited.display_name, "阮秋 Thu");
        // The invitation is a reset code: a customer's short password is not enough for staff.
        let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
        let code = adapters::testing::code_mailed(&db, "thu@ops.example", "staff_invitation").await;
        let (status, body) = app
            .post(
                "/api/auth/confirm-password-reset",
                json!({"oobCode": code, "newPassword": "secret-123"}),
                None,
            )
            .await;
        assert_eq!((status, code_of(&body)), (400, "WEAK_PASSWORD"));
        let (status, _) = app
            .post(
                "/api/auth/confirm-password-reset",
                json!({"oobCode": code, "newPassword": OPERATOR_PASSWORD}),
                None,
            )
            .await;
        assert_eq!(status, 200);
        let (status, body) = app
            .post(
                "/api/auth/sign-in",
                json!({"email": "thu@ops.example", "password": OPERATOR_PASSWORD}),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let thu = body["data"]["idToken"].as_str().unwrap().to_owned();
        let search = || pb::SearchOrdersRequest::default();
        assert!(
            c.search_orders(with(&Cred::Token(&thu), search()))
                .await
                .is_ok()
        );
        let denied = c
            .list_staff(with(&Cred::Token(&thu), pb::ListStaffRequest {}))
            .await
            .unwrap_err();
        assert_eq!(denied.code(), Code::PermissionDenied);
        // Her replies carry the name the admin gave, never her address.
        let ann = token_for(app, "ann@example.com").await;
        let mut support = SupportServiceClient::connect(app.url("")).await.unwrap();
        let thread = support
            .open_thread(signed(&ann, open("", "請問接機要等多久？", "q-thu")))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        let reply = |token: &str, text: &str| {
            with(
                &Cred::Token(token),
                pb::ReplyToThreadRequest {
                    thread_id: thread.id.clone(),
                    message: text.into(),
                },
            )
        };
        c.reply_to_thread(reply(&thu, "司機會等 60 分鐘"))
            .await
            .unwrap();
        let authors = || {
            let mut support = support.clone();
            let (ann, id) = (ann.clone(), thread.id.clone());
            async move {
                support
                    .get_thread(signed(&ann, pb::GetThreadRequest { thread_id: id }))
                    .await
                    .unwrap()
                    .into_inner()
                    .messages
                    .into_iter()
                    .filter(|m| !m.from_customer)
                    .map(|m| m.author_name)
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(authors().await, ["阮秋 Thu"]);
        // Inviting the same address again is refused.
        let again = c
            .invite_staff(with(
                &cred,
                pb::InviteStaffRequest {
                    email: "THU@ops.example".into(),
                    role: pb::StaffRole::Admin as i32,
                    continue_url: String::new(),
                    display_name: String::new(),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(again.code(), Code::AlreadyExists, "{again:?}");
        // A customer's address: refused with the ways out, not a bare "in use".
        token_for(app, "lan.customer@example.com").await;
        let customer = c
            .invite_staff(with(
                &cred,
                pb::InviteStaffRequest {
                    email: "lan.customer@example.com".into(),
                    role: pb::StaffRole::Operator as i32,
                    continue_url: String::new(),
                    display_name: String::new(),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(customer.code(), Code::FailedPrecondition);
        assert!(
            customer.message().contains("已是顧客帳號的信箱")
                && customer.message().contains("會員中心"),
            "{}",
            customer.message()
        );

        // Made an admin, her same token may list staff at once; disabled, it stops at once.
        let update = |role: pb::StaffRole, disabled: Option<bool>| pb::UpdateStaffRequest {
            account_id: invited.account_id.clone(),
            role: role as i32,
            disabled,
            email: String::new(),
            display_name: String::new(),
        };
        c.update_staff(with(&cred, update(pb::StaffRole::Admin, None)))
            .await
            .unwrap();
        // An admin's change of her, answered with her as she is then.
        let ops = c.clone();
        let changed = |r: pb::UpdateStaffRequest| {
            let (mut c, admin) = (ops.clone(), admin.clone());
            async move {
                c.update_staff(with(&Cred::Token(&admin), r))
                    .await
                    .unwrap()
                    .into_inner()
                    .member
                    .unwrap()
            }
        };
        // Renamed by an admin (audited): her next reply, with the same token, has the new name.
        let renamed = changed(pb::UpdateStaffRequest {
            display_name: "Nguyễn Thu".into(),
            ..update(pb::StaffRole::Unspecified, None)
        })
        .await;
        assert_eq!(renamed.display_name, "Nguyễn Thu");
        c.reply_to_thread(reply(&thu, "已為您安排")).await.unwrap();
        assert_eq!(authors().await, ["阮秋 Thu", "Nguyễn Thu"]);
        let too_long = pb::UpdateStaffRequest {
            display_name: "名".repeat(41),
            ..update(pb::StaffRole::Unspecified, None)
        };
        let err = c.update_staff(with(&cred, too_long)).await.unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument);
        let staff = c
            .list_staff(with(&Cred::Token(&thu), pb::ListStaffRequest {}))
            .await
            .unwrap()
            .into_inner()
            .staff;
        assert_eq!(staff.len(), 2);
        // Her address names her in the audit log: not hers to change through the customer's call,
        // but an admin's, audited; her sessions end with the old address.
        let (status, body) = app
            .post(
                "/api/auth/change-email",
                json!({"password": OPERATOR_PASSWORD, "newEmail": "thu.le@ops.example"}),
                Some(&thu),
            )
            .await;
        assert_eq!(status, 403, "{body}");
        assert_eq!(
            body["error"]["message"],
            "營運人員的登入信箱由管理員在後台變更"
        );
        let moved = changed(pb::UpdateStaffRequest {
            email: "thu.le@ops.example".into(),
            ..update(pb::StaffRole::Unspecified, None)
        })
        .await;
        assert_eq!(moved.email, "thu.le@ops.example");
        let entries = c
            .list_audit_entries(with(
                &cred,
                pb::ListAuditEntriesRequest {
                    target: format!("account:{}", invited.account_id),
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .entries;
        let last = entries
            .iter()
            .find(|e| e.after.contains("thu.le@"))
            .unwrap();
        assert!(last.before.starts_with("thu@ops.example "), "{last:?}");
        assert!(
            c.search_orders(with(&Cred::Token(&thu), search()))
                .await
                .is_err(),
            "the old address's token stops"
        );
        let (status, body) = app
            .post(
                "/api/auth/sign-in",
                json!({"email": "thu.le@ops.example", "password": OPERATOR_PASSWORD}),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let thu = body["data"]["idToken"].as_str().unwrap().to_owned();
        c.update_staff(with(&cred, update(pb::StaffRole::Unspecified, Some(true))))
            .await
            .unwrap();
        let stopped = c
            .search_orders(with(&Cred::Token(&thu), search()))
            .await
            .unwrap_err();
        assert_eq!(
            (stopped.code(), stopped.message()),
            (Code::PermissionDenied, "USER_DISABLED")
        );
        // Nobody disables or demotes themselves.
        let me = staff
            .iter()
            .find(|m| m.email == OPERATOR_EMAIL)
            .unwrap()
            .account_id
            .clone();
        let myself = c
            .update_staff(with(
                &cred,
                pb::UpdateStaffRequest {
                    account_id: me,
                    role: pb::StaffRole::Operator as i32,
                    ..Default::default()
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(myself.code(), Code::FailedPrecondition);

        // Keys: issued with the secret once, listed without it, revoked.
        let issued = c
            .issue_service_key(with(
                &cred,
                pb::IssueServiceKeyRequest {
                    name: "dispatch-app".into(),
                    admin: false,
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert!(issued.secret.starts_with("bks_"));
        let key_id = issued.key.unwrap().key_id;
        let listed = c
            .list_service_keys(with(&cred, pb::ListServiceKeysRequest {}))
            .await
            .unwrap()
            .into_inner()
            .keys;
        assert!(
            listed
                .iter()
                .any(|k| k.key_id == key_id && k.revoked_at.is_none())
        );
        let revoked = c
            .revoke_service_key(with(&cred, pb::RevokeServiceKeyRequest { key_id }))
            .await
            .unwrap()
            .into_inner()
            .key
            .unwrap();
        assert!(revoked.revoked_at.is_some());
        let unauthorised = c
            .search_orders(with(&Cred::Key(&issued.secret), search()))
            .await
            .unwrap_err();
        assert_eq!(unauthorised.code(), Code::Unauthenticated);
    }
);

api_test!(
    an_admin_edits_a_plan_for_new_orders_only,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let admin = operator_token(app).await;
        let made = pending(app, &ann, 3).await;
        let (_, before) = app.get_as(&format!("/api/order/detail/{made}"), &ann).await;
        let mut c = client(app).await;
        let cred = Cred::Token(&admin);
        let catalogue = c
            .list_catalog(with(&cred, pb::ListCatalogRequest {}))
            .await
            .unwrap()
            .into_inner();
        let plan = catalogue
            .plans
            .iter()
            .find(|p| p.plan.as_ref().unwrap().id == "shuttle-sgn-4")
            .unwrap();
        assert_eq!(plan.rates.len(), 1);
        assert!(!catalogue.therapists.is_empty());
        let old_rate = plan.rates[0].price_vnd;
        let edit = |rates: Vec<pb::PlanRate>| pb::UpdatePlanRequest {
            plan_id: "shuttle-sgn-4".into(),
            name: Some("新山一機場接送・4 人座".into()),
            rates,
            seats: Some(4),
            ..Default::default()
        };
        // A rate that is no price is refused with the catalogue's words, and nothing changes.
        let refused = c
            .update_plan(with(
                &cred,
                edit(vec![pb::PlanRate {
                    minutes: 0,
                    price_vnd: -5,
                }]),
            ))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{refused:?}");
        let updated = c
            .update_plan(with(
                &cred,
                edit(vec![pb::PlanRate {
                    minutes: 0,
                    price_vnd: old_rate + 100_000,
                }]),
            ))
            .await
            .unwrap()
            .into_inner()
            .plan
            .unwrap();
        assert_eq!(updated.plan.unwrap().name, "新山一機場接送・4 人座");
        // New estimates see the new rate; the order made before keeps its price.
        let (status, total) = estimate(app).await;
        assert_eq!(status, 200);
        assert_eq!(
            total.as_i64().unwrap(),
            before["data"]["estimate"]["totalVnd"].as_i64().unwrap() + 100_000
        );
        let (_, after) = app.get_as(&format!("/api/order/detail/{made}"), &ann).await;
        assert_eq!(after["data"]["estimate"], before["data"]["estimate"]);
        let audit = c
            .list_audit_entries(with(
                &cred,
                pb::ListAuditEntriesRequest {
                    target: "plan:shuttle-sgn-4".into(),
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .entries;
        assert_eq!(audit.len(), 1);
        assert_eq!(audit[0].action, "plan.update");
    }
);

api_test!(
    operators_close_a_thread_and_a_new_message_reopens_it,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let staff = operator_token(app).await;
        let id = pending(app, &ann, 3).await;
        let mut support = SupportServiceClient::connect(app.url("")).await.unwrap();
        let thread = support
            .open_thread(signed(&ann, open(&id, "司機會舉牌嗎？", "q-1")))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        let mut c = client(app).await;
        let cred = Cred::Token(&staff);
        let close = |closed| pb::SetThreadClosedRequest {
            thread_id: thread.id.clone(),
            closed,
        };
        let closed = c
            .set_thread_closed(with(&cred, close(true)))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        assert!(closed.thread.unwrap().closed_at.is_some());
        // Closing twice changes nothing and is recorded once.
        c.set_thread_closed(with(&cred, close(true))).await.unwrap();
        let listed = |view: pb::ThreadView| {
            let mut c = c.clone();
            let staff = staff.clone();
            async move {
                c.list_support_threads(with(
                    &Cred::Token(&staff),
                    pb::ListSupportThreadsRequest {
                        view: view as i32,
                        ..Default::default()
                    },
                ))
                .await
                .unwrap()
                .into_inner()
                .threads
                .len()
            }
        };
        assert_eq!(
            (
                listed(pb::ThreadView::Closed).await,
                listed(pb::ThreadView::Open).await
            ),
            (1, 0)
        );
        // The customer sees it closed, and writing again reopens it.
        let mine = support
            .get_thread(signed(
                &ann,
                pb::GetThreadRequest {
                    thread_id: thread.id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        assert!(mine.closed_at.is_some());
        support
            .send_message(signed(
                &ann,
                pb::SendMessageRequest {
                    thread_id: thread.id.clone(),
                    body: "還有行李的問題".into(),
                    request_id: "m-1".into(),
                },
            ))
            .await
            .unwrap();
        assert_eq!(
            (
                listed(pb::ThreadView::Closed).await,
                listed(pb::ThreadView::Open).await
            ),
            (0, 1)
        );
        let audit = c
            .list_audit_entries(with(
                &cred,
                pb::ListAuditEntriesRequest {
                    target: format!("thread:{}", thread.id),
                    ..Default::default()
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .entries;
        let actions: Vec<_> = audit.iter().map(|e| e.action.as_str()).collect();
        assert_eq!(actions, ["thread.close"]);
    }
);

api_test!(
    an_admin_changes_a_therapists_languages_skills_and_hours,
    async |app: &TestApp| {
        let admin = operator_token(app).await;
        let dispatcher = staff_token(app, "minh@ops.example", "operator").await;
        let mut c = client(app).await;
        let day = (chrono::Utc::now() + chrono::Duration::days(3)).format("%Y-%m-%d");
        let at = |time: &str| format!("date={day}&time={time}&duration=60");
        assert!(
            therapists(app, &at("20:00"))
                .await
                .contains(&"t-lan".to_owned())
        );
        let request = |from: &str, until: &str| pb::UpdateTherapistRequest {
            therapist_id: "t-lan".into(),
            languages: vec!["vi".into(), " en ".into(), "vi".into()],
            skills: vec!["熱石".into(), String::new()],
            hours: vec![pb::Shift {
                days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
                    .map(String::from)
                    .to_vec(),
                from: from.into(),
                until: until.into(),
            }],
            ..Default::default()
        };
        let refused = c
            .update_therapist(with(&Cred::Token(&dispatcher), request("09:00", "12:00")))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied);
        let bad = c
            .update_therapist(with(&Cred::Token(&admin), request("9 am", "12:00")))
            .await
            .unwrap_err();
        assert_eq!(bad.code(), Code::InvalidArgument);
        let lan = c
            .update_therapist(with(&Cred::Token(&admin), request("09:00", "12:00")))
            .await
            .unwrap()
            .into_inner()
            .therapist
            .unwrap();
        assert_eq!(
            (lan.languages, lan.skills),
            (
                vec!["vi".to_owned(), "en".to_owned()],
                vec!["熱石".to_owned()]
            )
        );
        // The finder offers her by her new hours at once.
        assert!(
            !therapists(app, &at("20:00"))
                .await
                .contains(&"t-lan".to_owned())
        );
        assert!(
            therapists(app, &at("10:00"))
                .await
                .contains(&"t-lan".to_owned())
        );

        // Her photos: several, the first her card's (the 144 cut); more than a plan's are refused.
        let photos = |urls: Vec<String>| pb::UpdateTherapistRequest {
            photos: Some(pb::PhotoList { urls }),
            ..request("09:00", "12:00")
        };
        let two = vec![
            "/media/catalog/img-aaaa/288.jpg".to_owned(),
            "/media/catalog/img-bbbb/288.jpg".to_owned(),
        ];
        let lan = c
            .update_therapist(with(&Cred::Token(&admin), photos(two.clone())))
            .await
            .unwrap()
            .into_inner()
            .therapist
            .unwrap();
        assert_eq!(lan.photos, two);
        assert_eq!(lan.photo, "/media/catalog/img-aaaa/144.jpg");
        let (_, listed) = app
            .get(&format!(
                "/api/plan/dragon-massage/therapist?{}",
                at("10:00")
            ))
            .await;
        let listed = listed["data"]
            .as_array()
            .and_then(|all| all.iter().find(|t| t["id"] == "t-lan"))
            .cloned()
            .unwrap_or_else(|| panic!("{listed}"));
        assert_eq!(listed["photos"], json!(two));
        let nine = (0..9)
            .map(|i| format!("/media/catalog/img-{i}/288.jpg"))
            .collect();
        let err = c
            .update_therapist(with(&Cred::Token(&admin), photos(nine)))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument);
        let outside = vec!["https://elsewhere.example/a.jpg".to_owned()];
        let err = c
            .update_therapist(with(&Cred::Token(&admin), photos(outside)))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument);
    }
);

api_test!(
    a_season_from_the_catalogue_prices_new_estimates_and_orders_keep_their_price,
    async |app: &TestApp| {
        let (_, key) = service_key(app, "catalogue").await;
        let svc = Cred::Key(&key);
        let ann = super::orders::token_for(app, "ann@example.com").await;
        // An order made before the season: 480,000.
        let before = super::payments::pending_order(app, &ann).await;
        assert_eq!(estimate(app).await, (200, json!(480_000)));

        // Admins add Tết-like days around the shuttle's day: +50% of the rate, by the file.
        let start = super::orders::shuttle(3)["start"]
            .as_str()
            .unwrap()
            .to_owned();
        let service_day = chrono::NaiveDate::parse_from_str(&start[..10], "%Y-%m-%d").unwrap();
        let season = format!(
            "rates = [{{ price_vnd = 380000 }}]\nseasons = [{{ from = \"{}\", until = \"{}\", percent = 50 }}]",
            service_day - chrono::Duration::days(1),
            service_day + chrono::Duration::days(1)
        );
        let file =
            adapters::catalog_file::DEMO.replacen("rates = [{ price_vnd = 380000 }]", &season, 1);
        assert_ne!(file, adapters::catalog_file::DEMO);
        client(app)
            .await
            .import_catalog(with(&svc, pb::ImportCatalogRequest { catalog_toml: file }))
            .await
            .unwrap();

        // A new estimate has the season as a line of its own, in the caller's words.
        let (status, body) = app
            .post(
                "/api/plan/shuttle/shuttle-sgn-4/estimateFee",
                super::orders::shuttle(3),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["totalVnd"], 670_000);
        let season_line = body["data"]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["code"] == "season")
            .cloned()
            .unwrap();
        assert_eq!(season_line["amountVnd"], 190_000);
        assert_eq!(season_line["label"], "旺季加價 50%");
        // The order made before keeps what it was priced at.
        let (_, kept) = app
            .get_as(&format!("/api/order/detail/{before}"), &ann)
            .await;
        assert_eq!(kept["data"]["estimate"]["totalVnd"], 480_000, "{kept}");
    }
);

api_test!(
    a_categorys_seasons_price_every_plan_of_it_after_the_plans_own,
    async |app: &TestApp| {
        let admin = staff_token(app, "seasons-admin@example.com", "admin").await;
        let op = staff_token(app, "seasons-op@example.com", "operator").await;
        let ann = super::orders::token_for(app, "ann@example.com").await;
        let before = super::payments::pending_order(app, &ann).await;
        let start = super::orders::shuttle(3)["start"]
            .as_str()
            .unwrap()
            .to_owned();
        let day = chrono::NaiveDate::parse_from_str(&start[..10], "%Y-%m-%d").unwrap();
        let season =
            |from: chrono::NaiveDate, until: chrono::NaiveDate, percent, vnd| pb::PlanSeason {
                from: from.to_string(),
                until: until.to_string(),
                percent,
                amount_vnd: vnd,
            };
        let set = |cred: String, seasons: Vec<pb::PlanSeason>| async move {
            client(app)
                .await
                .set_category_seasons(signed(
                    &cred,
                    pb::SetCategorySeasonsRequest {
                        category: pb::Category::Shuttle.into(),
                        seasons,
                    },
                ))
                .await
        };
        // An operator may not; a season backwards is refused in words.
        let refused = set(op.clone(), vec![season(day, day, 30, 0)])
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied);
        let backwards = set(
            admin.clone(),
            vec![season(day, day - chrono::Duration::days(1), 30, 0)],
        )
        .await
        .unwrap_err();
        assert_eq!(backwards.code(), Code::InvalidArgument);

        // Tết for every shuttle: +30% of the rate on the service's day.
        let kept = set(
            admin.clone(),
            vec![season(day - chrono::Duration::days(1), day, 30, 0)],
        )
        .await
        .unwrap()
        .into_inner();
        assert_eq!(kept.category.unwrap().seasons.len(), 1);
        let (status, body) = estimate(app).await;
        assert_eq!(status, 200, "{body}");
        // 380,000 × 30% = 114,000 more than 480,000.
        assert_eq!(body, json!(594_000));
        let listed = client(app)
            .await
            .list_category_seasons(signed(&admin, pb::ListCategorySeasonsRequest {}))
            .await
            .unwrap()
            .into_inner()
            .categories;
        assert_eq!(listed.len(), 4);
        assert_eq!(listed[0].category(), pb::Category::Shuttle);
        assert_eq!(listed[0].seasons[0].percent, 30);

        // The plan's own season for that day comes first: a fixed 200,000.
        let plan_season = pb::UpdatePlanRequest {
            plan_id: "shuttle-sgn-4".into(),
            seasons: Some(pb::PlanSeasons {
                seasons: vec![season(day, day, 0, 200_000)],
            }),
            ..Default::default()
        };
        client(app)
            .await
            .update_plan(signed(&admin, plan_season))
            .await
            .unwrap();
        assert_eq!(estimate(app).await.1, json!(680_000));
        // The catalogue file carries the category's seasons; a file naming the category with none
        // clears them (and the demo plans come back without their own).
        let file = client(app)
            .await
            .export_catalog(signed(&admin, pb::ExportCatalogRequest {}))
            .await
            .unwrap()
            .into_inner()
            .catalog_toml;
        assert!(
            file.contains("[[category_seasons.shuttle]]") && file.contains("percent = 30"),
            "{file}"
        );
        let cleared = format!(
            "[category_seasons]\nshuttle = []\n\n{}",
            adapters::catalog_file::DEMO
        );
        client(app)
            .await
            .import_catalog(signed(
                &admin,
                pb::ImportCatalogRequest {
                    catalog_toml: cleared,
                },
            ))
            .await
            .unwrap();
        assert_eq!(estimate(app).await.1, json!(480_000));
        let (_, order) = app
            .get_as(&format!("/api/order/detail/{before}"), &ann)
            .await;
        assert_eq!(order["data"]["estimate"]["totalVnd"], 480_000);
    }
);
