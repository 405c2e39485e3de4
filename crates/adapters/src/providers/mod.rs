//! Third parties behind the domain's ports: mail (SMTP, and a mailbox page for development),
//! phones (Web Push, LINE, Zalo), images (local disk or S3-compatible storage), OpenID Connect providers,
//! payment providers, the e-invoice provider, flight status.

pub mod backups;
pub mod einvoice;
pub mod flights;
pub mod line;
pub mod mail;
pub mod media;
pub mod oidc;
pub mod payments;
pub mod push;
pub mod routing;
pub mod vnpay_refunds;
pub mod zalo;

/// Chooses ring as the process's TLS crypto provider (the mailer's, object storage's and the
/// identity providers'), before any HTTP client is built; calling it again is harmless.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
