use chrono::{DateTime, Utc};

use crate::error::{DomainError, DomainResult};
use crate::shared::UserId;

/// An image's id: random, since it appears in URLs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ImageId(String);

impl ImageId {
    pub const MAX_LEN: usize = 40;

    /// Anything that is not an id we could have made is simply not found.
    pub fn parse(raw: &str) -> DomainResult<Self> {
        let ok = (1..=Self::MAX_LEN).contains(&raw.len())
            && raw
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(DomainError::not_found("image"))
        }
    }

    pub(super) fn generated(random: &str) -> Self {
        Self(format!("img-{}", crate::shared::id_tail(random, 22)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A kept image: the re-encoded JPEG and its thumbnail, both in the blob store under
/// `key(variant)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HotelImage {
    pub id: ImageId,
    pub owner: UserId,
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Full,
    Thumbnail,
}

impl HotelImage {
    pub const CONTENT_TYPE: &'static str = "image/jpeg";

    /// Where the blob store keeps a variant.
    pub fn key(&self, variant: Variant) -> String {
        key(&self.id, variant)
    }
}

pub(super) fn key(id: &ImageId, variant: Variant) -> String {
    match variant {
        Variant::Full => format!("hotel-images/{}.jpg", id.as_str()),
        Variant::Thumbnail => format!("hotel-images/{}.thumb.jpg", id.as_str()),
    }
}

/// What an upload may be. Pixels are bounded before anything is decoded, so a small file that
/// claims a huge picture (a decompression bomb) is refused by its header alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageLimits {
    pub max_files: usize,
    pub max_file_bytes: usize,
    pub max_pixels: u64,
    pub max_side: u32,
    /// The kept image's longest side; larger photos are scaled down.
    pub keep_side: u32,
    pub thumbnail_side: u32,
    /// How many images one order may carry.
    pub max_per_order: usize,
}

impl Default for ImageLimits {
    fn default() -> Self {
        Self {
            max_files: 5,
            max_file_bytes: 10 * 1024 * 1024,
            max_pixels: 40_000_000,
            max_side: 12_000,
            keep_side: 2048,
            thumbnail_side: 320,
            max_per_order: 5,
        }
    }
}

impl ImageLimits {
    /// A whole upload request's largest body: every file at its largest, plus the form's framing.
    pub fn max_request_bytes(&self) -> usize {
        self.max_files * self.max_file_bytes + 64 * 1024
    }
}

/// An image after the codec: the full JPEG, its thumbnail, and its size after orientation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoded {
    pub full: Vec<u8>,
    pub thumbnail: Vec<u8>,
    pub width: u32,
    pub height: u32,
}
