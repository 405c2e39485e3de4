//! Secrets kept in the database — token signing keys, the Zalo OA's tokens — are sealed there
//! (AES-256-GCM under a key-encryption key that lives outside it: the environment or a file), so a
//! read-only copy of the database can neither mint tokens nor send as the site. A sealed key reads `sealed:v1:{kek id}:{base64 of nonce ‖ ciphertext ‖ tag}`; the id is
//! the first 8 hex digits of the KEK's SHA-256, so a key sealed under a previous KEK (during its
//! rotation) is found and opened with that one. A bare base64 seed is an unsealed key of before.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use sha2::{Digest, Sha256};

use crate::system::random_bytes;

const PREFIX: &str = "sealed:v1:";

/// One key-encryption key: 32 bytes.
pub struct Kek {
    id: String,
    key: LessSafeKey,
}

impl Kek {
    /// From its 32 bytes, written as base64 (standard or URL-safe, padded or not).
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let bytes = STANDARD
            .decode(text)
            .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text))
            .map_err(|_| "the key-encryption key is not base64".to_owned())?;
        Self::from_bytes(&bytes)
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let unbound = UnboundKey::new(&AES_256_GCM, bytes)
            .map_err(|_| "the key-encryption key must be 32 bytes".to_owned())?;
        let digest = Sha256::digest(bytes);
        Ok(Self {
            id: digest[..4].iter().map(|b| format!("{b:02x}")).collect(),
            key: LessSafeKey::new(unbound),
        })
    }

    /// A new random key, as base64 text (what `parse` reads).
    pub fn generate() -> String {
        STANDARD.encode(random_bytes::<32>())
    }

    pub fn id(&self) -> &str {
        &self.id
    }
}

/// The current KEK, which seals, and the previous one while a rotation is under way.
pub struct Sealing {
    current: Kek,
    previous: Option<Kek>,
}

impl Sealing {
    pub fn new(current: Kek, previous: Option<Kek>) -> Self {
        Self { current, previous }
    }

    pub fn seal(&self, secret: &[u8]) -> String {
        let nonce_bytes = random_bytes::<NONCE_LEN>();
        let mut sealed = secret.to_vec();
        // Sealing with a fresh random nonce and a valid key cannot fail.
        let _ = self.current.key.seal_in_place_append_tag(
            Nonce::assume_unique_for_key(nonce_bytes),
            Aad::from(self.current.id.as_bytes()),
            &mut sealed,
        );
        let mut out = nonce_bytes.to_vec();
        out.extend_from_slice(&sealed);
        format!("{PREFIX}{}:{}", self.current.id, STANDARD.encode(out))
    }

    /// The secret, and whether it should be sealed again under the current KEK (it was sealed
    /// under the previous one, or not sealed at all).
    pub fn open(&self, stored: &str) -> Result<(Vec<u8>, bool), String> {
        let Some(rest) = stored.strip_prefix(PREFIX) else {
            let plain = STANDARD
                .decode(stored)
                .map_err(|_| "an unreadable secret".to_owned())?;
            return Ok((plain, true));
        };
        let (id, body) = rest
            .split_once(':')
            .ok_or_else(|| "a malformed sealed secret".to_owned())?;
        let kek = [Some(&self.current), self.previous.as_ref()]
            .into_iter()
            .flatten()
            .find(|k| k.id == id)
            .ok_or_else(|| format!("a secret sealed under an unknown key-encryption key {id}"))?;
        let bytes = STANDARD
            .decode(body)
            .map_err(|_| "a malformed sealed secret".to_owned())?;
        if bytes.len() < NONCE_LEN {
            return Err("a malformed sealed secret".into());
        }
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let nonce =
            Nonce::try_assume_unique_for_key(nonce).map_err(|_| "a malformed sealed secret")?;
        let mut buffer = sealed.to_vec();
        let plain = kek
            .key
            .open_in_place(nonce, Aad::from(kek.id.as_bytes()), &mut buffer)
            .map_err(|_| {
                "a sealed secret that does not open: wrong key-encryption key?".to_owned()
            })?;
        Ok((plain.to_vec(), kek.id != self.current.id))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn seals_opens_and_rotates() {
        let (a, b) = (Kek::generate(), Kek::generate());
        let old = Sealing::new(Kek::parse(&a).unwrap(), None);
        let sealed = old.seal(b"seed");
        assert!(sealed.starts_with("sealed:v1:"));
        assert!(!sealed.contains(&STANDARD.encode(b"seed")));
        assert_eq!(old.open(&sealed).unwrap(), (b"seed".to_vec(), false));
        // Rotation: the new KEK current, the old one previous: opens, and asks to reseal.
        let rotating = Sealing::new(Kek::parse(&b).unwrap(), Some(Kek::parse(&a).unwrap()));
        assert_eq!(rotating.open(&sealed).unwrap(), (b"seed".to_vec(), true));
        // Without the old KEK it is refused, and so is a tampered one.
        let new_only = Sealing::new(Kek::parse(&b).unwrap(), None);
        assert!(new_only.open(&sealed).is_err());
        let mut tampered = sealed.clone();
        tampered.replace_range(tampered.len() - 4.., "AAAA");
        assert!(old.open(&tampered).is_err());
        // A seed of before sealing: read, and to be sealed.
        assert_eq!(
            old.open(&STANDARD.encode(b"seed")).unwrap(),
            (b"seed".to_vec(), true)
        );
        assert!(Kek::parse("c2hvcnQ=").is_err(), "too short");
    }
}
