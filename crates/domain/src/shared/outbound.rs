//! Addresses the server calls because a user gave them (a phone's push endpoint): which may be
//! called. The rule is applied twice: when the address is given (its form, and its host when that
//! is written as an IP address), and again at connection time by the adapters' guarded client on
//! every address the host's name resolves to (`is_public`), so a name that resolves elsewhere
//! later (DNS rebinding) still reaches nothing on this machine or its networks.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use url::{Host, Url};

/// The longest address taken (push services' are under 300 characters).
pub const MAX_URL_CHARS: usize = 1000;

/// Why an address is not called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a URL, too long, or with spaces or control characters in it.
    Malformed,
    /// Not `https` (plain `http` is allowed only to a named local origin).
    NotHttps,
    /// It carries a user name or password (`https://user:pass@host`).
    Credentials,
    /// Its host is, or resolves to, loopback, private, link-local, unique-local, multicast,
    /// unspecified or another address that is not on the public internet.
    NotPublic,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::Malformed => "not a well-formed address",
            Refusal::NotHttps => "not https",
            Refusal::Credentials => "carries credentials",
            Refusal::NotPublic => "not a public internet address",
        })
    }
}

impl std::error::Error for Refusal {}

/// Which addresses the server calls on a user's word.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutboundPolicy {
    /// Origins on this machine or a private network the server may call all the same, each named
    /// exactly in the settings (`http://127.0.0.1:4000`): the tests' local stand-ins for a third
    /// party. Kept in their serialised form (`scheme://host:port`).
    local_origins: Vec<String>,
}

impl OutboundPolicy {
    /// The policy with these origins allowed though they are not public; an entry that is not an
    /// origin is an error naming it.
    pub fn allowing(origins: impl IntoIterator<Item = impl AsRef<str>>) -> Result<Self, String> {
        let mut local_origins = Vec::new();
        for origin in origins {
            let text = origin.as_ref().trim();
            if text.is_empty() {
                continue;
            }
            let url = Url::parse(text).map_err(|_| format!("{text}: not an origin"))?;
            if url.path() != "/" || url.query().is_some() || !url.username().is_empty() {
                return Err(format!("{text}: an origin has no path, query or user"));
            }
            local_origins.push(url.origin().ascii_serialization());
        }
        Ok(Self { local_origins })
    }

    /// Whether `url` is at one of the origins named in the settings.
    pub fn is_named(&self, url: &Url) -> bool {
        let origin = url.origin().ascii_serialization();
        self.local_origins.contains(&origin)
    }

    /// The address `text` parsed, when the server may call it: `https`, no credentials, no
    /// spaces or control characters, and a host that is a name or a public IP address (a name's
    /// addresses are checked when connecting); or an origin the settings name.
    pub fn check(&self, text: &str) -> Result<Url, Refusal> {
        if text.is_empty()
            || text.len() > MAX_URL_CHARS
            || text.chars().any(|c| c.is_control() || c.is_whitespace())
        {
            return Err(Refusal::Malformed);
        }
        let url = Url::parse(text).map_err(|_| Refusal::Malformed)?;
        if !url.username().is_empty() || url.password().is_some() {
            return Err(Refusal::Credentials);
        }
        if self.is_named(&url) {
            return Ok(url);
        }
        if url.scheme() != "https" {
            return Err(Refusal::NotHttps);
        }
        match url.host() {
            Some(Host::Domain(name)) if !name.is_empty() && !is_local_name(name) => Ok(url),
            Some(Host::Ipv4(ip)) if is_public(IpAddr::V4(ip)) => Ok(url),
            Some(Host::Ipv6(ip)) if is_public(IpAddr::V6(ip)) => Ok(url),
            Some(Host::Domain(_)) | Some(Host::Ipv4(_)) | Some(Host::Ipv6(_)) => {
                Err(Refusal::NotPublic)
            }
            None => Err(Refusal::Malformed),
        }
    }
}

/// Names that resolve to this machine by convention (RFC 6761), whatever DNS says.
fn is_local_name(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost")
}

/// Whether `ip` is an address on the public internet: not loopback, private (RFC 1918), shared
/// (RFC 6598), link-local, unique-local, multicast, unspecified, broadcast, reserved or kept for
/// documentation and benchmarks; IPv6 that carries an IPv4 address is judged by that address.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(a == 0 // "this network", unspecified
        || a == 10
        || a == 127
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier NAT)
        || (a == 169 && b == 254)
        || (a == 172 && (16..32).contains(&b))
        || (a == 192 && b == 168)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2) // documentation
        || (a == 198 && (18..20).contains(&b)) // benchmarking
        || (a == 198 && b == 51 && c == 100) // documentation
        || (a == 203 && b == 0 && c == 113) // documentation
        || a >= 224) // multicast, reserved, broadcast
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return is_public_v4(v4);
    }
    let s = ip.segments();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || (s[0] & 0xfe00) == 0xfc00 // unique local
        || (s[0] & 0xffc0) == 0xfe80 // link-local
        || (s[0] & 0xffc0) == 0xfec0 // site-local (deprecated, still routed inside some networks)
        || (s[0] & 0xff00) == 0xff00 // multicast
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
        || (s[0] == 0x0100 && s[1] == 0 && s[2] == 0 && s[3] == 0) // discard
        || s[0] == 0) // the rest of ::/16: IPv4-compatible and reserved
}

/// The IPv4 address an IPv6 one stands for: mapped (`::ffff:a.b.c.d`), NAT64 (`64:ff9b::/96`)
/// and 6to4 (`2002:AABB:CCDD::`).
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let o = ip.octets();
    if let Some(v4) = ip.to_ipv4_mapped() {
        return Some(v4);
    }
    if s[0] == 0x0064 && s[1] == 0xff9b && s[2..6].iter().all(|x| *x == 0) {
        return Some(Ipv4Addr::new(o[12], o[13], o[14], o[15]));
    }
    if s[0] == 0x2002 {
        return Some(Ipv4Addr::new(o[2], o[3], o[4], o[5]));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_private_link_local_and_the_like_are_not_public() {
        for ip in [
            "0.0.0.0",
            "127.0.0.1",
            "127.0.0.2",
            "10.1.2.3",
            "100.64.0.1",
            "169.254.169.254",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "192.0.0.8",
            "198.18.0.1",
            "224.0.0.1",
            "239.255.255.250",
            "255.255.255.255",
            "::",
            "::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "8.8.8.8",
            "142.250.72.10",
            "172.32.0.1",
            "100.128.0.1",
            "2607:f8b0:4005:80a::200a",
            "2002:0808:0808::",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn only_https_to_a_public_host_without_credentials_is_called() {
        let p = OutboundPolicy::default();
        assert!(p.check("https://fcm.googleapis.com/fcm/send/abc").is_ok());
        assert!(p.check("https://8.8.8.8/x").is_ok());
        for (bad, why) in [
            ("http://127.0.0.1:1@127.0.0.2:9999/x", Refusal::Credentials),
            ("https://u:p@fcm.googleapis.com/x", Refusal::Credentials),
            ("https://user@fcm.googleapis.com/x", Refusal::Credentials),
            ("http://push.example/1", Refusal::NotHttps),
            ("http://127.0.0.1:4000/push", Refusal::NotHttps),
            ("ftp://x/y", Refusal::NotHttps),
            ("javascript:alert(1)", Refusal::NotHttps),
            ("https://127.0.0.1/x", Refusal::NotPublic),
            ("https://0x7f.1/x", Refusal::NotPublic),
            ("https://2130706433/x", Refusal::NotPublic),
            ("https://[::1]:443/x", Refusal::NotPublic),
            ("https://[::ffff:169.254.169.254]/", Refusal::NotPublic),
            ("https://localhost:8443/x", Refusal::NotPublic),
            ("https://a.localhost./x", Refusal::NotPublic),
            ("https://10.0.0.1/x", Refusal::NotPublic),
            ("https://", Refusal::Malformed),
            ("", Refusal::Malformed),
            ("https://push.example/a b", Refusal::Malformed),
            ("https://push.example/a\tb", Refusal::Malformed),
            ("https://push.example/a\r\nHost: x", Refusal::Malformed),
            ("https://push.example/\u{7f}", Refusal::Malformed),
        ] {
            assert_eq!(p.check(bad).unwrap_err(), why, "{bad:?}");
        }
        let long = format!("https://push.example/{}", "a".repeat(MAX_URL_CHARS));
        assert_eq!(p.check(&long).unwrap_err(), Refusal::Malformed);
    }

    #[test]
    fn a_local_origin_is_called_only_when_the_settings_name_it_exactly() {
        let p = OutboundPolicy::allowing(["http://127.0.0.1:4000"]).unwrap();
        assert!(p.check("http://127.0.0.1:4000/push/1").is_ok());
        for other in [
            "http://127.0.0.1:4001/push/1",
            "https://127.0.0.1:4000/push/1",
            "http://127.0.0.2:4000/push/1",
            "http://localhost:4000/push/1",
        ] {
            assert!(p.check(other).is_err(), "{other}");
        }
        assert_eq!(
            p.check("http://u@127.0.0.1:4000/x").unwrap_err(),
            Refusal::Credentials
        );
        assert!(OutboundPolicy::allowing(["http://127.0.0.1:4000/path"]).is_err());
        assert!(OutboundPolicy::allowing(["not a url"]).is_err());
    }
}
