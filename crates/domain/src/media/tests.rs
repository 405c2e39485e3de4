//! The media service against in-memory ports. The codec here only tags bytes: real decoding is
//! the adapter's, tested there on real images.
use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};

use super::*;
use crate::error::DomainError;
use crate::shared::UserId;
use crate::testing::{MemoryBlobs, MemoryImages, media};

fn setup() -> (MediaService, Arc<MemoryBlobs>, Arc<MemoryImages>) {
    let blobs = Arc::new(MemoryBlobs::default());
    let images = Arc::new(MemoryImages::default());
    let now = Utc.with_ymd_and_hms(2026, 11, 22, 3, 0, 0).unwrap();
    (media(blobs.clone(), images.clone(), now), blobs, images)
}

fn user(id: &str) -> UserId {
    UserId::parse(id).unwrap()
}

#[tokio::test]
async fn an_upload_keeps_everything_or_nothing() {
    let (svc, blobs, images) = setup();
    let err = svc
        .upload(&user("ann"), vec![b"one".to_vec(), b"BAD".to_vec()])
        .await
        .unwrap_err();
    assert!(matches!(err, DomainError::Unsupported(_)));
    assert!(blobs.0.lock().unwrap().is_empty());
    assert!(images.images.lock().unwrap().is_empty());

    let kept = svc
        .upload(&user("ann"), vec![b"one".to_vec(), b"two".to_vec()])
        .await
        .unwrap();
    assert_eq!(kept.len(), 2);
    assert_eq!(blobs.0.lock().unwrap().len(), 4, "each with its thumbnail");
    let full = svc
        .read(&user("ann"), &kept[1].id, Variant::Full)
        .await
        .unwrap();
    assert_eq!(full, b"full:two");
}

#[tokio::test]
async fn counts_and_sizes_are_bounded() {
    let (svc, ..) = setup();
    let limits = svc.limits();
    let many = vec![b"x".to_vec(); limits.max_files + 1];
    assert!(matches!(
        svc.upload(&user("ann"), many).await,
        Err(DomainError::InvalidArgument { .. })
    ));
    assert!(matches!(
        svc.upload(&user("ann"), vec![]).await,
        Err(DomainError::InvalidArgument { .. })
    ));
    let big = vec![0u8; limits.max_file_bytes + 1];
    assert!(matches!(
        svc.upload(&user("ann"), vec![big]).await,
        Err(DomainError::TooLarge(_))
    ));
}

#[tokio::test]
async fn only_the_owner_reads_deletes_or_attaches_an_image() {
    let (svc, blobs, images) = setup();
    let id = svc.upload(&user("ann"), vec![b"a".to_vec()]).await.unwrap()[0]
        .id
        .clone();
    let bob = user("bob");
    assert!(matches!(
        svc.read(&bob, &id, Variant::Thumbnail).await,
        Err(DomainError::NotFound { .. })
    ));
    assert!(svc.delete(&bob, &id).await.is_err());
    assert!(
        svc.check_owned(&bob, std::slice::from_ref(&id))
            .await
            .is_err()
    );
    assert!(
        svc.check_owned(&user("ann"), std::slice::from_ref(&id))
            .await
            .is_ok()
    );

    images.attached.lock().unwrap().insert(id.clone());
    assert!(matches!(
        svc.delete(&user("ann"), &id).await,
        Err(DomainError::FailedPrecondition(_))
    ));
    images.attached.lock().unwrap().clear();
    svc.delete(&user("ann"), &id).await.unwrap();
    assert!(blobs.0.lock().unwrap().is_empty());
}

#[tokio::test]
async fn images_no_order_took_are_purged_after_a_while() {
    let blobs = Arc::new(MemoryBlobs::default());
    let images = Arc::new(MemoryImages::default());
    let then = Utc.with_ymd_and_hms(2026, 11, 20, 3, 0, 0).unwrap();
    let old = media(blobs.clone(), images.clone(), then);
    let kept = old
        .upload(&user("ann"), vec![b"a".to_vec(), b"b".to_vec()])
        .await
        .unwrap();
    images.attached.lock().unwrap().insert(kept[0].id.clone());
    let later = media(blobs.clone(), images.clone(), then + Duration::days(2));
    assert_eq!(later.purge_unattached(Duration::days(1)).await.unwrap(), 1);
    assert_eq!(images.images.lock().unwrap().len(), 1);
    assert_eq!(blobs.0.lock().unwrap().len(), 2);
}

#[test]
fn ids_are_parsed_strictly() {
    assert!(ImageId::parse("img-abc_1").is_ok());
    for bad in ["", "../etc/passwd", "a b", &"x".repeat(41)] {
        assert!(matches!(
            ImageId::parse(bad),
            Err(DomainError::NotFound { .. })
        ));
    }
}

#[tokio::test]
async fn admins_add_catalogue_photos_in_the_sizes_the_pages_draw_and_anyone_reads_them() {
    let blobs = Arc::new(MemoryBlobs::default());
    let svc = media(blobs.clone(), Default::default(), Utc::now());
    let admin = crate::audit::Staff::Shell { name: "ops".into() };
    let operator = crate::audit::Staff::Operator {
        user_id: UserId::parse("op").unwrap(),
        email: "op@example.com".into(),
        name: "Lan".into(),
        admin: false,
    };
    let err = svc
        .upload_photo(&operator, PhotoShape::Wide, b"jpeg".to_vec())
        .await
        .unwrap_err();
    assert!(matches!(err, DomainError::PermissionDenied(_)), "{err:?}");
    let url = svc
        .upload_photo(&admin, PhotoShape::Wide, b"jpeg".to_vec())
        .await
        .unwrap();
    let id = url
        .strip_prefix("/media/catalog/")
        .and_then(|rest| rest.strip_suffix("/1280.jpg"))
        .unwrap();
    assert_eq!(svc.photo(id, "640.jpg").await.unwrap(), b"640x360");
    assert_eq!(svc.photo(id, "1280.jpg").await.unwrap(), b"1280x720");
    for (bad_id, file) in [
        (id, "641.jpg"),
        (id, "640.png"),
        ("../etc", "640.jpg"),
        ("img-none", "640.jpg"),
    ] {
        assert!(svc.photo(bad_id, file).await.is_err(), "{bad_id} {file}");
    }
    // The pages ask for the size they draw; a drawing stays what it is.
    assert_eq!(sized(&url, 640), format!("/media/catalog/{id}/640.jpg"));
    assert_eq!(
        sized("/img/plans/shuttle.svg", 640),
        "/img/plans/shuttle.svg"
    );
    let square = svc
        .upload_photo(&admin, PhotoShape::Square, b"jpeg".to_vec())
        .await
        .unwrap();
    assert!(square.ends_with("/288.jpg"));
    assert!(
        svc.upload_photo(&admin, PhotoShape::Wide, b"BAD".to_vec())
            .await
            .is_err()
    );
    assert_eq!(
        blobs.0.lock().unwrap().len(),
        4,
        "a refused photo keeps nothing"
    );
}
