//! Orders over the wire: the flow on REST and gRPC, prices from the server, owners only,
//! idempotent creation (also under concurrency), field errors, and the expiry job.

use chrono::{Duration, Utc};
use gateway::pb::order_service_client::OrderServiceClient;
use reqwest::Method;
use serde_json::json;

use super::*;

pub(super) async fn token_for(app: &TestApp, email: &str) -> String {
    let (status, body) = app
        .post(
            "/api/auth/sign-up",
            json!({"email": email, "password": "secret-123"}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["idToken"].as_str().unwrap().to_owned()
}

/// Vietnam time `hours` from now, as the forms send it.
fn vietnam_in(hours: i64) -> String {
    (Utc::now() + Duration::hours(7 + hours))
        .format("%Y-%m-%dT%H:%M")
        .to_string()
}

/// A daytime slot two days ahead, clear of the night surcharge.
pub(super) fn day_slot() -> String {
    let day = (Utc::now() + Duration::hours(7) + Duration::days(2)).format("%Y-%m-%d");
    format!("{day}T10:00")
}

pub(super) fn shuttle(passengers: u32) -> Value {
    json!({
        "direction": "pick-up",
        "flightNumber": "VN 123",
        "start": day_slot(),
        "address": "Caravelle Saigon, 19 Lam Son Square",
        "passengers": passengers,
        "luggage": 2,
        "childSeats": 1,
    })
}

pub(super) fn contact() -> Value {
    json!({"name": "王小明", "phoneCountryCode": "+886", "phoneNumber": "0912-345-678",
           "messagingApp": "line", "messagingId": "xiaoming"})
}

pub(super) async fn create(
    app: &TestApp,
    token: &str,
    key: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let mut r = app
        .http
        .post(app.url("/api/plan/shuttle/shuttle-sgn-4/order"))
        .header("authorization-firebase", token)
        .json(&body);
    if let Some(k) = key {
        r = r.header("idempotency-key", k);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

pub(super) fn code_of(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

pub(super) fn field(body: &Value) -> &str {
    body["error"]["details"][0]["field"]
        .as_str()
        .unwrap_or_default()
}

api_test!(orders_flow_over_rest, async |app: &TestApp| {
    let ann = token_for(app, "ann@example.com").await;
    let bob = token_for(app, "bob@example.com").await;

    // An estimate needs no sign-in, and prices what the rules say: the rate and one child seat.
    let (status, body) = app
        .post(
            "/api/plan/shuttle/shuttle-sgn-4/estimateFee",
            shuttle(3),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["totalVnd"], 480_000);
    let codes: Vec<&str> = body["data"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["base", "child-seats"]);
    // Query parameters fill in what the body leaves out; the body wins.
    let mut partial = shuttle(3);
    partial.as_object_mut().unwrap().remove("childSeats");
    let (status, body) = app
        .post(
            "/api/plan/shuttle/shuttle-sgn-4/estimateFee?childSeats=2&passengers=1",
            partial,
            None,
        )
        .await;
    assert_eq!(
        (status, body["data"]["totalVnd"].as_i64()),
        (200, Some(580_000))
    );

    // Step1: a draft priced by the server, whatever the client thinks it costs.
    let mut with_price = json!({"details": shuttle(3)});
    with_price["details"]["totalVnd"] = json!(1);
    let (status, body) = create(app, &ann, None, with_price).await;
    assert_eq!(
        (status, code_of(&body)),
        (400, "INVALID_ARGUMENT"),
        "{body}"
    );
    let (status, body) = create(app, &ann, Some("key-1"), json!({"details": shuttle(3)})).await;
    assert_eq!(status, 201, "{body}");
    let order = &body["data"];
    let id = order["id"].as_str().unwrap().to_owned();
    assert_eq!(order["state"], "DRAFT");
    assert_eq!(order["estimate"]["totalVnd"], 480_000);
    assert_eq!(order["details"]["flightNumber"], "VN123");
    assert_eq!(order["events"][0]["to"], "DRAFT");

    // A retry with the key gets the same order; the key for another request is refused.
    let (status, again) = create(app, &ann, Some("key-1"), json!({"details": shuttle(3)})).await;
    assert_eq!(
        (status, again["data"]["id"].as_str()),
        (201, Some(id.as_str()))
    );
    let (status, body) = create(app, &ann, Some("key-1"), json!({"details": shuttle(2)})).await;
    assert_eq!((status, code_of(&body)), (422, "IDEMPOTENCY_KEY_REUSED"));

    // Only the owner sees or changes it.
    let (status, _, _) = app
        .call(
            Method::GET,
            &format!("/api/order/detail/{id}"),
            None,
            Some(&bob),
        )
        .await;
    assert_eq!(status, 404);
    let put = format!("/api/plan/shuttle/order/{id}");
    let (status, _, _) = app
        .call(
            Method::PUT,
            &put,
            Some(json!({"contact": contact()})),
            Some(&bob),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _, _) = app
        .call(Method::PUT, &put, Some(json!({"contact": contact()})), None)
        .await;
    assert_eq!(status, 401);

    // Step2: the contact completes the order, which now waits for payment.
    let (status, body, _) = app
        .call(
            Method::PUT,
            &put,
            Some(json!({"contact": contact(), "note": "  請準備中文接機牌 "})),
            Some(&ann),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "PENDING_PAYMENT");
    assert_eq!(body["data"]["contact"]["phoneNumber"], "912345678");
    assert_eq!(body["data"]["note"], "請準備中文接機牌");
    // Back on step1 the details change and the price follows.
    let (status, body, _) = app
        .call(
            Method::PUT,
            &put,
            Some(json!({"details": shuttle(4)})),
            Some(&ann),
        )
        .await;
    assert_eq!(
        (status, body["data"]["details"]["passengers"].as_u64()),
        (200, Some(4))
    );

    // Lists: newest first, filtered, paged.
    let (_, second) = create(
        app,
        &ann,
        None,
        json!({"details": shuttle(1), "contact": contact()}),
    )
    .await;
    assert_eq!(
        second["data"]["state"], "PENDING_PAYMENT",
        "step1 and step2 at once"
    );
    let (status, body) = app.get_as("/api/order/detail?pageSize=1", &ann).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"][0]["id"], second["data"]["id"]);
    let next = body["nextPageToken"].as_str().unwrap().to_owned();
    let (_, body) = app
        .get_as(
            &format!("/api/order/detail?pageSize=1&pageToken={next}"),
            &ann,
        )
        .await;
    assert_eq!(body["data"][0]["id"], id.as_str());
    assert!(body.get("nextPageToken").is_none());
    let (_, body) = app.get_as("/api/order/detail", &bob).await;
    assert_eq!(body["data"].as_array().unwrap().len(), 0, "bob has none");
    let (status, body) = app.get_as("/api/order/detail?state=cancelled", &ann).await;
    assert_eq!((status, body["data"].as_array().unwrap().len()), (200, 0));
    let (status, _) = app.get_as("/api/order/detail?state=LOST", &ann).await;
    assert_eq!(status, 400);
    let (status, _) = app.get_as("/api/order/detail?pageToken=forged", &ann).await;
    assert_eq!(status, 400);

    // Cancelling is for unpaid orders, and a retry changes nothing.
    let cancel = format!("/api/order/detail/{id}/cancel");
    let (status, body) = app
        .post(&cancel, json!({"reason": "行程改變"}), Some(&ann))
        .await;
    assert_eq!(
        (status, body["data"]["state"].as_str()),
        (200, Some("CANCELLED"))
    );
    let (status, again) = app.post(&cancel, json!({}), Some(&ann)).await;
    assert_eq!(
        (status, again["data"]["events"].as_array().unwrap().len()),
        (200, 3)
    );
    let (status, body, _) = app
        .call(Method::PUT, &put, Some(json!({"note": "x"})), Some(&ann))
        .await;
    assert_eq!((status, code_of(&body)), (409, "FAILED_PRECONDITION"));
    let (_, body) = app
        .get_as("/api/order/detail?state=CANCELLED,EXPIRED", &ann)
        .await;
    assert_eq!(body["data"].as_array().unwrap().len(), 1);
});

api_test!(order_rules_name_the_field, async |app: &TestApp| {
    let ann = token_for(app, "ann@example.com").await;
    let check = async |details: Value, expected: &str| {
        let (status, body) = create(app, &ann, None, json!({"details": details})).await;
        assert_eq!((status, field(&body)), (400, expected), "{body}");
        assert!(
            !body["error"]["details"][0]["description"]
                .as_str()
                .unwrap()
                .is_empty()
        );
    };
    check(shuttle(5), "details.passengers").await;
    check(shuttle(0), "details.passengers").await;
    let mut d = shuttle(2);
    d["start"] = json!(vietnam_in(1));
    check(d, "details.start").await;
    let mut d = shuttle(2);
    d["start"] = json!(vietnam_in(24 * 400));
    check(d, "details.start").await;
    let mut d = shuttle(2);
    d["start"] = json!("tomorrow");
    check(d, "details.start").await;
    let mut d = shuttle(2);
    d["flightNumber"] = json!("12");
    check(d, "details.flight_number").await;
    let mut d = shuttle(2);
    d["luggage"] = json!(9);
    check(d, "details.luggage").await;
    let mut d = shuttle(2);
    d["direction"] = json!("sideways");
    check(d, "details.direction").await;
    // A drop-off: the flight's departure, and a pick-up at least 90 minutes before it.
    let drop_off = |departure: &str| {
        let mut d = shuttle(2);
        d["direction"] = json!("drop-off");
        d["departure"] = json!(departure);
        d
    };
    check(drop_off(""), "details.departure").await;
    check(
        drop_off(&day_slot().replace("10:00", "11:29")),
        "details.start",
    )
    .await;
    let leaves = day_slot().replace("10:00", "13:00");
    let (status, body) = create(app, &ann, None, json!({"details": drop_off(&leaves)})).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["details"]["departure"], json!(leaves));
    let id = body["data"]["id"].as_str().unwrap();
    let (_, read) = app.get_as(&format!("/api/order/detail/{id}"), &ann).await;
    assert_eq!(
        read["data"]["details"]["departure"],
        json!(leaves),
        "{read}"
    );
    let (status, body) = create(
        app,
        &ann,
        None,
        json!({"details": shuttle(2), "contact": {"name": "", "phoneCountryCode": "886", "phoneNumber": "912345678"}}),
    )
    .await;
    assert_eq!((status, field(&body)), (400, "contact.name"));
    let (status, body) = create(
        app,
        &ann,
        None,
        json!({"details": shuttle(2), "contact": {"name": "A", "phoneCountryCode": "886", "phoneNumber": "12"}}),
    )
    .await;
    assert_eq!((status, field(&body)), (400, "contact.phone.number"));

    // Massage: the people a plan takes, a therapist who exists, lengths it sells.
    let massage = |people: u32, minutes: u32, therapist: &str| {
        json!({"details": {"hotelName": "Rex", "hotelAddress": "141 Nguyen Hue", "room": "1203",
                "start": day_slot(), "durationMinutes": minutes, "people": people,
                "therapist": "specific", "therapistId": therapist}})
    };
    let path = "/api/plan/dragon-massage/massage-classic/order";
    let (status, body) = app.post(path, massage(2, 90, "t-lan"), Some(&ann)).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["data"]["estimate"]["totalVnd"], 1_500_000,
        "two therapists, 90 minutes"
    );
    let (status, body) = app.post(path, massage(3, 90, "t-lan"), Some(&ann)).await;
    assert_eq!((status, field(&body)), (400, "details.people"));
    let (status, body) = app.post(path, massage(1, 75, "t-lan"), Some(&ann)).await;
    assert_eq!((status, field(&body)), (400, "details.duration_minutes"));
    let (status, body) = app.post(path, massage(1, 60, "t-nobody"), Some(&ann)).await;
    assert_eq!((status, field(&body)), (400, "details.therapist_id"));

    // Wrong shapes and places.
    let (status, _) = app
        .post(
            "/api/plan/shuttle/no-such-plan/order",
            json!({"details": shuttle(2)}),
            Some(&ann),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = app
        .post(
            "/api/plan/charter/shuttle-sgn-4/order",
            json!({"details": shuttle(2)}),
            Some(&ann),
        )
        .await;
    assert_eq!(
        status, 400,
        "charter details are required on a charter path"
    );
    let (status, _) = app
        .post(
            "/api/plan/shuttle/shuttle-sgn-4/order",
            json!({"details": shuttle(2)}),
            None,
        )
        .await;
    assert_eq!(status, 401);
    let (status, _) = app
        .post(
            "/api/plan/shuttle/shuttle-sgn-4/order",
            json!({"details": "x"}),
            Some(&ann),
        )
        .await;
    assert_eq!(status, 400);
    let (status, _) = app.get_as("/api/order/detail/..%2F..%2Fetc", &ann).await;
    assert_eq!(status, 404);
});

api_test!(grpc_orders_share_the_rules, async |app: &TestApp| {
    let ann = token_for(app, "ann@example.com").await;
    let mut client = OrderServiceClient::connect(app.url("")).await.unwrap();
    let details = pb::OrderDetails {
        service: Some(pb::order_details::Service::Charter(pb::CharterDetails {
            start: day_slot(),
            duration_minutes: 240,
            extra_hours: 2,
            pickup_address: "Park Hyatt Saigon".into(),
            itinerary: "範例：統一宮、市場".into(),
            passengers: 3,
            driver_language: "zh".into(),
            ..Default::default()
        })),
    };
    let estimate = client
        .estimate_fee(pb::EstimateFeeRequest {
            plan_id: "charter-sgn-city-4h".into(),
            details: Some(details.clone()),
        })
        .await
        .unwrap()
        .into_inner()
        .estimate
        .unwrap();
    assert_eq!(estimate.total_vnd, 1_200_000 + 2 * 250_000 + 300_000);
    let request = |key: &str| {
        let mut r = tonic::Request::new(pb::CreateOrderRequest {
            plan_id: "charter-sgn-city-4h".into(),
            details: Some(details.clone()),
            contact: None,
            note: String::new(),
        });
        r.metadata_mut()
            .insert("authorization-firebase", ann.parse().unwrap());
        r.metadata_mut()
            .insert("idempotency-key", key.parse().unwrap());
        r
    };
    let first = client
        .create_order(request("g-1"))
        .await
        .unwrap()
        .into_inner()
        .order
        .unwrap();
    let again = client
        .create_order(request("g-1"))
        .await
        .unwrap()
        .into_inner()
        .order
        .unwrap();
    assert_eq!(first.id, again.id);
    assert_eq!(first.state, pb::OrderState::Draft as i32);
    // The REST list sees what gRPC made.
    let (_, body) = app.get_as("/api/order/detail", &ann).await;
    assert_eq!(body["data"][0]["id"], first.id.as_str());
    // Without a token: UNAUTHENTICATED; someone else's order: NOT_FOUND.
    let err = client
        .get_order(pb::GetOrderRequest {
            order_id: first.id.clone(),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::Unauthenticated);
    let bob = token_for(app, "bob@example.com").await;
    let mut r = tonic::Request::new(pb::GetOrderRequest {
        order_id: first.id.clone(),
    });
    r.metadata_mut()
        .insert("authorization-firebase", bob.parse().unwrap());
    assert_eq!(
        client.get_order(r).await.unwrap_err().code(),
        tonic::Code::NotFound
    );
    // A rule broken: INVALID_ARGUMENT naming the field.
    let err = client
        .estimate_fee(pb::EstimateFeeRequest {
            plan_id: "charter-sgn-city-4h".into(),
            details: Some(pb::OrderDetails {
                service: Some(pb::order_details::Service::Charter(pb::CharterDetails {
                    passengers: 9,
                    ..Default::default()
                })),
            }),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::InvalidArgument);
    let field = crate::refused_field(&err);
    assert!(field.starts_with("details."), "{field}");
    // The structure travels with it: a reason to branch on, the message's code and values, the
    // words in their language; a bad token says its code the same way.
    {
        use tonic_types::StatusExt;
        let details = err.get_error_details();
        let info = details.error_info().expect("an ErrorInfo");
        assert_eq!(info.domain, "booking.v1");
        assert!(
            info.reason
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == '_'),
            "{}",
            info.reason
        );
        assert_eq!(info.metadata.get("field"), Some(&field));
        assert!(info.metadata.contains_key("message"), "{:?}", info.metadata);
        let words = details.localized_message().expect("a LocalizedMessage");
        assert_eq!(
            (words.locale.as_str(), words.message.as_str()),
            ("zh-TW", err.message())
        );
        let mut forged = tonic::Request::new(pb::GetOrderRequest {
            order_id: first.id.clone(),
        });
        forged
            .metadata_mut()
            .insert("authorization-firebase", "not-a-token".parse().unwrap());
        let err = client.get_order(forged).await.unwrap_err();
        let info = err.get_details_error_info().expect("an ErrorInfo");
        assert_eq!(
            (err.code(), info.reason.as_str()),
            (tonic::Code::Unauthenticated, "INVALID_ID_TOKEN")
        );
    }
});

api_test!(
    concurrent_duplicates_make_one_order,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let tries =
            (0..8).map(|_| create(app, &ann, Some("same-key"), json!({"details": shuttle(2)})));
        let answers = futures_util::future::join_all(tries).await;
        let mut ids = std::collections::BTreeSet::new();
        for (status, body) in &answers {
            assert!(matches!(status, 201 | 409), "{status} {body}");
            if *status == 201 {
                ids.insert(body["data"]["id"].as_str().unwrap().to_owned());
            }
        }
        assert_eq!(ids.len(), 1, "one order for one key: {answers:?}");
        let (_, body) = app.get_as("/api/order/detail", &ann).await;
        assert_eq!(body["data"].as_array().unwrap().len(), 1);
    }
);

api_test!(
    unpaid_orders_lapse_through_the_job,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let (_, body) = create(
            app,
            &ann,
            None,
            json!({"details": shuttle(2), "contact": contact()}),
        )
        .await;
        let id = body["data"]["id"].as_str().unwrap().to_owned();
        adapters::testing::make_orders_due(&app.db.db).await;
        let path = format!("/api/order/detail/{id}");
        let mut state = Value::Null;
        for _ in 0..100 {
            let (_, body) = app.get_as(&path, &ann).await;
            state = body["data"]["state"].clone();
            if state == "EXPIRED" {
                let events = body["data"]["events"].as_array().unwrap();
                assert_eq!(events.last().unwrap()["actor"], "system:expiry");
                return;
            }
            tokio::time::sleep(Duration::milliseconds(100).to_std().unwrap()).await;
        }
        panic!("the order did not expire: {state}");
    }
);

/// `bodies` posted at once to `path` as `token`: the statuses and bodies.
async fn post_all(app: &TestApp, path: &str, token: &str, bodies: Vec<Value>) -> Vec<(u16, Value)> {
    let tasks: Vec<_> = bodies
        .into_iter()
        .map(|body| {
            let r = app
                .http
                .post(app.url(path))
                .header("authorization-firebase", token)
                .json(&body);
            async move {
                let r = r.send().await.unwrap();
                (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
            }
        })
        .collect();
    join_all(tasks).await
}

api_test!(
    one_customer_holds_no_more_than_the_cap_unpaid,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let shuttle = json!({"details": shuttle(2), "contact": contact()});
        let answers = post_all(
            app,
            "/api/plan/shuttle/shuttle-sgn-4/order",
            &ann,
            vec![shuttle.clone(); 20],
        )
        .await;
        let statuses = super::nodes::tally(answers.iter().map(|(s, _)| *s).collect());
        assert_eq!(statuses, [(201, 8), (409, 12)], "sent at once: 8 held");
        let refused = answers.iter().find(|(s, _)| *s == 409).unwrap();
        assert_eq!(code_of(&refused.1), "FAILED_PRECONDITION");
        assert_eq!(
            refused.1["error"]["message"],
            "您已有 8 筆未付款的訂單，請先付款或取消後再預訂"
        );
        // Cancelling one makes room for one.
        let held = answers.iter().find(|(s, _)| *s == 201).unwrap();
        let id = held.1["data"]["id"].as_str().unwrap();
        let cancel = format!("/api/order/detail/{id}/cancel");
        assert_eq!(app.post(&cancel, json!({}), Some(&ann)).await.0, 200);
        let again = post_all(
            app,
            "/api/plan/shuttle/shuttle-sgn-4/order",
            &ann,
            vec![shuttle],
        )
        .await;
        assert_eq!(again[0].0, 201);

        // Massage orders hold therapists: two unpaid at once, each for 20 minutes.
        let bob = token_for(app, "bob@example.com").await;
        let massage = |hour: u32| {
            let day = (Utc::now() + Duration::hours(7) + Duration::days(2)).format("%Y-%m-%d");
            json!({"details": {"hotelName": "Rex", "hotelAddress": "141 Nguyen Hue", "room": "1203",
                "start": format!("{day}T{hour:02}:00"), "durationMinutes": 60, "people": 1,
                "therapist": "any"}})
        };
        let path = "/api/plan/dragon-massage/massage-classic/order";
        let answers = post_all(app, path, &bob, (10..20).map(massage).collect()).await;
        let statuses = super::nodes::tally(answers.iter().map(|(s, _)| *s).collect());
        assert_eq!(statuses, [(201, 2), (409, 8)], "{answers:?}");
        let refused = answers.iter().find(|(s, _)| *s == 409).unwrap();
        assert_eq!(
            refused.1["error"]["message"],
            "您已有 2 筆未付款的按摩訂單，請先付款或取消後再預訂"
        );
        let held = answers.iter().find(|(s, _)| *s == 201).unwrap();
        let created =
            chrono::DateTime::parse_from_rfc3339(held.1["data"]["createdAt"].as_str().unwrap())
                .unwrap();
        let expires =
            chrono::DateTime::parse_from_rfc3339(held.1["data"]["expiresAt"].as_str().unwrap())
                .unwrap();
        assert_eq!(expires - created, Duration::minutes(20));
        // Another customer still finds therapists.
        let cho = token_for(app, "cho@example.com").await;
        let theirs = post_all(app, path, &cho, vec![massage(10)]).await;
        assert_eq!(theirs[0].0, 201, "{:?}", theirs[0].1);
    }
);
