//! Start-up and the one listener: APIs, health, and the web app on one axum router.

use std::future::Future;
use std::sync::Arc;

use adapters::db::{self, DatabaseConnection};
use adapters::{SqlCatalogRepository, catalog_file};
use anyhow::Context;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use domain::catalog::CatalogService;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::web;

/// Everything the server holds: the database and the application services built on it.
pub struct App {
    pub db: DatabaseConnection,
    pub services: gateway::Services,
}

impl App {
    /// Connects, migrates when configured, and seeds the demo catalogue where configured.
    pub async fn start(config: &Config) -> anyhow::Result<Self> {
        let db = db::connect(&config.database_url)
            .await
            .context("connecting to the database")?;
        if config.migrate_on_start {
            db::migrate(&db).await.context("migrating the database")?;
        }
        let catalog = CatalogService::new(Arc::new(SqlCatalogRepository::new(db.clone())));
        if config.seeds_demo() && seed_demo(&catalog, false).await? {
            tracing::info!("loaded the demo catalogue");
        }
        Ok(Self {
            db,
            services: gateway::Services { catalog },
        })
    }

    pub fn router(&self, config: &Config) -> Router {
        let health = Router::new()
            .route("/healthz", get(|| async { "ok" }))
            .route("/readyz", get(readyz))
            .with_state(self.db.clone());
        gateway::router(self.services.clone())
            .merge(health)
            .fallback_service(web::router(&config.web_dir))
            .layer(TraceLayer::new_for_http())
    }
}

/// Loads the demo catalogue: into an empty database only, unless `overwrite` is set.
pub async fn seed_demo(catalog: &CatalogService, overwrite: bool) -> anyhow::Result<bool> {
    let (plans, therapists) =
        catalog_file::parse(catalog_file::DEMO).context("reading the demo catalogue")?;
    if overwrite {
        catalog.import(&plans, &therapists).await?;
        return Ok(true);
    }
    Ok(catalog.seed_if_empty(&plans, &therapists).await?)
}

async fn readyz(State(db): State<DatabaseConnection>) -> impl IntoResponse {
    match db::ping(&db).await {
        Ok(()) => (StatusCode::OK, "ready"),
        Err(err) => {
            tracing::warn!(error = %err, "not ready: database unreachable");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable")
        }
    }
}

/// Serves until `shutdown` resolves, then finishes the requests in flight.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let app = App::start(&config).await?;
    let router = app.router(&config);
    tracing::info!(addr = %listener.local_addr()?, env = ?config.env, "listening");
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown)
        .await
        .context("serving")?;
    app.db.close().await.ok();
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}
