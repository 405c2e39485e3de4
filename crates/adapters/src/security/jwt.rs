//! ID tokens as EdDSA (Ed25519) JWTs. Signing keys live in the database, so they survive restarts
//! and every node signs and verifies with the same set. A key signs for `rotation`; when a newer
//! key takes over, the old one keeps verifying until every token it signed has expired, and is
//! published at `/.well-known/jwks.json` until then.

use std::collections::HashSet;
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};

use async_trait::async_trait;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use domain::error::AuthError;
use domain::identity::{IdClaims, Role, TokenSigner};
use domain::{DomainError, DomainResult};
use ed25519_dalek::SigningKey;
use ed25519_dalek::pkcs8::EncodePrivateKey;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};

use crate::security::key_sealing::Sealing;
use crate::sql::common::{corrupt, instant, ms, storage};
use crate::sql::db::DbLock;
use crate::sql::entities::signing_key;
use crate::system::{random_b64, random_bytes};

/// The one algorithm accepted: a token naming any other (`none`, `HS256`, …) is refused.
const ALGORITHM: Algorithm = Algorithm::EdDSA;
const ALG_NAME: &str = "EdDSA";

/// How long the key set in memory is trusted before it is read again (other nodes may rotate).
const RELOAD_AFTER: Duration = Duration::seconds(60);
/// A token naming a key we do not know (another node made it) waits for the next read of the key
/// set. Such reads are shared by every request waiting and start at most this often, so a flood of
/// forged ids costs the database a few reads a second, and a real new key is known within it.
const UNKNOWN_KID_GAP: std::time::Duration = std::time::Duration::from_millis(20);
/// The length of our key ids (12 random bytes in URL-safe base64): no other id is looked up.
const KID_LEN: usize = 16;

#[derive(Debug, Serialize, Deserialize)]
struct WireClaims {
    iss: String,
    aud: String,
    sub: String,
    email: String,
    email_verified: bool,
    /// Only operators' tokens carry a role.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    role: Option<String>,
    auth_time: i64,
    iat: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    iat_ms: Option<i64>,
    nbf: i64,
    exp: i64,
}

struct Key {
    kid: String,
    created_at: DateTime<Utc>,
    retires_at: Option<DateTime<Utc>>,
    encoding: EncodingKey,
    decoding: DecodingKey,
    public_x: String,
}

impl Key {
    fn from_row(row: &signing_key::Model, sealing: &Sealing) -> DomainResult<Self> {
        if row.algorithm != ALG_NAME {
            return Err(corrupt("signing key", &row.algorithm));
        }
        let (seed, _) = sealing
            .open(&row.private_key)
            .map_err(|e| corrupt("signing key", e))?;
        let seed: [u8; 32] = seed
            .try_into()
            .map_err(|_| corrupt("signing key", "seed"))?;
        let retires_at = row.retires_at_ms.map(instant).transpose()?;
        Self::from_seed(
            row.kid.clone(),
            &seed,
            instant(row.created_at_ms)?,
            retires_at,
        )
    }

    fn from_seed(
        kid: String,
        seed: &[u8; 32],
        created_at: DateTime<Utc>,
        retires_at: Option<DateTime<Utc>>,
    ) -> DomainResult<Self> {
        let signing = SigningKey::from_bytes(seed);
        let der = signing
            .to_pkcs8_der()
            .map_err(|e| corrupt("signing key", e))?;
        let public_x = URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes());
        let decoding =
            DecodingKey::from_ed_components(&public_x).map_err(|e| corrupt("signing key", e))?;
        Ok(Self {
            kid,
            created_at,
            retires_at,
            encoding: EncodingKey::from_ed_der(der.as_bytes()),
            decoding,
            public_x,
        })
    }

    fn verifies_at(&self, now: DateTime<Utc>) -> bool {
        self.retires_at.is_none_or(|r| now < r)
    }
}

struct KeySet {
    keys: Vec<Key>,
    loaded_at: DateTime<Utc>,
}

/// The reads of the key set made for unknown key ids, one at a time.
struct Rereads {
    /// How many such reads have finished.
    done: u64,
    last_start: Option<std::time::Instant>,
}

pub struct JwtSigner {
    db: DatabaseConnection,
    /// How many reads for unknown key ids have started (read without waiting for `rereads`).
    rereads_started: AtomicU64,
    rereads: tokio::sync::Mutex<Rereads>,
    /// How long a key signs before a new one takes over.
    rotation: Duration,
    /// How long a retired key still verifies: the ID token lifetime plus the clock leeway.
    grace: Duration,
    set: RwLock<KeySet>,
    /// Private keys are stored sealed under a key-encryption key from outside the database.
    sealing: Sealing,
    /// Tokens whose signature checked out, with their key's id and claims: a client sends its
    /// token with every request, and the signature check was a seventh of an order's CPU. The
    /// key must still verify at each use; time and the account are checked by the caller.
    verified: quick_cache::sync::Cache<String, (String, IdClaims)>,
}

/// How many verified tokens are kept (about half a kilobyte each).
const VERIFIED_KEPT: usize = 20_000;

impl JwtSigner {
    pub async fn load(
        db: DatabaseConnection,
        rotation: Duration,
        grace: Duration,
        sealing: Sealing,
    ) -> DomainResult<Self> {
        let signer = Self {
            db,
            rereads_started: AtomicU64::new(0),
            rereads: tokio::sync::Mutex::new(Rereads {
                done: 0,
                last_start: None,
            }),
            rotation,
            grace,
            set: RwLock::new(KeySet {
                keys: Vec::new(),
                loaded_at: DateTime::<Utc>::MIN_UTC,
            }),
            sealing,
            verified: quick_cache::sync::Cache::new(VERIFIED_KEPT),
        };
        signer.reseal().await?;
        signer.reload(Utc::now()).await?;
        Ok(signer)
    }

    /// Seals under the current key-encryption key every key stored unsealed or sealed under the
    /// previous one (a rotation of the KEK, or a database of before sealing), under the keys' lock.
    async fn reseal(&self) -> DomainResult<()> {
        let txn = crate::sql::db::begin_locked(&self.db, DbLock::SigningKeys)
            .await
            .map_err(storage)?;
        let rows = signing_key::Entity::find()
            .all(&txn)
            .await
            .map_err(storage)?;
        let mut resealed = 0;
        for row in rows {
            let (seed, stale) = self
                .sealing
                .open(&row.private_key)
                .map_err(|e| corrupt("signing key", e))?;
            if stale {
                signing_key::ActiveModel {
                    kid: Set(row.kid),
                    private_key: Set(self.sealing.seal(&seed)),
                    ..Default::default()
                }
                .update(&txn)
                .await
                .map_err(storage)?;
                resealed += 1;
            }
        }
        txn.commit().await.map_err(storage)?;
        if resealed > 0 {
            tracing::info!(
                resealed,
                "signing keys sealed under the current key-encryption key"
            );
        }
        Ok(())
    }

    async fn reload(&self, now: DateTime<Utc>) -> DomainResult<()> {
        let rows = signing_key::Entity::find()
            .order_by_desc(signing_key::Column::CreatedAtMs)
            .all(&self.db)
            .await
            .map_err(storage)?;
        let keys = rows
            .iter()
            .map(|row| Key::from_row(row, &self.sealing))
            .collect::<DomainResult<Vec<_>>>()?;
        let mut set = self.set.write().map_err(|_| poisoned())?;
        *set = KeySet {
            keys,
            loaded_at: now,
        };
        Ok(())
    }

    /// Makes a new signing key unless another node just did, and retires the ones before it.
    async fn rotate(&self, now: DateTime<Utc>) -> DomainResult<()> {
        // Under the keys' lock, so that nodes needing a key at the same instant make one.
        let txn = crate::sql::db::begin_locked(&self.db, DbLock::SigningKeys)
            .await
            .map_err(storage)?;
        let newest = signing_key::Entity::find()
            .order_by_desc(signing_key::Column::CreatedAtMs)
            .one(&txn)
            .await
            .map_err(storage)?;
        let fresh = newest.is_some_and(|k| k.created_at_ms > ms(now - self.rotation));
        if !fresh {
            signing_key::Entity::update_many()
                .col_expr(
                    signing_key::Column::RetiresAtMs,
                    sea_orm::sea_query::Expr::value(ms(now + self.grace)),
                )
                .filter(signing_key::Column::RetiresAtMs.is_null())
                .exec(&txn)
                .await
                .map_err(storage)?;
            let seed = random_bytes::<32>();
            let key = Key::from_seed(random_b64::<12>(), &seed, now, None)?;
            signing_key::ActiveModel {
                kid: Set(key.kid.clone()),
                algorithm: Set(ALG_NAME.into()),
                private_key: Set(self.sealing.seal(&seed)),
                public_key: Set(key.public_x.clone()),
                created_at_ms: Set(ms(now)),
                retires_at_ms: Set(None),
            }
            .insert(&txn)
            .await
            .map_err(storage)?;
            tracing::info!(kid = %key.kid, "new token signing key");
        }
        txn.commit().await.map_err(storage)?;
        self.reload(now).await
    }

    /// Reads the key set again after the arrival of a token with an unknown key id, unless a read
    /// that started after that arrival has finished meanwhile: waiting requests share one read.
    async fn reread_for_unknown_kid(&self, now: DateTime<Utc>) -> DomainResult<()> {
        let arrived_after = self.rereads_started.load(Ordering::SeqCst);
        let mut gate = self.rereads.lock().await;
        if gate.done > arrived_after {
            return Ok(());
        }
        if let Some(last) = gate.last_start {
            tokio::time::sleep(UNKNOWN_KID_GAP.saturating_sub(last.elapsed())).await;
        }
        gate.last_start = Some(std::time::Instant::now());
        let number = self.rereads_started.fetch_add(1, Ordering::SeqCst) + 1;
        let read = self.reload(now).await;
        gate.done = number;
        read
    }

    /// The public keys still verifying tokens, as a JSON Web Key Set.
    pub async fn jwks(&self, now: DateTime<Utc>) -> DomainResult<serde_json::Value> {
        self.fresh(now).await?;
        let set = self.set.read().map_err(|_| poisoned())?;
        let keys: Vec<serde_json::Value> = set
            .keys
            .iter()
            .filter(|k| k.verifies_at(now))
            .map(|k| {
                serde_json::json!({
                    "kty": "OKP", "crv": "Ed25519", "alg": ALG_NAME, "use": "sig",
                    "kid": k.kid, "x": k.public_x,
                })
            })
            .collect();
        Ok(serde_json::json!({ "keys": keys }))
    }

    async fn fresh(&self, now: DateTime<Utc>) -> DomainResult<()> {
        let stale = {
            let set = self.set.read().map_err(|_| poisoned())?;
            now - set.loaded_at >= RELOAD_AFTER
        };
        if stale {
            self.reload(now).await
        } else {
            Ok(())
        }
    }

    fn with_current<T>(
        &self,
        now: DateTime<Utc>,
        f: impl FnOnce(&Key) -> T,
    ) -> DomainResult<Option<T>> {
        let set = self.set.read().map_err(|_| poisoned())?;
        Ok(set
            .keys
            .iter()
            .filter(|k| k.retires_at.is_none())
            .max_by_key(|k| k.created_at)
            .filter(|k| now - k.created_at < self.rotation)
            .map(f))
    }
}

fn poisoned() -> DomainError {
    DomainError::Unavailable("signing keys".into())
}

#[async_trait]
impl TokenSigner for JwtSigner {
    async fn sign(&self, claims: &IdClaims, now: DateTime<Utc>) -> DomainResult<String> {
        self.fresh(now).await?;
        let wire = WireClaims {
            iss: claims.iss.clone(),
            aud: claims.aud.clone(),
            sub: claims.sub.clone(),
            email: claims.email.clone(),
            email_verified: claims.email_verified,
            role: (claims.role != Role::Customer).then(|| claims.role.code().to_owned()),
            auth_time: claims.auth_time,
            iat: claims.iat,
            iat_ms: claims.iat_ms,
            nbf: claims.nbf,
            exp: claims.exp,
        };
        let encode = |k: &Key| {
            let mut header = Header::new(ALGORITHM);
            header.kid = Some(k.kid.clone());
            jsonwebtoken::encode(&header, &wire, &k.encoding)
        };
        let signed = match self.with_current(now, encode)? {
            Some(t) => t,
            None => {
                self.rotate(now).await?;
                self.with_current(now, encode)?
                    .ok_or_else(|| DomainError::Unavailable("no signing key".into()))?
            }
        };
        signed.map_err(|e| DomainError::Unavailable(format!("signing: {e}")))
    }

    async fn decode(&self, token: &str, now: DateTime<Utc>) -> Result<IdClaims, AuthError> {
        if let Some((kid, claims)) = self.verified.get(token)
            && self
                .set
                .read()
                .is_ok_and(|s| s.keys.iter().any(|k| k.kid == kid && k.verifies_at(now)))
        {
            return Ok(claims);
        }
        let header = jsonwebtoken::decode_header(token).map_err(|_| AuthError::InvalidIdToken)?;
        if header.alg != ALGORITHM {
            return Err(AuthError::InvalidIdToken);
        }
        let kid = header.kid.ok_or(AuthError::InvalidIdToken)?;
        let well_formed = kid.len() == KID_LEN
            && kid
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !well_formed {
            return Err(AuthError::InvalidIdToken);
        }
        let known = |s: &KeySet| s.keys.iter().any(|k| k.kid == kid);
        if !self.set.read().is_ok_and(|s| known(&s)) {
            self.reread_for_unknown_kid(now)
                .await
                .map_err(|_| AuthError::InvalidIdToken)?;
        }
        let mut validation = Validation::new(ALGORITHM);
        // Time, issuer and audience are the domain's rules (IdClaims::check), checked against
        // the service's clock; here: algorithm, key and signature only.
        validation.validate_exp = false;
        validation.validate_nbf = false;
        validation.validate_aud = false;
        validation.required_spec_claims = HashSet::new();
        let set = self.set.read().map_err(|_| AuthError::InvalidIdToken)?;
        let key = set
            .keys
            .iter()
            .find(|k| k.kid == kid && k.verifies_at(now))
            .ok_or(AuthError::InvalidIdToken)?;
        let data = jsonwebtoken::decode::<WireClaims>(token, &key.decoding, &validation)
            .map_err(|_| AuthError::InvalidIdToken)?;
        let c = data.claims;
        let claims = IdClaims {
            iss: c.iss,
            aud: c.aud,
            sub: c.sub,
            email: c.email,
            email_verified: c.email_verified,
            role: Role::from_code(c.role.as_deref().unwrap_or_default()),
            auth_time: c.auth_time,
            iat: c.iat,
            iat_ms: c.iat_ms,
            nbf: c.nbf,
            exp: c.exp,
        };
        drop(set);
        self.verified
            .insert(token.to_owned(), (kid, claims.clone()));
        Ok(claims)
    }
}
