//! The domain's cryptographic ports: signed tokens, password hashes, sealed signing keys.

pub mod jwt;
pub mod key_sealing;
pub mod password;
