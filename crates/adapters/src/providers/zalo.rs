//! Zalo for partners who asked for it: the notices queued in `zalo_outbox`, each sent through
//! Zalo's notification service (ZNS) as the site's approved template (`template_id`), to the
//! partner's phone number, with the Official Account's access token. The template takes three
//! parameters: `title` (the notice's first line), `content` (what it says) and `link` (the page
//! its button opens). Zalo answers 200 with its own `error` code: 0 is sent; -100 (its unknown
//! error: "try again later") and -124 (the access token is wrong or expired) are tried again;
//! any other code (a number not on Zalo, a template refused) drops the notice, saying why.

use std::collections::HashMap;
use std::time::Duration;

use async_trait::async_trait;
use domain::catalog::CancellationPolicy;
use domain::shared::Language;
use sea_orm::{DatabaseConnection, DbErr};
use serde::Deserialize;
use serde_json::json;

use super::push::{languages_of, notice_text};
use crate::sql::entities::zalo_outbox;
use crate::sql::outbox::{Deliver, Outbox, Outcome, run_once};

const BATCH: u64 = 20;
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// What a template's parameters take at most (Zalo counts characters).
const TITLE_CHARS: usize = 100;
const CONTENT_CHARS: usize = 300;
/// Zalo's codes worth another try: its unknown error, and an access token to be put right.
const RETRIED: [i64; 2] = [-100, -124];

const OUTBOX: Outbox<zalo_outbox::Entity> = Outbox {
    id: zalo_outbox::Column::Id,
    sent_at: zalo_outbox::Column::SentAtMs,
    next_attempt: zalo_outbox::Column::NextAttemptAtMs,
    attempts: zalo_outbox::Column::Attempts,
    last_error: zalo_outbox::Column::LastError,
};

/// The Official Account that sends, and its template.
#[derive(Clone)]
pub struct ZaloAccount {
    /// `https://business.openapi.zalo.me`, or a stand-in's address.
    pub api: String,
    pub access_token: String,
    pub template_id: String,
}

/// Shows where and which template, never the token.
impl std::fmt::Debug for ZaloAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ZaloAccount")
            .field("api", &self.api)
            .field("template_id", &self.template_id)
            .finish_non_exhaustive()
    }
}

/// ZNS's answer: its code, and what it says of it.
#[derive(Deserialize)]
struct Answer {
    error: i64,
    #[serde(default)]
    message: String,
}

pub struct ZaloWorker {
    db: DatabaseConnection,
    account: ZaloAccount,
    http: reqwest::Client,
    /// The site's origin: the button's link is a whole address.
    site: String,
    cancellation: CancellationPolicy,
}

impl ZaloWorker {
    pub fn new(db: DatabaseConnection, account: ZaloAccount, site: &str) -> Self {
        Self {
            db,
            account,
            http: reqwest::Client::new(),
            site: site.trim_end_matches('/').to_owned(),
            cancellation: CancellationPolicy::default(),
        }
    }

    pub fn with_cancellation(mut self, cancellation: CancellationPolicy) -> Self {
        self.cancellation = cancellation;
        self
    }

    /// Sends what is due; returns how many messages Zalo took.
    pub async fn run_once(&self) -> Result<usize, DbErr> {
        run_once(self, BATCH).await
    }

    async fn post(&self, row: &zalo_outbox::Model, title: &str, content: &str) -> Outcome {
        let link = row
            .link
            .as_deref()
            .map(|l| format!("{}{l}", self.site))
            .unwrap_or_else(|| self.site.clone());
        let body = json!({
            "phone": row.phone,
            "template_id": self.account.template_id,
            "template_data": {
                "title": title.chars().take(TITLE_CHARS).collect::<String>(),
                "content": content.chars().take(CONTENT_CHARS).collect::<String>(),
                "link": link,
            },
            // Zalo's delivery reports name the row.
            "tracking_id": row.id,
        });
        let answer = self
            .http
            .post(format!("{}/message/template", self.account.api))
            .header("access_token", &self.account.access_token)
            .json(&body)
            .timeout(SEND_TIMEOUT)
            .send()
            .await;
        let response = match answer {
            Ok(r) => r,
            Err(e) => return Outcome::Failed(format!("Zalo unreachable: {e}")),
        };
        match response.status().as_u16() {
            200 => {}
            status @ (429 | 500..=599) => return Outcome::Failed(format!("Zalo: {status}")),
            status => return Outcome::Dropped(format!("Zalo: {status}")),
        }
        match response.json::<Answer>().await {
            Ok(a) if a.error == 0 => Outcome::Sent,
            Ok(a) if RETRIED.contains(&a.error) => {
                Outcome::Failed(format!("Zalo: {} {}", a.error, a.message))
            }
            Ok(a) => Outcome::Dropped(format!("Zalo: {} {}", a.error, a.message)),
            Err(e) => Outcome::Failed(format!("Zalo's answer unread: {e}")),
        }
    }
}

#[async_trait]
impl Deliver for ZaloWorker {
    type Entity = zalo_outbox::Entity;
    /// Each user's language.
    type Batch = HashMap<String, Language>;

    fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    fn outbox(&self) -> &Outbox<zalo_outbox::Entity> {
        &OUTBOX
    }

    fn row(row: &zalo_outbox::Model) -> (String, i32) {
        (row.id.clone(), row.attempts)
    }

    async fn read(&self, rows: &[zalo_outbox::Model]) -> Result<Self::Batch, DbErr> {
        languages_of(&self.db, rows.iter().map(|r| r.user_id.clone())).await
    }

    async fn send(
        &self,
        row: &zalo_outbox::Model,
        languages: &Self::Batch,
    ) -> Result<Outcome, DbErr> {
        let lang = languages.get(&row.user_id).copied().unwrap_or_default();
        let Some((title, content)) =
            notice_text(&row.kind, row.payload.as_deref(), &self.cancellation, lang)
        else {
            return Ok(Outcome::Dropped(format!("unknown kind {}", row.kind)));
        };
        Ok(self.post(row, &title, &content).await)
    }
}
