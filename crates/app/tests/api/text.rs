//! Hostile text in every free-text field of every API: NUL (which PostgreSQL cannot store), other
//! controls and the bidirectional overrides are refused with one Traditional-Chinese message, text
//! is stored as NFC, and every field has a length. Each case on SQLite and PostgreSQL.

use gateway::pb::operator_service_client::OperatorServiceClient;
use gateway::pb::order_service_client::OrderServiceClient;
use gateway::pb::support_service_client::SupportServiceClient;
use serde_json::json;

use super::member::{open, pay_with_vcoin, pending};
use super::operations::booking;
use super::orders::{contact, day_slot, shuttle, token_for};
use super::*;

const REFUSED: &str = "不可包含控制字元或文字方向控制字元";

/// Text that must never be stored: NUL, BEL, ESC, DEL, a C1 control and the direction overrides.
const HOSTILE: [&str; 7] = [
    "a\u{0}b",
    "bell\u{7}",
    "\u{1b}[31mred",
    "del\u{7f}",
    "c1\u{9b}x",
    "\u{202e}gpj.exe",
    "\u{2066}isolate\u{2069}",
];

/// `value` put at `pointer` (a JSON pointer) of `base`.
fn with(base: &Value, pointer: &str, value: &str) -> Value {
    let mut body = base.clone();
    *body.pointer_mut(pointer).unwrap() = json!(value);
    body
}

/// Every hostile text at `pointer` of `body`, sent as `token`: 400, the field, the message.
async fn refused_everywhere(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
    base: &Value,
    pointer: &str,
) {
    for bad in HOSTILE {
        let (status, body, _) = app
            .call(
                method.clone(),
                path,
                Some(with(base, pointer, bad)),
                Some(token),
            )
            .await;
        assert_eq!(status, 400, "{path} {pointer} {bad:?}: {body}");
        assert_eq!(body["error"]["code"], "INVALID_ARGUMENT", "{body}");
        let detail = &body["error"]["details"][0];
        assert_eq!(detail["description"], REFUSED, "{path} {pointer}: {body}");
    }
}

fn charter() -> Value {
    json!({"details": {"start": day_slot(), "durationMinutes": 240, "pickupAddress": "Rex Hotel",
        "itinerary": "Ben Thanh\nPost Office", "passengers": 2, "driverLanguage": "vi"},
        "contact": contact(), "note": ""})
}

fn escort() -> Value {
    json!({"details": {"start": day_slot(), "durationMinutes": 240, "meetingPoint": "Rex Hotel",
        "people": 2, "language": "zh"}, "contact": contact()})
}

fn massage() -> Value {
    json!({"details": {"hotelName": "Rex", "hotelAddress": "141 Nguyen Hue", "room": "1203",
        "start": day_slot(), "durationMinutes": 60, "people": 1, "therapist": "any"}})
}

api_test!(
    every_rest_text_field_refuses_controls,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let post = reqwest::Method::POST;
        let shuttle_order = json!({"details": shuttle(2), "contact": contact(), "note": ""});
        let path = "/api/plan/shuttle/shuttle-sgn-4/order";
        for pointer in [
            "/note",
            "/contact/name",
            "/contact/messagingId",
            "/details/address",
        ] {
            refused_everywhere(app, post.clone(), path, &ann, &shuttle_order, pointer).await;
        }
        let path = "/api/plan/charter/charter-sgn-city-4h/order";
        for pointer in ["/details/pickupAddress", "/details/itinerary"] {
            refused_everywhere(app, post.clone(), path, &ann, &charter(), pointer).await;
        }
        let path = "/api/plan/escort/escort-city-half-day/order";
        refused_everywhere(
            app,
            post.clone(),
            path,
            &ann,
            &escort(),
            "/details/meetingPoint",
        )
        .await;
        let path = "/api/plan/dragon-massage/massage-classic/order";
        for pointer in [
            "/details/hotelName",
            "/details/hotelAddress",
            "/details/room",
        ] {
            refused_everywhere(app, post.clone(), path, &ann, &massage(), pointer).await;
        }

        // Updates, cancel reasons and the profile.
        let id = pending(app, &ann, 2).await;
        let put = reqwest::Method::PUT;
        let path = format!("/api/plan/shuttle/order/{id}");
        let update = json!({"note": "", "contact": contact()});
        for pointer in ["/note", "/contact/name"] {
            refused_everywhere(app, put.clone(), &path, &ann, &update, pointer).await;
        }
        let cancel = format!("/api/order/detail/{id}/cancel");
        let reason = json!({"reason": ""});
        refused_everywhere(app, post.clone(), &cancel, &ann, &reason, "/reason").await;
        let paid = pending(app, &ann, 3).await;
        pay_with_vcoin(app, &ann, &paid).await;
        let cancel_paid = format!("/api/order/detail/{paid}/cancel");
        refused_everywhere(app, post.clone(), &cancel_paid, &ann, &reason, "/reason").await;
        let profile = json!({"displayName": "Ann", "lineId": "ann"});
        for pointer in ["/displayName", "/lineId"] {
            refused_everywhere(
                app,
                reqwest::Method::PATCH,
                "/api/user",
                &ann,
                &profile,
                pointer,
            )
            .await;
        }

        // Lengths: a cancel reason of 100,000 characters, a note of 501.
        let long = "長".repeat(100_000);
        let (status, body) = app.post(&cancel, json!({"reason": long}), Some(&ann)).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["error"]["details"][0]["description"], "最多 200 個字");
        let (status, _, _) = app
            .call(
                put.clone(),
                &path,
                Some(json!({"note": "字".repeat(501)})),
                Some(&ann),
            )
            .await;
        assert_eq!(status, 400);

        // What is kept: newlines in a note, and text as NFC ("é" written as e + accent).
        let (status, body, _) = app
            .call(
                put,
                &path,
                Some(
                    json!({"note": "  請在大廳等候\r\n謝謝 ", "contact": {"name": "Rene\u{301}e",
                    "phoneCountryCode": "+886", "phoneNumber": "0912-345-678"}}),
                ),
                Some(&ann),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["note"], "請在大廳等候\n謝謝");
        assert_eq!(body["data"]["contact"]["name"], "Ren\u{e9}e");
        // Nothing refused was stored, and the orders still read (PostgreSQL answered every time).
        let (status, body) = app.get_as(&format!("/api/order/detail/{id}"), &ann).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            app.get_as(&cancel_paid.replace("/cancel", ""), &ann)
                .await
                .0,
            200
        );
    }
);

api_test!(
    every_grpc_text_field_refuses_controls,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let order = pending(app, &ann, 2).await;
        let mut support = SupportServiceClient::connect(app.url("")).await.unwrap();
        for (i, bad) in HOSTILE.iter().enumerate() {
            let mut subject = open(&order, "你好", &format!("s{i}"));
            subject.subject = (*bad).into();
            let mut body = open(&order, bad, &format!("b{i}"));
            body.subject = "問題".into();
            for request in [subject, body] {
                let err = support
                    .open_thread(signed(&ann, request))
                    .await
                    .unwrap_err();
                assert_eq!(err.code(), tonic::Code::InvalidArgument, "{bad:?}");
                assert!(err.message().contains(REFUSED), "{}", err.message());
            }
        }
        let thread = support
            .open_thread(signed(&ann, open(&order, "第一行\n第二行", "ok")))
            .await
            .unwrap()
            .into_inner()
            .thread
            .unwrap();
        for bad in HOSTILE {
            let err = support
                .send_message(signed(
                    &ann,
                    pb::SendMessageRequest {
                        thread_id: thread.id.clone(),
                        body: bad.into(),
                        request_id: format!("r-{bad}"),
                    },
                ))
                .await
                .unwrap_err();
            assert_eq!(err.code(), tonic::Code::InvalidArgument, "{bad:?}");
        }

        // The operator's texts: a reply, a wallet adjustment's reason, a cancel reason, a bank
        // reference, a driver's name and plate.
        let key = booking(
            app,
            &["admin", "issue-key", "--name", "text-test", "--admin"],
            "",
        )
        .await;
        let key = key.trim().split_once(' ').unwrap().1.to_owned();
        fn keyed<T>(key: &str, message: T) -> tonic::Request<T> {
            let mut r = tonic::Request::new(message);
            r.metadata_mut().insert("x-api-key", key.parse().unwrap());
            r
        }
        let mut ops = OperatorServiceClient::connect(app.url("")).await.unwrap();
        let customer = app.get_as("/api/user", &ann).await.1["data"]["userId"]
            .as_str()
            .unwrap()
            .to_owned();
        let paid = pending(app, &ann, 3).await;
        pay_with_vcoin(app, &ann, &paid).await;
        let driver = |name: &str, plate: &str| pb::AssignDriverRequest {
            order_id: paid.clone(),
            driver: Some(pb::Driver {
                name: name.into(),
                phone_country_code: "84".into(),
                phone_number: "912345678".into(),
                plate: plate.into(),
                typed: false,
            }),
            seen_version: None,
        };
        for bad in HOSTILE {
            let codes = [
                ops.reply_to_thread(keyed(
                    &key,
                    pb::ReplyToThreadRequest {
                        thread_id: thread.id.clone(),
                        message: bad.into(),
                    },
                ))
                .await
                .map(|_| ()),
                ops.adjust_wallet(keyed(
                    &key,
                    pb::AdjustWalletRequest {
                        customer_id: customer.clone(),
                        amount_vnd: 1000,
                        reason: bad.into(),
                    },
                ))
                .await
                .map(|_| ()),
                ops.cancel_order(keyed(
                    &key,
                    pb::OperatorServiceCancelOrderRequest {
                        order_id: paid.clone(),
                        reason: bad.into(),
                        refund_vnd: None,
                        ..Default::default()
                    },
                ))
                .await
                .map(|_| ()),
                ops.mark_transfer_paid(keyed(
                    &key,
                    pb::MarkTransferPaidRequest {
                        order_id: order.clone(),
                        bank_ref: bad.into(),
                    },
                ))
                .await
                .map(|_| ()),
                ops.assign_driver(keyed(&key, driver(bad, "51A-12345")))
                    .await
                    .map(|_| ()),
                ops.assign_driver(keyed(&key, driver("Minh", bad)))
                    .await
                    .map(|_| ()),
            ];
            for (i, c) in codes.into_iter().enumerate() {
                let err = c.unwrap_err();
                assert_eq!(err.code(), tonic::Code::InvalidArgument, "call {i} {bad:?}");
                assert!(
                    err.message().contains(REFUSED),
                    "call {i}: {}",
                    err.message()
                );
            }
        }
        let (status, body) = app.get_as(&format!("/api/order/detail/{paid}"), &ann).await;
        assert_eq!(
            (status, body["data"]["state"].as_str()),
            (200, Some("PAID"))
        );

        // The catalogue an admin imports: a plan's or a therapist's name that reads backwards.
        let catalog = ops
            .export_catalog(keyed(&key, pb::ExportCatalogRequest {}))
            .await
            .unwrap()
            .into_inner()
            .catalog_toml;
        for (at, name) in [("[[plans]]", "胡志明市"), ("[[therapists]]", "Mai")] {
            let start = catalog.find(at).unwrap();
            let spoofed = format!(
                "{}{}",
                &catalog[..start],
                catalog[start..].replacen("name = \"", "name = \"\u{202e}", 1)
            );
            assert!(spoofed.contains('\u{202e}'), "{name}");
            let err = ops
                .import_catalog(keyed(
                    &key,
                    pb::ImportCatalogRequest {
                        catalog_toml: spoofed,
                    },
                ))
                .await
                .unwrap_err();
            assert_eq!(err.code(), tonic::Code::InvalidArgument, "{at}");
            assert!(err.message().contains(REFUSED), "{}", err.message());
        }
    }
);

api_test!(
    the_same_refusal_and_labels_in_three_languages_by_header,
    async |app: &TestApp| {
        use tonic_types::StatusExt;
        let mut order = OrderServiceClient::connect(app.url("")).await.unwrap();
        let expected = [
            ("zh-TW", "此方案最多 4 位", "單程接送（每車）"),
            (
                "vi-VN,vi;q=0.9",
                "Gói này tối đa 4 người",
                "Đưa đón một chiều (mỗi xe)",
            ),
            (
                "en-GB,en;q=0.8",
                "This plan takes at most 4 people",
                "One-way transfer (per car)",
            ),
        ];
        for (header, refusal, label) in expected {
            // REST: the refusal's words and an estimate's line, as the header asks.
            let ask = |body: Value| {
                app.http
                    .post(app.url("/api/plan/shuttle/shuttle-sgn-4/estimateFee"))
                    .header("accept-language", header)
                    .json(&body)
                    .send()
            };
            let refused: Value = ask(shuttle(9)).await.unwrap().json().await.unwrap();
            assert_eq!(
                refused["error"]["details"][0]["description"], refusal,
                "{header}"
            );
            let priced: Value = ask(shuttle(3)).await.unwrap().json().await.unwrap();
            assert_eq!(priced["data"]["lines"][0]["label"], label, "{header}");
            // gRPC: the same words, and the locale they are in.
            let mut request = tonic::Request::new(pb::EstimateFeeRequest {
                plan_id: "shuttle-sgn-4".into(),
                details: Some(pb::OrderDetails {
                    service: Some(pb::order_details::Service::Shuttle(pb::ShuttleDetails {
                        passengers: 9,
                        ..serde_json::from_value(shuttle(9)).unwrap()
                    })),
                }),
            });
            request
                .metadata_mut()
                .insert("accept-language", header.parse().unwrap());
            let err = order.estimate_fee(request).await.unwrap_err();
            assert_eq!(err.message(), refusal, "{header}");
            let words = err.get_details_localized_message().unwrap();
            assert!(
                header.starts_with(words.locale.as_str()),
                "{header} {}",
                words.locale
            );
        }
    }
);
