//! The built web app: static files, the SPA's index for every route of the app, and a real 404
//! (still the SPA, which shows its not-found screen) for paths that are no route.
//!
//! The route table is the web app's own (`web/src/lib/paths.ts`), written by its build to
//! `routes.json`, so the server and the client cannot disagree about which paths exist.

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tower_http::services::ServeDir;

#[derive(Debug, Deserialize)]
struct RouteTable {
    routes: Vec<Route>,
}

#[derive(Debug, Deserialize)]
struct Route {
    path: String,
    /// Allowed values of a parameter, where the set is closed (e.g. the categories).
    #[serde(default)]
    params: std::collections::HashMap<String, Vec<String>>,
}

impl Route {
    fn matches(&self, path: &str) -> bool {
        let want: Vec<&str> = self.path.split('/').filter(|s| !s.is_empty()).collect();
        let got: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        want.len() == got.len()
            && want
                .iter()
                .zip(&got)
                .all(|(w, g)| match w.strip_prefix(':') {
                    Some(name) => self
                        .params
                        .get(name)
                        .is_none_or(|allowed| allowed.iter().any(|a| a == g)),
                    None => w == g,
                })
    }
}

struct WebApp {
    /// Shared by every answer without copying.
    index: Option<Bytes>,
    routes: Vec<Route>,
}

impl WebApp {
    fn load(dir: &Path) -> Self {
        let index = std::fs::read(dir.join("index.html")).ok().map(Bytes::from);
        let routes = std::fs::read_to_string(dir.join("routes.json"))
            .ok()
            .and_then(|s| serde_json::from_str::<RouteTable>(&s).ok())
            .map(|t| t.routes)
            .unwrap_or_default();
        if index.is_none() {
            tracing::warn!(dir = %dir.display(), "web app not built: run `npm run build` in web/");
        }
        Self { index, routes }
    }

    fn is_route(&self, path: &str) -> bool {
        self.routes.iter().any(|r| r.matches(path))
    }
}

/// Static files from `dir`; anything else gets the SPA's index, with 404 unless it is a route.
pub(crate) fn router(dir: &Path) -> Router {
    let app = Arc::new(WebApp::load(dir));
    let spa = Router::new()
        .fallback(spa_index)
        .with_state(app)
        .into_service::<Body>();
    Router::new()
        // The build writes .br and .gz beside each asset; served by what the browser accepts.
        .fallback_service(
            ServeDir::new(dir)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(spa),
        )
        .layer(middleware::from_fn(cache_headers))
}

async fn spa_index(State(app): State<Arc<WebApp>>, request: Request) -> Response {
    // A file that is not there (an old build's chunk, during or after a deploy) is a plain 404:
    // HTML in its place would be run as a script or drawn as an image. The page's reload guard
    // then loads the new build at once.
    if is_file(request.uri().path()) {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "not found",
        )
            .into_response();
    }
    let status = if app.is_route(request.uri().path()) {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    match &app.index {
        Some(index) => (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            index.clone(),
        )
            .into_response(),
        None => (
            status,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "The web app is not built yet: run `npm run build` in web/.",
        )
            .into_response(),
    }
}

/// A path that names a file rather than a page: under `/assets/`, or with an extension.
fn is_file(path: &str) -> bool {
    path.starts_with("/assets/")
        || path
            .rsplit('/')
            .next()
            .is_some_and(|last| last.contains('.'))
}

/// Hashed assets never change; everything else (index, build.json) is revalidated on each load,
/// so a new build reaches customers at once.
async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if immutable && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Vec<Route> {
        serde_json::from_str::<RouteTable>(
            r#"{"routes":[{"path":"/"},{"path":"/category/:category","params":{"category":["shuttle","charter"]}},{"path":"/order/escort/:planId/step1"}]}"#,
        )
        .unwrap()
        .routes
    }

    #[test]
    fn matches_static_and_parameter_segments() {
        let app = WebApp {
            index: None,
            routes: table(),
        };
        assert!(app.is_route("/"));
        assert!(app.is_route("/category/shuttle"));
        assert!(app.is_route("/category/charter/"));
        assert!(
            !app.is_route("/category/helicopter"),
            "closed parameter sets are checked"
        );
        assert!(app.is_route("/order/escort/escort-city-full-day/step1"));
        assert!(!app.is_route("/order/escort/x/step3"));
        assert!(!app.is_route("/nope"));
    }

    #[test]
    fn files_are_told_from_pages() {
        for file in [
            "/assets/app-1a2b.js",
            "/assets/x",
            "/img/plans/old.svg",
            "/robots.txt",
        ] {
            assert!(is_file(file), "{file}");
        }
        for page in [
            "/",
            "/category/shuttle",
            "/order/escort/escort-city-full-day/step1",
        ] {
            assert!(!is_file(page), "{page}");
        }
    }
}
