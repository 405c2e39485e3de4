//! The built web app: static files, the SPA's index for every route of the app, and a real 404
//! (still the SPA, which shows its not-found screen) for paths that are no route.
//!
//! A plan's page is answered with its own title and description (and Open Graph tags), so a shared
//! link previews the plan, not the site; an unknown plan is a 404 there too.
//!
//! The app is built once per language (`index.html` for the default, `index.{lang}.html` beside
//! it); each page gets the index of the language chosen for the request: a link's `?lang=`, then
//! the `lang` cookie the language switcher sets, then the browser's `Accept-Language`.
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
use domain::DomainError;
use domain::catalog::{CatalogService, Category, PlanId};
use domain::error::msg;
use gateway::texts::{self, Language};
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
    /// Each language's index, as `Language::ALL` orders them; shared by every answer without copying.
    indexes: Vec<Option<Bytes>>,
    routes: Vec<Route>,
    catalog: Option<CatalogService>,
}

/// What a shared link's preview shows.
#[derive(Debug, PartialEq)]
struct Preview {
    title: String,
    description: String,
    image: Option<String>,
}

/// `/category/{category}/{planId}`: the plan's preview; `Err` for a plan that is not there.
async fn plan_preview(
    catalog: &CatalogService,
    path: &str,
    lang: Language,
) -> Option<Result<Preview, ()>> {
    let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let ["category", slug, id] = parts.as_slice() else {
        return None;
    };
    let found = match (Category::from_slug(slug), PlanId::parse(id)) {
        (Ok(category), Ok(id)) => match catalog.get_plan_in(category, &id).await {
            Ok(plan) => Some(plan),
            Err(DomainError::NotFound { .. }) => None,
            // The store failed: the page is served as it is (its own loader will say why), not
            // called missing.
            Err(error) => {
                tracing::warn!(%error, "plan preview");
                return None;
            }
        },
        _ => None,
    };
    Some(
        found
            .filter(|p| p.active)
            .map(|p| Preview {
                title: domain::words::say(&msg("site.page_title").with("page", &p.name), lang),
                description: if p.summary.is_empty() {
                    p.description
                } else {
                    p.summary
                },
                image: p.images.into_iter().next(),
            })
            .ok_or(()),
    )
}

fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The index with the page's title and description in place of the site's, and Open Graph tags.
fn with_preview(index: &[u8], p: &Preview) -> Bytes {
    let (title, description) = (attribute(&p.title), attribute(&p.description));
    let mut html = String::from_utf8_lossy(index).into_owned();
    replace_between(&mut html, "<title>", "</title>", &title);
    replace_between(
        &mut html,
        r#"<meta name="description" content=""#,
        "\"",
        &description,
    );
    let mut og = format!(
        r#"<meta property="og:type" content="website" /><meta property="og:title" content="{title}" /><meta property="og:description" content="{description}" />"#
    );
    if let Some(image) = &p.image {
        og.push_str(&format!(
            r#"<meta property="og:image" content="{}" />"#,
            attribute(image)
        ));
    }
    if let Some(at) = html.find("</head>") {
        html.insert_str(at, &og);
    }
    Bytes::from(html)
}

/// Replaces what stands between the first `open` and the `close` after it.
fn replace_between(html: &mut String, open: &str, close: &str, with: &str) {
    if let Some(a) = html.find(open).map(|a| a + open.len())
        && let Some(len) = html[a..].find(close)
    {
        html.replace_range(a..a + len, with);
    }
}

impl WebApp {
    fn load(dir: &Path, catalog: Option<CatalogService>) -> Self {
        let indexes: Vec<Option<Bytes>> = Language::ALL
            .iter()
            .map(|lang| {
                let file = match lang {
                    Language::ZhTw => "index.html".to_owned(),
                    other => format!("index.{}.html", other.tag()),
                };
                std::fs::read(dir.join(file)).ok().map(Bytes::from)
            })
            .collect();
        let routes = std::fs::read_to_string(dir.join("routes.json"))
            .ok()
            .and_then(|s| serde_json::from_str::<RouteTable>(&s).ok())
            .map(|t| t.routes)
            .unwrap_or_default();
        if indexes[0].is_none() {
            tracing::warn!(dir = %dir.display(), "web app not built: run `npm run build` in web/");
        }
        Self {
            indexes,
            routes,
            catalog,
        }
    }

    fn is_route(&self, path: &str) -> bool {
        self.routes.iter().any(|r| r.matches(path))
    }

    /// The index in `lang`, or the default's where that language was not built.
    fn index(&self, lang: Language) -> Option<&Bytes> {
        self.indexes[lang.index()]
            .as_ref()
            .or(self.indexes[0].as_ref())
    }
}

/// The page's language: the link's `?lang=`, the `lang` cookie, Vietnamese in the partner app,
/// then the browser's languages.
fn language_of(request: &Request) -> Language {
    let query = request.uri().query().and_then(|q| {
        form_urlencoded::parse(q.as_bytes())
            .find(|(k, _)| k == "lang")
            .and_then(|(_, v)| Language::of_tag(&v))
    });
    let cookie = || gateway::cookie(request.headers(), "lang").and_then(Language::of_tag);
    // The partner app speaks Vietnamese until its partner picks another language.
    let partner = || {
        let path = request.uri().path();
        (path == "/partner" || path.starts_with("/partner/")).then_some(Language::Vi)
    };
    query
        .or_else(cookie)
        .or_else(partner)
        .unwrap_or_else(|| texts::of_headers(request.headers()))
}

/// Static files from `dir`; anything else gets the SPA's index, with 404 unless it is a route;
/// plan pages are previewed from `catalog`.
pub(crate) fn router(dir: &Path, catalog: Option<CatalogService>) -> Router {
    let app = Arc::new(WebApp::load(dir, catalog));
    let spa = Router::new()
        .fallback(spa_index)
        .with_state(app)
        .into_service::<Body>();
    Router::new()
        // The build writes .br and .gz beside each asset; served by what the browser accepts.
        .fallback_service(
            ServeDir::new(dir)
                // `/` is a page like any other: its index is the request's language's.
                .append_index_html_on_directories(false)
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
    let path = request.uri().path();
    let lang = language_of(&request);
    let mut status = if app.is_route(path) {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    let preview = match &app.catalog {
        Some(catalog) if status == StatusCode::OK => plan_preview(catalog, path, lang).await,
        _ => None,
    };
    match app.index(lang) {
        Some(index) => {
            let body = match preview {
                Some(Ok(p)) => with_preview(index, &p),
                Some(Err(())) => {
                    status = StatusCode::NOT_FOUND;
                    index.clone()
                }
                None => index.clone(),
            };
            (
                status,
                [
                    (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                    // One address, an index per language: caches must tell them apart.
                    (header::VARY, "Cookie, Accept-Language"),
                ],
                body,
            )
                .into_response()
        }
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
            indexes: vec![None],
            routes: table(),
            catalog: None,
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
    fn a_preview_replaces_the_sites_title_and_description_and_escapes_them() {
        let index = br#"<html><head><meta name="description" content="site" /><title>Site</title></head><body></body></html>"#;
        let p = Preview {
            title: "接機 <4 人>｜越南旅遊預約".into(),
            description: r#"含"過路費" & 停車費"#.into(),
            image: Some("/img/plans/shuttle.svg".into()),
        };
        let html = String::from_utf8(with_preview(index, &p).to_vec()).unwrap();
        assert!(
            html.contains("<title>接機 &lt;4 人&gt;｜越南旅遊預約</title>"),
            "{html}"
        );
        assert!(
            html.contains(
                r#"<meta name="description" content="含&quot;過路費&quot; &amp; 停車費" />"#
            ),
            "{html}"
        );
        assert!(
            html.contains(
                r#"<meta property="og:image" content="/img/plans/shuttle.svg" /></head>"#
            ),
            "{html}"
        );
        assert!(!html.contains("Site"));
    }

    #[test]
    fn a_page_speaks_the_links_language_then_the_cookies_then_the_browsers() {
        let lang = |uri: &str, cookie: Option<&str>, accept: Option<&str>| {
            let mut r = Request::builder().uri(uri);
            if let Some(c) = cookie {
                r = r.header(header::COOKIE, c);
            }
            if let Some(a) = accept {
                r = r.header(header::ACCEPT_LANGUAGE, a);
            }
            language_of(&r.body(Body::empty()).unwrap())
        };
        assert_eq!(lang("/", None, None), Language::ZhTw);
        assert_eq!(lang("/", None, Some("fr-FR, vi;q=0.5")), Language::Vi);
        assert_eq!(
            lang("/", Some("token=a; lang=en"), Some("vi")),
            Language::En
        );
        assert_eq!(
            lang("/?x=1&lang=vi", Some("lang=en"), Some("en")),
            Language::Vi
        );
        // Words that name no language of ours change nothing.
        assert_eq!(
            lang("/?lang=klingon", Some("lang=??"), Some("en")),
            Language::En
        );
        // The partner app is Vietnamese until its partner picks a language; the word "partner"
        // elsewhere in a path is not the app.
        assert_eq!(lang("/partner/jobs/BK1", None, Some("zh-TW")), Language::Vi);
        assert_eq!(
            lang("/partner", Some("lang=en"), Some("zh-TW")),
            Language::En
        );
        assert_eq!(lang("/partners", None, Some("zh-TW")), Language::ZhTw);
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
