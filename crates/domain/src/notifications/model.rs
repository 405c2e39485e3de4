use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::error::{DomainError, DomainResult, msg};
use crate::identity::MailKind;
use crate::shared::UserId;

/// What a notice is about: the unit a person turns on or off for their phone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NoticeKind {
    /// Paid, confirmed (with who serves), cancelled, refunded.
    Orders,
    /// The driver, guide or therapist set off, or is at the meeting point.
    Progress,
    /// Operators answered in a support thread.
    Support,
    /// Reminders of a coming service (and operators' of one nobody has).
    Reminders,
}

impl NoticeKind {
    pub const ALL: [NoticeKind; 4] = [
        NoticeKind::Orders,
        NoticeKind::Progress,
        NoticeKind::Support,
        NoticeKind::Reminders,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            NoticeKind::Orders => "orders",
            NoticeKind::Progress => "progress",
            NoticeKind::Support => "support",
            NoticeKind::Reminders => "reminders",
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
            | MailKind::OrderRefunded => Some(NoticeKind::Orders),
            MailKind::PartnerOnTheWay | MailKind::PartnerArrived => Some(NoticeKind::Progress),
            MailKind::ReminderTomorrow
            | MailKind::ReminderSoon
            | MailKind::PartnerReminderTomorrow
            | MailKind::PartnerReminderSoon
            | MailKind::OrderUnassigned => Some(NoticeKind::Reminders),
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

impl PushDevice {
    /// A subscription as the browser hands it over. The endpoint must be an `https` address (a
    /// push service), or `http` on this machine (a local receiver, as in the tests); the keys must
    /// be base64url of the sizes RFC 8291 gives (65 and 16 bytes).
    pub fn new(
        owner: UserId,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        now: DateTime<Utc>,
    ) -> DomainResult<Self> {
        let endpoint = endpoint.trim();
        let local = ["http://127.0.0.1:", "http://localhost:", "http://[::1]:"];
        let https = endpoint.starts_with("https://") && endpoint.len() > "https://".len();
        if endpoint.len() > 1000 || !(https || local.iter().any(|p| endpoint.starts_with(p))) {
            return Err(DomainError::invalid(
                "endpoint",
                msg("push.endpoint_invalid"),
            ));
        }
        for (field, value, bytes) in [("p256dh", p256dh, 65), ("auth", auth, 16)] {
            if base64url_len(value.trim()) != Some(bytes) {
                return Err(DomainError::invalid(field, msg("push.key_invalid")));
            }
        }
        Ok(Self {
            owner,
            endpoint: endpoint.to_owned(),
            p256dh: p256dh.trim().trim_end_matches('=').to_owned(),
            auth: auth.trim().trim_end_matches('=').to_owned(),
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

/// How many bytes base64url text (padded or not) holds; `None` when it is not base64url.
fn base64url_len(text: &str) -> Option<usize> {
    let text = text.trim_end_matches('=');
    let ok = text
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    (ok && text.len() % 4 != 1).then(|| text.len() * 3 / 4)
}
