//! Where backups are kept: a folder (the embedded default; put it on another disk) or a prefix in
//! the S3-compatible bucket the images may already use.

use std::path::{Path, PathBuf};

use domain::DomainResult;
use domain::media::BlobStore;

use super::io;
use crate::providers::media::S3BlobStore;

pub enum Shelf {
    Folder(PathBuf),
    Bucket {
        store: Box<S3BlobStore>,
        /// What the keys start with, as `backups/`.
        prefix: String,
    },
}

impl Shelf {
    /// Where they are kept, for people to read.
    pub fn place(&self) -> String {
        match self {
            Shelf::Folder(dir) => dir.display().to_string(),
            Shelf::Bucket { store, prefix } => format!("s3://{}/{prefix}", store.bucket_name()),
        }
    }

    /// A folder on the same disk as the folder shelf (so keeping a copy is a rename), or beside
    /// the database for a bucket: where copies are written before they are kept.
    pub fn scratch(&self, beside: &Path) -> PathBuf {
        match self {
            Shelf::Folder(dir) => dir.clone(),
            Shelf::Bucket { .. } => beside.join("backups-scratch"),
        }
    }

    /// Keeps the finished copy `file` as `name`, whole or not at all; `file` is gone after.
    pub async fn keep(&self, file: &Path, name: &str) -> DomainResult<()> {
        match self {
            Shelf::Folder(dir) => {
                let kept = dir.join(name);
                tokio::fs::rename(file, &kept)
                    .await
                    .map_err(|e| io("keep", e))?;
                // The rename is durable once the folder's entry is.
                if let Ok(d) = tokio::fs::File::open(dir).await {
                    d.sync_all().await.ok();
                }
                Ok(())
            }
            Shelf::Bucket { store, prefix } => {
                let bytes = tokio::fs::read(file).await.map_err(|e| io("read", e))?;
                let put = store
                    .put(
                        &format!("{prefix}{name}"),
                        bytes,
                        "application/octet-stream",
                    )
                    .await;
                tokio::fs::remove_file(file).await.ok();
                put
            }
        }
    }

    /// The files kept (names and sizes), whatever their names.
    pub async fn list(&self) -> DomainResult<Vec<(String, u64)>> {
        match self {
            Shelf::Folder(dir) => {
                let mut out = Vec::new();
                let mut entries = match tokio::fs::read_dir(dir).await {
                    Ok(entries) => entries,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
                    Err(e) => return Err(io("list", e)),
                };
                while let Some(entry) = entries.next_entry().await.map_err(|e| io("list", e))? {
                    let meta = entry.metadata().await.map_err(|e| io("list", e))?;
                    if meta.is_file() {
                        out.push((entry.file_name().to_string_lossy().into_owned(), meta.len()));
                    }
                }
                Ok(out)
            }
            Shelf::Bucket { store, prefix } => Ok(store
                .keys(prefix)
                .await?
                .into_iter()
                .filter_map(|(key, size)| {
                    Some((key.strip_prefix(prefix.as_str())?.to_owned(), size))
                })
                .collect()),
        }
    }

    pub async fn remove(&self, name: &str) -> DomainResult<()> {
        match self {
            Shelf::Folder(dir) => match tokio::fs::remove_file(dir.join(name)).await {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
                Err(e) => Err(io("remove", e)),
            },
            Shelf::Bucket { store, prefix } => store.delete(&format!("{prefix}{name}")).await,
        }
    }

    /// Copies the kept `name` to `to` (a restore's first step); NOT_FOUND when there is none.
    pub async fn fetch(&self, name: &str, to: &Path) -> DomainResult<()> {
        match self {
            Shelf::Folder(dir) => match tokio::fs::copy(dir.join(name), to).await {
                Ok(_) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    Err(domain::DomainError::not_found("backup"))
                }
                Err(e) => Err(io("fetch", e)),
            },
            Shelf::Bucket { store, prefix } => {
                let bytes = store
                    .get(&format!("{prefix}{name}"))
                    .await?
                    .ok_or_else(|| domain::DomainError::not_found("backup"))?;
                tokio::fs::write(to, bytes)
                    .await
                    .map_err(|e| io("fetch", e))
            }
        }
    }
}
