//! Catalogue photos: a plan's (wide, 16:9) and a therapist's (square), uploaded by admins, cut
//! and scaled server-side to the sizes the pages draw, and served to anyone under an address whose
//! bytes never change, so browsers keep them for a year.

use super::model::ImageId;

/// How a photo is cut: plans are drawn 16:9 (cards and the plan page), therapists square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoShape {
    Wide,
    Square,
}

impl PhotoShape {
    /// The sizes it is kept in, smallest first: what the pages draw, at 2× (a card is 320 × 180
    /// CSS pixels, the plan page 640 wide on a phone and 960 on a desktop; a therapist 72 × 72).
    pub const fn sizes(self) -> [(u32, u32); 2] {
        match self {
            PhotoShape::Wide => [(640, 360), (1280, 720)],
            PhotoShape::Square => [(144, 144), (288, 288)],
        }
    }
}

const PREFIX: &str = "/media/catalog/";

/// Where a photo's variant of `width` is served.
pub(super) fn photo_url(id: &ImageId, width: u32) -> String {
    format!("{PREFIX}{}/{width}.jpg", id.as_str())
}

/// Where the blob store keeps it.
pub(super) fn photo_key(id: &ImageId, width: u32) -> String {
    format!("catalog-photos/{}/{width}.jpg", id.as_str())
}

/// A catalogue image at `width`: an uploaded photo's variant of that width, anything else (the
/// category's drawing) as it is.
pub fn sized(url: &str, width: u32) -> String {
    match url
        .strip_prefix(PREFIX)
        .and_then(|rest| rest.split_once('/'))
    {
        Some((id, _)) if ImageId::parse(id).is_ok() => format!("{PREFIX}{id}/{width}.jpg"),
        _ => url.to_owned(),
    }
}

/// The photo and width a served file name stands for (`img-…`, `640.jpg`), if one we keep.
pub(super) fn parse_variant(id: &str, file: &str) -> Option<(ImageId, u32)> {
    let id = ImageId::parse(id).ok()?;
    let width: u32 = file.strip_suffix(".jpg")?.parse().ok()?;
    let known = [PhotoShape::Wide, PhotoShape::Square]
        .iter()
        .any(|s| s.sizes().iter().any(|(w, _)| *w == width));
    known.then_some((id, width))
}
