//! OSRM's HTTP API as far as timing a drive uses it: `GET /route/v1/driving/{lon},{lat};{lon},{lat}`
//! answers `{"code": "Ok", "routes": [{"duration": s, "distance": m, …}], "waypoints": […]}`;
//! coordinates it cannot read are 400 `InvalidQuery`, points no road joins are 400 `NoRoute`.
//! Tests set the drive it answers (`set`), make it unroutable or take it down, and read what it
//! was asked.

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// What the stand-in answers next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OsrmAnswer {
    /// A route of so many seconds and metres.
    Drive { seconds: f64, metres: f64 },
    /// No road joins the points.
    NoRoute,
    /// The server is down (503).
    Down,
}

struct Roads {
    answer: Mutex<OsrmAnswer>,
    /// Each question's coordinates, as `lon,lat;lon,lat`.
    asked: Mutex<Vec<String>>,
}

pub struct OsrmStandIn {
    /// Its base address (`APP_MAPS_ROUTING_URL`).
    pub url: String,
    roads: Arc<Roads>,
}

impl OsrmStandIn {
    pub async fn start(answer: OsrmAnswer) -> Self {
        let roads = Arc::new(Roads {
            answer: Mutex::new(answer),
            asked: Mutex::default(),
        });
        let router = axum::Router::new()
            .route(
                "/route/v1/{profile}/{coordinates}",
                axum::routing::get(route),
            )
            .with_state(roads.clone());
        let url = super::serve(router).await;
        Self { url, roads }
    }

    pub fn set(&self, answer: OsrmAnswer) {
        *self.roads.answer.lock().expect("the answer") = answer;
    }

    /// The coordinates of every question so far, `lon,lat;lon,lat`.
    pub fn asked(&self) -> Vec<String> {
        self.roads.asked.lock().expect("the questions").clone()
    }
}

fn refused(code: &str, message: &str) -> (StatusCode, Json<Value>) {
    (
        StatusCode::BAD_REQUEST,
        Json(json!({"code": code, "message": message})),
    )
}

async fn route(
    State(roads): State<Arc<Roads>>,
    Path((profile, coordinates)): Path<(String, String)>,
) -> (StatusCode, Json<Value>) {
    let coordinates = coordinates.trim_end_matches(".json").to_owned();
    let points: Option<Vec<(f64, f64)>> = coordinates
        .split(';')
        .map(|p| {
            let (lon, lat) = p.split_once(',')?;
            let (lon, lat) = (lon.parse::<f64>().ok()?, lat.parse::<f64>().ok()?);
            ((-180.0..=180.0).contains(&lon) && (-90.0..=90.0).contains(&lat)).then_some((lon, lat))
        })
        .collect();
    let Some(points) = points.filter(|p| p.len() >= 2) else {
        return refused("InvalidQuery", "Query string malformed close to position 0");
    };
    if profile != "driving" {
        return refused("InvalidQuery", "profile not found");
    }
    roads.asked.lock().expect("the questions").push(coordinates);
    let answer = *roads.answer.lock().expect("the answer");
    match answer {
        OsrmAnswer::Down => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"message": "unavailable"})),
        ),
        OsrmAnswer::NoRoute => refused("NoRoute", "Impossible route between points"),
        OsrmAnswer::Drive { seconds, metres } => {
            let waypoints: Vec<Value> = points
                .iter()
                .map(|(lon, lat)| json!({"hint": "", "distance": 0.0, "name": "", "location": [lon, lat]}))
                .collect();
            let leg = json!({"steps": [], "summary": "", "weight": seconds, "duration": seconds, "distance": metres});
            (
                StatusCode::OK,
                Json(json!({
                    "code": "Ok",
                    "routes": [{"legs": [leg], "weight_name": "routability", "weight": seconds, "duration": seconds, "distance": metres}],
                    "waypoints": waypoints,
                })),
            )
        }
    }
}
