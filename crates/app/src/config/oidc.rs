//! Identity providers for sign-in: `[oidc.{name}]` tables of the config file, or from the
//! environment, where `APP_OIDC_PROVIDERS` lists the short names (`google,apple,line,…`) and each
//! is read from `APP_OIDC_{NAME}_…` (the name upper-cased, `-` as `_`):
//! - `CLIENT_ID` (required), `CLIENT_SECRET` (required but for Apple);
//! - `ISSUER` (Google, Apple and LINE have theirs by default; any other provider needs it: it is
//!   found by its discovery document);
//! - `NAME`, shown as 「使用 {NAME} 繼續」 (defaults: Google, Apple, LINE, else the short name), and
//!   `NAME_VI`, `NAME_EN` where the name is another in Vietnamese or English;
//! - `LINKS_BY_EMAIL`: whether the provider's word that an address is verified joins an existing
//!   account with it (default: on for Google, whose mailboxes it owns; off for the others);
//! - `SCOPES` (default `openid email profile`; Apple `openid email`);
//! - `PROMPT_AFTER_SIGN_OUT`: the `prompt` sent when someone signed out on the device since its
//!   last sign-in with a provider, so that the provider asks who it is instead of signing in
//!   whoever it remembers (default `login`, the standard's; Google `select_account`, the
//!   strongest of the values Google documents);
//! - Apple: `TEAM_ID`, `KEY_ID` and `PRIVATE_KEY_FILE` (the `.p8`), from which each token request's
//!   client secret is signed; its answer comes as a form POST.

use std::collections::BTreeMap;
use std::path::PathBuf;

use adapters::providers::oidc::{ClientSecretSource, ProviderConfig};
use anyhow::{Context, bail};
use domain::identity::federation::{ProviderId, ProviderTrust};
use serde::{Deserialize, Serialize};

/// One provider's settings as configured (a `[oidc.{name}]` table of the config file, or the
/// environment's `APP_OIDC_{NAME}_…`); defaults are filled in by [`providers`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OidcSettings {
    pub client_id: Option<String>,
    pub client_secret: Option<super::Secret>,
    pub issuer: Option<String>,
    pub name: Option<String>,
    /// The name in Vietnamese and English where it is another (`NAME_VI`, `NAME_EN`).
    pub name_vi: Option<String>,
    pub name_en: Option<String>,
    pub links_by_email: Option<bool>,
    pub scopes: Option<String>,
    pub prompt_after_sign_out: Option<String>,
    pub team_id: Option<String>,
    pub key_id: Option<String>,
    pub private_key_file: Option<PathBuf>,
}

/// The settings the environment gives for the providers `list` names.
pub fn from_env(
    list: &str,
    var: impl Fn(&str) -> Option<String>,
) -> anyhow::Result<BTreeMap<String, OidcSettings>> {
    let mut out = BTreeMap::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let key = |field: &str| {
            format!(
                "APP_OIDC_{}_{field}",
                name.to_ascii_uppercase().replace('-', "_")
            )
        };
        let get = |field: &str| var(&key(field)).filter(|v| !v.trim().is_empty());
        let links_by_email = match get("LINKS_BY_EMAIL").as_deref() {
            None => None,
            Some("true" | "1" | "on") => Some(true),
            Some("false" | "0" | "off") => Some(false),
            Some(other) => bail!("{}: {other:?} is not true or false", key("LINKS_BY_EMAIL")),
        };
        out.insert(
            name.to_owned(),
            OidcSettings {
                client_id: get("CLIENT_ID"),
                client_secret: get("CLIENT_SECRET").map(super::Secret::from),
                issuer: get("ISSUER"),
                name: get("NAME"),
                name_vi: get("NAME_VI"),
                name_en: get("NAME_EN"),
                links_by_email,
                scopes: get("SCOPES"),
                prompt_after_sign_out: get("PROMPT_AFTER_SIGN_OUT"),
                team_id: get("TEAM_ID"),
                key_id: get("KEY_ID"),
                private_key_file: get("PRIVATE_KEY_FILE").map(PathBuf::from),
            },
        );
    }
    Ok(out)
}

/// The relying party's providers, defaults filled in; a provider configured by half is an error.
pub fn providers(settings: &BTreeMap<String, OidcSettings>) -> anyhow::Result<Vec<ProviderConfig>> {
    let mut out = Vec::new();
    for (name, s) in settings {
        let id = ProviderId::parse(name).ok().with_context(|| {
            format!("identity provider {name:?}: a short name is a-z, 0-9 and -")
        })?;
        let need = |v: &Option<String>, field: &str| {
            v.clone()
                .with_context(|| format!("identity provider {name}: {field} is required"))
        };
        let (issuer, display, links, scopes) = match name.as_str() {
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
            _ => ("", name.as_str(), false, "openid email profile"),
        };
        let issuer = match &s.issuer {
            Some(i) => i.clone(),
            None if !issuer.is_empty() => issuer.to_owned(),
            None => bail!("identity provider {name}: issuer is required"),
        };
        let secret = if name == "apple" {
            let path = s.private_key_file.as_ref().with_context(|| {
                format!("identity provider {name}: private_key_file is required")
            })?;
            ClientSecretSource::AppleKey {
                team_id: need(&s.team_id, "team_id")?,
                key_id: need(&s.key_id, "key_id")?,
                pem: std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?,
            }
        } else {
            let secret = s.client_secret.as_ref().map(|s| s.expose().to_owned());
            ClientSecretSource::Plain(need(&secret, "client_secret")?)
        };
        out.push(ProviderConfig {
            trust: ProviderTrust {
                id,
                display_name: s.name.clone().unwrap_or_else(|| display.to_owned()),
                display_names: [
                    (domain::shared::Language::Vi, &s.name_vi),
                    (domain::shared::Language::En, &s.name_en),
                ]
                .into_iter()
                .filter_map(|(lang, name)| Some((lang, name.clone()?)))
                .collect(),
                links_by_email: s.links_by_email.unwrap_or(links),
            },
            issuer,
            client_id: need(&s.client_id, "client_id")?,
            secret,
            form_post: name == "apple",
            scopes: s
                .scopes
                .as_deref()
                .unwrap_or(scopes)
                .split_whitespace()
                .map(str::to_owned)
                .collect(),
            reauth_prompt: s.prompt_after_sign_out.clone().unwrap_or_else(|| {
                if name == "google" {
                    "select_account"
                } else {
                    "login"
                }
                .to_owned()
            }),
        });
    }
    Ok(out)
}
