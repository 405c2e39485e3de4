//! Identity providers for sign-in, from the environment: `APP_OIDC_PROVIDERS` lists their short
//! names (`google,apple,line,…`) and each is read from `APP_OIDC_{NAME}_…` (the name upper-cased,
//! `-` as `_`):
//! - `CLIENT_ID` (required), `CLIENT_SECRET` (required but for Apple);
//! - `ISSUER` (Google, Apple and LINE have theirs by default; any other provider needs it: it is
//!   found by its discovery document);
//! - `NAME`, shown as 「使用 {NAME} 繼續」 (defaults: Google, Apple, LINE, else the short name);
//! - `LINKS_BY_EMAIL`: whether the provider's word that an address is verified joins an existing
//!   account with it (default: on for Google, whose mailboxes it owns; off for the others);
//! - `SCOPES` (default `openid email profile`; Apple `openid email`);
//! - Apple: `TEAM_ID`, `KEY_ID` and `PRIVATE_KEY_FILE` (the `.p8`), from which each token request's
//!   client secret is signed; its answer comes as a form POST.

use adapters::oidc::{ClientSecretSource, ProviderConfig};
use anyhow::{Context, bail};
use domain::identity::federation::{ProviderId, ProviderTrust};

pub fn providers(
    list: Option<&str>,
    var: impl Fn(&str) -> Option<String>,
) -> anyhow::Result<Vec<ProviderConfig>> {
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let id = ProviderId::parse(name).ok().with_context(|| {
            format!("APP_OIDC_PROVIDERS: {name:?} is not a short name (a-z, 0-9, -)")
        })?;
        let key = |field: &str| {
            format!(
                "APP_OIDC_{}_{field}",
                name.to_ascii_uppercase().replace('-', "_")
            )
        };
        let get = |field: &str| var(&key(field)).filter(|v| !v.trim().is_empty());
        let need = |field: &str| get(field).with_context(|| format!("{} is required", key(field)));
        let (issuer, display, links, scopes) = match name {
            "google" => (
                "https://accounts.google.com",
                "Google",
                true,
                "openid email profile",
            ),
            "apple" => ("https://appleid.apple.com", "Apple", false, "openid email"),
            "line" => (
                "https://access.line.me",
                "LINE",
                false,
                "openid email profile",
            ),
            _ => ("", name, false, "openid email profile"),
        };
        let issuer = match get("ISSUER") {
            Some(i) => i,
            None if !issuer.is_empty() => issuer.to_owned(),
            None => bail!("{} is required", key("ISSUER")),
        };
        let links_by_email = match get("LINKS_BY_EMAIL").as_deref() {
            None => links,
            Some("true" | "1" | "on") => true,
            Some("false" | "0" | "off") => false,
            Some(other) => bail!("{}: {other:?} is not true or false", key("LINKS_BY_EMAIL")),
        };
        let secret = if name == "apple" {
            let path = need("PRIVATE_KEY_FILE")?;
            ClientSecretSource::AppleKey {
                team_id: need("TEAM_ID")?,
                key_id: need("KEY_ID")?,
                pem: std::fs::read_to_string(&path)
                    .with_context(|| format!("reading {}", key("PRIVATE_KEY_FILE")))?,
            }
        } else {
            ClientSecretSource::Plain(need("CLIENT_SECRET")?)
        };
        out.push(ProviderConfig {
            trust: ProviderTrust {
                id,
                display_name: get("NAME").unwrap_or_else(|| display.to_owned()),
                links_by_email,
            },
            issuer,
            client_id: need("CLIENT_ID")?,
            secret,
            form_post: name == "apple",
            scopes: get("SCOPES")
                .unwrap_or_else(|| scopes.to_owned())
                .split_whitespace()
                .map(str::to_owned)
                .collect(),
        });
    }
    Ok(out)
}
