//! The domain's cryptographic ports: signed tokens, password hashes, sealed signing keys; and the
//! guarded client for addresses users give.

pub mod jwt;
pub mod key_sealing;
pub mod outbound;
pub mod password;
