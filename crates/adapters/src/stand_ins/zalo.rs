//! Zalo as far as partners' notices use it, on one address:
//! - ZNS's send call, `POST /message/template`: the Official Account's `access_token` header, the
//!   approved template's id, its parameters, the phone number in `84…` digits and a tracking id;
//!   answered in a 200 with ZNS's own codes (0 sent, -124 a token it does not take, -108 a phone,
//!   -109 a template, -111 a tracking id, -112 the parameters).
//! - OAuth v4's renewal, `POST /v4/oa/access_token`: the app's `secret_key` header and the form
//!   `app_id`, `refresh_token`, `grant_type=refresh_token`; it answers a new access token, a new
//!   refresh token and `expires_in` as text, and spends the refresh token it was given. A spent or
//!   unknown one is refused with OAuth's error shape (`error`, `error_name`,
//!   `error_description`), and counted: a site that sends one twice has lost its chain.
//!
//! Tests give it the app and the first refresh token (or an access token good from the start),
//! make every token it gave lapse (`lapse`), and read what it took.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::{Json, Router};
use serde_json::{Value, json};

/// The access tokens it gave are good this long (Zalo's 25 hours).
const LIFETIME_S: u64 = 90_000;

#[derive(Default)]
struct Books {
    /// Access tokens it takes.
    good: Vec<String>,
    /// The one refresh token it takes next.
    refresh: Option<String>,
    spent: Vec<String>,
    renewals: usize,
    spent_again: usize,
    /// Answers still to say the token is no good, whatever it is.
    refuse: u32,
    taken: Vec<Value>,
}

struct Oa {
    app_id: String,
    secret_key: String,
    template_id: String,
    books: Mutex<Books>,
}

impl Oa {
    fn books(&self) -> MutexGuard<'_, Books> {
        self.books.lock().expect("the stand-in's books")
    }
}

pub struct ZaloStandIn {
    /// Its address: both `APP_ZALO_API_URL` and `APP_ZALO_OAUTH_URL`.
    pub url: String,
    oa: Arc<Oa>,
}

impl ZaloStandIn {
    /// An Official Account granted to `app_id` (secret `secret_key`) with `refresh_token`, that
    /// sends `template_id`.
    pub async fn start(
        app_id: &str,
        secret_key: &str,
        refresh_token: &str,
        template_id: &str,
    ) -> Self {
        let oa = Arc::new(Oa {
            app_id: app_id.into(),
            secret_key: secret_key.into(),
            template_id: template_id.into(),
            books: Mutex::new(Books {
                refresh: Some(refresh_token.into()),
                ..Books::default()
            }),
        });
        let router = Router::new()
            .route("/message/template", axum::routing::post(send))
            .route("/v4/oa/access_token", axum::routing::post(renew))
            .with_state(oa.clone());
        let url = super::serve(router).await;
        Self { url, oa }
    }

    /// Takes `token` too, as if it had been given out already.
    pub fn take(&self, token: &str) {
        self.oa.books().good.push(token.into());
    }

    /// Every access token it gave lapses, as a day later.
    pub fn lapse(&self) {
        self.oa.books().good.clear();
    }

    /// The next `n` sends are refused as with a lapsed token, whatever the token.
    pub fn refuse(&self, n: u32) {
        self.oa.books().refuse = n;
    }

    /// How many renewals it granted.
    pub fn renewals(&self) -> usize {
        self.oa.books().renewals
    }

    /// How many times a spent refresh token came back.
    pub fn spent_again(&self) -> usize {
        self.oa.books().spent_again
    }

    /// The messages it took, in order.
    pub fn taken(&self) -> Vec<Value> {
        self.oa.books().taken.clone()
    }

    /// The `n`-th message taken, waited for up to 10 s.
    pub async fn message(&self, n: usize) -> Value {
        for _ in 0..100 {
            if let Some(m) = self.oa.books().taken.get(n - 1) {
                return m.clone();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("Zalo took fewer than {n} messages");
    }
}

fn code(error: i64, message: &str) -> Json<Value> {
    Json(json!({"error": error, "message": message}))
}

async fn send(
    State(oa): State<Arc<Oa>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Json<Value> {
    let token = headers.get("access_token").and_then(|v| v.to_str().ok());
    let mut books = oa.books();
    if books.refuse > 0 || !token.is_some_and(|t| books.good.iter().any(|g| g == t)) {
        books.refuse = books.refuse.saturating_sub(1);
        return code(-124, "Access token is invalid");
    }
    let phone = body["phone"].as_str().unwrap_or_default();
    if !(phone.starts_with("84") && phone.len() >= 10 && phone.bytes().all(|b| b.is_ascii_digit()))
    {
        return code(-108, "Phone number invalid");
    }
    if body["template_id"] != oa.template_id.as_str() {
        return code(-109, "Template ID invalid");
    }
    let data = &body["template_data"];
    let fits = |key: &str, max: usize| {
        data[key]
            .as_str()
            .is_some_and(|t| !t.is_empty() && t.chars().count() <= max)
    };
    if !(fits("title", 100) && fits("content", 400) && fits("link", 1000)) {
        return code(-112, "Template data invalid");
    }
    if !body["tracking_id"]
        .as_str()
        .is_some_and(|t| !t.is_empty() && t.len() <= 48)
    {
        return code(-111, "Tracking id invalid");
    }
    books.taken.push(body.clone());
    Json(json!({
        "error": 0,
        "message": "Success",
        "data": {"msg_id": format!("m{}", books.taken.len()), "sent_time": "1764547200000",
                 "quota": {"dailyQuota": "500", "remainingQuota": "499"}}
    }))
}

fn oauth_error(error: i64, name: &str, description: &str) -> Json<Value> {
    Json(json!({
        "error": error,
        "error_name": name,
        "error_reason": name,
        "error_description": description,
    }))
}

async fn renew(State(oa): State<Arc<Oa>>, headers: HeaderMap, body: String) -> Json<Value> {
    let form: HashMap<String, String> = form_urlencoded::parse(body.as_bytes())
        .into_owned()
        .collect();
    let secret = headers.get("secret_key").and_then(|v| v.to_str().ok());
    if form.get("app_id") != Some(&oa.app_id) {
        return oauth_error(-14001, "Invalid app_id", "app_id is invalid");
    }
    if secret != Some(oa.secret_key.as_str()) {
        return oauth_error(-14002, "Invalid secret_key", "secret_key is invalid");
    }
    if form.get("grant_type").map(String::as_str) != Some("refresh_token") {
        return oauth_error(-14003, "Invalid parameter", "grant_type is invalid");
    }
    let given = form.get("refresh_token").cloned().unwrap_or_default();
    let mut books = oa.books();
    if books.refresh.as_deref() != Some(given.as_str()) {
        if books.spent.contains(&given) {
            books.spent_again += 1;
        }
        return oauth_error(-14014, "Invalid refresh token", "refresh_token is invalid");
    }
    books.renewals += 1;
    let n = books.renewals;
    let access = format!("oa-access-{n}");
    let next = format!("oa-refresh-{n}");
    books.spent.push(given);
    books.refresh = Some(next.clone());
    books.good.push(access.clone());
    Json(json!({
        "access_token": access,
        "refresh_token": next,
        "expires_in": LIFETIME_S.to_string(),
    }))
}
