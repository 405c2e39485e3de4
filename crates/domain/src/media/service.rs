use std::sync::Arc;

use chrono::Duration;

use super::model::{HotelImage, ImageId, ImageLimits, Variant, key};
use super::photos::{PhotoShape, parse_variant, photo_key, photo_url};
use super::ports::{BlobStore, ImageCodec, ImageStore};
use crate::audit::Staff;
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::Principal;
use crate::shared::{Clock, Randomness, UserId};

/// Uploading, reading and removing hotel images. Only the owner (and staff) read an image, only
/// the owner removes one; anyone else is told it does not exist.
#[derive(Clone)]
pub struct MediaService {
    codec: Arc<dyn ImageCodec>,
    blobs: Arc<dyn BlobStore>,
    store: Arc<dyn ImageStore>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
    limits: ImageLimits,
}

impl MediaService {
    pub fn new(
        codec: Arc<dyn ImageCodec>,
        blobs: Arc<dyn BlobStore>,
        store: Arc<dyn ImageStore>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
        limits: ImageLimits,
    ) -> Self {
        Self {
            codec,
            blobs,
            store,
            clock,
            random,
            limits,
        }
    }

    pub fn limits(&self) -> ImageLimits {
        self.limits
    }

    /// Refuses a count of files before any is read in full (the wire checks as it streams).
    pub fn check_count(&self, count: usize) -> DomainResult<()> {
        if count > self.limits.max_files {
            return Err(DomainError::invalid(
                "images",
                msg("media.files_max").with("max", self.limits.max_files),
            ));
        }
        Ok(())
    }

    pub fn too_large(&self) -> DomainError {
        DomainError::TooLarge(
            msg("media.file_size").with("mb", self.limits.max_file_bytes / (1024 * 1024)),
        )
    }

    /// All or nothing: every file is checked and re-encoded before any is kept.
    #[tracing::instrument(skip_all, fields(files = files.len()))]
    pub async fn upload(
        &self,
        owner: &UserId,
        files: Vec<Vec<u8>>,
    ) -> DomainResult<Vec<HotelImage>> {
        if files.is_empty() {
            return Err(DomainError::invalid("images", msg("media.none")));
        }
        self.check_count(files.len())?;
        if files.iter().any(|f| f.len() > self.limits.max_file_bytes) {
            return Err(self.too_large());
        }
        let mut encoded = Vec::with_capacity(files.len());
        for file in files {
            encoded.push(self.codec.encode(file, self.limits).await?);
        }
        let now = self.clock.now();
        let mut images = Vec::with_capacity(encoded.len());
        for e in encoded {
            let image = HotelImage {
                id: ImageId::generated(&self.random.id()),
                owner: owner.clone(),
                width: e.width,
                height: e.height,
                bytes: e.full.len() as u64,
                created_at: now,
            };
            let stored = self.put(&image, e.full, e.thumbnail).await;
            images.push(image);
            if let Err(err) = stored {
                self.forget_blobs(&images).await;
                return Err(err);
            }
        }
        if let Err(err) = self.store.insert(&images).await {
            self.forget_blobs(&images).await;
            return Err(err);
        }
        Ok(images)
    }

    /// The image's record, for its owner only.
    pub async fn get(&self, viewer: &UserId, id: &ImageId) -> DomainResult<HotelImage> {
        match self.store.get(id).await? {
            Some(image) if &image.owner == viewer => Ok(image),
            _ => Err(DomainError::not_found("image")),
        }
    }

    /// The JPEG bytes of a variant, for the image's owner only.
    pub async fn read(
        &self,
        viewer: &UserId,
        id: &ImageId,
        variant: Variant,
    ) -> DomainResult<Vec<u8>> {
        let image = self.get(viewer, id).await?;
        self.blobs
            .get(&image.key(variant))
            .await?
            .ok_or_else(|| DomainError::not_found("image"))
    }

    /// The JPEG bytes of a variant for whoever asks: the image's owner, or staff, who see the
    /// hotel photos of the orders they dispatch.
    pub async fn read_as(
        &self,
        viewer: &Principal,
        id: &ImageId,
        variant: Variant,
    ) -> DomainResult<Vec<u8>> {
        if !viewer.role.is_staff() {
            return self.read(&viewer.user_id, id, variant).await;
        }
        self.read_granted(id, variant).await
    }

    /// The JPEG bytes of a variant whoever owns it: for a caller another rule already let in
    /// (staff, or the partner who took the order carrying it).
    pub(crate) async fn read_granted(
        &self,
        id: &ImageId,
        variant: Variant,
    ) -> DomainResult<Vec<u8>> {
        let image = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("image"))?;
        self.blobs
            .get(&image.key(variant))
            .await?
            .ok_or_else(|| DomainError::not_found("image"))
    }

    /// Removes an image no order carries yet (a photo taken off the form before confirming).
    #[tracing::instrument(skip_all, fields(image = id.as_str()))]
    pub async fn delete(&self, owner: &UserId, id: &ImageId) -> DomainResult<()> {
        let image = self.get(owner, id).await?;
        if !self.store.delete_unattached(id).await? {
            return Err(DomainError::FailedPrecondition(msg("media.on_order")));
        }
        self.forget_blobs(std::slice::from_ref(&image)).await;
        Ok(())
    }

    /// For the order flow: every id names an image of this customer.
    pub async fn check_owned(&self, owner: &UserId, ids: &[ImageId]) -> DomainResult<()> {
        if ids.len() > self.limits.max_per_order {
            return Err(DomainError::invalid(
                "details.hotel_image_ids",
                msg("media.per_order").with("max", self.limits.max_per_order),
            ));
        }
        for id in ids {
            if self.get(owner, id).await.is_err() {
                return Err(DomainError::invalid(
                    "details.hotel_image_ids",
                    msg("media.unknown"),
                ));
            }
        }
        Ok(())
    }

    /// Housekeeping: images uploaded more than `age` ago that no order took are removed.
    pub async fn purge_unattached(&self, age: Duration) -> DomainResult<usize> {
        let ids = self.store.unattached(self.clock.now() - age, 500).await?;
        let mut removed = 0;
        for id in ids {
            if self.store.delete_unattached(&id).await? {
                for variant in [Variant::Full, Variant::Thumbnail] {
                    self.blobs.delete(&key(&id, variant)).await?;
                }
                removed += 1;
            }
        }
        Ok(removed)
    }

    /// An admin's photo for the catalogue, kept in `shape`'s sizes; answers the address of the
    /// largest, which plans and therapists keep (the pages ask for the size they draw).
    #[tracing::instrument(skip_all, fields(bytes = file.len()))]
    pub async fn upload_photo(
        &self,
        by: &Staff,
        shape: PhotoShape,
        file: Vec<u8>,
    ) -> DomainResult<String> {
        by.require_admin()?;
        if file.is_empty() {
            return Err(DomainError::invalid("photo", msg("media.none")));
        }
        if file.len() > self.limits.max_file_bytes {
            return Err(self.too_large());
        }
        let sizes = shape.sizes();
        let cuts = self.codec.cut(file, self.limits, sizes.to_vec()).await?;
        let id = ImageId::generated(&self.random.id());
        for ((width, _), bytes) in sizes.iter().zip(cuts) {
            self.blobs
                .put(&photo_key(&id, *width), bytes, HotelImage::CONTENT_TYPE)
                .await?;
        }
        Ok(photo_url(&id, sizes[1].0))
    }

    /// A catalogue photo's file (`640.jpg`), for anyone.
    pub async fn photo(&self, id: &str, file: &str) -> DomainResult<Vec<u8>> {
        let (id, width) = parse_variant(id, file).ok_or_else(|| DomainError::not_found("photo"))?;
        self.blobs
            .get(&photo_key(&id, width))
            .await?
            .ok_or_else(|| DomainError::not_found("photo"))
    }

    async fn put(&self, image: &HotelImage, full: Vec<u8>, thumb: Vec<u8>) -> DomainResult<()> {
        let kind = HotelImage::CONTENT_TYPE;
        self.blobs
            .put(&image.key(Variant::Full), full, kind)
            .await?;
        self.blobs
            .put(&image.key(Variant::Thumbnail), thumb, kind)
            .await
    }

    /// Best effort: a blob left behind is harmless, since no record points at it.
    async fn forget_blobs(&self, images: &[HotelImage]) {
        for image in images {
            for variant in [Variant::Full, Variant::Thumbnail] {
                if let Err(e) = self.blobs.delete(&image.key(variant)).await {
                    tracing::warn!(error = %e, "could not remove an image blob");
                }
            }
        }
    }
}
