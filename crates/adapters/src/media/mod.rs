//! Hotel images: the codec that cleans uploads, the stores that keep their bytes, and their
//! records in SQL.

mod codec;
mod local;

pub use codec::{ImageRsCodec, encode};
pub use local::LocalBlobStore;
