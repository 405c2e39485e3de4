//! argon2id password hashes with OWASP's parameters (19 MiB, 2 passes, 1 lane: the crate's
//! defaults). Each hash runs on the blocking pool, at most one per core at a time, so sign-ins
//! cannot starve the threads that serve requests or run the machine out of memory.

use std::sync::Arc;

use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use domain::identity::{Password, PasswordHasher};
use domain::{DomainError, DomainResult};
use tokio::sync::Semaphore;

pub struct Argon2Hasher {
    permits: Arc<Semaphore>,
}

impl Argon2Hasher {
    pub fn new() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self::with_parallelism(cores)
    }

    pub fn with_parallelism(n: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(n.max(1))),
        }
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Argon2<'static>) -> T + Send + 'static,
    ) -> DomainResult<T> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| DomainError::Unavailable("hasher closed".into()))?;
        tokio::task::spawn_blocking(move || work(&argon2()))
            .await
            .map_err(|e| DomainError::Unavailable(format!("hashing: {e}")))
    }
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        Self::new()
    }
}

fn argon2() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::default())
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> DomainResult<String> {
        let password = password.expose().to_owned();
        self.run(move |a| a.hash_password(password.as_bytes()).map(|h| h.to_string()))
            .await?
            .map_err(|e| DomainError::Unavailable(format!("hashing: {e}")))
    }

    async fn verify(&self, password: &Password, hash: &str) -> DomainResult<bool> {
        let password = password.expose().to_owned();
        let hash = hash.to_owned();
        self.run(move |a| {
            a.verify_password(password.as_bytes(), hash.as_str())
                .is_ok()
        })
        .await
    }
}
