//! Massage: the therapist finder, favourites (REST and gRPC), racing bookings of one therapist,
//! and hotel image uploads.

use std::io::Cursor;

use adapters::testing::{has_exif, jpeg_with_gps};
use gateway::pb::massage_service_client::MassageServiceClient;
use serde_json::json;

use super::orders::{code_of, contact, day_slot, token_for};
use super::*;

const THERAPISTS: &str = "/api/plan/dragon-massage/therapist";
const FAVORITES: &str = "/api/plan/dragon-massage/favorite-therapist";
const UPLOAD: &str = "/api/plan/dragon-massage/hotel/images/upload";
const ORDER: &str = "/api/plan/dragon-massage/massage-classic/order";

fn ids(body: &Value) -> Vec<&str> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect()
}

pub(super) fn massage(therapist: &str, images: &[&str]) -> Value {
    json!({"details": {"hotelName": "Rex", "hotelAddress": "141 Nguyen Hue", "room": "1203",
            "start": day_slot(), "durationMinutes": 90, "people": 1,
            "therapist": "specific", "therapistId": therapist, "hotelImageIds": images}})
}

/// A multipart body by hand, so a test controls every part (names, declared types, sizes).
fn multipart(files: &[(&str, &str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "----booking-test-boundary";
    let mut body = Vec::new();
    for (name, content_type, bytes) in files {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"room.jpg\"\r\nContent-Type: {content_type}\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub(super) async fn upload(
    app: &TestApp,
    token: Option<&str>,
    files: &[(&str, &str, &[u8])],
) -> (u16, Value) {
    let (content_type, body) = multipart(files);
    let mut r = app
        .http
        .post(app.url(UPLOAD))
        .header("content-type", content_type)
        .body(body);
    if let Some(t) = token {
        r = r.header("authorization-firebase", t);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json::<Value>().await.unwrap_or(Value::Null))
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    image::GrayImage::new(width, height)
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

api_test!(
    therapists_are_found_by_filters_and_time,
    async |app: &TestApp| {
        let (status, all) = app.get(THERAPISTS).await;
        assert_eq!(status, 200, "{all}");
        assert_eq!(ids(&all).len(), 9);
        assert!(all["data"][0]["hours"][0]["days"].as_array().is_some());
        assert_eq!(all["data"][0]["favorite"], false);
        let (_, men) = app.get(&format!("{THERAPISTS}?gender=male")).await;
        assert_eq!(ids(&men).len(), 2);
        assert!(
            men["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["gender"] == "male")
        );
        // The languages she speaks are codes (each reader's words name them).
        let (_, korean) = app.get(&format!("{THERAPISTS}?language=ko")).await;
        assert_eq!(ids(&korean), ["t-ngoc"]);
        // 02:30 on a Thursday: only the therapist whose shift runs until 03:00.
        let thursday = (chrono::Utc::now() + chrono::Duration::days(8))
            .date_naive()
            .iter_days()
            .find(|d| chrono::Datelike::weekday(d) == chrono::Weekday::Thu)
            .unwrap();
        let (status, late) = app
            .get(&format!(
                "{THERAPISTS}?date={thursday}&time=02:00&duration=60"
            ))
            .await;
        assert_eq!(status, 200, "{late}");
        assert_eq!(ids(&late), ["t-thu"]);
        let (_, paged) = app.get(&format!("{THERAPISTS}?pageSize=4")).await;
        assert_eq!(ids(&paged).len(), 4);
        let token = paged["nextPageToken"].as_str().unwrap();
        let (_, next) = app
            .get(&format!("{THERAPISTS}?pageSize=4&pageToken={token}"))
            .await;
        assert!(ids(&next).iter().all(|id| !ids(&paged).contains(id)));

        for bad in [
            "?start=2026-13-01T10:00&duration=60",
            "?start=2026-12-01T10:00",
            "?duration=60",
            "?gender=robot",
            "?date=2026-12-01",
            "?pageToken=forged",
            "?colour=blue",
        ] {
            let (status, body) = app.get(&format!("{THERAPISTS}{bad}")).await;
            assert_eq!(
                (status, code_of(&body)),
                (400, "INVALID_ARGUMENT"),
                "{bad}: {body}"
            );
        }
        let (status, _) = app.get_as(THERAPISTS, "not-a-token").await;
        assert_eq!(status, 401, "a token that is sent must be good");
    }
);

api_test!(favourites_over_rest_and_grpc, async |app: &TestApp| {
    let ann = token_for(app, "fav-ann@example.com").await;
    let bob = token_for(app, "fav-bob@example.com").await;
    let (status, _, _) = app.call(reqwest::Method::GET, FAVORITES, None, None).await;
    assert_eq!(status, 401);
    let (status, body) = app.get_as(FAVORITES, &ann).await;
    assert_eq!((status, &body["data"]["therapistIds"]), (200, &json!([])));

    let put = |ids: Value, token: &str| {
        let token = token.to_owned();
        async move {
            let (status, body, _) = app
                .call(
                    reqwest::Method::PUT,
                    FAVORITES,
                    Some(json!({"therapistIds": ids})),
                    Some(&token),
                )
                .await;
            (status, body)
        }
    };
    let (status, body) = put(json!(["t-minh", "t-lan", "t-minh"]), &ann).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["therapistIds"], json!(["t-minh", "t-lan"]));
    let (status, body) = put(json!(["t-lan", "t-nobody"]), &ann).await;
    assert_eq!((status, code_of(&body)), (400, "INVALID_ARGUMENT"));
    let too_many: Vec<String> = (0..51).map(|i| format!("t-{i}")).collect();
    let (status, _) = put(json!(too_many), &ann).await;
    assert_eq!(status, 400);
    let (status, _) = put(json!("t-lan"), &ann).await;
    assert_eq!(status, 400, "not a list");
    let (_, body) = app.get_as(FAVORITES, &ann).await;
    assert_eq!(
        body["data"]["therapistIds"],
        json!(["t-minh", "t-lan"]),
        "refused PUTs change nothing"
    );
    let (_, body) = app.get_as(FAVORITES, &bob).await;
    assert_eq!(
        body["data"]["therapistIds"],
        json!([]),
        "each customer has their own"
    );

    // The finder puts Ann's favourites first and marks them; nobody else's.
    let (_, listed) = app.get_as(THERAPISTS, &ann).await;
    assert_eq!(
        ids(&listed)[..2],
        ["t-lan", "t-minh"],
        "favourites, best rated first"
    );
    assert_eq!(listed["data"][0]["favorite"], true);
    assert_eq!(listed["data"][2]["favorite"], false);

    // The same over native gRPC.
    let mut grpc = MassageServiceClient::connect(app.url("")).await.unwrap();
    let got = grpc
        .get_favorite_therapists(signed(&ann, pb::GetFavoriteTherapistsRequest {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(got.therapist_ids, ["t-minh", "t-lan"]);
    let set = grpc
        .set_favorite_therapists(signed(
            &bob,
            pb::SetFavoriteTherapistsRequest {
                therapist_ids: vec!["t-duc".into()],
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(set.therapist_ids, ["t-duc"]);
    let err = grpc
        .set_favorite_therapists(signed(
            &bob,
            pb::SetFavoriteTherapistsRequest {
                therapist_ids: vec!["t-nobody".into()],
            },
        ))
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::InvalidArgument);
    let err = grpc
        .get_favorite_therapists(pb::GetFavoriteTherapistsRequest {})
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::Unauthenticated);
    let (_, body) = app.get_as(FAVORITES, &bob).await;
    assert_eq!(
        body["data"]["therapistIds"],
        json!(["t-duc"]),
        "gRPC and REST share one store"
    );
    let listed = grpc
        .list_therapists(signed(
            &bob,
            pb::ListTherapistsRequest {
                gender: pb::Gender::Male.into(),
                ..Default::default()
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(listed.therapists[0].id, "t-duc");
    assert!(listed.therapists[0].favorite);
    assert_eq!(listed.therapists.len(), 2);
});

api_test!(racing_bookings_of_one_therapist, async |app: &TestApp| {
    let mut tokens = Vec::new();
    for i in 0..6 {
        tokens.push(token_for(app, &format!("race-{i}@example.com")).await);
    }
    // Six customers book Lan for the same evening at once; only one may have her.
    let attempts = tokens
        .iter()
        .map(|token| async move { app.post(ORDER, massage("t-lan", &[]), Some(token)).await });
    let results = futures_util::future::join_all(attempts).await;
    let won: Vec<_> = results.iter().filter(|(s, _)| *s == 201).collect();
    assert_eq!(won.len(), 1, "{results:?}");
    for (status, body) in results.iter().filter(|(s, _)| *s != 201) {
        assert!(*status == 400 || *status == 409, "{status} {body}");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("已有預約"),
            "{body}"
        );
    }
    let order_id = won[0].1["data"]["id"].as_str().unwrap().to_owned();
    let winner = &tokens[results.iter().position(|(s, _)| *s == 201).unwrap()];

    // She drops out of the finder for that time, and comes back once the order is cancelled.
    let at = format!("{THERAPISTS}?start={}&duration=90", day_slot());
    let (_, free) = app.get(&at).await;
    assert!(!ids(&free).contains(&"t-lan"));
    assert!(ids(&free).contains(&"t-trang"));
    // Changing that order, its owner still sees her; the id means nothing to anyone else.
    let own = format!("{at}&orderId={order_id}");
    let (_, mine) = app.get_as(&own, winner).await;
    assert!(ids(&mine).contains(&"t-lan"));
    let loser = tokens.iter().find(|t| *t != winner).unwrap();
    let (_, theirs) = app.get_as(&own, loser).await;
    assert!(!ids(&theirs).contains(&"t-lan"));
    let (status, body) = app
        .post(
            &format!("/api/order/detail/{order_id}/cancel"),
            json!({}),
            Some(winner),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, free) = app.get(&at).await;
    assert!(ids(&free).contains(&"t-lan"));
    let (status, body) = app
        .post(ORDER, massage("t-lan", &[]), Some(&tokens[0]))
        .await;
    assert_eq!(status, 201, "{body}");
});

api_test!(
    hotel_images_are_checked_cleaned_and_private,
    async |app: &TestApp| {
        let ann = token_for(app, "img-ann@example.com").await;
        let bob = token_for(app, "img-bob@example.com").await;
        let photo = jpeg_with_gps(64, 48, 1);
        assert!(has_exif(&photo));

        let (status, _) = upload(app, None, &[("images", "image/jpeg", &photo)]).await;
        assert_eq!(status, 401);
        let (status, body) = upload(
            app,
            Some(&ann),
            &[
                ("images", "image/jpeg", &photo),
                ("images", "application/octet-stream", &png(30, 20)),
            ],
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let images = body["data"].as_array().unwrap();
        assert_eq!(images.len(), 2);
        assert_eq!(
            (images[0]["width"].as_u64(), images[1]["height"].as_u64()),
            (Some(64), Some(20))
        );
        let id = images[0]["id"].as_str().unwrap().to_owned();

        // Kept as a plain JPEG: no EXIF on disk, none in what is served.
        let stored =
            std::fs::read(app.web_dir.join(format!("images/hotel-images/{id}.jpg"))).unwrap();
        assert!(!has_exif(&stored) && !stored.windows(3).any(|w| w == b"GPS"));
        let r = app
            .http
            .get(app.url(images[0]["url"].as_str().unwrap()))
            .header("authorization-firebase", &ann)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "image/jpeg");
        assert_eq!(r.headers()["x-content-type-options"], "nosniff");
        assert!(
            r.headers()["cache-control"]
                .to_str()
                .unwrap()
                .starts_with("private")
        );
        let served = r.bytes().await.unwrap();
        assert_eq!(served.as_ref(), stored.as_slice());
        let thumb = app
            .http
            .get(app.url(images[0]["thumbnailUrl"].as_str().unwrap()))
            .header("authorization-firebase", &ann)
            .send()
            .await
            .unwrap();
        assert_eq!(thumb.status(), 200);
        image::load_from_memory(&thumb.bytes().await.unwrap()).unwrap();

        // Someone else's image does not exist for them; nor without a token.
        let path = format!("/api/plan/dragon-massage/hotel/images/{id}");
        let (status, _) = app.get_as(&path, &bob).await;
        assert_eq!(status, 404);
        let (status, _) = app.get_as(&format!("{path}/thumbnail"), &bob).await;
        assert_eq!(status, 404);
        let (status, _) = app.get(&path).await;
        assert_eq!(status, 401);
        // Staff see it: the hotel photos of the orders they dispatch.
        let staff = super::operations::operator_token(app).await;
        let (status, _) = app.get_as(&format!("{path}/thumbnail"), &staff).await;
        assert_eq!(status, 200);
        let (status, _, _) = app
            .call(reqwest::Method::DELETE, &path, None, Some(&bob))
            .await;
        assert_eq!(status, 404);
        let (status, _) = app
            .get_as("/api/plan/dragon-massage/hotel/images/..%2F..%2Fetc", &ann)
            .await;
        assert_eq!(status, 404);

        // Wrong type whatever the header says; too large; too many; a decompression bomb.
        let (status, body) = upload(
            app,
            Some(&ann),
            &[(
                "images",
                "image/jpeg",
                b"GIF89a\x01\x00\x01\x00\x00\x00\x00;",
            )],
        )
        .await;
        assert_eq!(
            (status, code_of(&body)),
            (415, "UNSUPPORTED_MEDIA_TYPE"),
            "{body}"
        );
        let (status, _) = upload(
            app,
            Some(&ann),
            &[("images", "image/jpeg", b"<html><script>alert(1)</script>")],
        )
        .await;
        assert_eq!(status, 415);
        let mut big = photo.clone();
        big.resize(10 * 1024 * 1024 + 1, 0);
        let (status, body) = upload(app, Some(&ann), &[("images", "image/jpeg", &big)]).await;
        assert_eq!(
            (status, code_of(&body)),
            (413, "PAYLOAD_TOO_LARGE"),
            "{body}"
        );
        let six: Vec<(&str, &str, &[u8])> = (0..6)
            .map(|_| ("images", "image/jpeg", photo.as_slice()))
            .collect();
        let (status, body) = upload(app, Some(&ann), &six).await;
        assert_eq!(
            (status, code_of(&body)),
            (400, "INVALID_ARGUMENT"),
            "{body}"
        );
        let bomb = png(7000, 7000);
        // 49 million pixels (49 MB decoded) in a quarter of a megabyte.
        assert!(bomb.len() < 1_000_000, "a small file: {} bytes", bomb.len());
        let (status, body) = upload(app, Some(&ann), &[("images", "image/png", &bomb)]).await;
        assert_eq!(
            (status, code_of(&body)),
            (413, "PAYLOAD_TOO_LARGE"),
            "{body}"
        );
        let (status, _) = upload(app, Some(&ann), &[]).await;
        assert_eq!(status, 400);
        let (status, _) = upload(app, Some(&ann), &[("photo", "image/jpeg", &photo)]).await;
        assert_eq!(status, 400);
        let r = app
            .http
            .post(app.url(UPLOAD))
            .header("authorization-firebase", &ann)
            .header("content-type", "application/json")
            .body("{}")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400);
        let body = r.json::<Value>().await.unwrap();
        assert_eq!(
            body["error"]["code"], "INVALID_ARGUMENT",
            "not a form: {body}"
        );

        // Images ride on a massage order: the owner's only; then they cannot be deleted.
        let (status, body) = app
            .post(ORDER, massage("t-trang", &[&id]), Some(&bob))
            .await;
        assert_eq!(
            (status, body["error"]["details"][0]["field"].as_str()),
            (400, Some("details.hotel_image_ids"))
        );
        let (status, body) = app
            .post(ORDER, massage("t-trang", &[&id]), Some(&ann))
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"]["details"]["hotelImageIds"], json!([id]));
        let order_id = body["data"]["id"].as_str().unwrap().to_owned();
        let (status, body, _) = app
            .call(reqwest::Method::DELETE, &path, None, Some(&ann))
            .await;
        assert_eq!((status, code_of(&body)), (409, "FAILED_PRECONDITION"));
        // Taken off the order (step2), it can go.
        let (status, body, _) = app
            .call(
                reqwest::Method::PUT,
                &format!("/api/plan/dragon-massage/order/{order_id}"),
                Some(json!({"details": massage("t-trang", &[])["details"], "contact": contact()})),
                Some(&ann),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, _, _) = app
            .call(reqwest::Method::DELETE, &path, None, Some(&ann))
            .await;
        assert_eq!(status, 204);
        let (status, _) = app.get_as(&path, &ann).await;
        assert_eq!(status, 404);
        assert!(
            !app.web_dir
                .join(format!("images/hotel-images/{id}.jpg"))
                .exists()
        );
    }
);
