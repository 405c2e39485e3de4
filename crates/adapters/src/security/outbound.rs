//! The one HTTP client for addresses a user gave (push endpoints): the domain's outbound rule
//! (`domain::shared::outbound`) applied to the address before sending, and to every address its
//! host name resolves to at connection time. The client connects only to the addresses that
//! passed, so a name that resolves to a private address, now or on a second lookup (DNS
//! rebinding), reaches nothing. No redirects are followed and no proxy is used (either would
//! connect somewhere unchecked).

use std::net::SocketAddr;
use std::sync::Arc;

use domain::shared::outbound::{OutboundPolicy, Refusal, is_public};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

pub struct GuardedClient {
    policy: OutboundPolicy,
    /// Public hosts only, resolved through `PublicOnly`.
    public: reqwest::Client,
    /// The origins the settings name (a test's local stand-in), called as they are.
    named: reqwest::Client,
}

impl GuardedClient {
    pub fn new(policy: OutboundPolicy) -> Self {
        let public = reqwest::Client::builder()
            .dns_resolver(Arc::new(PublicOnly))
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .https_only(true)
            .build()
            .unwrap_or_default();
        let named = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .build()
            .unwrap_or_default();
        Self {
            policy,
            public,
            named,
        }
    }

    /// A POST to `url`, or why it may not be sent. A host given as a public IP address is
    /// connected to as it is (no lookup); a name, only at the public addresses it resolves to.
    pub fn post(&self, url: &str) -> Result<reqwest::RequestBuilder, Refusal> {
        let checked = self.policy.check(url)?;
        let client = if self.policy.is_named(&checked) {
            &self.named
        } else {
            &self.public
        };
        Ok(client.post(checked))
    }
}

/// Whether a failed request was refused by this guard at connection time (a name that resolves
/// only to addresses that are not public), rather than failing on the way.
pub fn refused_at_connection(error: &reqwest::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if e.downcast_ref::<Refusal>().is_some() {
            return true;
        }
        source = e.source();
    }
    false
}

/// The system's resolver, keeping only public addresses; a name with none is refused.
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| is_public(a.ip()))
                .collect();
            if found.is_empty() {
                return Err(
                    Box::new(Refusal::NotPublic) as Box<dyn std::error::Error + Send + Sync>
                );
            }
            Ok(Box::new(found.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// A listener on loopback that counts the connections it is offered.
    async fn counting_listener() -> (u16, Arc<AtomicUsize>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let count = Arc::new(AtomicUsize::new(0));
        let counted = count.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                counted.fetch_add(1, Ordering::SeqCst);
                drop(socket);
            }
        });
        (port, count)
    }

    #[tokio::test]
    async fn nothing_on_this_machine_is_reached_unless_the_settings_name_it() {
        crate::install_tls_provider();
        let (port, connections) = counting_listener().await;
        let guard = GuardedClient::new(OutboundPolicy::default());
        // Refused before any connection, by the address's form.
        for url in [
            format!("https://127.0.0.1:{port}/x"),
            format!("https://[::ffff:127.0.0.1]:{port}/x"),
            format!("http://127.0.0.1:1@127.0.0.1:{port}/x"),
            format!("http://127.0.0.1:{port}/x"),
        ] {
            assert!(guard.post(&url).is_err(), "{url}");
        }
        // A name is looked up when connecting; one that resolves to loopback (here through
        // /etc/hosts, as a rebinding name would through DNS) is refused there.
        let guard_names = GuardedClient::new(OutboundPolicy::default());
        let request = guard_names
            .public
            .post(format!("https://localhost:{port}/x"))
            .send()
            .await;
        let error = request.unwrap_err();
        assert!(refused_at_connection(&error), "{error:?}");
        assert_eq!(
            connections.load(Ordering::SeqCst),
            0,
            "no connection was made"
        );
        // Named in the settings, it is called.
        let origin = format!("http://127.0.0.1:{port}");
        let named = GuardedClient::new(OutboundPolicy::allowing([origin.as_str()]).unwrap());
        let _ = named.post(&format!("{origin}/x")).unwrap().send().await;
        assert_eq!(connections.load(Ordering::SeqCst), 1);
    }
}
