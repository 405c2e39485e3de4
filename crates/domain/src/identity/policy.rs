//! The identity rules' numbers: token lifetimes, code lifetimes, and the throttles.

use chrono::Duration;

use crate::error::AuthError;

/// At most `max` events per `window` for one key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub window: Duration,
}

#[derive(Debug, Clone)]
pub struct IdentityPolicy {
    /// The site's origin (`https://booking.example`): the tokens' issuer and the base of every
    /// link in a mail.
    pub site: String,
    pub issuer: String,
    pub audience: String,
    pub id_token_ttl: Duration,
    pub refresh_token_ttl: Duration,
    /// A refresh token used again this soon after its first use is the same client again (an
    /// answer cut off by a navigation, two tabs refreshing at once), not a stolen copy.
    pub refresh_reuse_grace: Duration,
    pub verify_code_ttl: Duration,
    pub reset_code_ttl: Duration,
    /// Tolerated clock difference between nodes when checking a token's window.
    pub clock_leeway: Duration,
    /// Failed sign-ins for one e-mail address.
    pub sign_in_per_account: Limit,
    /// Failed sign-ins from one client address, over all e-mails (credential stuffing).
    pub sign_in_per_address: Limit,
    pub sign_up_per_address: Limit,
    /// Verification and reset mails for one account or address, so nobody is mail-bombed.
    pub mails_per_recipient: Limit,
    pub reset_requests_per_address: Limit,
    /// Sign-ins with an identity provider one client address may start.
    pub federated_per_address: Limit,
    /// How long a sign-in may stay at the provider, and a held one wait for its last step.
    pub federation_ttl: Duration,
}

impl IdentityPolicy {
    pub const AUDIENCE: &'static str = "booking-web";

    pub fn for_site(site: &str) -> Self {
        let site = site.trim_end_matches('/').to_owned();
        Self {
            issuer: site.clone(),
            site,
            audience: Self::AUDIENCE.into(),
            id_token_ttl: Duration::hours(1),
            refresh_token_ttl: Duration::days(30),
            refresh_reuse_grace: Duration::seconds(30),
            verify_code_ttl: Duration::days(3),
            reset_code_ttl: Duration::hours(1),
            clock_leeway: Duration::seconds(30),
            sign_in_per_account: Limit {
                max: 5,
                window: Duration::minutes(15),
            },
            sign_in_per_address: Limit {
                max: 20,
                window: Duration::minutes(15),
            },
            sign_up_per_address: Limit {
                max: 10,
                window: Duration::hours(1),
            },
            mails_per_recipient: Limit {
                max: 5,
                window: Duration::hours(1),
            },
            reset_requests_per_address: Limit {
                max: 20,
                window: Duration::hours(1),
            },
            federated_per_address: Limit {
                max: 30,
                window: Duration::minutes(15),
            },
            federation_ttl: Duration::minutes(10),
        }
    }

    /// Where a mail's link sends the customer after the action: a path of this site only, so a
    /// link can never be made to lead elsewhere (open redirect). An absolute URL of this site is
    /// reduced to its path; nothing given means the home page.
    pub fn continue_path(&self, raw: &str) -> Result<String, AuthError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Ok("/".into());
        }
        let path = match raw.strip_prefix(&self.site) {
            Some("") => "/",
            Some(rest) if rest.starts_with('/') => rest,
            Some(_) => return Err(AuthError::InvalidContinueUri),
            None => raw,
        };
        let ok = path.starts_with('/')
            && !path.starts_with("//")
            && !path.contains('\\')
            && path.len() <= 2048
            && path.chars().all(|c| c.is_ascii_graphic());
        if ok {
            Ok(path.to_owned())
        } else {
            Err(AuthError::InvalidContinueUri)
        }
    }

    /// The link a mail carries; opening it only shows the SPA's page, which consumes the code by
    /// a POST (mail scanners open links).
    pub fn action_link(&self, mode: &str, code: &str, continue_path: &str) -> String {
        format!(
            "{}{}?mode={mode}&oobCode={code}&continueUrl={}",
            self.site,
            crate::shared::web_pages::AUTH_ACTION,
            encode_component(continue_path)
        )
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters.
fn encode_component(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continue_links_stay_on_this_site() {
        let p = IdentityPolicy::for_site("https://booking.example/");
        assert_eq!(p.continue_path("").unwrap(), "/");
        assert_eq!(p.continue_path("/profile").unwrap(), "/profile");
        assert_eq!(
            p.continue_path("https://booking.example/order/shuttle/step1?plan=x")
                .unwrap(),
            "/order/shuttle/step1?plan=x"
        );
        assert_eq!(p.continue_path("https://booking.example").unwrap(), "/");
        for bad in [
            "https://evil.example/",
            "https://booking.example.evil.example/",
            "//evil.example/",
            "/\\evil.example",
            "javascript:alert(1)",
            "profile",
            "/a b",
        ] {
            assert_eq!(
                p.continue_path(bad),
                Err(AuthError::InvalidContinueUri),
                "{bad}"
            );
        }
    }

    #[test]
    fn links_carry_mode_code_and_encoded_continue_path() {
        let p = IdentityPolicy::for_site("http://127.0.0.1:8080");
        assert_eq!(
            p.action_link("verifyEmail", "abc_-1", "/order/shuttle/step1?plan=a&b=c"),
            "http://127.0.0.1:8080/auth/action?mode=verifyEmail&oobCode=abc_-1&continueUrl=%2Forder%2Fshuttle%2Fstep1%3Fplan%3Da%26b%3Dc"
        );
    }
}
