//! The blob stores keep the same contract: what is put is got back byte for byte, a missing key
//! is `None`, deleting twice is fine. The S3 store runs against s3rver, a local S3-compatible
//! server (installed with the web packages). s3rver checks the access key and the requests' shape
//! but not SigV4's arithmetic; that is rusty-s3's, tested upstream against AWS's own vectors.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use adapters::providers::media::{LocalBlobStore, S3BlobStore, S3Config};
use adapters::testing::unique_name;
use domain::DomainError;
use domain::media::BlobStore;

async fn contract(store: &dyn BlobStore) {
    let key = "hotel-images/img-test.jpg";
    assert_eq!(store.get(key).await.unwrap(), None);
    let bytes: Vec<u8> = (0..=255u8).cycle().take(300_000).collect();
    store.put(key, bytes.clone(), "image/jpeg").await.unwrap();
    assert_eq!(store.get(key).await.unwrap(), Some(bytes));
    store
        .put(key, b"again".to_vec(), "image/jpeg")
        .await
        .unwrap();
    assert_eq!(
        store.get(key).await.unwrap().as_deref(),
        Some(&b"again"[..])
    );
    store.delete(key).await.unwrap();
    store.delete(key).await.unwrap();
    assert_eq!(store.get(key).await.unwrap(), None);
}

#[tokio::test]
async fn the_local_store_keeps_blobs_under_its_root_only() {
    let root = std::env::temp_dir().join(unique_name("blobs"));
    let store = LocalBlobStore::new(&root);
    contract(&store).await;
    for bad in ["../escape.jpg", "/etc/passwd", "a//b", "a/./b", ""] {
        assert!(
            matches!(
                store.put(bad, vec![1], "image/jpeg").await,
                Err(DomainError::InvalidArgument { .. })
            ),
            "{bad}"
        );
    }
    std::fs::remove_dir_all(root).ok();
}

/// s3rver on a free port, stopped when dropped.
pub(super) struct S3rver(Child, pub(super) u16, std::path::PathBuf);

impl Drop for S3rver {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
        std::fs::remove_dir_all(&self.2).ok();
    }
}

pub(super) async fn s3rver() -> S3rver {
    let bin = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/node_modules/s3rver/bin/s3rver.js"
    );
    assert!(
        std::path::Path::new(bin).exists(),
        "s3rver is missing: install the web packages (scripts/test.sh does)"
    );
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dir = std::env::temp_dir().join(unique_name("s3rver"));
    std::fs::create_dir_all(&dir).unwrap();
    let child = Command::new("node")
        .arg(bin)
        .args([
            "-d",
            dir.to_str().unwrap(),
            "-a",
            "127.0.0.1",
            "-p",
            &port.to_string(),
        ])
        .args(["--silent", "--configure-bucket", "hotel-images-test"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting s3rver");
    let server = S3rver(child, port, dir);
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return server;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("s3rver did not start");
}

pub(super) fn config(port: u16, access_key: &str) -> S3Config {
    S3Config {
        endpoint: format!("http://127.0.0.1:{port}"),
        bucket: "hotel-images-test".into(),
        region: "us-east-1".into(),
        // s3rver's own credentials.
        access_key: access_key.into(),
        secret_key: "S3RVER".into(),
        path_style: true,
    }
}

#[tokio::test]
async fn the_s3_store_signs_its_requests_and_keeps_the_contract() {
    let server = s3rver().await;
    let store = S3BlobStore::new(&config(server.1, "S3RVER")).unwrap();
    contract(&store).await;
    // An unknown key is refused by the server, and that is an error here, not an empty answer.
    let stranger = S3BlobStore::new(&config(server.1, "NOT-A-KEY")).unwrap();
    assert!(matches!(
        stranger
            .put("hotel-images/x.jpg", vec![1], "image/jpeg")
            .await,
        Err(DomainError::Unavailable(_))
    ));
    assert!(matches!(
        stranger.get("hotel-images/x.jpg").await,
        Err(DomainError::Unavailable(_))
    ));
    assert!(
        S3BlobStore::new(&S3Config {
            endpoint: "not a url".into(),
            ..config(server.1, "S3RVER")
        })
        .is_err()
    );
}
