//! Drives timed by an OSRM server (`GET {base}/route/v1/driving/{lon},{lat};{lon},{lat}`,
//! `overview=false`): the first route's `duration` (seconds) and `distance` (metres). `NoRoute`
//! and `NoSegment` are no road; anything else is the service unavailable, and the straight
//! line's estimate stands.
//!
//! A traveller's page reads the partner's whereabouts on every reading they send: answers are
//! kept a minute per pair of points rounded to about 100 m, so a partner standing still, or
//! several pages following one partner, cost one question.

use std::time::{Duration, Instant};

use async_trait::async_trait;
use domain::jobs::{Drive, Point, Routing};
use domain::{DomainError, DomainResult};
use serde::Deserialize;

const TIMEOUT: Duration = Duration::from_secs(3);
/// How long an answer is kept.
const KEPT: Duration = Duration::from_secs(60);
/// How many pairs of points are kept.
const KEPT_PAIRS: usize = 4_096;

/// A pair of points to about 100 m (three decimals of a degree).
type Pair = [i32; 4];

pub struct Osrm {
    base: String,
    http: reqwest::Client,
    kept: quick_cache::sync::Cache<Pair, (Instant, Option<Drive>)>,
}

impl Osrm {
    /// `base`: the server's address, `http://osrm:5000`.
    pub fn new(base: &str) -> Self {
        Self {
            base: base.trim_end_matches('/').to_owned(),
            http: reqwest::Client::new(),
            kept: quick_cache::sync::Cache::new(KEPT_PAIRS),
        }
    }
}

#[derive(Deserialize)]
struct Answer {
    code: String,
    #[serde(default)]
    routes: Vec<Route>,
}

#[derive(Deserialize)]
struct Route {
    duration: f64,
    distance: f64,
}

fn unavailable(why: impl std::fmt::Display) -> DomainError {
    DomainError::Unavailable(format!("routing: {why}"))
}

fn pair(from: Point, to: Point) -> Pair {
    let at = |v: f64| (v * 1_000.0).round() as i32;
    [
        at(from.latitude),
        at(from.longitude),
        at(to.latitude),
        at(to.longitude),
    ]
}

#[async_trait]
impl Routing for Osrm {
    async fn drive(&self, from: Point, to: Point) -> DomainResult<Option<Drive>> {
        let key = pair(from, to);
        if let Some((at, drive)) = self.kept.get(&key)
            && at.elapsed() < KEPT
        {
            return Ok(drive);
        }
        // Numbers only reach the path: a point is two checked floats.
        let url = format!(
            "{}/route/v1/driving/{:.6},{:.6};{:.6},{:.6}?overview=false",
            self.base, from.longitude, from.latitude, to.longitude, to.latitude
        );
        let answer = self
            .http
            .get(url)
            .timeout(TIMEOUT)
            .send()
            .await
            .map_err(unavailable)?;
        let status = answer.status();
        // OSRM says why in its body, with 200 or 400.
        let body: Answer = match answer.json().await {
            Ok(body) => body,
            Err(_) => return Err(unavailable(status)),
        };
        let drive = match body.code.as_str() {
            "Ok" => body.routes.first().map(|r| Drive {
                seconds: r.duration.max(0.0).round() as u32,
                metres: r.distance.max(0.0).round() as u32,
            }),
            "NoRoute" | "NoSegment" => None,
            other => return Err(unavailable(other)),
        };
        self.kept.insert(key, (Instant::now(), drive));
        Ok(drive)
    }
}
