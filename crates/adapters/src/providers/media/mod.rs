//! Hotel images: the codec that cleans uploads, the stores that keep their bytes, and their
//! records in SQL.

mod codec;
mod local;
mod s3;

pub use codec::{ImageRsCodec, encode};
pub use local::LocalBlobStore;
pub use s3::{S3BlobStore, S3Config};
