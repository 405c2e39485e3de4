//! Reminders through the real store and outbox, decided on a clock the test sets: a paid pick-up
//! two days ahead, its job taken by driver Minh. Two nodes (each its own pool on the test's
//! database) decide at once at each moment, and each reminder is queued once between them; the
//! server's outbox then delivers them, in each recipient's language, saying who is coming.
//! On SQLite and PostgreSQL.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use domain::reminders::ReminderService;
use domain::shared::{Clock, LocalTime};

use super::languages::delivered;
use super::operations::staff_token;
use super::partners::{scene, take};
use super::*;

struct At(DateTime<Utc>);

impl Clock for At {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

/// One node's reminders at `now`, on a pool of its own, built as the server builds them.
async fn node_at(app: &TestApp, now: DateTime<Utc>) -> ReminderService {
    let db = adapters::sql::db::connect(&app.db.url).await.unwrap();
    TestApp::config(&app.db, &app.web_dir)
        .reminders(&db, Arc::new(At(now)))
        .unwrap()
}

/// Two nodes look at `now` at the same time: how many mails they queued between them.
async fn two_nodes_at(app: &TestApp, now: DateTime<Utc>) -> usize {
    let nodes = [node_at(app, now).await, node_at(app, now).await];
    let runs = nodes
        .into_iter()
        .map(|n| async move { n.run_due().await.unwrap() })
        .collect();
    join_all(runs).await.into_iter().sum()
}

/// The mails delivered to `to` so far whose subject begins with `subject` (the site's name
/// follows).
async fn count(app: &TestApp, to: &str, subject: &str) -> usize {
    let mailbox = adapters::providers::mail::DevMailbox::new(app.web_dir.join("mailbox"));
    let mails = mailbox.list().await;
    mails
        .iter()
        .filter(|m| m.mail.to == to && m.mail.subject.starts_with(subject))
        .count()
}

api_test!(
    each_reminder_goes_once_at_its_time_to_whom_it_concerns,
    async |app: &TestApp| {
        let s = scene(app).await;
        staff_token(app, "duty@ops.example", "operator").await;
        let (_, order) = app
            .get_as(&format!("/api/order/detail/{}", s.id), &s.ann)
            .await;
        let start = order["data"]["details"]["start"].as_str().unwrap();
        let start = LocalTime::parse("start", start).unwrap().instant();

        // A day and an hour before: nothing yet. A day before, nobody has it: both operators
        // (the admin and the one on duty) are told, once between the two nodes.
        assert_eq!(two_nodes_at(app, start - Duration::hours(25)).await, 0);
        assert_eq!(two_nodes_at(app, start - Duration::hours(24)).await, 2);
        assert_eq!(two_nodes_at(app, start - Duration::hours(23)).await, 0);

        // Minh takes it. At 20:00 the evening before (10:00 is the start): Ann's reminder of
        // 18:00 and Minh's of 20:00; looked at again, nothing.
        take(app, &s.admin, &s.id, (&s.minh.0, &s.minh.1)).await;
        let evening = start - Duration::hours(14);
        assert_eq!(two_nodes_at(app, evening).await, 2);
        assert_eq!(two_nodes_at(app, evening + Duration::minutes(5)).await, 0);
        // Two hours before, Ann; one hour before, Minh.
        assert_eq!(two_nodes_at(app, start - Duration::hours(2)).await, 1);
        assert_eq!(two_nodes_at(app, start - Duration::minutes(90)).await, 0);
        assert_eq!(two_nodes_at(app, start - Duration::hours(1)).await, 1);
        assert_eq!(two_nodes_at(app, start).await, 0);

        // Delivered by the server's outbox: Ann's in her language, with who is coming.
        let ann = "ann@example.com";
        let tomorrow = delivered(app, ann, |s| s.starts_with("明天的行程提醒"))
            .await
            .mail;
        assert!(tomorrow.text.contains("Minh"), "{}", tomorrow.text);
        assert!(tomorrow.text.contains("51A-123.45"), "{}", tomorrow.text);
        assert!(
            tomorrow
                .link
                .unwrap()
                .ends_with(&format!("/member/order?id={}", s.id))
        );
        let soon = delivered(app, ann, |s| s.starts_with("您的服務即將開始"))
            .await
            .mail;
        assert!(soon.text.contains("Minh"));
        // Minh's point at his job in the partner app; the operators' at the order in the console.
        let minh = "minh@partners.example";
        let job = format!("/partner/jobs/{}", s.id);
        for subject in ["Nhắc lịch: chuyến ngày mai", "Chuyến của bạn sắp bắt đầu"]
        {
            let mail = delivered(app, minh, |s| s.starts_with(subject)).await.mail;
            assert!(mail.link.unwrap().ends_with(&job));
        }
        for to in ["lan@ops.example", "duty@ops.example"] {
            let mail = delivered(app, to, |s| s.starts_with("尚無人接單")).await;
            assert!(
                mail.mail
                    .link
                    .unwrap()
                    .ends_with(&format!("/ops/orders/{}", s.id))
            );
        }
        // Once each.
        assert_eq!(count(app, ann, "明天的行程提醒").await, 1);
        assert_eq!(count(app, ann, "您的服務即將開始").await, 1);
        assert_eq!(count(app, minh, "Nhắc lịch: chuyến ngày mai").await, 1);
        // Operators' notice is theirs alone.
        assert_eq!(count(app, ann, "尚無人接單").await, 0);
    }
);
