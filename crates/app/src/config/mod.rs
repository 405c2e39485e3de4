//! Configuration, layered: defaults, then an optional TOML file (`--config` or `APP_CONFIG`), then
//! `APP_*` environment variables, then `DATABASE_URL`. Passed by value; there are no globals.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use domain::shared::web_pages;
use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::{Deserialize, Serialize};

mod oidc;
mod secret;
pub use oidc::OidcSettings;
pub use secret::Secret;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    Dev,
    Prod,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    /// `APP_LISTEN`: the one address for gRPC, gRPC-Web, REST and the web app.
    pub listen: SocketAddr,
    /// `APP_ENV`: `dev` enables the demo catalogue and the dev providers.
    pub env: Environment,
    /// `DATABASE_URL`: `sqlite://…` (default, a file under ./data) or `postgres://…`.
    pub database_url: Secret,
    /// `APP_WEB_DIR`: the built web app (`web/dist`).
    pub web_dir: PathBuf,
    /// `APP_LOG`: a tracing filter, used when `RUST_LOG` is not set.
    pub log: String,
    /// `APP_OTLP_ENDPOINT`: an OpenTelemetry collector's OTLP/gRPC address
    /// (`http://collector:4317`); traces are exported there when set.
    pub otlp_endpoint: Option<String>,
    /// `APP_MIGRATE_ON_START`: bring the schema up to date when serving.
    pub migrate_on_start: bool,
    /// `APP_SEED_DEMO`: load the demo catalogue into an empty database on start; defaults to on in
    /// the dev environment only.
    pub seed_demo: Option<bool>,
    /// `APP_PUBLIC_URL`: the site's origin as customers reach it (links in mails, the tokens'
    /// issuer); defaults to `http://` and the listen address.
    pub public_url: Option<String>,
    /// `APP_TRUST_PROXY`: take the client's address from `X-Forwarded-For` (only behind a proxy
    /// that sets it), for the sign-in throttles.
    pub trust_proxy: bool,
    /// `APP_SIGNING_KEY_DAYS`: how long one token signing key signs before the next takes over.
    pub signing_key_days: u32,
    /// `APP_SIGN_UPS_PER_ADDRESS_HOUR`: sign-ups one client address may make in an hour (a
    /// hotel's shared connection may need more).
    pub sign_ups_per_address_hour: u32,
    /// `APP_REFRESH_REUSE_GRACE_SECS`: a refresh token used again this soon after its first use is
    /// the same client (an answer cut off, two tabs at once) and keeps its session; later, the
    /// reuse revokes the whole family.
    pub refresh_reuse_grace_secs: u32,
    /// `APP_MAILBOX_DIR`: where the dev mailbox keeps mails when no SMTP relay is set.
    pub mailbox_dir: PathBuf,
    /// `APP_MEDIA_DIR`: where hotel images are kept when no object storage is configured.
    pub media_dir: PathBuf,
    /// `APP_S3_ENDPOINT`, `APP_S3_BUCKET`, `APP_S3_ACCESS_KEY`, `APP_S3_SECRET_KEY`,
    /// `APP_S3_REGION`, `APP_S3_PATH_STYLE`: S3-compatible object storage for hotel images,
    /// for more than one app node. Endpoint and bucket turn it on; the keys are then required.
    pub s3_endpoint: Option<String>,
    pub s3_bucket: Option<String>,
    pub s3_access_key: Option<String>,
    pub s3_secret_key: Option<String>,
    pub s3_region: String,
    pub s3_path_style: bool,
    /// `APP_BACKUP_DIR`: where SQLite's backups are kept (put it on another disk); with
    /// `APP_BACKUP_S3` on, they go to the `APP_S3_*` bucket under `backups/` instead.
    pub backup_dir: PathBuf,
    pub backup_s3: bool,
    /// `APP_BACKUP_EVERY_MINUTES`: how long after the last backup the next is taken; 0 for none
    /// but those asked for (the console, `booking backup now`).
    pub backup_every_minutes: u32,
    /// `APP_BACKUP_KEEP_LAST` and `APP_BACKUP_KEEP_DAILY`: the newest backups kept, and beside
    /// them the newest of each of that many days.
    pub backup_keep_last: u32,
    pub backup_keep_daily: u32,
    /// `APP_REMINDERS`: remind travellers, partners and operators of coming services (every node
    /// looks each minute; each reminder goes once).
    pub reminders: bool,
    /// `APP_REMIND_TRAVELLER_AT` and `APP_REMIND_TRAVELLER_BEFORE_MINUTES`: the traveller's
    /// reminder the day before at this time (Vietnam time, `HH:MM`), and again this long before.
    pub remind_traveller_at: String,
    pub remind_traveller_before_minutes: u32,
    /// `APP_REMIND_PARTNER_AT` and `APP_REMIND_PARTNER_BEFORE_MINUTES`: the same for the partner
    /// who took the job.
    pub remind_partner_at: String,
    pub remind_partner_before_minutes: u32,
    /// `APP_REMIND_UNASSIGNED_HOURS`: operators are told of a service this near that nobody has.
    pub remind_unassigned_hours: u32,
    /// `APP_QUIET_HOURS`: `HH:MM-HH:MM`, Vietnam time, when travellers and partners are not sent
    /// reminders (one that would fall then goes when they begin); empty for none.
    pub quiet_hours: String,
    /// `APP_SMTP_HOST` and the other `APP_SMTP_*`: the relay for mails; required in prod.
    pub smtp_host: Option<String>,
    pub smtp_port: u16,
    pub smtp_tls: adapters::providers::mail::SmtpTls,
    pub smtp_username: Option<String>,
    pub smtp_password: Option<Secret>,
    pub smtp_from: String,
    /// `APP_KEY_ENCRYPTION_KEY`: 32 bytes in base64 that seal the token signing keys in the
    /// database; or `APP_KEY_ENCRYPTION_KEY_FILE`, a file that holds them. Prod requires one;
    /// dev makes the file when it is missing.
    pub key_encryption_key: Option<Secret>,
    pub key_encryption_key_file: Option<PathBuf>,
    /// `APP_KEY_ENCRYPTION_KEY_PREVIOUS`: the key before, while it is being rotated out.
    pub key_encryption_key_previous: Option<Secret>,
    /// `APP_VAPID_PRIVATE_KEY`: the key Web Push messages are signed with (its 32 bytes,
    /// base64url, as web push tools write a VAPID private key); or `APP_VAPID_KEY_FILE`, a file
    /// that holds it. Dev makes the file when it is missing (`data/vapid.key`); prod sends no
    /// push without one.
    pub vapid_private_key: Option<Secret>,
    pub vapid_key_file: Option<PathBuf>,
    /// `APP_VAPID_SUBJECT`: whom push services may contact about our messages (`mailto:…`); the
    /// site's address by default.
    pub vapid_subject: Option<String>,
    /// `APP_PUSH_SERVICES`: the push services a device's endpoint may be at, as host names (a
    /// domain takes the hosts under it), comma-separated; the browsers' own by default; `*` for
    /// any public host.
    pub push_services: String,
    /// `APP_OUTBOUND_ALLOW`: origins on this machine or a private network (`http://127.0.0.1:4000`)
    /// the server may call all the same where a user gives the address, comma-separated, each
    /// named exactly: a test's local stand-in. Empty (nothing private is called) by default.
    pub outbound_allow: String,
    /// `APP_LINE_CHANNEL_TOKEN`: the Messaging API channel's access token; with it, travellers who
    /// signed in with LINE (the `line` provider) or linked it get their notices on LINE too.
    pub line_channel_token: Option<Secret>,
    /// `APP_LINE_API_URL`: where the Messaging API is.
    pub line_api_url: String,
    /// `APP_ORDER_PAYMENT_WINDOW_MINUTES`: how long an unpaid order waits before it lapses.
    pub order_payment_window_minutes: u32,
    /// `APP_MASSAGE_PAYMENT_WINDOW_MINUTES`: how long an unpaid massage order holds its therapists.
    pub massage_payment_window_minutes: u32,
    /// `APP_MAX_UNPAID_ORDERS`, `APP_MAX_UNPAID_MASSAGE_ORDERS`: what one customer may hold
    /// unpaid at once; 0 for no cap (a bench whose one account orders for everyone).
    pub max_unpaid_orders: u32,
    pub max_unpaid_massage_orders: u32,
    /// `APP_LIVE_STREAMS_PER_ACCOUNT`: live streams one account or service key may hold open on
    /// a node (a page opens one); 0 for no cap (a bench of a thousand streams).
    pub live_streams_per_account: u32,
    /// `APP_ORDER_EXPIRY_INTERVAL_SECS`: how often the expiry job looks for lapsed orders.
    pub order_expiry_interval_secs: u32,
    /// `APP_HEADER_READ_SECS`: how long a client may take to send a request's head.
    pub header_read_secs: u32,
    /// `APP_BODY_IDLE_SECS`: the longest silence inside a request's body.
    pub body_idle_secs: u32,
    /// `APP_BODY_MIN_BYTES_PER_SEC`: how fast a body must come on average after its first
    /// `APP_BODY_IDLE_SECS`.
    pub body_min_bytes_per_sec: u32,
    /// `APP_BODY_DEADLINE_SECS`: the longest any request body may take.
    pub body_deadline_secs: u32,
    /// `APP_SHUTDOWN_GRACE_SECS`: how long a node keeps serving after SIGTERM, with `/readyz`
    /// at 503, before it stops accepting: 10 s in prod, none in dev (no load balancer to wait
    /// for, and Ctrl-C should stop at once).
    pub shutdown_grace_secs: Option<u32>,
    /// `APP_SHUTDOWN_DEADLINE_SECS`: how long requests in flight then have to finish.
    pub shutdown_deadline_secs: u32,
    /// `APP_PAYMENT_DEV_PROVIDER`: offer the dev provider, which pays at once. Dev environment
    /// only (on by default there); prod never offers it.
    pub payment_dev_provider: Option<bool>,
    /// `APP_VIETQR_BIN`, `APP_VIETQR_ACCOUNT`, `APP_VIETQR_HOLDER`, `APP_VIETQR_BANK_NAME`: the
    /// account VietQR transfers go to. Without them there is no VietQR, except in dev, which
    /// shows a demo account.
    pub vietqr_bin: Option<String>,
    pub vietqr_account: Option<String>,
    pub vietqr_holder: Option<String>,
    pub vietqr_bank_name: Option<String>,
    /// `APP_BANK_WEBHOOK_SECRET`: the secret the bank signs its transfer notices with (dev has a
    /// fixed one). Without it, only operators mark transfers paid.
    pub bank_webhook_secret: Option<Secret>,
    /// `APP_VNPAY_TMN_CODE` and `APP_VNPAY_HASH_SECRET`: the merchant's VNPay credentials; VNPay
    /// is offered only with both.
    pub vnpay_tmn_code: Option<String>,
    pub vnpay_hash_secret: Option<Secret>,
    /// `APP_VNPAY_PAY_URL`: VNPay's payment page (the sandbox's by default).
    pub vnpay_pay_url: String,
    /// `APP_VNPAY_EXPIRE_MINUTES`: how long VNPay's page accepts a payment.
    pub vnpay_expire_minutes: u32,
    /// `APP_CANCEL_FREE_HOURS` and `APP_CANCEL_LATE_FEE_PERCENT`: a paid order cancels free until
    /// this many hours before the service, then for this share of the price.
    pub cancel_free_hours: u32,
    pub cancel_late_fee_percent: u32,
    /// `APP_SUPPORT_LINE_ID`, `APP_SUPPORT_ZALO_PHONE`, `APP_SUPPORT_WHATSAPP_PHONE`,
    /// `APP_SUPPORT_PHONE`, `APP_SUPPORT_EMAIL`: the channels customer service answers besides the
    /// member area's threads; unset ones are not shown (dev shows demo values that are no one's).
    /// `APP_SUPPORT_HOURS`: when they answer.
    pub support_line_id: Option<String>,
    pub support_zalo_phone: Option<String>,
    pub support_whatsapp_phone: Option<String>,
    pub support_phone: Option<String>,
    pub support_email: Option<String>,
    pub support_hours: String,
    /// `APP_COMPANY_NAME`, `APP_COMPANY_ADDRESS`, `APP_COMPANY_REGISTRATION`: who takes the
    /// payments, shown in the footer and on the about page (dev shows a labelled demo company).
    pub company_name: Option<String>,
    pub company_address: Option<String>,
    pub company_registration: Option<String>,
    /// `APP_OIDC_PROVIDERS`: the identity providers people may sign in with, each configured by
    /// `APP_OIDC_{NAME}_…` (see `config/oidc.rs`); none, no buttons.
    pub oidc_providers: Option<String>,
    /// `[oidc.{name}]` in the config file: the same settings as tables.
    pub oidc: std::collections::BTreeMap<String, OidcSettings>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            env: Environment::Dev,
            database_url: "sqlite://./data/booking.db?mode=rwc".into(),
            web_dir: PathBuf::from("web/dist"),
            log: "info,sqlx=warn,sea_orm=warn".into(),
            otlp_endpoint: None,
            migrate_on_start: true,
            seed_demo: None,
            public_url: None,
            trust_proxy: false,
            signing_key_days: 7,
            sign_ups_per_address_hour: 10,
            refresh_reuse_grace_secs: 30,
            mailbox_dir: PathBuf::from("data/mailbox"),
            media_dir: PathBuf::from("data/images"),
            s3_endpoint: None,
            s3_bucket: None,
            s3_access_key: None,
            s3_secret_key: None,
            s3_region: "us-east-1".into(),
            s3_path_style: false,
            backup_dir: PathBuf::from("data/backups"),
            backup_s3: false,
            backup_every_minutes: 60,
            backup_keep_last: 24,
            backup_keep_daily: 14,
            reminders: true,
            remind_traveller_at: "18:00".into(),
            remind_traveller_before_minutes: 120,
            remind_partner_at: "20:00".into(),
            remind_partner_before_minutes: 60,
            remind_unassigned_hours: 24,
            quiet_hours: "22:00-07:00".into(),
            smtp_host: None,
            smtp_port: 587,
            smtp_tls: adapters::providers::mail::SmtpTls::Starttls,
            smtp_username: None,
            smtp_password: None,
            smtp_from: "越南旅遊預約 <no-reply@localhost>".into(),
            key_encryption_key: None,
            key_encryption_key_file: None,
            key_encryption_key_previous: None,
            vapid_private_key: None,
            vapid_key_file: None,
            vapid_subject: None,
            line_channel_token: None,
            line_api_url: "https://api.line.me".into(),
            push_services: domain::notifications::BROWSER_PUSH_SERVICES.join(","),
            outbound_allow: String::new(),
            order_payment_window_minutes: 60,
            massage_payment_window_minutes: 20,
            max_unpaid_orders: 8,
            live_streams_per_account: 16,
            max_unpaid_massage_orders: 2,
            order_expiry_interval_secs: 30,
            header_read_secs: 20,
            body_idle_secs: 30,
            body_min_bytes_per_sec: 1024,
            body_deadline_secs: 1800,
            shutdown_grace_secs: None,
            shutdown_deadline_secs: 30,
            payment_dev_provider: None,
            vietqr_bin: None,
            vietqr_account: None,
            vietqr_holder: None,
            vietqr_bank_name: None,
            bank_webhook_secret: None,
            vnpay_tmn_code: None,
            vnpay_hash_secret: None,
            vnpay_pay_url: "https://sandbox.vnpayment.vn/paymentv2/vpcpay.html".into(),
            vnpay_expire_minutes: 15,
            cancel_free_hours: 24,
            cancel_late_fee_percent: 50,
            support_line_id: None,
            support_zalo_phone: None,
            support_whatsapp_phone: None,
            support_phone: None,
            support_email: None,
            support_hours: "08:00-22:00".into(),
            company_name: None,
            company_address: None,
            company_registration: None,
            oidc_providers: None,
            oidc: Default::default(),
        }
    }
}

impl Config {
    pub fn load(file: Option<&Path>) -> Result<Self, Box<figment::Error>> {
        let file = file
            .map(Path::to_path_buf)
            .or_else(|| std::env::var_os("APP_CONFIG").map(PathBuf::from));
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        if let Some(file) = file {
            figment = figment.merge(Toml::file_exact(file));
        }
        figment
            .merge(Env::prefixed("APP_").ignore(&["config"]))
            .merge(Env::raw().only(&["DATABASE_URL"]))
            .extract()
            .map_err(Box::new)
    }

    pub fn seeds_demo(&self) -> bool {
        self.seed_demo.unwrap_or(self.env == Environment::Dev)
    }

    pub fn timeouts(&self) -> crate::listener::Timeouts {
        let secs = |s: u32| std::time::Duration::from_secs(u64::from(s.max(1)));
        crate::listener::Timeouts {
            header_read: secs(self.header_read_secs),
            body_idle: secs(self.body_idle_secs),
            body_min_bytes_per_sec: u64::from(self.body_min_bytes_per_sec),
            body_deadline: secs(self.body_deadline_secs),
        }
    }

    pub fn drain(&self) -> crate::listener::Drain {
        let secs = |s: u32| std::time::Duration::from_secs(u64::from(s));
        crate::listener::Drain {
            grace: secs(self.shutdown_grace_secs.unwrap_or(match self.env {
                Environment::Prod => 10,
                Environment::Dev => 0,
            })),
            deadline: secs(self.shutdown_deadline_secs),
        }
    }

    pub fn order_policy(&self) -> domain::ordering::OrderPolicy {
        domain::ordering::OrderPolicy {
            payment_window: chrono::Duration::minutes(i64::from(
                self.order_payment_window_minutes.max(1),
            )),
            massage_payment_window: chrono::Duration::minutes(i64::from(
                self.massage_payment_window_minutes.max(1),
            )),
            // 0 lifts a cap.
            unpaid: domain::ordering::UnpaidCap {
                orders: Some(self.max_unpaid_orders)
                    .filter(|n| *n > 0)
                    .unwrap_or(u32::MAX),
                massage: Some(self.max_unpaid_massage_orders)
                    .filter(|n| *n > 0)
                    .unwrap_or(u32::MAX),
            },
            ..Default::default()
        }
    }

    /// Which addresses users give that the server calls (`APP_OUTBOUND_ALLOW`).
    pub fn outbound(&self) -> anyhow::Result<domain::shared::outbound::OutboundPolicy> {
        domain::shared::outbound::OutboundPolicy::allowing(self.outbound_allow.split(','))
            .map_err(|e| anyhow::anyhow!("APP_OUTBOUND_ALLOW: {e}"))
    }

    /// Where devices' push endpoints may be (`APP_PUSH_SERVICES`, `APP_OUTBOUND_ALLOW`).
    pub fn push_rules(&self) -> anyhow::Result<domain::notifications::PushRules> {
        let services: Vec<String> = self
            .push_services
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        Ok(domain::notifications::PushRules {
            outbound: self.outbound()?,
            services: if services.iter().any(|s| s == "*") {
                Vec::new()
            } else {
                services
            },
        })
    }

    /// When backups are taken by themselves and which are kept.
    pub fn backup_policy(&self) -> domain::backups::BackupPolicy {
        domain::backups::BackupPolicy {
            every: (self.backup_every_minutes > 0)
                .then(|| chrono::Duration::minutes(i64::from(self.backup_every_minutes))),
            retention: domain::backups::Retention {
                last: self.backup_keep_last,
                daily: self.backup_keep_daily,
            },
        }
    }

    /// The backups of a SQLite database (`None` on PostgreSQL, whose are pgBackRest's and
    /// `booking backup dump`'s: docs/deploying.md).
    pub fn backups(
        &self,
        db: &adapters::sql::db::DatabaseConnection,
        audit: std::sync::Arc<dyn domain::operations::AuditLog>,
    ) -> anyhow::Result<Option<domain::backups::BackupService>> {
        if adapters::sql::db::sqlite_file(&self.database_url).is_none() {
            return Ok(None);
        }
        let port = adapters::providers::backups::SqliteBackups::new(
            db.clone(),
            &self.database_url,
            self.backup_shelf()?,
        );
        Ok(Some(domain::backups::BackupService::new(
            std::sync::Arc::new(port),
            audit,
            std::sync::Arc::new(adapters::system::SystemClock),
            std::sync::Arc::new(adapters::system::OsRandomness),
            self.backup_policy(),
        )))
    }

    /// When reminders go, as the settings say; a time that cannot be read is refused by name.
    pub fn reminder_settings(&self) -> anyhow::Result<domain::reminders::ReminderSettings> {
        use domain::reminders::{QuietHours, ReminderSettings};
        let time = |name: &str, raw: &str| {
            chrono::NaiveTime::parse_from_str(raw.trim(), "%H:%M")
                .map_err(|_| anyhow::anyhow!("{name} must be a time like 18:00, not {raw:?}"))
        };
        let minutes = |m: u32| chrono::Duration::minutes(i64::from(m));
        let quiet = match self.quiet_hours.trim() {
            "" => None,
            raw => Some(QuietHours::parse(raw).ok_or_else(|| {
                anyhow::anyhow!("APP_QUIET_HOURS must be like 22:00-07:00, not {raw:?}")
            })?),
        };
        Ok(ReminderSettings {
            traveller_evening: time("APP_REMIND_TRAVELLER_AT", &self.remind_traveller_at)?,
            traveller_before: minutes(self.remind_traveller_before_minutes),
            partner_evening: time("APP_REMIND_PARTNER_AT", &self.remind_partner_at)?,
            partner_before: minutes(self.remind_partner_before_minutes),
            unassigned_within: chrono::Duration::hours(i64::from(self.remind_unassigned_hours)),
            quiet,
        })
    }

    /// The reminders of coming services on `db`, on `clock` (the system's when serving).
    pub fn reminders(
        &self,
        db: &adapters::sql::db::DatabaseConnection,
        clock: std::sync::Arc<dyn domain::shared::Clock>,
    ) -> anyhow::Result<domain::reminders::ReminderService> {
        Ok(domain::reminders::ReminderService::new(
            std::sync::Arc::new(adapters::stores::SqlReminderStore::new(db.clone())),
            clock,
            self.reminder_settings()?,
        ))
    }

    /// Where backups are kept: the bucket's `backups/` with `APP_BACKUP_S3`, else the folder.
    pub fn backup_shelf(&self) -> anyhow::Result<adapters::providers::backups::Shelf> {
        use adapters::providers::backups::Shelf;
        if !self.backup_s3 {
            return Ok(Shelf::Folder(self.backup_dir.clone()));
        }
        let s3 = self.s3()?.ok_or_else(|| {
            anyhow::anyhow!("APP_BACKUP_S3 needs APP_S3_ENDPOINT and APP_S3_BUCKET")
        })?;
        let store =
            adapters::providers::media::S3BlobStore::new(&s3).map_err(anyhow::Error::msg)?;
        Ok(Shelf::Bucket {
            store: Box::new(store),
            prefix: "backups/".into(),
        })
    }

    /// The site's origin, without a trailing slash.
    pub fn site_url(&self) -> String {
        self.public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", self.listen))
            .trim_end_matches('/')
            .to_owned()
    }

    fn dev(&self) -> bool {
        self.env == Environment::Dev
    }

    /// What the payment service offers, and its cancellation policy.
    pub fn payment_settings(&self) -> anyhow::Result<domain::payment::PaymentSettings> {
        use domain::payment::BankAccount;
        let bank = match (&self.vietqr_bin, &self.vietqr_account) {
            (Some(bin), Some(account)) => Some(BankAccount::new(
                bin,
                account,
                self.vietqr_holder.as_deref().unwrap_or_default(),
                self.vietqr_bank_name.as_deref().unwrap_or_default(),
            )?),
            // Vietcombank's BIN with an account that is no one's: the QR scans, nothing arrives.
            _ if self.dev() => Some(BankAccount::new(
                "970436",
                "0000000000",
                "DEMO BOOKING",
                "Vietcombank（示範帳戶）",
            )?),
            _ => None,
        };
        Ok(domain::payment::PaymentSettings {
            bank,
            dev_provider: self.dev() && self.payment_dev_provider.unwrap_or(true),
            cancellation: domain::payment::CancellationPolicy {
                free_until_hours: self.cancel_free_hours,
                late_fee_percent: self.cancel_late_fee_percent.min(100),
            },
        })
    }

    /// The bank's notice secret: configured, or in dev a fixed one docs/trying.md shows.
    pub fn bank_secret(&self) -> Option<String> {
        self.bank_webhook_secret
            .as_ref()
            .map(|s| s.expose().to_owned())
            .or_else(|| self.dev().then(|| "dev-bank-secret".to_owned()))
    }

    pub fn vnpay(&self) -> Option<adapters::providers::payments::VnPayConfig> {
        match (&self.vnpay_tmn_code, &self.vnpay_hash_secret) {
            (Some(tmn), Some(secret)) => Some(adapters::providers::payments::VnPayConfig {
                tmn_code: tmn.clone(),
                hash_secret: secret.expose().to_owned(),
                pay_url: self.vnpay_pay_url.clone(),
                return_url: format!("{}{}", self.site_url(), web_pages::PAYMENT_COMPLETE),
                expire_minutes: self.vnpay_expire_minutes,
            }),
            _ => None,
        }
    }

    /// The identity providers configured for sign-in.
    pub fn identity_providers(
        &self,
    ) -> anyhow::Result<Vec<adapters::providers::oidc::ProviderConfig>> {
        let mut settings = self.oidc.clone();
        if let Some(list) = &self.oidc_providers {
            settings.extend(oidc::from_env(list, |k| std::env::var(k).ok())?);
        }
        oidc::providers(&settings)
    }

    /// Object storage for images, when configured; half a configuration is an error.
    pub fn s3(&self) -> anyhow::Result<Option<adapters::providers::media::S3Config>> {
        let (Some(endpoint), Some(bucket)) = (&self.s3_endpoint, &self.s3_bucket) else {
            if self.s3_endpoint.is_some() || self.s3_bucket.is_some() {
                anyhow::bail!("APP_S3_ENDPOINT and APP_S3_BUCKET go together");
            }
            return Ok(None);
        };
        let (Some(access_key), Some(secret_key)) = (&self.s3_access_key, &self.s3_secret_key)
        else {
            anyhow::bail!("object storage needs APP_S3_ACCESS_KEY and APP_S3_SECRET_KEY");
        };
        Ok(Some(adapters::providers::media::S3Config {
            endpoint: endpoint.clone(),
            bucket: bucket.clone(),
            region: self.s3_region.clone(),
            access_key: access_key.clone(),
            secret_key: secret_key.clone(),
            path_style: self.s3_path_style,
        }))
    }

    /// Customer service's other channels: configured, or in dev demo values.
    pub fn contact_channels(&self) -> domain::support::ContactChannels {
        let pick = |set: &Option<String>, demo: &str| {
            set.clone()
                .or_else(|| self.dev().then(|| demo.to_owned()))
                .unwrap_or_default()
        };
        domain::support::ContactChannels {
            line_id: pick(&self.support_line_id, "@booking-demo"),
            zalo_phone: pick(&self.support_zalo_phone, "84900000000"),
            whatsapp_phone: pick(&self.support_whatsapp_phone, "84900000000"),
            phone: pick(&self.support_phone, "+84 28 0000 0000"),
            email: pick(&self.support_email, "support@example.com"),
            hours: self.support_hours.clone(),
            company: domain::support::Company {
                name: pick(&self.company_name, "越南旅遊預約示範有限公司（示範資料）"),
                address: pick(
                    &self.company_address,
                    "胡志明市第一郡黎利街 1 號（示範地址）",
                ),
                registration: pick(&self.company_registration, "0300000000（示範）"),
            },
        }
    }

    /// What seals the token signing keys: the key given, or the file's; in dev a file is made
    /// (`data/key-encryption.key` unless named) the first time, atomically, so nodes that start
    /// together on one machine end up with the same key.
    pub fn sealing(&self) -> anyhow::Result<adapters::security::key_sealing::Sealing> {
        use adapters::security::key_sealing::{Kek, Sealing};
        let parse = |text: &str| Kek::parse(text).map_err(anyhow::Error::msg);
        let current = match (&self.key_encryption_key, &self.key_encryption_key_file) {
            (Some(key), _) => parse(key)?,
            (None, file) => {
                let dev_default = PathBuf::from("data/key-encryption.key");
                let path = match (file, self.env) {
                    (Some(path), _) => path.clone(),
                    (None, Environment::Dev) => dev_default,
                    (None, Environment::Prod) => anyhow::bail!(
                        "APP_KEY_ENCRYPTION_KEY or APP_KEY_ENCRYPTION_KEY_FILE is required in prod: \
                         the token signing keys are stored sealed under it"
                    ),
                };
                if !path.exists() && self.env == Environment::Dev {
                    create_key_file(
                        &path,
                        adapters::security::key_sealing::Kek::generate,
                        "a key-encryption key for the signing keys",
                    )?;
                }
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?;
                parse(&text)?
            }
        };
        let previous = self
            .key_encryption_key_previous
            .as_deref()
            .map(parse)
            .transpose()?;
        Ok(Sealing::new(current, previous))
    }

    /// The key Web Push is signed with; `None` when this site sends no push.
    pub fn vapid(&self) -> anyhow::Result<Option<adapters::providers::push::VapidKey>> {
        use adapters::providers::push::VapidKey;
        let text = match (&self.vapid_private_key, &self.vapid_key_file, self.env) {
            (Some(key), _, _) => key.expose().to_owned(),
            (None, None, Environment::Prod) => return Ok(None),
            (None, file, env) => {
                let path = file
                    .clone()
                    .unwrap_or_else(|| PathBuf::from("data/vapid.key"));
                if !path.exists() && env == Environment::Dev {
                    create_key_file(&path, VapidKey::generate, "a VAPID key for Web Push")?;
                }
                std::fs::read_to_string(&path)
                    .map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?
            }
        };
        let subject = self
            .vapid_subject
            .clone()
            .unwrap_or_else(|| self.site_url());
        VapidKey::parse(&text, &subject)
            .map(Some)
            .map_err(|e| anyhow::anyhow!("APP_VAPID_PRIVATE_KEY: {e}"))
    }

    /// The LINE channel notices go out through; `None` without its token.
    pub fn line(&self) -> Option<adapters::providers::line::LineChannel> {
        let token = self.line_channel_token.as_deref()?.trim();
        (!token.is_empty()).then(|| adapters::providers::line::LineChannel {
            api: self.line_api_url.trim_end_matches('/').to_owned(),
            access_token: token.to_owned(),
        })
    }

    pub fn smtp(&self) -> Option<adapters::providers::mail::SmtpConfig> {
        self.smtp_host
            .as_ref()
            .map(|host| adapters::providers::mail::SmtpConfig {
                host: host.clone(),
                port: self.smtp_port,
                tls: self.smtp_tls,
                username: self.smtp_username.clone(),
                password: self.smtp_password.as_ref().map(|s| s.expose().to_owned()),
                from: self.smtp_from.clone(),
            })
    }
}

/// Writes a new key (`make`) to `path` unless one is there: written aside, then linked into
/// place, which fails if another process got there first (its key is then the one).
fn create_key_file(path: &Path, make: fn() -> String, what: &str) -> anyhow::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    // One aside file per call: several servers of one process (the tests' nodes) may make the
    // key at the same instant, and must not remove each other's.
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let aside = path.with_extension(format!("new-{}-{call}", std::process::id()));
    std::fs::write(&aside, make())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&aside, std::fs::Permissions::from_mode(0o600))?;
    }
    let linked = std::fs::hard_link(&aside, path);
    std::fs::remove_file(&aside).ok();
    match linked {
        Ok(()) => {
            tracing::info!(file = %path.display(), "made {what}");
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment's Jail fixes the closure's error type
mod tests;
