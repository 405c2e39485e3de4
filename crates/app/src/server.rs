//! Start-up and the one listener: APIs, health, keys, and the web app on one axum router.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use adapters::providers::flights::AeroApi;
use adapters::providers::line::LineWorker;
use adapters::providers::mail::{DevMailbox, Mailer, OutboxWorker, SmtpMailer};
use adapters::providers::media::{ImageRsCodec, LocalBlobStore, S3BlobStore};
use adapters::providers::oidc::OidcRelyingParty;
use adapters::providers::payments::{HmacBankFeed, VnPay};
use adapters::providers::push::{PushWorker, VapidKey};
use adapters::providers::routing::Osrm;
use adapters::providers::zalo::ZaloWorker;
use adapters::security::jwt::JwtSigner;
use adapters::security::password::Argon2Hasher;
use adapters::sql::db::{self, DatabaseConnection};
use adapters::stores::catalog_version::CatalogVersion;
use adapters::stores::live::SqlLiveFeed;
use adapters::system::{OsRandomness, SystemClock};
use adapters::{
    SqlAccountDirectory, SqlCatalogRepository, SqlFavoriteStore, SqlFederationStore,
    SqlFlightStore, SqlGiftStore, SqlIdentityStore, SqlImageStore, SqlJobStore,
    SqlNotificationStore, SqlOperationsStore, SqlOrderStore, SqlPartnerStore, SqlPaymentStore,
    SqlPromoStore, SqlRateLimiter, SqlReferralStore, SqlRefundStore, SqlReportStore,
    SqlReviewStore, SqlSupportStore, catalog_file,
};
use anyhow::Context;
use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use domain::catalog::{CatalogAdmin, CatalogService};
use domain::favorites::FavoriteService;
use domain::flights::FlightStatus;
use domain::gifts::GiftService;
use domain::identity::{IdentityDeps, IdentityPolicy, IdentityService, UserService};
use domain::invoicing::InvoiceService;
use domain::jobs::{Following, JobService, JobStore, TakenJobs};
use domain::live::LiveService;
use domain::media::{BlobStore, ImageLimits, MediaService};
use domain::notifications::NotificationService;
use domain::operations::{OperatorPorts, OperatorService};
use domain::ordering::{MassagePorts, OrderService, OrderStore};
use domain::partners::{PartnerService, PartnerStore};
use domain::payment::{BankFeed, PaymentPorts, PaymentService, VnPayGateway, VnPayRefunds};
use domain::promotions::{PromoClaims, PromoService, PromoStore};
use domain::referrals::ReferralService;
use domain::reports::ReportService;
use domain::reviews::ReviewService;
use domain::support::{SupportPorts, SupportService};
use domain::tips::{TipEarnings, TipService};
use gateway::ClientAddr;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::config::{Config, Environment};
use crate::listener::{self, Draining};
use crate::{jobs, mailbox_page, web};

static REQUEST_ID: axum::http::HeaderName = axum::http::HeaderName::from_static("x-request-id");

/// Everything the server holds: the database, the application services built on it, and the
/// parts the HTTP layer needs directly.
pub struct App {
    pub db: DatabaseConnection,
    pub services: gateway::Services,
    pub signer: Arc<JwtSigner>,
    pub mailer: Arc<dyn Mailer>,
    /// The dev mailbox, when mails go there rather than to an SMTP relay.
    pub mailbox: Option<DevMailbox>,
    /// On once the node has been told to stop: `/readyz` answers 503.
    pub draining: Draining,
    /// The catalogue's version as this node follows it.
    pub catalog_version: CatalogVersion,
    /// What Web Push is signed with; `None` when this site sends no push.
    pub vapid: Option<Arc<VapidKey>>,
}

impl App {
    /// Connects, migrates when configured, seeds the demo catalogue where configured, and loads
    /// the token signing keys.
    pub async fn start(config: &Config) -> anyhow::Result<Self> {
        // First, so that prod without its key-encryption key stops before touching anything.
        let sealing = config
            .sealing()
            .context("the key-encryption key of the signing keys")?;
        let db = db::connect(&config.database.url)
            .await
            .context("connecting to the database")?;
        if config.database.migrate_on_start {
            db::migrate(&db).await.context("migrating the database")?;
        }
        // Plans show the same cancellation terms the payment service applies.
        let catalog_version = CatalogVersion::new(db.clone())
            .await
            .context("reading the catalogue's version")?;
        let catalog = CatalogService::new(Arc::new(
            SqlCatalogRepository::new(db.clone()).following(catalog_version.clone()),
        ))
        .with_cancellation(config.payment_settings()?.cancellation);
        if config.seeds_demo() && seed_demo(&catalog, false).await? {
            tracing::info!("loaded the demo catalogue");
        }
        let mut policy = IdentityPolicy::for_site(&config.site_url());
        policy.sign_up_per_address.max = config.accounts.sign_ups_per_address_hour.max(1);
        policy.refresh_reuse_grace =
            chrono::Duration::seconds(i64::from(config.accounts.refresh_reuse_grace_secs));
        let signer = Arc::new(
            JwtSigner::load(
                db.clone(),
                chrono::Duration::days(i64::from(config.accounts.signing_key_days.max(1))),
                policy.id_token_ttl + policy.clock_leeway,
                sealing,
            )
            .await
            .context("loading the token signing keys")?,
        );
        let identity_store = Arc::new(SqlIdentityStore::new(db.clone()));
        let hasher = Arc::new(Argon2Hasher::new());
        let relying_party = OidcRelyingParty::new(&config.site_url(), config.identity_providers()?)
            .map_err(anyhow::Error::msg)
            .context("configuring the identity providers")?;
        let identity = IdentityService::new(IdentityDeps {
            store: identity_store.clone(),
            federation: Arc::new(SqlFederationStore::new(db.clone())),
            relying_party: Arc::new(relying_party),
            hasher: hasher.clone(),
            tokens: signer.clone(),
            limiter: Arc::new(SqlRateLimiter::new(db.clone())),
            clock: Arc::new(SystemClock),
            random: Arc::new(OsRandomness),
            policy,
        });
        identity
            .warm_up()
            .await
            .context("preparing password hashing")?;
        let (mailer, mailbox): (Arc<dyn Mailer>, _) = match config.smtp() {
            Some(smtp) => (
                Arc::new(SmtpMailer::new(&smtp).map_err(anyhow::Error::msg)?),
                None,
            ),
            None if config.env == Environment::Prod => {
                anyhow::bail!("APP_SMTP_HOST is required in prod: mails must reach customers")
            }
            None => {
                let mailbox = DevMailbox::new(&config.mail.mailbox_dir);
                (Arc::new(mailbox.clone()), Some(mailbox))
            }
        };
        let order_store: Arc<dyn OrderStore> = Arc::new(SqlOrderStore::writing_through(
            db.clone(),
            db::connect_order_writer(&config.database.url)
                .await
                .context("opening the order writer's connection")?,
        ));
        let reviews = ReviewService::new(
            order_store.clone(),
            Arc::new(SqlReviewStore::new(db.clone()).following(catalog_version.clone())),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
        );
        let blobs: Arc<dyn BlobStore> = match config.s3()? {
            Some(s3) => Arc::new(S3BlobStore::new(&s3).map_err(anyhow::Error::msg)?),
            None => Arc::new(LocalBlobStore::new(&config.storage.media_dir)),
        };
        let media = MediaService::new(
            Arc::new(ImageRsCodec::new()),
            blobs,
            Arc::new(SqlImageStore::new(db.clone())),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
            ImageLimits::default(),
        );
        let favorite_store = Arc::new(SqlFavoriteStore::new(db.clone()));
        let favorites =
            FavoriteService::new(catalog.clone(), favorite_store.clone(), order_store.clone());
        let promo_store: Arc<dyn PromoStore> = Arc::new(SqlPromoStore::new(db.clone()));
        let mut orders = OrderService::new(
            catalog.clone(),
            order_store.clone(),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
            config.order_policy()?,
            MassagePorts {
                favorites: favorite_store,
                media: media.clone(),
            },
            Arc::new(PromoClaims(promo_store.clone())),
        );
        // One provider for the check at booking and the following after payment.
        let flights: Option<Arc<dyn FlightStatus>> = config
            .flights()
            .map(|account| Arc::new(AeroApi::new(account)) as Arc<dyn FlightStatus>);
        if let Some(flights) = &flights {
            orders = orders.with_flights(flights.clone());
        }
        let promos = PromoService::new(
            promo_store,
            order_store.clone(),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
        );
        let support = SupportService::new(
            SupportPorts {
                store: Arc::new(SqlSupportStore::new(db.clone())),
                orders: order_store.clone(),
                limiter: Arc::new(SqlRateLimiter::new(db.clone())),
                clock: Arc::new(SystemClock),
                random: Arc::new(OsRandomness),
            },
            config.contact_channels(),
        );
        let job_store: Arc<dyn JobStore> = Arc::new(SqlJobStore::new(db.clone()));
        let partner_store: Arc<dyn PartnerStore> = Arc::new(SqlPartnerStore::new(db.clone()));
        let partners = PartnerService::new(
            partner_store.clone(),
            Arc::new(TakenJobs(job_store.clone())),
            catalog.clone(),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
        );
        let mut jobs = JobService::new(
            job_store.clone(),
            partners.clone(),
            order_store.clone(),
            catalog.clone(),
            media.clone(),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
        );
        if let Some(base) = config
            .maps
            .routing_url
            .as_deref()
            .filter(|u| !u.trim().is_empty())
        {
            jobs = jobs.with_routing(Arc::new(Osrm::new(base.trim())));
        }
        if let Some(status) = flights {
            jobs = jobs.with_flights(Following {
                status,
                store: Arc::new(SqlFlightStore::new(db.clone())),
            });
        }
        let tip_earnings = TipEarnings::new(order_store.clone(), job_store, partner_store);
        let payments = PaymentService::new(
            PaymentPorts {
                orders: orders.clone(),
                order_store: order_store.clone(),
                store: Arc::new(SqlPaymentStore::new(db.clone())),
                refunds: Arc::new(SqlRefundStore::new(db.clone())),
                vnpay: config
                    .vnpay()
                    .map(|c| Arc::new(VnPay::new(c)) as Arc<dyn VnPayGateway>),
                vnpay_refunds: config
                    .vnpay_refunds()
                    .map(|c| Arc::new(c) as Arc<dyn VnPayRefunds>),
                follows: Some(Arc::new(jobs.clone())),
                tips: Some(Arc::new(tip_earnings.clone())),
                bank_feed: config
                    .bank_secret()
                    .map(|s| Arc::new(HmacBankFeed::new(s)) as Arc<dyn BankFeed>),
                clock: Arc::new(SystemClock),
                random: Arc::new(OsRandomness),
            },
            config.payment_settings()?,
        );
        let gifts = GiftService::new(
            Arc::new(SqlGiftStore::new(db.clone())),
            payments.clone(),
            order_store.clone(),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
            Arc::new(SqlRateLimiter::new(db.clone())),
        );
        let referrals = ReferralService::new(
            Arc::new(SqlReferralStore::new(db.clone())),
            payments.clone(),
            order_store.clone(),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
        );
        let tips = TipService::new(
            orders.clone(),
            order_store.clone(),
            tip_earnings,
            payments.clone(),
            Arc::new(SystemClock),
        );
        let operations = Arc::new(SqlOperationsStore::new(db.clone()));
        let catalog_admin = CatalogAdmin::new(
            catalog.clone(),
            Arc::new(catalog_file::TomlCatalogCodec),
            Arc::new(SystemClock),
            Arc::new(OsRandomness),
        );
        let backups = config.backups(&db, operations.clone())?;
        let operators = OperatorService::new(OperatorPorts {
            orders: orders.clone(),
            payments: payments.clone(),
            identity: identity_store,
            hasher,
            staff: operations.clone(),
            audit: operations,
            customers: Arc::new(SqlAccountDirectory::new(db.clone())),
            accounts: identity.clone(),
            clock: Arc::new(SystemClock),
            random: Arc::new(OsRandomness),
        });
        let live = LiveService::new(
            SqlLiveFeed::start(db.clone(), LIVE_POLL)
                .await
                .context("reading the live events")?,
            config.server.live_streams_per_account as usize,
        );
        let vapid = config.vapid().context("the Web Push key")?.map(Arc::new);
        let notifications = NotificationService::new(
            Arc::new(SqlNotificationStore::new(db.clone())),
            Arc::new(SystemClock),
            vapid.as_ref().map(|v| v.public().to_owned()),
            config.push_rules()?,
        );
        let reports = ReportService::new(
            Arc::new(SqlReportStore::new(db.clone())),
            config.vat_rates()?,
        );
        let invoices = InvoiceService::new(
            Arc::new(adapters::SqlInvoiceStore::new(db.clone())),
            config
                .einvoices()
                .map(|p| Arc::new(p) as Arc<dyn domain::invoicing::InvoiceProvider>),
            order_store.clone(),
            catalog.clone(),
            Arc::new(SystemClock),
            domain::audit::Auditor::new(Arc::new(SystemClock), Arc::new(OsRandomness)),
            config.vat_rates()?,
        );
        let draining = Draining::default();
        Ok(Self {
            db,
            services: gateway::ServiceSet {
                map_tiles: config.map_tiles(),
                catalog_cache: gateway::CatalogCache::new(catalog_version.follow()),
                live,
                backups,
                draining: draining.watch(),
                operators,
                orders,
                promos,
                partners,
                jobs,
                payments,
                gifts,
                referrals,
                tips,
                reports,
                invoices,
                favorites,
                reviews,
                media,
                support,
                notifications,
                catalog,
                catalog_admin,
                users: UserService::new(identity.clone()),
                identity,
            }
            .into(),
            signer,
            mailer,
            mailbox,
            draining,
            catalog_version,
            vapid,
        })
    }

    pub fn router(&self, config: &Config) -> Router {
        let health = Router::new()
            .route("/healthz", get(|| async { "ok" }))
            .route("/readyz", get(readyz))
            .with_state((self.db.clone(), self.draining.clone()));
        let keys = Router::new()
            .route("/.well-known/jwks.json", get(jwks))
            .with_state(self.signer.clone());
        let metrics = crate::metrics::Metrics::new(self.db.clone());
        let scrape = Router::new()
            .route("/metrics", get(crate::metrics::scrape))
            .with_state(metrics.clone());
        let mut router = gateway::router(self.services.clone())
            .merge(health)
            .merge(keys)
            .merge(scrape);
        if let (Environment::Dev, Some(mailbox)) = (config.env, &self.mailbox) {
            router = router.merge(mailbox_page::router(mailbox.clone()));
        }
        let web = web::router(&config.server.web_dir, Some(self.services.catalog.clone()));
        router
            .fallback(|request: Request| async move {
                match gateway::unknown_service(&request) {
                    Some(unimplemented) => unimplemented,
                    None => web.oneshot(request).await.into_response(),
                }
            })
            .layer(middleware::from_fn(crate::linger::drain_unread))
            .layer(middleware::from_fn_with_state(
                config.timeouts(),
                listener::slow_bodies,
            ))
            .layer(middleware::from_fn_with_state(
                self.draining.clone(),
                listener::close_when_draining,
            ))
            .layer(middleware::from_fn_with_state(
                config.server.trust_proxy,
                client_addr,
            ))
            .layer(middleware::from_fn_with_state(
                metrics,
                crate::metrics::track,
            ))
            // Every request gets an id (or keeps the one a proxy gave it), in its log span and in
            // the response, so a customer's report can be found in the logs.
            // Pages may load only our own scripts, styles and data (plus Google's tag when the
            // build names a measurement id); no page may be framed; nothing is sniffed.
            .layer(SetResponseHeaderLayer::if_not_present(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_str(&content_security_policy(self.services.map_tiles.as_ref()))
                    .unwrap_or_else(|_| HeaderValue::from_static(CONTENT_SECURITY_POLICY)),
            ))
            .layer(SetResponseHeaderLayer::overriding(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ))
            .layer(SetResponseHeaderLayer::overriding(
                header::REFERRER_POLICY,
                HeaderValue::from_static("strict-origin-when-cross-origin"),
            ))
            .layer(SetResponseHeaderLayer::overriding(
                header::X_FRAME_OPTIONS,
                HeaderValue::from_static("DENY"),
            ))
            .layer(PropagateRequestIdLayer::new(REQUEST_ID.clone()))
            .layer(
                TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
                    let id = request
                        .headers()
                        .get(&REQUEST_ID)
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default();
                    tracing::info_span!(
                        "request",
                        method = %request.method(),
                        path = %request.uri().path(),
                        request_id = %id,
                    )
                }),
            )
            .layer(SetRequestIdLayer::new(REQUEST_ID.clone(), MakeRequestUuid))
    }

    /// The worker that delivers queued mails.
    pub fn outbox_worker(&self) -> OutboxWorker {
        OutboxWorker::new(
            self.db.clone(),
            self.mailer.clone(),
            self.services.identity.policy().clone(),
        )
        .with_cancellation(self.services.payments.cancellation())
    }

    /// The LINE sender, when a channel is configured.
    pub fn line_worker(&self, config: &Config) -> Option<LineWorker> {
        config.line().map(|channel| {
            LineWorker::new(self.db.clone(), channel, &config.site_url())
                .with_cancellation(self.services.payments.cancellation())
        })
    }

    /// The Zalo sender, when an Official Account and its template are configured.
    pub fn zalo_worker(&self, config: &Config) -> anyhow::Result<Option<ZaloWorker>> {
        let Some(account) = config.zalo() else {
            return Ok(None);
        };
        let sealing = config.sealing()?;
        Ok(Some(
            ZaloWorker::new(self.db.clone(), account, sealing, &config.site_url())
                .with_cancellation(self.services.payments.cancellation()),
        ))
    }

    /// The Web Push sender, when this site sends push.
    pub fn push_worker(&self, config: &Config) -> anyhow::Result<Option<PushWorker>> {
        let outbound = config.outbound()?;
        Ok(self.vapid.as_ref().map(|vapid| {
            PushWorker::new(self.db.clone(), vapid.clone(), outbound)
                .with_cancellation(self.services.payments.cancellation())
        }))
    }
}

/// Every response's policy, unless the answer sets its own (the dev mailbox does).
/// How often a node reads the live events others wrote: the most a watcher waits for a change.
const LIVE_POLL: Duration = Duration::from_millis(250);

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
script-src 'self' https://www.googletagmanager.com; \
connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com; \
img-src 'self' data: blob: https://*.google-analytics.com https://www.googletagmanager.com; \
style-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The policy, with the map's tile server (its scheme, host and port: the setting's own origin)
/// among the places images come from.
pub fn content_security_policy(tiles: Option<&gateway::MapTiles>) -> String {
    let origin = tiles
        .and_then(|t| {
            t.url
                .replace(['{', '}'], "")
                .parse::<axum::http::Uri>()
                .ok()
        })
        .and_then(|u| Some(format!("{}://{}", u.scheme_str()?, u.authority()?)));
    match origin {
        Some(origin) => CONTENT_SECURITY_POLICY.replacen(
            "img-src 'self'",
            &format!("img-src 'self' {origin}"),
            1,
        ),
        None => CONTENT_SECURITY_POLICY.to_owned(),
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

/// Bounded to a second: while the database is away the pool would wait its whole acquire timeout,
/// and a probe that hangs tells a load balancer nothing.
async fn readyz(State((db, draining)): State<(DatabaseConnection, Draining)>) -> impl IntoResponse {
    if draining.is_on() {
        return (StatusCode::SERVICE_UNAVAILABLE, "draining");
    }
    match tokio::time::timeout(std::time::Duration::from_secs(1), db::ping(&db)).await {
        Ok(Ok(())) => (StatusCode::OK, "ready"),
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "not ready: database unreachable");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable")
        }
        Err(_) => {
            tracing::warn!("not ready: the database did not answer within a second");
            (StatusCode::SERVICE_UNAVAILABLE, "database not answering")
        }
    }
}

async fn jwks(State(signer): State<Arc<JwtSigner>>) -> Response {
    match signer.jwks(chrono::Utc::now()).await {
        Ok(set) => (
            [(axum::http::header::CACHE_CONTROL, "public, max-age=300")],
            axum::Json(set),
        )
            .into_response(),
        Err(_) => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}

/// Records the client's address for the throttles: the socket's peer, or the first address of
/// `X-Forwarded-For` when a trusted proxy is in front.
async fn client_addr(
    State(trust_proxy): State<bool>,
    mut request: Request,
    next: Next,
) -> Response {
    let forwarded = trust_proxy
        .then(|| request.headers().get("x-forwarded-for"))
        .flatten()
        .and_then(|v| v.to_str().ok());
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(a)| a.ip());
    let addr = client_ip(forwarded, peer);
    request.extensions_mut().insert(ClientAddr(addr));
    next.run(request).await
}

/// The first hop of `X-Forwarded-For` when it is an IP address, else the peer. Only a parsed
/// address becomes part of a throttle key: a header of any other text could otherwise make keys
/// of any length (refused by the database) or of any value.
fn client_ip(forwarded: Option<&str>, peer: Option<IpAddr>) -> String {
    forwarded
        .and_then(|v| v.split(',').next())
        .and_then(|v| v.trim().parse::<IpAddr>().ok())
        .or(peer)
        .map_or_else(|| "unknown".into(), |ip| ip.to_string())
}

/// Serves until `shutdown` resolves, then drains (`listener`) and stops the workers.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let mut config = config;
    // Links and the tokens' issuer name the address actually bound (port 0 picks one).
    if config.server.public_url.is_none() {
        config.server.public_url = Some(format!("http://{}", listener.local_addr()?));
    }
    // Held while serving a SQLite database, so that a restore is refused meanwhile.
    let _serving = match adapters::sql::db::sqlite_file(&config.database.url) {
        Some(file) => {
            let file = std::path::Path::new(file);
            if let Some(dir) = file.parent() {
                std::fs::create_dir_all(dir).ok();
            }
            let lock = adapters::providers::backups::NodeLock::serve(file)
                .context("the database's lock file")?;
            Some(lock)
        }
        None => None,
    };
    let app = App::start(&config).await?;
    let router = app.router(&config);
    let (stop, stopped) = watch::channel(false);
    let work = jobs::Work {
        outbox: app.outbox_worker(),
        push: app.push_worker(&config)?,
        line: app.line_worker(&config),
        zalo: app.zalo_worker(&config)?,
        db: app.db.clone(),
        media: app.services.media.clone(),
        orders: app.services.orders.clone(),
        payments: app.services.payments.clone(),
        invoices: app.services.invoices.clone(),
        reports: app.services.reports.clone(),
        dispatch: config
            .orders
            .dispatch_auto
            .then(|| app.services.jobs.clone()),
        flights: config.flights().map(|_| app.services.jobs.clone()),
        referrals: app.services.referrals.clone(),
        catalog_version: app.catalog_version.clone(),
        backups: app.services.backups.clone(),
        reminders: config
            .reminders
            .on
            .then(|| config.reminders(&app.db, Arc::new(SystemClock)))
            .transpose()
            .context("the reminders' settings")?,
        expiry_interval: Duration::from_secs(u64::from(config.orders.expiry_interval_secs.max(1))),
    };
    let jobs = jobs::start(work, stopped);
    tracing::info!(addr = %listener.local_addr()?, env = ?config.env, site = %config.site_url(), "listening");
    listener::serve(
        listener,
        router,
        config.timeouts(),
        config.drain(),
        app.draining.clone(),
        shutdown,
    )
    .await;
    stop.send(true).ok();
    jobs.finish().await;
    app.db.close().await.ok();
    tracing::info!("stopped");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_address_is_a_parsed_ip_or_the_peer() {
        let peer = Some(IpAddr::from([192, 0, 2, 7]));
        assert_eq!(
            client_ip(Some("198.51.100.4, 10.0.0.1"), peer),
            "198.51.100.4"
        );
        assert_eq!(client_ip(Some(" 2001:db8::1 "), peer), "2001:db8::1");
        assert_eq!(client_ip(Some(&"x".repeat(5000)), peer), "192.0.2.7");
        assert_eq!(client_ip(Some("not-an-ip"), peer), "192.0.2.7");
        assert_eq!(client_ip(None, peer), "192.0.2.7");
        assert_eq!(client_ip(None, None), "unknown");
    }
}
