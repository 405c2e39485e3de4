use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{Encoded, HotelImage, ImageId, ImageLimits};
use crate::error::DomainResult;

/// Turns uploaded bytes into a clean image. The format is judged from the bytes themselves; a
/// refusal is `DomainError::TooLarge` (bytes or pixels) or `DomainError::Unsupported` (not a
/// JPEG, PNG or WebP, or not decodable). Implementations keep the work off the request threads.
#[async_trait]
pub trait ImageCodec: Send + Sync {
    async fn encode(&self, upload: Vec<u8>, limits: ImageLimits) -> DomainResult<Encoded>;
    /// The upload cut to each (width, height), centred, as JPEGs in the same order; refused like
    /// `encode`.
    async fn cut(
        &self,
        upload: Vec<u8>,
        limits: ImageLimits,
        sizes: Vec<(u32, u32)>,
    ) -> DomainResult<Vec<Vec<u8>>>;
}

/// Where image bytes live: a directory by default, S3-compatible object storage at scale.
#[async_trait]
pub trait BlobStore: Send + Sync {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> DomainResult<()>;
    async fn get(&self, key: &str) -> DomainResult<Option<Vec<u8>>>;
    /// Deleting what is not there is not an error.
    async fn delete(&self, key: &str) -> DomainResult<()>;
}

/// The images' records.
#[async_trait]
pub trait ImageStore: Send + Sync {
    async fn insert(&self, images: &[HotelImage]) -> DomainResult<()>;
    async fn get(&self, id: &ImageId) -> DomainResult<Option<HotelImage>>;
    /// Removes the record unless an order carries the image; answers whether it was removed.
    async fn delete_unattached(&self, id: &ImageId) -> DomainResult<bool>;
    /// Images uploaded before `before` that no order carries, at most `limit`.
    async fn unattached(&self, before: DateTime<Utc>, limit: u32) -> DomainResult<Vec<ImageId>>;
}
