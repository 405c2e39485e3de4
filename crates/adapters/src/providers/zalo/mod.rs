//! Zalo for partners who asked for it: the notices queued in `zalo_outbox`, each sent through
//! Zalo's notification service (ZNS) as the site's approved template (`template_id`), to the
//! partner's phone number, with the Official Account's access token. The template takes three
//! parameters: `title` (the notice's first line), `content` (what it says) and `link` (the page
//! its button opens). Zalo answers 200 with its own `error` code: 0 is sent; -100 (its unknown
//! error: "try again later") and -124 (the access token is wrong or expired) are tried again
//! (after -124 a renewed token is had at once, when this site renews its own: `token`); any other
//! code (a number not on Zalo, a template refused) drops the notice, saying why.

mod token;

pub use token::{ZaloApp, ZaloTokens};

use std::collections::HashMap;
use std::time::Duration;

use async_trait::async_trait;
use domain::catalog::CancellationPolicy;
use domain::shared::Language;
use sea_orm::{DatabaseConnection, DbErr};
use serde::Deserialize;
use serde_json::json;

use super::push::{languages_of, notice_text};
use crate::security::key_sealing::Sealing;
use crate::sql::entities::zalo_outbox;
use crate::sql::outbox::{Deliver, Outbox, Outcome, run_once};

const BATCH: u64 = 20;
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// What a template's parameters take at most (Zalo counts characters).
const TITLE_CHARS: usize = 100;
const CONTENT_CHARS: usize = 300;
/// Zalo's unknown error: "try again later".
const TRY_LATER: i64 = -100;
/// The access token is wrong or expired: tried again too, once it is put right.
const TOKEN_REFUSED: i64 = -124;

const OUTBOX: Outbox<zalo_outbox::Entity> = Outbox {
    id: zalo_outbox::Column::Id,
    sent_at: zalo_outbox::Column::SentAtMs,
    next_attempt: zalo_outbox::Column::NextAttemptAtMs,
    attempts: zalo_outbox::Column::Attempts,
    last_error: zalo_outbox::Column::LastError,
};

/// The Official Account that sends, and its template.
#[derive(Clone, Debug)]
pub struct ZaloAccount {
    /// `https://business.openapi.zalo.me`, or a stand-in's address.
    pub api: String,
    pub auth: ZaloAuth,
    pub template_id: String,
}

/// Where the access token comes from.
#[derive(Clone)]
pub enum ZaloAuth {
    /// Given, and kept fresh from outside (`APP_ZALO_ACCESS_TOKEN`).
    Given(String),
    /// Renewed here, with the app the Official Account granted.
    Renewed(ZaloApp),
}

/// Never shows the token.
impl std::fmt::Debug for ZaloAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Given(_) => f.write_str("Given(..)"),
            Self::Renewed(app) => f.debug_tuple("Renewed").field(app).finish(),
        }
    }
}

/// The worker's access token, as it is had.
enum Tokens {
    Given(String),
    Renewed(Box<ZaloTokens>),
}

/// How one post ended: an outcome, or the token refused.
enum Posted {
    Done(Outcome),
    TokenRefused(String),
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
    api: String,
    template_id: String,
    tokens: Tokens,
    http: reqwest::Client,
    /// The site's origin: the button's link is a whole address.
    site: String,
    cancellation: CancellationPolicy,
}

impl ZaloWorker {
    /// `sealing` keeps renewed tokens sealed in the database.
    pub fn new(db: DatabaseConnection, account: ZaloAccount, sealing: Sealing, site: &str) -> Self {
        let tokens = match account.auth {
            ZaloAuth::Given(token) => Tokens::Given(token),
            ZaloAuth::Renewed(app) => {
                Tokens::Renewed(Box::new(ZaloTokens::new(db.clone(), app, sealing)))
            }
        };
        Self {
            db,
            api: account.api,
            template_id: account.template_id,
            tokens,
            http: reqwest::Client::new(),
            site: site.trim_end_matches('/').to_owned(),
            cancellation: CancellationPolicy::default(),
        }
    }

    pub fn with_cancellation(mut self, cancellation: CancellationPolicy) -> Self {
        self.cancellation = cancellation;
        self
    }

    /// Sends what is due; returns how many messages Zalo took. A token in its last hour is
    /// renewed first, messages or not, so the chain of refresh tokens never lapses.
    pub async fn run_once(&self) -> Result<usize, DbErr> {
        if let Tokens::Renewed(tokens) = &self.tokens
            && let Err(why) = tokens.current().await
        {
            tracing::debug!(error = %why, "no Zalo token");
        }
        run_once(self, BATCH).await
    }

    /// Sends one row; a refused token, when renewed here, is renewed and the row sent again.
    async fn deliver(&self, row: &zalo_outbox::Model, title: &str, content: &str) -> Outcome {
        let token = match &self.tokens {
            Tokens::Given(token) => token.clone(),
            Tokens::Renewed(tokens) => match tokens.current().await {
                Ok(token) => token,
                Err(why) => return Outcome::Failed(why),
            },
        };
        let why = match self.post(row, title, content, &token).await {
            Posted::Done(outcome) => return outcome,
            Posted::TokenRefused(why) => why,
        };
        let Tokens::Renewed(tokens) = &self.tokens else {
            return Outcome::Failed(why);
        };
        let renewed = match tokens.refused(&token).await {
            Ok(()) => tokens.current().await,
            Err(e) => Err(e),
        };
        match renewed {
            Ok(token) => match self.post(row, title, content, &token).await {
                Posted::Done(outcome) => outcome,
                Posted::TokenRefused(why) => Outcome::Failed(why),
            },
            Err(e) => Outcome::Failed(format!("{why}; {e}")),
        }
    }

    async fn post(
        &self,
        row: &zalo_outbox::Model,
        title: &str,
        content: &str,
        token: &str,
    ) -> Posted {
        let link = row
            .link
            .as_deref()
            .map(|l| format!("{}{l}", self.site))
            .unwrap_or_else(|| self.site.clone());
        let body = json!({
            "phone": row.phone,
            "template_id": self.template_id,
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
            .post(format!("{}/message/template", self.api))
            .header("access_token", token)
            .json(&body)
            .timeout(SEND_TIMEOUT)
            .send()
            .await;
        let response = match answer {
            Ok(r) => r,
            Err(e) => return Posted::Done(Outcome::Failed(format!("Zalo unreachable: {e}"))),
        };
        match response.status().as_u16() {
            200 => {}
            status @ (429 | 500..=599) => {
                return Posted::Done(Outcome::Failed(format!("Zalo: {status}")));
            }
            status => return Posted::Done(Outcome::Dropped(format!("Zalo: {status}"))),
        }
        Posted::Done(match response.json::<Answer>().await {
            Ok(a) if a.error == 0 => Outcome::Sent,
            Ok(a) if a.error == TOKEN_REFUSED => {
                return Posted::TokenRefused(format!("Zalo: {} {}", a.error, a.message));
            }
            Ok(a) if a.error == TRY_LATER => {
                Outcome::Failed(format!("Zalo: {} {}", a.error, a.message))
            }
            Ok(a) => Outcome::Dropped(format!("Zalo: {} {}", a.error, a.message)),
            Err(e) => Outcome::Failed(format!("Zalo's answer unread: {e}")),
        })
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
        Ok(self.deliver(row, &title, &content).await)
    }
}
