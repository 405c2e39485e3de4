//! The public catalogue lists as answers kept in memory: every visitor gets the same plans, and
//! the catalogue changes a few times a day, so each list is read and serialized once per
//! catalogue version (the number the database moves at every change, which every node follows;
//! see `app::jobs`), and its REST body carries a strong ETag for 304s.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use domain::DomainResult;
use domain::catalog::Category;
use sha2::{Digest, Sha256};
use tokio::sync::watch;

use crate::texts::{self, Language};

/// A REST list as sent: its JSON, the same gzip-compressed, and a strong ETag for each (of the
/// JSON's bytes; the compressed one marked, as another representation).
pub(crate) struct JsonAnswer {
    pub body: Bytes,
    pub gzip: Bytes,
    pub etag: String,
    pub gzip_etag: String,
}

type Kept<K, T> = Mutex<HashMap<K, (u64, Arc<T>)>>;

/// Shared by every request of a node.
#[derive(Clone)]
pub struct CatalogCache {
    version: watch::Receiver<u64>,
    /// By category and the language its words are in.
    rest: Arc<Kept<(Category, Language), JsonAnswer>>,
    /// gRPC-Web first pages as sent (`grpc::kept`), by category, page size and language (all
    /// bounded, so the map is too).
    grpc: Arc<Kept<(Category, u32, Language), Bytes>>,
}

impl CatalogCache {
    /// `version` follows the catalogue's version in the database.
    pub fn new(version: watch::Receiver<u64>) -> Self {
        Self {
            version,
            rest: Arc::default(),
            grpc: Arc::default(),
        }
    }

    /// The category's whole list as JSON in the request's language, made by `make` when the kept
    /// one is of an older version (or none is kept).
    pub(crate) async fn json<F, Fut>(
        &self,
        category: Category,
        make: F,
    ) -> DomainResult<Arc<JsonAnswer>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = DomainResult<Vec<u8>>>,
    {
        let version = *self.version.borrow();
        let key = (category, texts::current());
        if let Some(hit) = fresh(&self.rest, &key, version) {
            return Ok(hit);
        }
        let body = make().await?;
        let tag = hex(&Sha256::digest(&body)[..12]);
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        let gzip = std::io::Write::write_all(&mut gzip, &body)
            .and_then(|()| gzip.finish())
            .map_err(|e| domain::DomainError::Unavailable(format!("compressing a list: {e}")))?;
        let answer = Arc::new(JsonAnswer {
            body: Bytes::from(body),
            gzip: Bytes::from(gzip),
            etag: format!("\"{tag}\""),
            gzip_etag: format!("\"{tag}-gzip\""),
        });
        keep(&self.rest, key, version, answer.clone());
        Ok(answer)
    }

    /// A first page of plans as its gRPC-Web body in the request's language, made by `make` when
    /// needed.
    pub(crate) async fn plans<F, Fut>(
        &self,
        category: Category,
        page_size: u32,
        make: F,
    ) -> DomainResult<Bytes>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = DomainResult<Bytes>>,
    {
        let version = *self.version.borrow();
        let key = (category, page_size, texts::current());
        if let Some(hit) = fresh(&self.grpc, &key, version) {
            return Ok(hit.as_ref().clone());
        }
        let answer = make().await?;
        keep(&self.grpc, key, version, Arc::new(answer.clone()));
        Ok(answer)
    }
}

fn fresh<K: std::hash::Hash + Eq, T>(kept: &Kept<K, T>, key: &K, version: u64) -> Option<Arc<T>> {
    let map = kept.lock().ok()?;
    map.get(key)
        .filter(|(v, _)| *v == version)
        .map(|(_, a)| a.clone())
}

/// Kept unless a newer version is kept already (a slower request of the old one finishing).
fn keep<K: std::hash::Hash + Eq, T>(kept: &Kept<K, T>, key: K, version: u64, answer: Arc<T>) {
    if let Ok(mut map) = kept.lock() {
        let newer = map.get(&key).is_some_and(|(v, _)| *v > version);
        if !newer {
            map.insert(key, (version, answer));
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
