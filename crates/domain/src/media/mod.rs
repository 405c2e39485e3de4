//! Hotel images: photos a customer uploads so the therapist finds the hotel and the room. Every
//! image is decoded and encoded anew before it is kept, so nothing but pixels survives (no EXIF,
//! no GPS position, no hidden payload), and only its owner ever gets it back.

mod model;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{Encoded, HotelImage, ImageId, ImageLimits, Variant};
pub use ports::{BlobStore, ImageCodec, ImageStore};
pub use service::MediaService;
