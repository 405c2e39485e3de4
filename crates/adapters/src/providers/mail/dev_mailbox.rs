//! The dev environment's mail delivery: each mail is a JSON file in a folder, newest last by
//! name, shown at `/dev/mailbox`. Nothing leaves the machine.

use std::path::PathBuf;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use super::{Mailer, Rendered};

/// A delivered mail: the mail as rendered, and when it arrived.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredMail {
    #[serde(flatten)]
    pub mail: Rendered,
    pub delivered_at_ms: i64,
}

#[derive(Clone)]
pub struct DevMailbox {
    dir: PathBuf,
}

impl DevMailbox {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// Every mail, newest first.
    pub async fn list(&self) -> Vec<StoredMail> {
        let mut mails = Vec::new();
        let Ok(mut entries) = tokio::fs::read_dir(&self.dir).await else {
            return mails;
        };
        while let Ok(Some(entry)) = entries.next_entry().await {
            if entry.path().extension().is_some_and(|e| e == "json")
                && let Ok(raw) = tokio::fs::read(entry.path()).await
                && let Ok(mail) = serde_json::from_slice::<StoredMail>(&raw)
            {
                mails.push(mail);
            }
        }
        mails.sort_by(|a, b| {
            b.delivered_at_ms
                .cmp(&a.delivered_at_ms)
                .then(b.mail.id.cmp(&a.mail.id))
        });
        mails
    }

    pub async fn get(&self, id: &str) -> Option<StoredMail> {
        self.list().await.into_iter().find(|m| m.mail.id == id)
    }
}

#[async_trait]
impl Mailer for DevMailbox {
    async fn send(&self, mail: &Rendered) -> Result<(), String> {
        let now = chrono::Utc::now().timestamp_millis();
        let stored = StoredMail {
            mail: mail.clone(),
            delivered_at_ms: now,
        };
        let body = serde_json::to_vec_pretty(&stored).map_err(|e| e.to_string())?;
        tokio::fs::create_dir_all(&self.dir)
            .await
            .map_err(|e| format!("{}: {e}", self.dir.display()))?;
        // Written aside and renamed, so the page never reads half a mail.
        let name = format!("{now:013}-{}.json", mail.id);
        let partial = self.dir.join(format!(".{name}.part"));
        tokio::fs::write(&partial, body)
            .await
            .map_err(|e| e.to_string())?;
        tokio::fs::rename(&partial, self.dir.join(name))
            .await
            .map_err(|e| e.to_string())
    }
}
