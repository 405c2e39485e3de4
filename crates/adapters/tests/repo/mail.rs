//! Mail delivery: the SMTP adapter against an SMTP peer on loopback, and the outbox worker's
//! retries on real databases.

use std::sync::Arc;

use adapters::providers::mail::{
    DevMailbox, Mailer, OutboxWorker, SmtpConfig, SmtpMailer, SmtpTls, render,
};
use adapters::testing::unique_name;
use adapters::{SqlIdentityStore, on_both_databases};
use chrono::Utc;
use domain::identity::{Change, Email, IdentityPolicy, IdentityStore, Mail, MailKind};
use sea_orm::DatabaseConnection;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A minimal SMTP server (RFC 5321's commands that a client sends for one mail), which answers
/// every command with success and hands over the conversation.
async fn smtp_peer() -> (u16, tokio::task::JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let task = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        let mut transcript = String::new();
        write.write_all(b"220 peer ESMTP\r\n").await.unwrap();
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            transcript.push_str(&line);
            transcript.push('\n');
            let reply: &[u8] = if in_data {
                if line != "." {
                    continue;
                }
                in_data = false;
                b"250 queued\r\n"
            } else {
                match line
                    .get(..4)
                    .unwrap_or_default()
                    .to_ascii_uppercase()
                    .as_str()
                {
                    "EHLO" | "HELO" => b"250 peer\r\n",
                    "DATA" => {
                        in_data = true;
                        b"354 go on\r\n"
                    }
                    "QUIT" => {
                        write.write_all(b"221 bye\r\n").await.ok();
                        break;
                    }
                    _ => b"250 ok\r\n",
                }
            };
            write.write_all(reply).await.unwrap();
        }
        transcript
    });
    (port, task)
}

fn smtp(port: u16) -> SmtpMailer {
    SmtpMailer::new(&SmtpConfig {
        host: "127.0.0.1".into(),
        port,
        tls: SmtpTls::None,
        username: None,
        password: None,
        from: "越南旅遊預約 <no-reply@example.com>".into(),
    })
    .unwrap()
}

#[tokio::test]
async fn a_receipt_reaches_the_relay_with_its_calendar_event_attached() {
    let (port, peer) = smtp_peer().await;
    let facts = r#"{"orderId":"BK9","plan":"接機","totalVnd":380000,"start":"2026-12-24 10:00","place":"Rex Hotel","flight":"VN123","reason":"","driver":null}"#;
    let mail = render(
        "n-BK9-2",
        "lin@example.com",
        MailKind::OrderPaid,
        Some("/member/order?id=BK9"),
        Some(facts),
        &IdentityPolicy::for_site("http://x"),
        &domain::catalog::CancellationPolicy::default(),
        domain::shared::Language::ZhTw,
    );
    smtp(port).send(&mail).await.unwrap();
    let transcript = peer.await.unwrap();
    assert!(transcript.contains("multipart/mixed"), "{transcript}");
    assert!(transcript.contains("multipart/alternative"), "{transcript}");
    assert!(
        transcript.contains("Content-Disposition: attachment; filename=\"BK9.ics\""),
        "{transcript}"
    );
    assert!(transcript.contains("text/calendar"), "{transcript}");
}

#[tokio::test]
async fn smtp_delivers_a_multipart_mail_to_the_relay() {
    let (port, peer) = smtp_peer().await;
    let link = "http://127.0.0.1:8080/auth/action?mode=verifyEmail&oobCode=abc&continueUrl=%2F";
    let mail = render(
        "m1",
        "lin@example.com",
        MailKind::VerifyEmail,
        Some(link),
        None,
        &IdentityPolicy::for_site("http://x"),
        &domain::catalog::CancellationPolicy::default(),
        domain::shared::Language::ZhTw,
    );
    smtp(port).send(&mail).await.unwrap();
    let transcript = peer.await.unwrap();
    assert!(
        transcript.contains("MAIL FROM:<no-reply@example.com>"),
        "{transcript}"
    );
    assert!(
        transcript.contains("RCPT TO:<lin@example.com>"),
        "{transcript}"
    );
    assert!(transcript.contains("multipart/alternative"), "{transcript}");
    assert!(transcript.contains("text/html"), "{transcript}");
    assert!(
        transcript.contains("Subject: =?utf-8?"),
        "a Chinese subject, encoded: {transcript}"
    );
}

#[tokio::test]
async fn smtp_reports_a_relay_it_cannot_reach() {
    let closed = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let mail = render(
        "m2",
        "lin@example.com",
        MailKind::EmailChanged,
        None,
        None,
        &IdentityPolicy::for_site("http://x"),
        &domain::catalog::CancellationPolicy::default(),
        domain::shared::Language::ZhTw,
    );
    assert!(smtp(port).send(&mail).await.is_err());
}

on_both_databases!(
    the_outbox_retries_until_delivered_and_never_twice,
    |db: DatabaseConnection| async move {
        let store = SqlIdentityStore::new(db.clone());
        let mail = Mail {
            id: "mail-1".into(),
            to: Email::parse("wu@example.com").unwrap(),
            kind: MailKind::ResetPassword,
            link: Some("http://x/auth/action?mode=resetPassword&oobCode=c".into()),
            detail: None,
            language: None,
            created_at: Utc::now(),
        };
        store
            .commit(Change {
                mails: vec![mail],
                ..Change::default()
            })
            .await
            .unwrap();

        // The relay is down: the mail stays queued with the error and a later attempt.
        let closed = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = closed.local_addr().unwrap().port();
        drop(closed);
        let down = OutboxWorker::new(
            db.clone(),
            Arc::new(smtp(port)),
            IdentityPolicy::for_site("http://x"),
        );
        assert_eq!(down.run_once().await.unwrap(), 0);
        let (attempts, sent, error) = adapters::testing::outbox_state(&db, "mail-1").await;
        assert_eq!((attempts, sent), (1, false));
        assert!(error.is_some());

        let dir = std::env::temp_dir().join(unique_name("mailbox"));
        let mailbox = DevMailbox::new(&dir);
        let up = OutboxWorker::new(
            db.clone(),
            Arc::new(mailbox.clone()),
            IdentityPolicy::for_site("http://x"),
        );
        assert_eq!(
            up.run_once().await.unwrap(),
            0,
            "not due before its retry time"
        );
        adapters::testing::make_mail_due(&db).await;
        assert_eq!(up.run_once().await.unwrap(), 1);
        assert_eq!(up.run_once().await.unwrap(), 0, "sent once only");
        let (attempts, sent, error) = adapters::testing::outbox_state(&db, "mail-1").await;
        assert_eq!((attempts, sent, error), (2, true, None));
        let delivered = mailbox.list().await;
        assert_eq!(delivered.len(), 1);
        assert_eq!(delivered[0].mail.subject, "重設您的密碼 — 越南旅遊預約");
        assert!(delivered[0].mail.text.contains("oobCode=c"));
        std::fs::remove_dir_all(dir).ok();
    }
);
