//! Third parties behind the domain's ports: mail (SMTP, and a mailbox page for development),
//! images (local disk or S3-compatible storage), OpenID Connect providers, payment providers.

pub mod mail;
pub mod media;
pub mod oidc;
pub mod payments;
