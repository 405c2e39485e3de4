//! What every module asks of the system: the time and unpredictable values.

use chrono::{DateTime, Utc};

pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// Unpredictable values from the operating system's generator.
pub trait Randomness: Send + Sync {
    /// A secret for a refresh token or a mailed code: 256 bits, URL-safe.
    fn secret(&self) -> String;
    /// An identifier: 128 bits, URL-safe.
    fn id(&self) -> String;
}
