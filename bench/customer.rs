//! A bench customer: an account to act as, and the order every program books.

use serde_json::{Value, json};

/// Every bench account's password.
pub const PASSWORD: &str = "bench-password";

/// What `shuttle_order` costs: the demo catalogue's 4-seat Saigon airport car.
pub const SHUTTLE_PRICE: i64 = 480_000;

/// Signs up `email` and returns its ID token. Each client names its own documentation-range
/// address in `X-Forwarded-For` (the bench servers trust it), so the per-address sign-up throttle
/// does not stop a program that makes many accounts.
pub async fn sign_up(
    http: &reqwest::Client,
    base: &str,
    email: &str,
    n: usize,
) -> anyhow::Result<String> {
    let r = http
        .post(format!("{base}/api/auth/sign-up"))
        .header("x-forwarded-for", format!("198.51.100.{}", n % 250 + 1))
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await?;
    let body: Value = r.json().await?;
    let token = body["data"]["idToken"].as_str().unwrap_or_default();
    anyhow::ensure!(!token.is_empty(), "sign-up of {email}: {body}");
    Ok(token.to_owned())
}

/// An airport pick-up on `shuttle-sgn-4`, a daytime slot a week ahead (Vietnam time), with a
/// contact.
pub fn shuttle_order() -> Value {
    let start = (chrono::Utc::now() + chrono::Duration::days(7))
        .format("%Y-%m-%dT10:00")
        .to_string();
    json!({"details": {"direction": "pick-up", "flightNumber": "VN123", "start": start,
        "address": "Caravelle Saigon", "passengers": 3, "luggage": 2, "childSeats": 1},
        "contact": {"name": "Bench", "phoneCountryCode": "+84", "phoneNumber": "901234567"}})
}
