//! LINE for travellers who signed in with LINE or linked it: the notices queued in `line_outbox`,
//! each sent as a text message through the Messaging API's push call (`POST /v2/bot/message/push`)
//! with the channel's access token. Each row's retry key (`X-Line-Retry-Key`) is made from its id,
//! so a try whose answer was lost and is sent again is one message: LINE answers 409 to the second.

use std::time::Duration;

use async_trait::async_trait;
use domain::catalog::CancellationPolicy;
use domain::shared::Language;
use sea_orm::{DatabaseConnection, DbErr};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::collections::HashMap;

use super::push::{languages_of, notice_text};
use crate::sql::entities::line_outbox;
use crate::sql::outbox::{Deliver, Outbox, Outcome, run_once};

const BATCH: u64 = 20;
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// A text message's limit at LINE.
const TEXT_CHARS: usize = 5000;

const OUTBOX: Outbox<line_outbox::Entity> = Outbox {
    id: line_outbox::Column::Id,
    sent_at: line_outbox::Column::SentAtMs,
    next_attempt: line_outbox::Column::NextAttemptAtMs,
    attempts: line_outbox::Column::Attempts,
    last_error: line_outbox::Column::LastError,
};

/// The Messaging API channel that sends.
#[derive(Clone)]
pub struct LineChannel {
    /// `https://api.line.me`, or a stand-in's address.
    pub api: String,
    pub access_token: String,
}

/// Shows where, never the token.
impl std::fmt::Debug for LineChannel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineChannel")
            .field("api", &self.api)
            .finish_non_exhaustive()
    }
}

pub struct LineWorker {
    db: DatabaseConnection,
    channel: LineChannel,
    http: reqwest::Client,
    /// The site's origin: links in messages are whole addresses.
    site: String,
    cancellation: CancellationPolicy,
}

impl LineWorker {
    pub fn new(db: DatabaseConnection, channel: LineChannel, site: &str) -> Self {
        Self {
            db,
            channel,
            http: reqwest::Client::new(),
            site: site.trim_end_matches('/').to_owned(),
            cancellation: CancellationPolicy::default(),
        }
    }

    pub fn with_cancellation(mut self, cancellation: CancellationPolicy) -> Self {
        self.cancellation = cancellation;
        self
    }

    /// Sends what is due; returns how many messages LINE took.
    pub async fn run_once(&self) -> Result<usize, DbErr> {
        run_once(self, BATCH).await
    }

    async fn post(&self, row: &line_outbox::Model, text: &str) -> Outcome {
        let body = json!({
            "to": row.line_user,
            "messages": [{"type": "text", "text": text}],
        });
        let answer = self
            .http
            .post(format!("{}/v2/bot/message/push", self.channel.api))
            .bearer_auth(&self.channel.access_token)
            .header("X-Line-Retry-Key", retry_key(&row.id))
            .json(&body)
            .timeout(SEND_TIMEOUT)
            .send()
            .await;
        match answer.map(|r| r.status().as_u16()) {
            // 409: this retry key was accepted before; the message went then.
            Ok(200 | 409) => Outcome::Sent,
            // 401: the channel's token is wrong or expired; kept until it is put right.
            Ok(status @ (401 | 429 | 500..=599)) => Outcome::Failed(format!("LINE: {status}")),
            // 400, 403: the person cannot be sent to (not a friend of the channel, or blocked it).
            Ok(status) => Outcome::Dropped(format!("LINE: {status}")),
            Err(e) => Outcome::Failed(format!("LINE unreachable: {e}")),
        }
    }
}

/// The row's retry key: a UUID (as LINE asks) that is the same each time the row is tried.
pub fn retry_key(row: &str) -> String {
    let d = Sha256::digest(row.as_bytes());
    let mut b = [0u8; 16];
    b.copy_from_slice(&d[..16]);
    // Version 4 and the RFC 4122 variant, so any UUID parser takes it.
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

#[async_trait]
impl Deliver for LineWorker {
    type Entity = line_outbox::Entity;
    /// Each user's language.
    type Batch = HashMap<String, Language>;

    fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    fn outbox(&self) -> &Outbox<line_outbox::Entity> {
        &OUTBOX
    }

    fn row(row: &line_outbox::Model) -> (String, i32) {
        (row.id.clone(), row.attempts)
    }

    async fn read(&self, rows: &[line_outbox::Model]) -> Result<Self::Batch, DbErr> {
        languages_of(&self.db, rows.iter().map(|r| r.user_id.clone())).await
    }

    async fn send(
        &self,
        row: &line_outbox::Model,
        languages: &Self::Batch,
    ) -> Result<Outcome, DbErr> {
        let lang = languages.get(&row.user_id).copied().unwrap_or_default();
        let Some((title, body)) =
            notice_text(&row.kind, row.payload.as_deref(), &self.cancellation, lang)
        else {
            return Ok(Outcome::Dropped(format!("unknown kind {}", row.kind)));
        };
        let link = row.link.as_deref().map(|l| format!("{}{l}", self.site));
        let text = [Some(title), Some(body), link]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("\n");
        let text: String = text.chars().take(TEXT_CHARS).collect();
        Ok(self.post(row, &text).await)
    }
}

#[cfg(test)]
mod tests {
    use super::retry_key;

    #[test]
    fn a_rows_retry_key_is_one_uuid_for_all_its_tries() {
        let key = retry_key("p-0123");
        assert_eq!(key, retry_key("p-0123"));
        assert_ne!(key, retry_key("p-0124"));
        let parts: Vec<_> = key.split('-').map(str::len).collect();
        assert_eq!(parts, [8, 4, 4, 4, 12]);
        assert_eq!(&key[14..15], "4");
        assert!("89ab".contains(&key[19..20]));
    }
}
