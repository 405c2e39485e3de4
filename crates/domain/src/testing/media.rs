//! Media: a codec that only tags bytes (real decoding is the adapter's, tested there on real
//! images), blobs and image records in memory.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{FixedClock, Sequence};
use crate::error::{DomainError, DomainResult, msg};
use crate::media::{
    BlobStore, Encoded, HotelImage, ImageCodec, ImageId, ImageLimits, ImageStore, MediaService,
};

pub(crate) struct TagCodec;

#[async_trait]
impl ImageCodec for TagCodec {
    async fn encode(&self, upload: Vec<u8>, _: ImageLimits) -> DomainResult<Encoded> {
        if upload.starts_with(b"BAD") {
            return Err(DomainError::Unsupported(msg("media.not_an_image")));
        }
        Ok(Encoded {
            full: [b"full:".as_slice(), &upload].concat(),
            thumbnail: b"thumb".to_vec(),
            width: 10,
            height: 10,
        })
    }
    async fn cut(
        &self,
        upload: Vec<u8>,
        _: ImageLimits,
        sizes: Vec<(u32, u32)>,
    ) -> DomainResult<Vec<Vec<u8>>> {
        if upload.starts_with(b"BAD") {
            return Err(DomainError::Unsupported(msg("media.not_an_image")));
        }
        Ok(sizes
            .iter()
            .map(|(w, h)| format!("{w}x{h}").into_bytes())
            .collect())
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

pub(crate) fn media(
    blobs: Arc<MemoryBlobs>,
    images: Arc<MemoryImages>,
    now: DateTime<Utc>,
) -> MediaService {
    MediaService::new(
        Arc::new(TagCodec),
        blobs,
        images,
        Arc::new(FixedClock::at(now)),
        Arc::new(Sequence::default()),
        ImageLimits::default(),
    )
}
