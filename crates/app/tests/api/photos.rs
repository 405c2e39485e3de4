//! Catalogue photos over native gRPC and plain HTTP: an admin uploads one, it is cut to the sizes
//! the pages draw, a plan names it, cards get the card's size, and anyone reads the files with a
//! year's caching. Every case on SQLite and PostgreSQL.

use adapters::testing::{has_exif, jpeg_with_gps};
use tonic::Code;

use super::operations::{Cred, booking, client, operator_token, staff_token, with};
use super::*;

fn upload(data: Vec<u8>, shape: pb::PhotoShape) -> pb::UploadCatalogPhotoRequest {
    pb::UploadCatalogPhotoRequest {
        data,
        shape: shape as i32,
    }
}

async fn fetch(app: &TestApp, path: &str) -> (u16, String, Vec<u8>) {
    let r = app.http.get(app.url(path)).send().await.unwrap();
    let status = r.status().as_u16();
    let caching = r
        .headers()
        .get("cache-control")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, caching, r.bytes().await.unwrap().to_vec())
}

api_test!(catalogue_photos, async |app: &TestApp| {
    let admin = operator_token(app).await;
    let dispatcher = staff_token(app, "minh@ops.example", "operator").await;
    let mut c = client(app).await;
    let photo = jpeg_with_gps(1600, 1200, 1);

    let err = c
        .upload_catalog_photo(with(
            &Cred::Token(&dispatcher),
            upload(photo.clone(), pb::PhotoShape::Wide),
        ))
        .await
        .unwrap_err();
    assert_eq!(
        err.code(),
        Code::PermissionDenied,
        "admins keep the catalogue"
    );
    let err = c
        .upload_catalog_photo(with(
            &Cred::Token(&admin),
            upload(b"<svg onload=alert(1)>".to_vec(), pb::PhotoShape::Wide),
        ))
        .await
        .unwrap_err();
    assert!(
        matches!(err.code(), Code::InvalidArgument | Code::FailedPrecondition),
        "{err:?}"
    );

    let url = c
        .upload_catalog_photo(with(
            &Cred::Token(&admin),
            upload(photo, pb::PhotoShape::Wide),
        ))
        .await
        .unwrap()
        .into_inner()
        .url;
    assert!(
        url.starts_with("/media/catalog/img-") && url.ends_with("/1280.jpg"),
        "{url}"
    );
    let card = url.replace("/1280.jpg", "/640.jpg");
    for (path, size) in [(&url, (1280, 720)), (&card, (640, 360))] {
        let (status, caching, bytes) = fetch(app, path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(caching, "public, max-age=31536000, immutable");
        let decoded = image::load_from_memory(&bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), size, "cut to 16:9");
        assert!(!has_exif(&bytes), "no GPS position leaves the server");
    }
    for missing in [
        url.replace("/1280.jpg", "/1000.jpg"),
        "/media/catalog/img-nothere/640.jpg".into(),
        "/media/catalog/..%2f..%2fetc/640.jpg".into(),
    ] {
        assert_eq!(fetch(app, &missing).await.0, 404, "{missing}");
    }

    // A plan names it; its card gets the card's size, the console the kept address.
    let edit = |urls: Vec<String>| pb::UpdatePlanRequest {
        plan_id: "shuttle-sgn-4".into(),
        images: Some(pb::PlanImages { urls }),
        ..Default::default()
    };
    for bad in [
        "https://elsewhere.example/a.jpg",
        "//elsewhere.example/a.jpg",
        "/a b.jpg",
    ] {
        let err = c
            .update_plan(with(&Cred::Token(&admin), edit(vec![bad.into()])))
            .await
            .unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{bad}");
    }
    let kept = c
        .update_plan(with(
            &Cred::Token(&admin),
            edit(vec![url.clone(), "/img/plans/shuttle.svg".into()]),
        ))
        .await
        .unwrap()
        .into_inner()
        .plan
        .unwrap();
    assert_eq!(
        kept.image_sources,
        [url.clone(), "/img/plans/shuttle.svg".into()]
    );
    let plan = CatalogServiceClient::connect(app.url(""))
        .await
        .unwrap()
        .get_plan(pb::GetPlanRequest {
            id: "shuttle-sgn-4".into(),
        })
        .await
        .unwrap()
        .into_inner()
        .plan
        .unwrap();
    assert_eq!(plan.images, [card, "/img/plans/shuttle.svg".into()]);

    // A therapist's square photo, drawn at 144.
    let square = c
        .upload_catalog_photo(with(
            &Cred::Token(&admin),
            upload(jpeg_with_gps(300, 500, 6), pb::PhotoShape::Square),
        ))
        .await
        .unwrap()
        .into_inner()
        .url;
    let (status, _, bytes) = fetch(app, &square.replace("/288.jpg", "/144.jpg")).await;
    assert_eq!(status, 200);
    let decoded = image::load_from_memory(&bytes).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (144, 144));

    // From the shell: a photo kept, named in the catalogue file, imported.
    let file = app.web_dir.join("charter.jpg");
    std::fs::write(&file, jpeg_with_gps(800, 800, 1)).unwrap();
    let shot = booking(app, &["admin", "upload-photo", file.to_str().unwrap()], "").await;
    let shot = shot.trim().to_owned();
    assert!(
        shot.starts_with("/media/catalog/img-") && shot.ends_with("/1280.jpg"),
        "{shot}"
    );
    let catalogue = booking(app, &["admin", "export-catalog", "-"], "").await;
    let drawing = r#"images = ["/img/plans/charter.svg"]"#;
    assert!(catalogue.contains(drawing));
    let edited = catalogue.replacen(drawing, &format!(r#"images = ["{shot}"]"#), 1);
    let path = app.web_dir.join("catalogue.toml");
    std::fs::write(&path, edited).unwrap();
    booking(
        app,
        &["admin", "import-catalog", path.to_str().unwrap()],
        "",
    )
    .await;
    let charters = plans_over_grpc(app.url(""), pb::Category::Charter).await;
    let card = shot.replace("/1280.jpg", "/640.jpg");
    assert_eq!(
        charters
            .iter()
            .filter(|p| p.images == [card.clone()])
            .count(),
        1
    );
    assert_eq!(fetch(app, &card).await.0, 200);
});
