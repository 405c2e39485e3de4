//! Image bytes in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, …): the store that
//! lets app nodes scale out with no shared disk. Each request is presigned (AWS SigV4) by
//! rusty-s3 and sent with reqwest.

use std::time::Duration;

use async_trait::async_trait;
use domain::media::BlobStore;
use domain::{DomainError, DomainResult};
use rusty_s3::actions::ListObjectsV2;
use rusty_s3::{Bucket, Credentials, S3Action, UrlStyle};

/// Where the bucket is and who may write to it (`APP_S3_*`).
#[derive(Debug, Clone)]
pub struct S3Config {
    /// `https://s3.ap-southeast-1.amazonaws.com`, or a compatible service's address.
    pub endpoint: String,
    pub bucket: String,
    pub region: String,
    pub access_key: String,
    pub secret_key: String,
    /// `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most
    /// self-hosted services).
    pub path_style: bool,
}

pub struct S3BlobStore {
    bucket: Bucket,
    credentials: Credentials,
    http: reqwest::Client,
}

/// How long a signed request stays valid: it is sent at once.
const SIGNED_FOR: Duration = Duration::from_secs(60);

fn unavailable(what: impl std::fmt::Display) -> DomainError {
    tracing::error!(error = %what, "object storage");
    DomainError::Unavailable("image storage".into())
}

impl S3BlobStore {
    pub fn new(config: &S3Config) -> Result<Self, String> {
        crate::providers::install_tls_provider();
        let endpoint = config
            .endpoint
            .parse()
            .map_err(|e| format!("APP_S3_ENDPOINT: {e}"))?;
        let style = if config.path_style {
            UrlStyle::Path
        } else {
            UrlStyle::VirtualHost
        };
        let bucket = Bucket::new(
            endpoint,
            style,
            config.bucket.clone(),
            config.region.clone(),
        )
        .map_err(|e| format!("APP_S3_BUCKET: {e}"))?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| format!("object storage client: {e}"))?;
        Ok(Self {
            bucket,
            credentials: Credentials::new(config.access_key.clone(), config.secret_key.clone()),
            http,
        })
    }
}

impl S3BlobStore {
    pub fn bucket_name(&self) -> &str {
        self.bucket.name()
    }

    /// Every object whose key starts with `prefix`, with its size, following the pages.
    pub async fn keys(&self, prefix: &str) -> DomainResult<Vec<(String, u64)>> {
        let mut out = Vec::new();
        let mut token: Option<String> = None;
        loop {
            let mut list = self.bucket.list_objects_v2(Some(&self.credentials));
            list.with_prefix(prefix);
            if let Some(t) = &token {
                list.with_continuation_token(t.clone());
            }
            let r = self
                .http
                .get(list.sign(SIGNED_FOR))
                .send()
                .await
                .map_err(unavailable)?;
            if !r.status().is_success() {
                return Err(unavailable(format!("LIST {prefix}: {}", r.status())));
            }
            let body = r.bytes().await.map_err(unavailable)?;
            let page = ListObjectsV2::parse_response(&body).map_err(unavailable)?;
            out.extend(page.contents.into_iter().map(|o| (o.key, o.size)));
            match page.next_continuation_token {
                Some(next) => token = Some(next),
                None => return Ok(out),
            }
        }
    }
}

#[async_trait]
impl BlobStore for S3BlobStore {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> DomainResult<()> {
        let url = self
            .bucket
            .put_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let r = self
            .http
            .put(url)
            .header(reqwest::header::CONTENT_TYPE, content_type)
            .body(bytes)
            .send()
            .await
            .map_err(unavailable)?;
        if !r.status().is_success() {
            return Err(unavailable(format!("PUT {key}: {}", r.status())));
        }
        Ok(())
    }

    async fn get(&self, key: &str) -> DomainResult<Option<Vec<u8>>> {
        let url = self
            .bucket
            .get_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let r = self.http.get(url).send().await.map_err(unavailable)?;
        match r.status() {
            reqwest::StatusCode::NOT_FOUND => Ok(None),
            s if s.is_success() => Ok(Some(r.bytes().await.map_err(unavailable)?.to_vec())),
            s => Err(unavailable(format!("GET {key}: {s}"))),
        }
    }

    async fn delete(&self, key: &str) -> DomainResult<()> {
        let url = self
            .bucket
            .delete_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let r = self.http.delete(url).send().await.map_err(unavailable)?;
        // S3 answers 204 whether or not the object was there.
        if r.status().is_success() || r.status() == reqwest::StatusCode::NOT_FOUND {
            Ok(())
        } else {
            Err(unavailable(format!("DELETE {key}: {}", r.status())))
        }
    }
}
