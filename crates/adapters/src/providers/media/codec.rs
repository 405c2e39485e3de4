//! Uploads decoded and encoded anew with the `image` crate. The format comes from the bytes'
//! signature, never from what the client declared; the header's size is checked before any pixel
//! is decoded; the output is a plain JPEG, so EXIF (GPS position, camera, time) and anything else
//! riding in the file is gone. The EXIF orientation is applied first, so photos stay upright.

use std::io::Cursor;
use std::sync::Arc;

use async_trait::async_trait;
use domain::error::msg;
use domain::media::{Encoded, ImageCodec, ImageLimits};
use domain::{DomainError, DomainResult};
use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage};
use tokio::sync::Semaphore;

const FULL_QUALITY: u8 = 85;
const THUMBNAIL_QUALITY: u8 = 80;

/// At most one image per core at a time, off the request threads: decoding is CPU work.
pub struct ImageRsCodec {
    permits: Arc<Semaphore>,
}

impl ImageRsCodec {
    pub fn new() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self {
            permits: Arc::new(Semaphore::new(cores)),
        }
    }
}

impl Default for ImageRsCodec {
    fn default() -> Self {
        Self::new()
    }
}

#[async_trait]
impl ImageCodec for ImageRsCodec {
    async fn encode(&self, upload: Vec<u8>, limits: ImageLimits) -> DomainResult<Encoded> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| DomainError::Unavailable("image codec closed".into()))?;
        tokio::task::spawn_blocking(move || encode(&upload, limits))
            .await
            .map_err(|e| DomainError::Unavailable(format!("image codec: {e}")))?
    }

    async fn cut(
        &self,
        upload: Vec<u8>,
        limits: ImageLimits,
        sizes: Vec<(u32, u32)>,
    ) -> DomainResult<Vec<Vec<u8>>> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| DomainError::Unavailable("image codec closed".into()))?;
        tokio::task::spawn_blocking(move || cut(&upload, limits, &sizes))
            .await
            .map_err(|e| DomainError::Unavailable(format!("image codec: {e}")))?
    }
}

fn unsupported() -> DomainError {
    DomainError::Unsupported(msg("media.format"))
}

fn unreadable() -> DomainError {
    DomainError::Unsupported(msg("media.unreadable"))
}

pub fn encode(bytes: &[u8], limits: ImageLimits) -> DomainResult<Encoded> {
    let picture = decode(bytes, limits)?;
    let kept = if picture.width().max(picture.height()) > limits.keep_side {
        picture.resize(limits.keep_side, limits.keep_side, FilterType::Triangle)
    } else {
        picture
    };
    let thumbnail = kept.thumbnail(limits.thumbnail_side, limits.thumbnail_side);
    Ok(Encoded {
        width: kept.width(),
        height: kept.height(),
        full: jpeg(&kept.to_rgb8(), FULL_QUALITY)?,
        thumbnail: jpeg(&thumbnail.to_rgb8(), THUMBNAIL_QUALITY)?,
    })
}

/// A catalogue photo at each size: scaled to cover it and cropped to its centre, so every card
/// and page shows a photo of exactly the shape it reserves.
pub fn cut(bytes: &[u8], limits: ImageLimits, sizes: &[(u32, u32)]) -> DomainResult<Vec<Vec<u8>>> {
    let picture = decode(bytes, limits)?;
    sizes
        .iter()
        .map(|&(w, h)| {
            jpeg(
                &picture.resize_to_fill(w, h, FilterType::Lanczos3).to_rgb8(),
                FULL_QUALITY,
            )
        })
        .collect()
}

/// The upload's pixels, upright; its size is checked from the header before any is decoded.
fn decode(bytes: &[u8], limits: ImageLimits) -> DomainResult<DynamicImage> {
    let format = image::guess_format(bytes).map_err(|_| unsupported())?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP
    ) {
        return Err(unsupported());
    }
    let reader = || ImageReader::with_format(Cursor::new(bytes), format);
    let (width, height) = reader().into_dimensions().map_err(|_| unreadable())?;
    let too_large = width > limits.max_side
        || height > limits.max_side
        || u64::from(width) * u64::from(height) > limits.max_pixels;
    if too_large {
        return Err(DomainError::TooLarge(
            msg("media.pixels").with("ten_thousands", limits.max_pixels / 10_000),
        ));
    }
    let mut decoding = reader();
    let mut bounds = Limits::default();
    bounds.max_image_width = Some(limits.max_side);
    bounds.max_image_height = Some(limits.max_side);
    // Room for the pixels at 4 bytes each and the decoder's own buffers, and no more.
    bounds.max_alloc = Some(limits.max_pixels * 4 + 64 * 1024 * 1024);
    decoding.limits(bounds);
    let mut decoder = decoding.into_decoder().map_err(|_| unreadable())?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|_| unreadable())?;
    picture.apply_orientation(orientation);
    Ok(picture)
}

fn jpeg(pixels: &RgbImage, quality: u8) -> DomainResult<Vec<u8>> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(pixels)
        .map_err(|e| DomainError::Unavailable(format!("jpeg encoding: {e}")))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::testing::{has_exif, jpeg_with_gps};

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        image::GrayImage::new(width, height)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn a_phone_photo_loses_its_exif_and_keeps_its_orientation() {
        let photo = jpeg_with_gps(40, 20, 6);
        assert!(has_exif(&photo));
        let e = encode(&photo, ImageLimits::default()).unwrap();
        assert!(!has_exif(&e.full) && !has_exif(&e.thumbnail));
        // Orientation 6 turns the 40 × 20 sensor image upright: 20 wide, 40 high.
        assert_eq!((e.width, e.height), (20, 40));
        let back = image::load_from_memory(&e.full).unwrap();
        assert_eq!((back.width(), back.height()), (20, 40));
    }

    #[test]
    fn large_photos_are_scaled_down_and_thumbnails_small() {
        let limits = ImageLimits {
            keep_side: 100,
            thumbnail_side: 32,
            ..ImageLimits::default()
        };
        let e = encode(&png(400, 200), limits).unwrap();
        assert_eq!((e.width, e.height), (100, 50));
        let thumb = image::load_from_memory(&e.thumbnail).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (32, 16));
    }

    #[test]
    fn catalogue_photos_are_cut_to_each_size_without_their_exif() {
        let photo = jpeg_with_gps(1000, 600, 1);
        let cuts = cut(&photo, ImageLimits::default(), &[(640, 360), (144, 144)]).unwrap();
        let dims: Vec<(u32, u32)> = cuts
            .iter()
            .map(|c| {
                let i = image::load_from_memory(c).unwrap();
                (i.width(), i.height())
            })
            .collect();
        assert_eq!(dims, [(640, 360), (144, 144)]);
        assert!(cuts.iter().all(|c| !has_exif(c)));
        assert!(cut(b"not an image", ImageLimits::default(), &[(10, 10)]).is_err());
    }

    #[test]
    fn the_type_comes_from_the_bytes_and_the_size_from_the_header() {
        let limits = ImageLimits::default();
        for junk in [
            &b"GIF89a\x01\x00\x01\x00"[..],
            b"<svg xmlns=''/>",
            b"hello",
            b"",
        ] {
            assert!(matches!(
                encode(junk, limits),
                Err(DomainError::Unsupported(_))
            ));
        }
        // A PNG signature with a broken body is not an image either.
        let mut broken = png(10, 10);
        broken.truncate(40);
        assert!(matches!(
            encode(&broken, limits),
            Err(DomainError::Unsupported(_))
        ));
        // One pixel over the limit is refused by the header, before any decoding.
        let bomb = ImageLimits {
            max_pixels: 1_000_000,
            ..limits
        };
        assert!(matches!(
            encode(&png(1001, 1000), bomb),
            Err(DomainError::TooLarge(_))
        ));
        assert!(encode(&png(1000, 1000), bomb).is_ok());
    }
}
