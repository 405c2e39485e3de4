//! Sending the product's mails (the account's, and order notices): templates (HTML and text) in
//! the recipient's language, the outbox worker that delivers what the domain queued, and two ways out: SMTP and, in dev, a
//! mailbox folder that a page at `/dev/mailbox` shows.

mod dev_mailbox;
pub(crate) mod notices;
mod outbox;
mod smtp;
mod templates;

use async_trait::async_trait;

pub use dev_mailbox::{DevMailbox, StoredMail};
pub use notices::{DriverFacts, InvoiceFacts, NoticeFacts};
pub use outbox::OutboxWorker;
pub use smtp::{SmtpConfig, SmtpMailer, SmtpTls};
pub use templates::{escape as escape_html, render};

/// A mail ready to go.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rendered {
    pub id: String,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The action link, kept apart so the dev mailbox can show it plainly.
    pub link: Option<String>,
    /// Files sent with it (an order's calendar event); none in mails stored before.
    #[serde(default)]
    pub attachments: Vec<Attachment>,
}

/// A text file attached to a mail.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub body: String,
}

/// Where rendered mails go.
#[async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, mail: &Rendered) -> Result<(), String>;
}
