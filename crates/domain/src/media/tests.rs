//! The media service against in-memory ports. The codec here only tags bytes: real decoding is
//! the adapter's, tested there on real images.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Duration, TimeZone, Utc};

use super::*;
use crate::error::{DomainError, DomainResult};
use crate::shared::{Clock, Randomness, UserId};

pub(crate) struct TagCodec;

#[async_trait]
impl ImageCodec for TagCodec {
    async fn encode(&self, upload: Vec<u8>, _: ImageLimits) -> DomainResult<Encoded> {
        if upload.starts_with(b"BAD") {
            return Err(DomainError::Unsupported("not an image".into()));
        }
        Ok(Encoded {
            full: [b"full:".as_slice(), &upload].concat(),
            thumbnail: b"thumb".to_vec(),
            width: 10,
            height: 10,
        })
    }
}

#[derive(Default)]
pub(crate) struct MemoryBlobs(pub Mutex<HashMap<String, Vec<u8>>>);

#[async_trait]
impl BlobStore for MemoryBlobs {
    async fn put(&self, key: &str, bytes: Vec<u8>, _: &str) -> DomainResult<()> {
        self.0.lock().unwrap().insert(key.into(), bytes);
        Ok(())
    }
    async fn get(&self, key: &str) -> DomainResult<Option<Vec<u8>>> {
        Ok(self.0.lock().unwrap().get(key).cloned())
    }
    async fn delete(&self, key: &str) -> DomainResult<()> {
        self.0.lock().unwrap().remove(key);
        Ok(())
    }
}

#[derive(Default)]
pub(crate) struct MemoryImages {
    pub images: Mutex<Vec<HotelImage>>,
    pub attached: Mutex<HashSet<ImageId>>,
}

#[async_trait]
impl ImageStore for MemoryImages {
    async fn insert(&self, images: &[HotelImage]) -> DomainResult<()> {
        self.images.lock().unwrap().extend_from_slice(images);
        Ok(())
    }
    async fn get(&self, id: &ImageId) -> DomainResult<Option<HotelImage>> {
        Ok(self
            .images
            .lock()
            .unwrap()
            .iter()
            .find(|i| &i.id == id)
            .cloned())
    }
    async fn delete_unattached(&self, id: &ImageId) -> DomainResult<bool> {
        if self.attached.lock().unwrap().contains(id) {
            return Ok(false);
        }
        let mut images = self.images.lock().unwrap();
        let before = images.len();
        images.retain(|i| &i.id != id);
        Ok(images.len() < before)
    }
    async fn unattached(&self, before: DateTime<Utc>, _: u32) -> DomainResult<Vec<ImageId>> {
        let attached = self.attached.lock().unwrap();
        Ok(self
            .images
            .lock()
            .unwrap()
            .iter()
            .filter(|i| i.created_at < before && !attached.contains(&i.id))
            .map(|i| i.id.clone())
            .collect())
    }
}

struct At(DateTime<Utc>);
impl Clock for At {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

pub(crate) struct Sequence(pub Mutex<u32>);
impl Randomness for Sequence {
    fn secret(&self) -> String {
        unreachable!()
    }
    fn id(&self) -> String {
        let mut n = self.0.lock().unwrap();
        *n += 1;
        format!("r{n}")
    }
}

pub(crate) fn media(
    blobs: Arc<MemoryBlobs>,
    images: Arc<MemoryImages>,
    now: DateTime<Utc>,
) -> MediaService {
    MediaService::new(
        Arc::new(TagCodec),
        blobs,
        images,
        Arc::new(At(now)),
        Arc::new(Sequence(Mutex::new(0))),
        ImageLimits::default(),
    )
}

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
