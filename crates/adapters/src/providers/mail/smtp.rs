//! Delivery through an SMTP relay (`APP_SMTP_*`), with lettre.

use async_trait::async_trait;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde::{Deserialize, Serialize};

use super::{Mailer, Rendered};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// STARTTLS on the submission port (587), required.
    #[default]
    Starttls,
    /// TLS from the first byte (465).
    Tls,
    /// Plain text: only for a relay on the same host.
    None,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub tls: SmtpTls,
    pub username: Option<String>,
    pub password: Option<String>,
    /// `越南旅遊預約 <no-reply@example.com>`
    pub from: String,
}

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    pub fn new(c: &SmtpConfig) -> Result<Self, String> {
        let builder = match c.tls {
            SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&c.host),
            SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&c.host),
            SmtpTls::None => Ok(AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(
                &c.host,
            )),
        }
        .map_err(|e| format!("SMTP {}: {e}", c.host))?;
        let mut builder = builder
            .port(c.port)
            .timeout(Some(std::time::Duration::from_secs(20)));
        if let (Some(user), Some(pass)) = (&c.username, &c.password) {
            builder = builder.credentials(Credentials::new(user.clone(), pass.clone()));
        }
        let from = c
            .from
            .parse::<Mailbox>()
            .map_err(|e| format!("APP_SMTP_FROM {:?}: {e}", c.from))?;
        Ok(Self {
            transport: builder.build(),
            from,
        })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: &Rendered) -> Result<(), String> {
        let to = mail.to.parse::<Mailbox>().map_err(|e| e.to_string())?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&mail.subject);
        let body = MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone());
        // Attachments make it multipart/mixed: the two readable parts, then the files.
        let message = if mail.attachments.is_empty() {
            message.multipart(body)
        } else {
            let mut mixed = MultiPart::mixed().multipart(body);
            for a in &mail.attachments {
                let kind = ContentType::parse(&a.content_type).map_err(|e| e.to_string())?;
                mixed = mixed
                    .singlepart(Attachment::new(a.filename.clone()).body(a.body.clone(), kind));
            }
            message.multipart(mixed)
        }
        .map_err(|e| e.to_string())?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}
