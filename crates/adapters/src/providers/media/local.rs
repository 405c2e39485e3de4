//! Image bytes as files under one directory: the embedded default. Writes go to a temporary file
//! first and are renamed into place, so a reader never sees half an image.

use std::path::PathBuf;

use async_trait::async_trait;
use domain::error::msg;
use domain::media::BlobStore;
use domain::{DomainError, DomainResult};

pub struct LocalBlobStore {
    root: PathBuf,
}

impl LocalBlobStore {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// Keys are made by the domain from strict ids; anything that could leave the root is refused
    /// all the same.
    fn path(&self, key: &str) -> DomainResult<PathBuf> {
        let safe = !key.is_empty()
            && key.split('/').all(|part| {
                !part.is_empty()
                    && part != ".."
                    && part != "."
                    && part
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
            });
        if safe {
            Ok(self.root.join(key))
        } else {
            Err(DomainError::invalid("key", msg("media.key")))
        }
    }
}

fn io(e: std::io::Error) -> DomainError {
    tracing::error!(error = %e, "image storage");
    DomainError::Unavailable("image storage".into())
}

#[async_trait]
impl BlobStore for LocalBlobStore {
    async fn put(&self, key: &str, bytes: Vec<u8>, _content_type: &str) -> DomainResult<()> {
        let path = self.path(key)?;
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await.map_err(io)?;
        }
        let partial = path.with_extension("partial");
        tokio::fs::write(&partial, bytes).await.map_err(io)?;
        tokio::fs::rename(&partial, &path).await.map_err(io)
    }

    async fn get(&self, key: &str) -> DomainResult<Option<Vec<u8>>> {
        match tokio::fs::read(self.path(key)?).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io(e)),
        }
    }

    async fn delete(&self, key: &str) -> DomainResult<()> {
        match tokio::fs::remove_file(self.path(key)?).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io(e)),
        }
    }
}
