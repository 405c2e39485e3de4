//! The relying party of sign-in with an identity provider, on the `openidconnect` library: each
//! provider found by its discovery document (whose issuer must be the configured one), the
//! authorization code flow with PKCE (S256) and a nonce, and the ID token checked by the library:
//! signature against the provider's published keys (asymmetric algorithms only), issuer,
//! audience, expiry and nonce. The provider's tokens live only for the length of [`redeem`].
//!
//! [`redeem`]: RelyingParty::redeem

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use domain::error::msg;
use domain::identity::Email;
use domain::identity::federation::{Assertion, ProviderId, ProviderTrust, RelyingParty};
use domain::{DomainError, DomainResult};
use openidconnect::core::{
    CoreAuthPrompt, CoreAuthenticationFlow, CoreClient, CoreClientAuthMethod,
    CoreJwsSigningAlgorithm, CoreProviderMetadata,
};
use openidconnect::{
    AsyncHttpClient, AuthType, AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl,
    Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
};
use serde::Serialize;
use tokio::sync::Mutex;

/// How a provider proves our client to its token endpoint.
#[derive(Clone)]
pub enum ClientSecretSource {
    Plain(String),
    /// Apple: a short-lived ES256 JWT signed with the team's `.p8` key.
    AppleKey {
        team_id: String,
        key_id: String,
        pem: String,
    },
}

#[derive(Clone)]
pub struct ProviderConfig {
    pub trust: ProviderTrust,
    pub issuer: String,
    pub client_id: String,
    pub secret: ClientSecretSource,
    /// Apple answers with a form POST to the callback (its `response_mode=form_post`).
    pub form_post: bool,
    pub scopes: Vec<String>,
    /// The `prompt` that makes the person sign in again after a sign-out on the device.
    pub reauth_prompt: String,
}

/// Discovery is kept this long; a token signed by a key we have not seen yet fetches it again.
const METADATA_KEPT: Duration = Duration::from_secs(3600);

struct Provider {
    config: ProviderConfig,
    redirect_uri: RedirectUrl,
    metadata: Mutex<Option<(CoreProviderMetadata, Instant)>>,
}

pub struct OidcRelyingParty {
    trusts: Vec<ProviderTrust>,
    providers: HashMap<String, Provider>,
    http: Http,
}

impl OidcRelyingParty {
    /// `site` is our origin: each provider's redirect URI is `{site}/auth/oidc/{id}/callback`,
    /// exactly as registered with the provider.
    pub fn new(site: &str, configs: Vec<ProviderConfig>) -> Result<Self, String> {
        crate::providers::install_tls_provider();
        let http = reqwest::Client::builder()
            // The library's advice: a redirect from a provider's endpoint is not followed.
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| e.to_string())?;
        let mut providers = HashMap::new();
        let mut trusts = Vec::new();
        for config in configs {
            let id = config.trust.id.as_str().to_owned();
            IssuerUrl::new(config.issuer.clone()).map_err(|e| format!("{id}: issuer: {e}"))?;
            let redirect_uri = RedirectUrl::new(format!(
                "{}/auth/oidc/{id}/callback",
                site.trim_end_matches('/')
            ))
            .map_err(|e| format!("{id}: redirect URI: {e}"))?;
            trusts.push(config.trust.clone());
            providers.insert(
                id,
                Provider {
                    config,
                    redirect_uri,
                    metadata: Mutex::new(None),
                },
            );
        }
        Ok(Self {
            trusts,
            providers,
            http: Http(http),
        })
    }

    fn provider(&self, id: &ProviderId) -> DomainResult<&Provider> {
        self.providers
            .get(id.as_str())
            .ok_or_else(|| DomainError::not_found("identity provider"))
    }

    /// The provider's discovery document, fetched again when old or when `fresh` is asked.
    async fn metadata(&self, p: &Provider, fresh: bool) -> DomainResult<CoreProviderMetadata> {
        let mut kept = p.metadata.lock().await;
        if let Some((m, at)) = kept.as_ref()
            && !fresh
            && at.elapsed() < METADATA_KEPT
        {
            return Ok(m.clone());
        }
        let issuer = IssuerUrl::new(p.config.issuer.clone()).map_err(unreachable)?;
        let m = CoreProviderMetadata::discover_async(issuer, &self.http)
            .await
            .map_err(unreachable)?;
        *kept = Some((m.clone(), Instant::now()));
        Ok(m)
    }

    fn client(
        &self,
        p: &Provider,
        metadata: CoreProviderMetadata,
    ) -> DomainResult<
        CoreClient<
            openidconnect::EndpointSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointMaybeSet,
            openidconnect::EndpointMaybeSet,
        >,
    > {
        // The token endpoint's way of proving the client: basic unless the provider takes only
        // the secret in the body (Apple).
        let post_only = metadata
            .token_endpoint_auth_methods_supported()
            .is_some_and(|m| {
                !m.contains(&CoreClientAuthMethod::ClientSecretBasic)
                    && m.contains(&CoreClientAuthMethod::ClientSecretPost)
            });
        let secret = client_secret(&p.config)?;
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(p.config.client_id.clone()),
            Some(ClientSecret::new(secret)),
        )
        .set_redirect_uri(p.redirect_uri.clone());
        Ok(if post_only {
            client.set_auth_type(AuthType::RequestBody)
        } else {
            client
        })
    }
}

#[async_trait]
impl RelyingParty for OidcRelyingParty {
    fn providers(&self) -> &[ProviderTrust] {
        &self.trusts
    }

    async fn authorization_url(
        &self,
        provider: &ProviderId,
        state: &str,
        nonce: &str,
        pkce_verifier: &str,
        reauthenticate: bool,
    ) -> DomainResult<String> {
        let p = self.provider(provider)?;
        let client = self.client(p, self.metadata(p, false).await?)?;
        let challenge = PkceCodeChallenge::from_code_verifier_sha256(&PkceCodeVerifier::new(
            pkce_verifier.to_owned(),
        ));
        let (state, nonce) = (state.to_owned(), nonce.to_owned());
        let mut request = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                move || CsrfToken::new(state),
                move || Nonce::new(nonce),
            )
            .set_pkce_challenge(challenge);
        for scope in &p.config.scopes {
            request = request.add_scope(Scope::new(scope.clone()));
        }
        if p.config.form_post {
            request = request.add_extra_param("response_mode", "form_post");
        }
        if reauthenticate {
            request = request.add_prompt(match p.config.reauth_prompt.as_str() {
                "login" => CoreAuthPrompt::Login,
                "consent" => CoreAuthPrompt::Consent,
                "select_account" => CoreAuthPrompt::SelectAccount,
                other => CoreAuthPrompt::Extension(other.to_owned()),
            });
        }
        Ok(request.url().0.to_string())
    }

    async fn redeem(
        &self,
        provider: &ProviderId,
        code: &str,
        pkce_verifier: &str,
        nonce: &str,
    ) -> DomainResult<Assertion> {
        let p = self.provider(provider)?;
        let client = self.client(p, self.metadata(p, false).await?)?;
        let tokens = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(refused)?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_owned()))
            .request_async(&self.http)
            .await
            .map_err(|e| match e {
                openidconnect::RequestTokenError::Request(e) => unreachable(e),
                e => refused(e),
            })?;
        let id_token = tokens.id_token().ok_or_else(|| refused("no ID token"))?;
        let nonce = Nonce::new(nonce.to_owned());
        let check = |client: &CoreClient<_, _, _, _, _, _>| {
            let verifier = client.id_token_verifier().set_allowed_algs([
                CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256,
                CoreJwsSigningAlgorithm::RsaSsaPssSha256,
                CoreJwsSigningAlgorithm::EcdsaP256Sha256,
            ]);
            id_token
                .claims(&verifier, &nonce)
                .map(|c| assertion(provider, c))
        };
        match check(&client) {
            Ok(a) => Ok(a),
            // Perhaps a key the provider started using after we read its keys: read them again
            // once; what still fails is refused.
            Err(first) => {
                tracing::info!(provider = provider.as_str(), error = %first, "ID token refused; reading the provider's keys again");
                let client = self.client(p, self.metadata(p, true).await?)?;
                check(&client).map_err(refused)
            }
        }
    }
}

fn assertion(provider: &ProviderId, c: &openidconnect::core::CoreIdTokenClaims) -> Assertion {
    Assertion {
        provider: provider.clone(),
        subject: c.subject().as_str().to_owned(),
        // An address we cannot take counts as none: the person is asked for one.
        email: c.email().and_then(|e| Email::parse(e.as_str()).ok()),
        email_verified: c.email_verified().unwrap_or(false),
    }
}

/// The secret sent to the token endpoint.
fn client_secret(config: &ProviderConfig) -> DomainResult<String> {
    match &config.secret {
        ClientSecretSource::Plain(s) => Ok(s.clone()),
        ClientSecretSource::AppleKey {
            team_id,
            key_id,
            pem,
        } => apple_secret(team_id, key_id, &config.client_id, pem),
    }
}

#[derive(Serialize)]
struct AppleSecretClaims<'a> {
    iss: &'a str,
    iat: i64,
    exp: i64,
    aud: &'a str,
    sub: &'a str,
}

/// Apple's client secret: an ES256 JWT from the team, for the service id, valid five minutes.
pub fn apple_secret(
    team_id: &str,
    key_id: &str,
    client_id: &str,
    pem: &str,
) -> DomainResult<String> {
    // The .p8 file is a PEM of a PKCS#8 key: its base64 body is the DER the signer takes.
    let body: String = pem
        .lines()
        .filter(|l| !l.starts_with("-----"))
        .map(str::trim)
        .collect();
    let der = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, body)
        .map_err(|e| DomainError::Unavailable(format!("Apple signing key: {e}")))?;
    let key = jsonwebtoken::EncodingKey::from_ec_der(&der);
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
    header.kid = Some(key_id.to_owned());
    let now = chrono::Utc::now().timestamp();
    let claims = AppleSecretClaims {
        iss: team_id,
        iat: now,
        exp: now + 300,
        aud: "https://appleid.apple.com",
        sub: client_id,
    };
    jsonwebtoken::encode(&header, &claims, &key)
        .map_err(|e| DomainError::Unavailable(format!("Apple client secret: {e}")))
}

/// The provider said no, or said something that does not hold: logged with its own words, shown
/// as our one message.
fn refused(e: impl std::fmt::Display) -> DomainError {
    tracing::warn!(error = %e, "identity provider's answer refused");
    DomainError::invalid("id_token", msg("federation.assertion"))
}

fn unreachable(e: impl std::error::Error) -> DomainError {
    let mut said = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        said.push_str(": ");
        said.push_str(&c.to_string());
        cause = c.source();
    }
    tracing::warn!(error = %said, "identity provider unreachable");
    DomainError::Unavailable("identity provider unreachable".into())
}

/// The library's HTTP client: our reqwest one.
struct Http(reqwest::Client);

type Exchange<'c> =
    Pin<Box<dyn Future<Output = Result<openidconnect::HttpResponse, std::io::Error>> + Send + 'c>>;

impl<'c> AsyncHttpClient<'c> for Http {
    type Error = std::io::Error;
    type Future = Exchange<'c>;

    fn call(&'c self, request: openidconnect::HttpRequest) -> Self::Future {
        Box::pin(send(&self.0, request))
    }
}

/// One HTTP exchange for the library.
async fn send(
    client: &reqwest::Client,
    request: openidconnect::HttpRequest,
) -> Result<openidconnect::HttpResponse, std::io::Error> {
    let (parts, body) = request.into_parts();
    let response = client
        .request(parts.method, parts.uri.to_string())
        .headers(parts.headers)
        .body(body)
        .send()
        .await
        .map_err(std::io::Error::other)?;
    let mut reply = http::Response::builder().status(response.status());
    if let Some(headers) = reply.headers_mut() {
        headers.extend(response.headers().clone());
    }
    let body = response.bytes().await.map_err(std::io::Error::other)?;
    reply.body(body.to_vec()).map_err(std::io::Error::other)
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};

    use super::*;

    /// A throwaway P-256 key made for this test (`openssl ecparam` then `pkcs8 -topk8`), as Apple
    /// hands out a `.p8`, and its public half.
    const P8: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg4qwHHFjOtfWvKbYj
W7NvqCIj4ae1KNaEWZXlvhkPuiShRANCAATUM6JAMhD23bphrWiJZmevq+lOPtck
TWN3NBOVbyb/GCZSgCdvvZ6YLZgPcpuq/ivWZh8+l7rYMHZkUcfEEmg+
-----END PRIVATE KEY-----
";
    const PUBLIC: &str = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE1DOiQDIQ9t26Ya1oiWZnr6vpTj7XJE1jdzQTlW8m/xgmUoAnb72emC2YD3Kbqv4r1mYfPpe62DB2ZFHHxBJoPg==";

    #[derive(serde::Deserialize)]
    struct Claims {
        iss: String,
        sub: String,
        aud: String,
        iat: i64,
        exp: i64,
    }

    #[test]
    fn apples_client_secret_is_a_short_es256_jwt_of_the_team() {
        let jwt = apple_secret("TEAM123456", "KEY1234567", "com.example.web", P8).unwrap();
        let spki = STANDARD.decode(PUBLIC).unwrap();
        let point = &spki[spki.len() - 64..];
        let key = jsonwebtoken::DecodingKey::from_ec_components(
            &URL_SAFE_NO_PAD.encode(&point[..32]),
            &URL_SAFE_NO_PAD.encode(&point[32..]),
        )
        .unwrap();
        let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
        validation.set_audience(&["https://appleid.apple.com"]);
        let token = jsonwebtoken::decode::<Claims>(&jwt, &key, &validation).unwrap();
        assert_eq!(token.header.kid.as_deref(), Some("KEY1234567"));
        let c = token.claims;
        assert_eq!(
            (c.iss.as_str(), c.sub.as_str()),
            ("TEAM123456", "com.example.web")
        );
        assert_eq!(c.aud, "https://appleid.apple.com");
        assert_eq!(c.exp - c.iat, 300);
        assert!(apple_secret("T", "K", "c", "-----BEGIN PRIVATE KEY-----\nnot a key\n").is_err());
    }
}
