use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use p256::PublicKey;
use sha2::{Digest, Sha256};

use crate::error::{DomainError, DomainResult, msg};
use crate::identity::MailKind;
use crate::shared::UserId;
use crate::shared::outbound::OutboundPolicy;

/// What a notice is about: the unit a person turns on or off for their phone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NoticeKind {
    /// Paid, confirmed (with who serves), cancelled, refunded; to a partner, their job changed.
    Orders,
    /// The driver, guide or therapist set off, or is at the meeting point.
    Progress,
    /// Operators answered in a support thread.
    Support,
    /// Reminders of a coming service (and operators' of one nobody has).
    Reminders,
    /// To a partner: a job offered to them, to answer within its window.
    Offers,
}

/// How long a push service keeps an urgent notice for a phone that is off: an offer's longest
/// window (`jobs::WINDOWS`), after which it is no use.
pub const URGENT_NOTICE_MINUTES: i64 = 15;

impl NoticeKind {
    pub const ALL: [NoticeKind; 5] = [
        NoticeKind::Orders,
        NoticeKind::Progress,
        NoticeKind::Support,
        NoticeKind::Reminders,
        NoticeKind::Offers,
    ];

    /// Sent at once and woken for (Web Push's `Urgency: high`), whatever the hour, and kept by
    /// push services for `URGENT_NOTICE_MINUTES` only: an offer waits for its answer. Reminders
    /// keep to the quiet hours; offers never do.
    pub const fn urgent(self) -> bool {
        matches!(self, NoticeKind::Offers)
    }

    pub const fn code(self) -> &'static str {
        match self {
            NoticeKind::Orders => "orders",
            NoticeKind::Progress => "progress",
            NoticeKind::Support => "support",
            NoticeKind::Reminders => "reminders",
            NoticeKind::Offers => "offers",
        }
    }

    pub fn parse(code: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.code() == code)
            .ok_or_else(|| DomainError::invalid("kind", msg("notice.kind_unknown")))
    }

    /// The kind of a mail that also goes to phones; `None` for the account's own mails (codes,
    /// links, changes of sign-in), which only the mailbox should hold.
    pub const fn of_mail(kind: MailKind) -> Option<Self> {
        match kind {
            MailKind::OrderPaid
            | MailKind::OrderConfirmed
            | MailKind::OrderCancelled
            | MailKind::OrderRefunded
            | MailKind::OrderFlightMoved
            | MailKind::PartnerFlightMoved
            | MailKind::PartnerJobChanged
            | MailKind::PartnerJobWithdrawn
            | MailKind::PartnerJobTakenBack => Some(NoticeKind::Orders),
            MailKind::PartnerOnTheWay | MailKind::PartnerArrived => Some(NoticeKind::Progress),
            MailKind::ReminderTomorrow
            | MailKind::ReminderSoon
            | MailKind::PartnerReminderTomorrow
            | MailKind::PartnerReminderSoon
            | MailKind::OrderUnassigned => Some(NoticeKind::Reminders),
            MailKind::PartnerJobOffered => Some(NoticeKind::Offers),
            _ => None,
        }
    }
}

/// The kinds a person turned off for their phone; every kind is on until they do. Mails are not
/// affected: a receipt or a reminder by mail is kept whatever the phone's choices.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choices {
    off: Vec<NoticeKind>,
}

impl Choices {
    pub fn off(kinds: impl IntoIterator<Item = NoticeKind>) -> Self {
        let mut off: Vec<_> = kinds.into_iter().collect();
        off.sort();
        off.dedup();
        Self { off }
    }

    pub fn wants(&self, kind: NoticeKind) -> bool {
        !self.off.contains(&kind)
    }

    pub fn set(mut self, kind: NoticeKind, on: bool) -> Self {
        self.off.retain(|k| *k != kind);
        if !on {
            self.off.push(kind);
            self.off.sort();
        }
        self
    }

    pub fn turned_off(&self) -> &[NoticeKind] {
        &self.off
    }
}

/// A browser or phone that receives Web Push for a person: where its push service takes messages
/// (`endpoint`), and the keys messages are encrypted to (RFC 8291).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushDevice {
    pub owner: UserId,
    pub endpoint: String,
    /// The device's P-256 public key, base64url as the browser gives it.
    pub p256dh: String,
    /// Its 16-byte authentication secret, base64url.
    pub auth: String,
    pub created_at: DateTime<Utc>,
}

/// The push services of the browsers people use, by host name: Chrome, Edge, Opera and Samsung
/// Internet (Firebase Cloud Messaging), Firefox (Mozilla's autopush), Safari (Apple's) and the
/// older Edge (Windows Push Notification Services).
pub const BROWSER_PUSH_SERVICES: [&str; 5] = [
    "fcm.googleapis.com",
    "android.googleapis.com",
    "push.services.mozilla.com",
    "push.apple.com",
    "notify.windows.com",
];

/// Where a device's push endpoint may be: an address the server may call at all (`outbound`),
/// at one of `services` (a host or a domain under it); any public host when `services` is empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushRules {
    pub outbound: OutboundPolicy,
    pub services: Vec<String>,
}

impl Default for PushRules {
    /// The browsers' push services, and no local origin.
    fn default() -> Self {
        Self {
            outbound: OutboundPolicy::default(),
            services: BROWSER_PUSH_SERVICES.map(str::to_owned).to_vec(),
        }
    }
}

impl PushRules {
    /// Any public host (for a test or a site that wants every push service).
    pub fn any_service(outbound: OutboundPolicy) -> Self {
        Self {
            outbound,
            services: Vec::new(),
        }
    }

    fn allows(&self, endpoint: &str) -> bool {
        let Ok(url) = self.outbound.check(endpoint) else {
            return false;
        };
        if self.services.is_empty() || self.outbound.is_named(&url) {
            return true;
        }
        let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
        self.services.iter().any(|s| {
            let s = s.trim().to_ascii_lowercase();
            host == s || host.strip_suffix(&s).is_some_and(|h| h.ends_with('.'))
        })
    }
}

impl PushDevice {
    /// A subscription as the browser hands it over. The endpoint must be an address `rules`
    /// allow (https, no credentials, a public host at a browser's push service); the keys must
    /// be base64url of what RFC 8291 gives: a point on P-256 and a 16-byte secret.
    pub fn new(
        owner: UserId,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        now: DateTime<Utc>,
        rules: &PushRules,
    ) -> DomainResult<Self> {
        let endpoint = endpoint.trim();
        if !rules.allows(endpoint) {
            return Err(DomainError::invalid(
                "endpoint",
                msg("push.endpoint_invalid"),
            ));
        }
        let (p256dh, auth) = (p256dh.trim(), auth.trim());
        if !base64url(p256dh)
            .is_some_and(|k| PublicKey::from_sec1_bytes(&k).is_ok() && k.len() == 65)
        {
            return Err(DomainError::invalid("p256dh", msg("push.key_invalid")));
        }
        if base64url(auth).map(|a| a.len()) != Some(16) {
            return Err(DomainError::invalid("auth", msg("push.key_invalid")));
        }
        Ok(Self {
            owner,
            endpoint: endpoint.to_owned(),
            p256dh: p256dh.trim_end_matches('=').to_owned(),
            auth: auth.trim_end_matches('=').to_owned(),
            created_at: now,
        })
    }

    /// The device's key in the store: one row per endpoint, whoever signed in on it last.
    pub fn id(&self) -> String {
        device_id(&self.endpoint)
    }
}

/// The store's key of the device at `endpoint`.
pub fn device_id(endpoint: &str) -> String {
    hashed("d", endpoint)
}

/// The outbox key of notice `key` on one device: the same notice is queued once per device
/// however often it is decided.
pub fn notice_key(key: &str, device: &str) -> String {
    hashed("p", &format!("{key}|{device}"))
}

fn hashed(prefix: &str, text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("{prefix}-{hex}")
}

/// The bytes of base64url text, padded or not; `None` when it is not base64url.
fn base64url(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok()
}
