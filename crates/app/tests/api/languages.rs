//! Each person reads their own language: a signed-in caller who sends no `Accept-Language` is
//! answered in their profile's language, and mails go out in the recipient's profile language, or
//! the asker's where the address has no account. Every case on SQLite and PostgreSQL.

use adapters::providers::mail::{DevMailbox, StoredMail};
use serde_json::json;

use super::*;

/// The first mail delivered to `to` whose subject passes `wanted`, waiting for the outbox.
async fn delivered(app: &TestApp, to: &str, wanted: impl Fn(&str) -> bool) -> StoredMail {
    let mailbox = DevMailbox::new(app.web_dir.join("mailbox"));
    for _ in 0..100 {
        let mails = mailbox.list().await;
        if let Some(m) = mails
            .into_iter()
            .find(|m| m.mail.to == to && wanted(&m.mail.subject))
        {
            return m;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no such mail to {to}")
}

/// A REST call in `lang` (no header for `None`), as `token`.
async fn ask(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    body: Value,
    token: Option<&str>,
    lang: Option<&str>,
) -> Value {
    let mut r = app.http.request(method, app.url(path)).json(&body);
    if let Some(token) = token {
        r = r.header("authorization-firebase", token);
    }
    if let Some(lang) = lang {
        r = r.header("accept-language", lang);
    }
    let r = r.send().await.unwrap();
    r.json().await.unwrap_or(Value::Null)
}

api_test!(
    a_profile_s_language_chooses_its_mails_and_its_answers,
    async |app: &TestApp| {
        use reqwest::Method;
        let email = "linh@example.com";
        // Signed up on the Vietnamese pages: the verification mail is in Vietnamese, money and all.
        let signed = ask(
            app,
            Method::POST,
            "/api/auth/sign-up",
            json!({"email": email, "password": "secret-123"}),
            None,
            Some("vi-VN,vi;q=0.9"),
        )
        .await;
        let token = signed["data"]["idToken"].as_str().unwrap().to_owned();
        let verify = delivered(app, email, |s| s.contains("xác minh")).await;
        assert_eq!(
            verify.mail.subject,
            "Vui lòng xác minh email của bạn — Đặt Dịch Vụ Du Lịch Việt Nam"
        );
        assert!(verify.mail.text.contains("3 ngày"), "{}", verify.mail.text);
        assert!(verify.mail.html.contains("lang=\"vi\""));
        // The first visit to the member area makes the profile in the language it is read in.
        let user = ask(
            app,
            Method::POST,
            "/api/login",
            json!({}),
            Some(&token),
            Some("vi"),
        )
        .await;
        assert_eq!(user["data"]["preferredLanguage"], "vi", "{user}");
        // Without a header, a refusal comes in the profile's language.
        let bad = json!({"preferredLanguage": "fr"});
        let refused = ask(
            app,
            Method::PATCH,
            "/api/user",
            bad.clone(),
            Some(&token),
            None,
        )
        .await;
        let words = &refused["error"]["details"][0]["description"];
        assert_eq!(words, "Vui lòng chọn zh-TW, en hoặc vi", "{refused}");
        // Chosen English: a reset asked from the Chinese pages is still mailed in English, since
        // the profile says so; and answers without a header follow.
        let en = json!({"preferredLanguage": "en"});
        let user = ask(
            app,
            Method::PATCH,
            "/api/user",
            en,
            Some(&token),
            Some("vi"),
        )
        .await;
        assert_eq!(user["data"]["preferredLanguage"], "en", "{user}");
        let refused = ask(app, Method::PATCH, "/api/user", bad, Some(&token), None).await;
        let words = &refused["error"]["details"][0]["description"];
        assert_eq!(words, "Choose zh-TW, en or vi", "{refused}");
        let reset = json!({"email": email});
        ask(
            app,
            Method::POST,
            "/api/auth/send-password-reset",
            reset,
            None,
            Some("zh-TW"),
        )
        .await;
        let mail = delivered(app, email, |s| s.starts_with("Reset")).await;
        assert_eq!(
            mail.mail.subject,
            "Reset your password — Vietnam Travel Booking"
        );
        assert!(mail.mail.text.starts_with("Hello,"), "{}", mail.mail.text);
        // An address with no account is written to in the asker's language.
        let stranger = "nobody@example.com";
        let reset = json!({"email": stranger});
        ask(
            app,
            Method::POST,
            "/api/auth/send-password-reset",
            reset,
            None,
            Some("en"),
        )
        .await;
        let mail = delivered(app, stranger, |_| true).await;
        assert_eq!(
            mail.mail.subject,
            "A password reset request — Vietnam Travel Booking"
        );
        // And a caller with no header and no profile reads the default, Traditional Chinese.
        let fresh = super::orders::token_for(app, "an@example.com").await;
        let refused = ask(
            app,
            Method::PATCH,
            "/api/user",
            json!({"preferredLanguage": "fr"}),
            Some(&fresh),
            None,
        )
        .await;
        let words = &refused["error"]["details"][0]["description"];
        assert_eq!(words, "請選擇 zh-TW、en 或 vi", "{refused}");
    }
);
