//! Web Push: the notices queued in `push_outbox`, each encrypted for its device (RFC 8291,
//! aes128gcm) and signed with the server's VAPID key (RFC 8292), sent to the device's push
//! service (RFC 8030). A device its push service no longer knows (404, 410) is forgotten; a busy
//! or failing service is tried again with backoff, as every outbox row is.

mod texts;
mod vapid;

pub(crate) use texts::text as notice_text;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::Utc;
use domain::catalog::CancellationPolicy;
use domain::identity::MailKind;
use domain::notifications::{NoticeKind, URGENT_NOTICE_MINUTES};
use domain::shared::Language;
use domain::shared::outbound::OutboundPolicy;
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect};
use web_push_native::p256::PublicKey;
use web_push_native::{Auth, WebPushBuilder};

pub use vapid::VapidKey;

use crate::security::outbound::{GuardedClient, refused_at_connection};
use crate::sql::entities::{profile, push_device, push_outbox};
use crate::sql::outbox::{Deliver, Outbox, Outcome, run_once};

/// What a support reply's row says (the others say their mail's kind).
pub const SUPPORT_REPLY: &str = "support_reply";

const BATCH: u64 = 20;
/// How long a push service keeps a message for a device that is offline.
const TTL: Duration = Duration::from_secs(24 * 3600);
/// The most a push service's answer is waited for.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// What push services take at most (RFC 8291: 4096 bytes with the encryption's own).
const BODY_CHARS: usize = 600;

const OUTBOX: Outbox<push_outbox::Entity> = Outbox {
    id: push_outbox::Column::Id,
    sent_at: push_outbox::Column::SentAtMs,
    next_attempt: push_outbox::Column::NextAttemptAtMs,
    attempts: push_outbox::Column::Attempts,
    last_error: push_outbox::Column::LastError,
};

/// How a push service answered.
enum Delivery {
    Accepted,
    /// The subscription is gone (expired, or the person turned notifications off in the browser).
    Gone,
    Retry(String),
    Refused(String),
    /// Its address is one the server may not call (stored before the rule, or a name that now
    /// resolves to a private address).
    Unsafe(String),
}

pub struct PushWorker {
    db: DatabaseConnection,
    vapid: Arc<VapidKey>,
    http: GuardedClient,
    cancellation: CancellationPolicy,
}

impl PushWorker {
    /// Sends to the endpoints `outbound` allows, and at connection time only to public addresses.
    pub fn new(db: DatabaseConnection, vapid: Arc<VapidKey>, outbound: OutboundPolicy) -> Self {
        Self {
            db,
            vapid,
            http: GuardedClient::new(outbound),
            cancellation: CancellationPolicy::default(),
        }
    }

    /// The cancellation terms an order notice states (the payment service's).
    pub fn with_cancellation(mut self, cancellation: CancellationPolicy) -> Self {
        self.cancellation = cancellation;
        self
    }

    /// Sends what is due; returns how many messages push services accepted.
    pub async fn run_once(&self) -> Result<usize, DbErr> {
        run_once(self, BATCH).await
    }

    /// One message to one device; `row` names it to the push service (RFC 8030's `Topic`: a
    /// message sent again replaces the one still waiting there). An urgent one (an offer) asks
    /// the push service to wake the phone (`Urgency: high`) and to keep it only while it is of
    /// use (`TTL`).
    async fn deliver(
        &self,
        device: &push_device::Model,
        row: &str,
        urgent: bool,
        body: Vec<u8>,
    ) -> Delivery {
        let key = |text: &str| URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok();
        let (Ok(endpoint), Some(public), Some(auth)) = (
            device.endpoint.parse::<http::Uri>(),
            key(&device.p256dh).and_then(|k| PublicKey::from_sec1_bytes(&k).ok()),
            key(&device.auth).and_then(|a| <[u8; 16]>::try_from(a).ok()),
        ) else {
            return Delivery::Refused("the device's subscription cannot be read".into());
        };
        let origin = match (endpoint.scheme_str(), endpoint.authority()) {
            (Some(scheme), Some(authority)) => format!("{scheme}://{authority}"),
            _ => return Delivery::Refused("the device's endpoint has no origin".into()),
        };
        let ttl = if urgent {
            Duration::from_secs(60 * URGENT_NOTICE_MINUTES.unsigned_abs())
        } else {
            TTL
        };
        let request = WebPushBuilder::new(endpoint, public, Auth::from(auth))
            .with_valid_duration(ttl)
            .build(body);
        let request = match request {
            Ok(r) => r,
            Err(e) => return Delivery::Refused(format!("encrypting: {e}")),
        };
        let authorization = match self.vapid.authorization(&origin, Utc::now()) {
            Ok(a) => a,
            Err(e) => return Delivery::Retry(e),
        };
        let (parts, body) = request.into_parts();
        let post = match self.http.post(&device.endpoint) {
            Ok(post) => post,
            Err(why) => return Delivery::Unsafe(format!("endpoint refused: {why}")),
        };
        let answer = post
            .headers(parts.headers)
            .header(http::header::AUTHORIZATION, authorization)
            .header("Topic", topic(row))
            .header("Urgency", if urgent { "high" } else { "normal" })
            .body(body)
            .timeout(SEND_TIMEOUT)
            .send()
            .await;
        match answer.as_ref().map(|r| r.status().as_u16()) {
            Ok(200..=202) => Delivery::Accepted,
            Ok(404 | 410) => Delivery::Gone,
            Ok(status @ (429 | 500..=599)) => Delivery::Retry(format!("push service: {status}")),
            Ok(status) => Delivery::Refused(format!("push service: {status}")),
            Err(e) if refused_at_connection(e) => {
                Delivery::Unsafe(format!("endpoint refused at connection: {e}"))
            }
            Err(e) => Delivery::Retry(format!("push service unreachable: {e}")),
        }
    }
}

async fn forget(db: &DatabaseConnection, device: &push_device::Model) -> Result<(), DbErr> {
    push_device::Entity::delete_by_id(device.id.as_str())
        .exec(db)
        .await
        .map(|_| ())
}

/// A row's topic: at most 32 characters of the URL-safe alphabet.
fn topic(row: &str) -> String {
    let safe: String = row
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    safe.chars()
        .skip(safe.chars().count().saturating_sub(32))
        .collect()
}

/// Each recipient's language, as their profile says it when the notice goes.
pub(crate) async fn languages_of(
    db: &DatabaseConnection,
    users: impl IntoIterator<Item = String>,
) -> Result<HashMap<String, Language>, DbErr> {
    let found: Vec<(String, String)> = profile::Entity::find()
        .select_only()
        .column(profile::Column::UserId)
        .column(profile::Column::Language)
        .filter(profile::Column::UserId.is_in(users))
        .into_tuple()
        .all(db)
        .await?;
    Ok(found
        .into_iter()
        .filter_map(|(user, tag)| Some((user, Language::parse(&tag).ok()?)))
        .collect())
}

/// What a batch of notices needs: its devices, and each user's language.
pub struct PushBatch {
    devices: HashMap<String, push_device::Model>,
    languages: HashMap<String, Language>,
}

#[async_trait]
impl Deliver for PushWorker {
    type Entity = push_outbox::Entity;
    type Batch = PushBatch;

    fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    fn outbox(&self) -> &Outbox<push_outbox::Entity> {
        &OUTBOX
    }

    fn row(row: &push_outbox::Model) -> (String, i32) {
        (row.id.clone(), row.attempts)
    }

    async fn read(&self, rows: &[push_outbox::Model]) -> Result<PushBatch, DbErr> {
        let devices = push_device::Entity::find()
            .filter(push_device::Column::Id.is_in(rows.iter().map(|r| r.device_id.clone())))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|d| (d.id.clone(), d))
            .collect();
        let languages = languages_of(&self.db, rows.iter().map(|r| r.user_id.clone())).await?;
        Ok(PushBatch { devices, languages })
    }

    async fn send(&self, row: &push_outbox::Model, batch: &PushBatch) -> Result<Outcome, DbErr> {
        let lang = batch
            .languages
            .get(&row.user_id)
            .copied()
            .unwrap_or_default();
        let text = texts::text(&row.kind, row.payload.as_deref(), &self.cancellation, lang);
        let (device, (title, body)) = match (batch.devices.get(&row.device_id), text) {
            (None, _) => return Ok(Outcome::Dropped("the device is gone".into())),
            (_, None) => return Ok(Outcome::Dropped(format!("unknown kind {}", row.kind))),
            (Some(device), Some(text)) => (device, text),
        };
        let message = serde_json::json!({
            "title": title,
            "body": body.chars().take(BODY_CHARS).collect::<String>(),
            "url": row.link,
            // A notice sent again (its answer lost) replaces itself on the phone.
            "tag": row.id,
        });
        let urgent = MailKind::parse(&row.kind)
            .and_then(NoticeKind::of_mail)
            .is_some_and(NoticeKind::urgent);
        Ok(
            match self
                .deliver(device, &row.id, urgent, message.to_string().into_bytes())
                .await
            {
                Delivery::Accepted => Outcome::Sent,
                Delivery::Gone => {
                    forget(&self.db, device).await?;
                    Outcome::Dropped("the push service no longer knows the device".into())
                }
                // Never to be called: forgotten like a device that is gone.
                Delivery::Unsafe(why) => {
                    tracing::warn!(id = %row.id, %why, "push endpoint refused");
                    forget(&self.db, device).await?;
                    Outcome::Dropped(why)
                }
                Delivery::Retry(why) => {
                    tracing::warn!(id = %row.id, %why, "push not sent");
                    Outcome::Failed(why)
                }
                Delivery::Refused(why) => Outcome::Dropped(why),
            },
        )
    }
}
