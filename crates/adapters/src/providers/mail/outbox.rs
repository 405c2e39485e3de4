//! Delivers the mails the domain queued in `mail_outbox`. A batch is claimed by pushing its next
//! attempt into the future (a lease), committed, then sent; a crash mid-send means the lease runs
//! out and the mail goes again (at least once). On PostgreSQL several nodes claim side by side
//! with `FOR UPDATE SKIP LOCKED`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use domain::identity::{IdentityPolicy, MailKind};
use domain::shared::Language;
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use tokio::sync::watch;

use super::{Mailer, render};
use crate::sql::entities::{account, mail_outbox, profile};
use domain::catalog::CancellationPolicy;

const BATCH: u64 = 20;
/// How long a claimed mail is left to its sender before another try may take it.
const LEASE_MS: i64 = 5 * 60 * 1000;
const MAX_ATTEMPTS: i32 = 12;

pub struct OutboxWorker {
    db: DatabaseConnection,
    mailer: Arc<dyn Mailer>,
    policy: IdentityPolicy,
    cancellation: CancellationPolicy,
}

impl OutboxWorker {
    pub fn new(db: DatabaseConnection, mailer: Arc<dyn Mailer>, policy: IdentityPolicy) -> Self {
        Self {
            db,
            mailer,
            policy,
            cancellation: CancellationPolicy::default(),
        }
    }

    /// The cancellation terms a booking's mails state (the ones the payment service applies).
    pub fn with_cancellation(mut self, cancellation: CancellationPolicy) -> Self {
        self.cancellation = cancellation;
        self
    }

    /// Sends what is due; returns how many mails went out.
    pub async fn run_once(&self) -> Result<usize, DbErr> {
        let rows = self.claim().await?;
        let languages = self.languages(&rows).await?;
        let mut sent = 0;
        for row in rows {
            let now = Utc::now().timestamp_millis();
            let Some(kind) = MailKind::parse(&row.kind) else {
                tracing::error!(id = %row.id, kind = %row.kind, "unknown mail kind: dropped");
                self.finish(
                    &row.id,
                    Some(now),
                    i64::MAX,
                    row.attempts,
                    Some("unknown kind"),
                )
                .await?;
                continue;
            };
            let mail = render(
                &row.id,
                &row.recipient,
                kind,
                row.link.as_deref(),
                row.payload.as_deref(),
                &self.policy,
                &self.cancellation,
                languages
                    .get(&row.recipient)
                    .copied()
                    .or_else(|| row.language.as_deref().and_then(Language::of_tag))
                    .unwrap_or_default(),
            );
            match self.mailer.send(&mail).await {
                Ok(()) => {
                    sent += 1;
                    self.finish(&row.id, Some(now), now, row.attempts + 1, None)
                        .await?;
                }
                Err(error) => {
                    let attempts = row.attempts + 1;
                    // 30 s, 1 min, 2 min, … up to an hour between tries; then it is given up.
                    let next = if attempts >= MAX_ATTEMPTS {
                        i64::MAX
                    } else {
                        now + (30_000i64 << attempts.min(7)).min(3_600_000)
                    };
                    tracing::warn!(id = %row.id, attempts, %error, "mail not sent");
                    self.finish(&row.id, None, next, attempts, Some(&error))
                        .await?;
                }
            }
        }
        Ok(sent)
    }

    /// The preferred language of each recipient that has an account, as their profile says it
    /// when the mail goes. A mail to anyone else is written in the language it was asked in.
    async fn languages(
        &self,
        rows: &[mail_outbox::Model],
    ) -> Result<HashMap<String, Language>, DbErr> {
        if rows.is_empty() {
            return Ok(HashMap::new());
        }
        let accounts: HashMap<String, String> = account::Entity::find()
            .select_only()
            .column(account::Column::Id)
            .column(account::Column::Email)
            .filter(account::Column::Email.is_in(rows.iter().map(|r| r.recipient.clone())))
            .into_tuple::<(String, String)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let languages: Vec<(String, String)> = profile::Entity::find()
            .select_only()
            .column(profile::Column::UserId)
            .column(profile::Column::Language)
            .filter(profile::Column::UserId.is_in(accounts.keys().cloned()))
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(languages
            .into_iter()
            .filter_map(|(user, tag)| {
                Some((accounts.get(&user)?.clone(), Language::parse(&tag).ok()?))
            })
            .collect())
    }

    async fn claim(&self) -> Result<Vec<mail_outbox::Model>, DbErr> {
        let now = Utc::now().timestamp_millis();
        let txn = crate::sql::db::begin_write(&self.db).await?;
        let mut query = mail_outbox::Entity::find()
            .filter(mail_outbox::Column::SentAtMs.is_null())
            .filter(mail_outbox::Column::NextAttemptAtMs.lte(now))
            .order_by_asc(mail_outbox::Column::NextAttemptAtMs)
            .limit(BATCH);
        if txn.get_database_backend() == DbBackend::Postgres {
            query = query.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        }
        let rows = query.all(&txn).await?;
        if !rows.is_empty() {
            mail_outbox::Entity::update_many()
                .col_expr(
                    mail_outbox::Column::NextAttemptAtMs,
                    Expr::value(now + LEASE_MS),
                )
                .filter(mail_outbox::Column::Id.is_in(rows.iter().map(|r| r.id.clone())))
                .exec(&txn)
                .await?;
        }
        txn.commit().await?;
        Ok(rows)
    }

    async fn finish(
        &self,
        id: &str,
        sent_at: Option<i64>,
        next_attempt: i64,
        attempts: i32,
        error: Option<&str>,
    ) -> Result<(), DbErr> {
        mail_outbox::Entity::update_many()
            .col_expr(mail_outbox::Column::SentAtMs, Expr::value(sent_at))
            .col_expr(
                mail_outbox::Column::NextAttemptAtMs,
                Expr::value(next_attempt),
            )
            .col_expr(mail_outbox::Column::Attempts, Expr::value(attempts))
            .col_expr(
                mail_outbox::Column::LastError,
                Expr::value(error.map(|e| e.chars().take(1000).collect::<String>())),
            )
            .filter(mail_outbox::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Polls every `interval` until `stop` turns true.
    pub async fn run(self, interval: Duration, mut stop: watch::Receiver<bool>) {
        loop {
            if let Err(e) = self.run_once().await {
                tracing::warn!(error = %e, "mail outbox");
            }
            tokio::select! {
                () = tokio::time::sleep(interval) => {}
                _ = stop.changed() => return,
            }
            if *stop.borrow() {
                return;
            }
        }
    }
}
