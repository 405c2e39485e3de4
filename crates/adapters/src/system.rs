//! The operating system's clock and random generator.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use domain::shared::{Clock, Randomness};

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

pub struct OsRandomness;

/// `N` bytes from the OS generator.
pub(crate) fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The OS generator failing means the machine cannot make secrets at all: nothing safe to do.
    #[allow(clippy::expect_used)]
    getrandom::getrandom(&mut bytes).expect("the operating system's random generator");
    bytes
}

/// `N` random bytes as URL-safe base64 without padding.
pub(crate) fn random_b64<const N: usize>() -> String {
    URL_SAFE_NO_PAD.encode(random_bytes::<N>())
}

impl Randomness for OsRandomness {
    fn secret(&self) -> String {
        random_b64::<32>()
    }

    fn id(&self) -> String {
        random_b64::<16>()
    }
}
