//! The application server's key (VAPID, RFC 8292): push services take a message only with a
//! token signed by it, for their own origin; browsers subscribe with its public half.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde::Serialize;
use web_push_native::p256::SecretKey;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
use web_push_native::p256::pkcs8::EncodePrivateKey;

/// How long a signed token is good for (RFC 8292 allows at most a day).
const TOKEN_HOURS: i64 = 12;

#[derive(Clone)]
pub struct VapidKey {
    signing: EncodingKey,
    public: String,
    subject: String,
}

/// Shows the public half only.
impl std::fmt::Debug for VapidKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VapidKey")
            .field("public", &self.public)
            .field("subject", &self.subject)
            .finish_non_exhaustive()
    }
}

#[derive(Serialize)]
struct Claims<'a> {
    aud: &'a str,
    exp: i64,
    sub: &'a str,
}

impl VapidKey {
    /// The private key as web push tools write it (its 32 bytes, base64url), and who the push
    /// services may contact about our messages (`mailto:…` or the site's `https://` address).
    pub fn parse(private: &str, subject: &str) -> Result<Self, String> {
        let bytes = URL_SAFE_NO_PAD
            .decode(private.trim().trim_end_matches('='))
            .map_err(|_| "the VAPID key is not base64url".to_owned())?;
        let secret = SecretKey::from_slice(&bytes)
            .map_err(|_| "the VAPID key is not a P-256 key".to_owned())?;
        let der = secret
            .to_pkcs8_der()
            .map_err(|_| "the VAPID key cannot be encoded".to_owned())?;
        let public = secret.public_key().as_affine().to_encoded_point(false);
        Ok(Self {
            signing: EncodingKey::from_ec_der(der.as_bytes()),
            public: URL_SAFE_NO_PAD.encode(public.as_bytes()),
            subject: subject.to_owned(),
        })
    }

    /// A new private key, base64url.
    pub fn generate() -> String {
        loop {
            // Nearly every 32 bytes are a key; the few above the curve's order are not.
            let bytes = crate::system::random_bytes::<32>();
            if SecretKey::from_slice(&bytes).is_ok() {
                return URL_SAFE_NO_PAD.encode(bytes);
            }
        }
    }

    /// The public key browsers subscribe with (`applicationServerKey`): the uncompressed point,
    /// base64url.
    pub fn public(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header for a message to `origin` (the endpoint's scheme, host and
    /// port), signed at `now`.
    pub fn authorization(&self, origin: &str, now: DateTime<Utc>) -> Result<String, String> {
        let claims = Claims {
            aud: origin,
            exp: (now + Duration::hours(TOKEN_HOURS)).timestamp(),
            sub: &self.subject,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::ES256), &claims, &self.signing)
            .map_err(|e| format!("signing the VAPID token: {e}"))?;
        Ok(format!("vapid t={token}, k={}", self.public))
    }
}
