//! The Official Account's access token, renewed here (Zalo OAuth v4): `POST {oauth}/v4/oa/access_token`
//! with the app's `secret_key` header and the form `app_id`, `refresh_token`,
//! `grant_type=refresh_token` answers a new `access_token` (good for `expires_in` seconds, about
//! 25 hours) and a new `refresh_token`: the one sent is spent. Both are therefore kept in the
//! database (`zalo_tokens`, sealed like the signing keys) for every node to share, and only one
//! node renews at a time: it takes its turn by moving the row's `version` on, and a node that
//! finds a turn under way waits for its result instead of spending the same refresh token.
//! A token is renewed in its last hour, or at once when ZNS says it is no good (-124).

use std::time::Duration;

use chrono::Utc;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::security::key_sealing::Sealing;
use crate::sql::entities::zalo_token as row;

/// Renewed once less than this is left.
const RENEW_BEFORE_MS: i64 = 60 * 60 * 1000;
/// How long a node has to renew before another may take the turn.
const TURN_MS: i64 = 30_000;
/// After Zalo refused a renewal, when the next try may be (a refused refresh token needs a person).
const REFUSED_WAIT_MS: i64 = 5 * 60 * 1000;
/// How long a node waits for another's renewal before it gives the message back to the outbox.
const WAIT_FOR_TURN: Duration = Duration::from_secs(10);
const CALL_TIMEOUT: Duration = Duration::from_secs(10);
/// Zalo's stated lifetime, for an answer that leaves it out.
const DEFAULT_LIFETIME_S: i64 = 90_000;

/// The Zalo app the Official Account granted, and the refresh token that grant gave.
#[derive(Clone)]
pub struct ZaloApp {
    /// `https://oauth.zaloapp.com`, or a stand-in's address.
    pub oauth: String,
    pub app_id: String,
    pub secret_key: String,
    /// Where the chain of refresh tokens starts; the later ones are kept in the database. A new
    /// one given here (after a new grant) starts a new chain.
    pub refresh_token: String,
}

/// Shows where and which app, never a secret.
impl std::fmt::Debug for ZaloApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ZaloApp")
            .field("oauth", &self.oauth)
            .field("app_id", &self.app_id)
            .finish_non_exhaustive()
    }
}

/// What Zalo's OAuth answers: a grant, or its error.
#[derive(Deserialize)]
struct Answer {
    access_token: Option<String>,
    refresh_token: Option<String>,
    /// Seconds, written as text in Zalo's answers; a number is taken too.
    expires_in: Option<serde_json::Value>,
    error: Option<i64>,
    error_name: Option<String>,
    error_description: Option<String>,
}

/// Why a renewal did not happen, and so how soon to try again.
enum Failure {
    Refused(String),
    Unreachable(String),
}

/// The shared tokens of one app and starting refresh token.
pub struct ZaloTokens {
    db: DatabaseConnection,
    app: ZaloApp,
    sealing: Sealing,
    http: reqwest::Client,
    account: String,
}

impl ZaloTokens {
    pub fn new(db: DatabaseConnection, app: ZaloApp, sealing: Sealing) -> Self {
        let mut digest = Sha256::new();
        digest.update(app.app_id.as_bytes());
        digest.update([0]);
        digest.update(app.refresh_token.as_bytes());
        let account = hex::encode(digest.finalize())[..32].to_owned();
        Self {
            db,
            app,
            sealing,
            http: reqwest::Client::new(),
            account,
        }
    }

    /// A good access token: the kept one while it has more than an hour left, otherwise a new
    /// one, renewed by this node or by the one whose turn it is.
    pub async fn current(&self) -> Result<String, String> {
        let deadline = tokio::time::Instant::now() + WAIT_FOR_TURN;
        loop {
            let kept = self.row().await?;
            let now = Utc::now().timestamp_millis();
            let live = match &kept.access_token {
                Some(sealed) if kept.expires_at_ms > now => Some(self.open(sealed)?),
                _ => None,
            };
            if let Some(token) = &live
                && kept.expires_at_ms - now > RENEW_BEFORE_MS
            {
                return Ok(token.clone());
            }
            if kept.refreshing_until_ms <= now {
                if let Some(token) = self.renew(&kept).await? {
                    return Ok(token);
                }
                // Another node took the turn first: wait for it below.
                continue;
            }
            if let Some(token) = live {
                return Ok(token);
            }
            if let Some(why) = kept.last_error {
                return Err(format!("Zalo token: {why}"));
            }
            if tokio::time::Instant::now() >= deadline {
                return Err("Zalo token: another node is still renewing it".into());
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// ZNS refused `token`: unless it was already replaced, it is renewed at the next use.
    pub async fn refused(&self, token: &str) -> Result<(), String> {
        let kept = self.row().await?;
        let Some(sealed) = kept.access_token else {
            return Ok(());
        };
        if self.open(&sealed)? != token {
            return Ok(());
        }
        row::Entity::update_many()
            .col_expr(row::Column::ExpiresAtMs, Expr::value(0i64))
            .filter(row::Column::Account.eq(&self.account))
            .filter(row::Column::AccessToken.eq(sealed))
            .exec(&self.db)
            .await
            .map_err(stored)?;
        Ok(())
    }

    /// The row, begun from the configured refresh token the first time.
    async fn row(&self) -> Result<row::Model, String> {
        if let Some(kept) = self.find().await? {
            return Ok(kept);
        }
        let first = row::ActiveModel {
            account: Set(self.account.clone()),
            access_token: Set(None),
            refresh_token: Set(self.sealing.seal(self.app.refresh_token.as_bytes())),
            expires_at_ms: Set(0),
            refreshing_until_ms: Set(0),
            last_error: Set(None),
            refreshed_at_ms: Set(None),
            version: Set(1),
        };
        // Two nodes beginning at once: one row, whichever came first.
        row::Entity::insert(first)
            .on_conflict(
                OnConflict::column(row::Column::Account)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&self.db)
            .await
            .map_err(stored)?;
        self.find()
            .await?
            .ok_or_else(|| "Zalo token: its row is gone".to_owned())
    }

    async fn find(&self) -> Result<Option<row::Model>, String> {
        row::Entity::find_by_id(self.account.clone())
            .one(&self.db)
            .await
            .map_err(stored)
    }

    /// Takes the turn over `kept`'s version and renews; `None` when another node had taken it.
    async fn renew(&self, kept: &row::Model) -> Result<Option<String>, String> {
        let refresh = self.open(&kept.refresh_token)?;
        let now = Utc::now().timestamp_millis();
        let turn = kept.version + 1;
        let taken = row::Entity::update_many()
            .col_expr(row::Column::Version, Expr::value(turn))
            .col_expr(row::Column::RefreshingUntilMs, Expr::value(now + TURN_MS))
            .col_expr(row::Column::LastError, Expr::value(None::<String>))
            .filter(row::Column::Account.eq(&self.account))
            .filter(row::Column::Version.eq(kept.version))
            .exec(&self.db)
            .await
            .map_err(stored)?;
        if taken.rows_affected != 1 {
            return Ok(None);
        }
        let update = row::Entity::update_many()
            .col_expr(row::Column::Version, Expr::value(turn + 1))
            .filter(row::Column::Account.eq(&self.account))
            .filter(row::Column::Version.eq(turn));
        match self.ask(&refresh).await {
            Ok((access, next, lifetime_s)) => {
                let done = Utc::now().timestamp_millis();
                let written = update
                    .col_expr(
                        row::Column::AccessToken,
                        Expr::value(Some(self.sealing.seal(access.as_bytes()))),
                    )
                    .col_expr(
                        row::Column::RefreshToken,
                        Expr::value(self.sealing.seal(next.as_bytes())),
                    )
                    .col_expr(
                        row::Column::ExpiresAtMs,
                        Expr::value(now + lifetime_s * 1000),
                    )
                    .col_expr(row::Column::RefreshingUntilMs, Expr::value(0i64))
                    .col_expr(row::Column::RefreshedAtMs, Expr::value(Some(done)))
                    .exec(&self.db)
                    .await
                    .map_err(stored)?;
                if written.rows_affected != 1 {
                    // The turn ran out before Zalo answered: the new refresh token is lost with
                    // it, and the chain needs a new grant (docs/deploying.md).
                    tracing::error!(
                        "a Zalo token renewal outlived its turn; its refresh token was not kept"
                    );
                }
                tracing::info!("Zalo access token renewed");
                Ok(Some(access))
            }
            Err(failure) => {
                let (why, wait) = match failure {
                    Failure::Refused(why) => (why, REFUSED_WAIT_MS),
                    Failure::Unreachable(why) => (why, TURN_MS),
                };
                tracing::warn!(error = %why, "Zalo access token not renewed");
                update
                    .col_expr(row::Column::RefreshingUntilMs, Expr::value(now + wait))
                    .col_expr(row::Column::LastError, Expr::value(Some(why.clone())))
                    .exec(&self.db)
                    .await
                    .map_err(stored)?;
                Err(format!("Zalo token: {why}"))
            }
        }
    }

    /// Zalo's OAuth call: the new access token, the next refresh token and the lifetime in s.
    async fn ask(&self, refresh: &str) -> Result<(String, String, i64), Failure> {
        let form = [
            ("app_id", self.app.app_id.as_str()),
            ("refresh_token", refresh),
            ("grant_type", "refresh_token"),
        ];
        let body = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form)
            .finish();
        let response = self
            .http
            .post(format!("{}/v4/oa/access_token", self.app.oauth))
            .header("secret_key", &self.app.secret_key)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .timeout(CALL_TIMEOUT)
            .send()
            .await
            .map_err(|e| Failure::Unreachable(format!("Zalo OAuth unreachable: {e}")))?;
        let status = response.status().as_u16();
        if status == 429 || status >= 500 {
            return Err(Failure::Unreachable(format!("Zalo OAuth: {status}")));
        }
        let answer: Answer = response
            .json()
            .await
            .map_err(|e| Failure::Unreachable(format!("Zalo OAuth's answer unread: {e}")))?;
        match (answer.access_token, answer.refresh_token) {
            (Some(access), Some(next)) if !access.is_empty() && !next.is_empty() => {
                let lifetime = answer
                    .expires_in
                    .and_then(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok()))
                    .filter(|s| *s > 0)
                    .unwrap_or(DEFAULT_LIFETIME_S);
                Ok((access, next, lifetime))
            }
            _ => Err(Failure::Refused(format!(
                "Zalo OAuth: {status} {} {} {}",
                answer.error.unwrap_or_default(),
                answer.error_name.unwrap_or_default(),
                answer.error_description.unwrap_or_default()
            ))),
        }
    }

    fn open(&self, sealed: &str) -> Result<String, String> {
        let (plain, _) = self
            .sealing
            .open(sealed)
            .map_err(|e| format!("Zalo token: {e}"))?;
        String::from_utf8(plain).map_err(|_| "Zalo token: not text".to_owned())
    }
}

fn stored(e: sea_orm::DbErr) -> String {
    format!("Zalo token not read or kept: {e}")
}
