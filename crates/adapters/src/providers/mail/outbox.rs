//! Delivers the mails the domain queued in `mail_outbox`, claimed and retried as every outbox's
//! rows are (`sql::outbox`): at least once, on any number of nodes.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;

use domain::identity::{IdentityPolicy, MailKind};
use domain::shared::Language;
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect};

use super::{Mailer, render};
use crate::sql::entities::{account, mail_outbox, profile};
use crate::sql::outbox::{Deliver, Outbox, Outcome, run_once};
use domain::catalog::CancellationPolicy;

const BATCH: u64 = 20;

const OUTBOX: Outbox<mail_outbox::Entity> = Outbox {
    id: mail_outbox::Column::Id,
    sent_at: mail_outbox::Column::SentAtMs,
    next_attempt: mail_outbox::Column::NextAttemptAtMs,
    attempts: mail_outbox::Column::Attempts,
    last_error: mail_outbox::Column::LastError,
};

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
        run_once(self, BATCH).await
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
}

#[async_trait]
impl Deliver for OutboxWorker {
    type Entity = mail_outbox::Entity;
    type Batch = HashMap<String, Language>;

    fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    fn outbox(&self) -> &Outbox<mail_outbox::Entity> {
        &OUTBOX
    }

    fn row(row: &mail_outbox::Model) -> (String, i32) {
        (row.id.clone(), row.attempts)
    }

    async fn read(&self, rows: &[mail_outbox::Model]) -> Result<Self::Batch, DbErr> {
        self.languages(rows).await
    }

    async fn send(
        &self,
        row: &mail_outbox::Model,
        languages: &Self::Batch,
    ) -> Result<Outcome, DbErr> {
        let Some(kind) = MailKind::parse(&row.kind) else {
            tracing::error!(id = %row.id, kind = %row.kind, "unknown mail kind: dropped");
            return Ok(Outcome::Dropped("unknown kind".into()));
        };
        let language = languages
            .get(&row.recipient)
            .copied()
            .or_else(|| row.language.as_deref().and_then(Language::of_tag))
            .unwrap_or_default();
        let mail = render(
            &row.id,
            &row.recipient,
            kind,
            row.link.as_deref(),
            row.payload.as_deref(),
            &self.policy,
            &self.cancellation,
            language,
        );
        Ok(match self.mailer.send(&mail).await {
            Ok(()) => Outcome::Sent,
            Err(error) => {
                tracing::warn!(id = %row.id, attempts = row.attempts + 1, %error, "mail not sent");
                Outcome::Failed(error)
            }
        })
    }
}
