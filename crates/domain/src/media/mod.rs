//! Images: hotel photos a customer uploads so the therapist finds the hotel and the room (only
//! their owner ever gets them back), and the catalogue's photos of plans and therapists (anyone
//! sees them). Every image is decoded and encoded anew before it is kept, so nothing but pixels
//! survives (no EXIF, no GPS position, no hidden payload).

mod model;
mod photos;
mod ports;
mod service;
#[cfg(test)]
mod tests;

pub use model::{Encoded, HotelImage, ImageId, ImageLimits, Variant};
pub use photos::{PhotoShape, sized};
pub use ports::{BlobStore, ImageCodec, ImageStore};
pub use service::MediaService;
