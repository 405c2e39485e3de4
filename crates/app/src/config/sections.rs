//! The configuration's subjects, each a table of the file (`[server]`, `[mail.smtp]` …). Every
//! field is also an `APP_*` variable, named in its comment and mapped in `super::ENV`.

use std::net::SocketAddr;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::Secret;

/// How a node serves: its address, its web app, and what it allows a client.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Server {
    /// `APP_LISTEN`: the one address for gRPC, gRPC-Web, REST and the web app.
    pub listen: SocketAddr,
    /// `APP_WEB_DIR`: the built web app (`web/dist`).
    pub web_dir: PathBuf,
    /// `APP_PUBLIC_URL`: the site's origin as customers reach it (links in mails, the tokens'
    /// issuer); defaults to `http://` and the listen address.
    pub public_url: Option<String>,
    /// `APP_TRUST_PROXY`: take the client's address from `X-Forwarded-For` (only behind a proxy
    /// that sets it), for the sign-in throttles.
    pub trust_proxy: bool,
    /// `APP_OUTBOUND_ALLOW`: origins on this machine or a private network (`http://127.0.0.1:4000`)
    /// the server may call all the same where a user gives the address, comma-separated, each
    /// named exactly: a test's local stand-in. Empty (nothing private is called) by default.
    pub outbound_allow: String,
    /// `APP_LIVE_STREAMS_PER_ACCOUNT`: live streams one account or service key may hold open on
    /// a node (a page opens one); 0 for no cap (a bench of a thousand streams).
    pub live_streams_per_account: u32,
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
}

impl Default for Server {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            web_dir: PathBuf::from("web/dist"),
            public_url: None,
            trust_proxy: false,
            outbound_allow: String::new(),
            live_streams_per_account: 16,
            header_read_secs: 20,
            body_idle_secs: 30,
            body_min_bytes_per_sec: 1024,
            body_deadline_secs: 1800,
            shutdown_grace_secs: None,
            shutdown_deadline_secs: 30,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Database {
    /// `DATABASE_URL`: `sqlite://…` (default, a file under ./data) or `postgres://…`.
    pub url: Secret,
    /// `APP_MIGRATE_ON_START`: bring the schema up to date when serving.
    pub migrate_on_start: bool,
    /// `APP_SEED_DEMO`: load the demo catalogue into an empty database on start; defaults to on in
    /// the dev environment only.
    pub seed_demo: Option<bool>,
}

impl Default for Database {
    fn default() -> Self {
        Self {
            url: "sqlite://./data/booking.db?mode=rwc".into(),
            migrate_on_start: true,
            seed_demo: None,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Telemetry {
    /// `APP_LOG`: a tracing filter, used when `RUST_LOG` is not set.
    pub log: String,
    /// `APP_OTLP_ENDPOINT`: an OpenTelemetry collector's OTLP/gRPC address
    /// (`http://collector:4317`); traces are exported there when set.
    pub otlp_endpoint: Option<String>,
}

impl Default for Telemetry {
    fn default() -> Self {
        Self {
            log: "info,sqlx=warn,sea_orm=warn".into(),
            otlp_endpoint: None,
        }
    }
}

/// Signing in: sessions, throttles and the identity providers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Accounts {
    /// `APP_SIGNING_KEY_DAYS`: how long one token signing key signs before the next takes over.
    pub signing_key_days: u32,
    /// `APP_SIGN_UPS_PER_ADDRESS_HOUR`: sign-ups one client address may make in an hour (a
    /// hotel's shared connection may need more).
    pub sign_ups_per_address_hour: u32,
    /// `APP_REFRESH_REUSE_GRACE_SECS`: a refresh token used again this soon after its first use is
    /// the same client (an answer cut off, two tabs at once) and keeps its session; later, the
    /// reuse revokes the whole family.
    pub refresh_reuse_grace_secs: u32,
    /// `APP_OIDC_PROVIDERS`: the identity providers people may sign in with, each configured by
    /// `APP_OIDC_{NAME}_…` (see `config/oidc.rs`) or an `[oidc.{name}]` table; none, no buttons.
    pub oidc_providers: Option<String>,
}

impl Default for Accounts {
    fn default() -> Self {
        Self {
            signing_key_days: 7,
            sign_ups_per_address_hour: 10,
            refresh_reuse_grace_secs: 30,
            oidc_providers: None,
        }
    }
}

/// What seals the token signing keys in the database.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sealing {
    /// `APP_KEY_ENCRYPTION_KEY`: 32 bytes in base64; or `APP_KEY_ENCRYPTION_KEY_FILE`, a file
    /// that holds them. Prod requires one; dev makes the file when it is missing.
    pub key: Option<Secret>,
    pub key_file: Option<PathBuf>,
    /// `APP_KEY_ENCRYPTION_KEY_PREVIOUS`: the key before, while it is being rotated out.
    pub previous_key: Option<Secret>,
}

/// Where files are kept: hotel images on disk, or S3-compatible object storage.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Storage {
    /// `APP_MEDIA_DIR`: where hotel images are kept when no object storage is configured.
    pub media_dir: PathBuf,
    pub s3: S3,
}

impl Default for Storage {
    fn default() -> Self {
        Self {
            media_dir: PathBuf::from("data/images"),
            s3: S3::default(),
        }
    }
}

/// `APP_S3_ENDPOINT`, `APP_S3_BUCKET`, `APP_S3_ACCESS_KEY`, `APP_S3_SECRET_KEY`, `APP_S3_REGION`,
/// `APP_S3_PATH_STYLE`: object storage for hotel images (and backups), for more than one node.
/// Endpoint and bucket turn it on; the keys are then required.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct S3 {
    pub endpoint: Option<String>,
    pub bucket: Option<String>,
    pub access_key: Option<String>,
    pub secret_key: Option<Secret>,
    pub region: String,
    pub path_style: bool,
}

impl Default for S3 {
    fn default() -> Self {
        Self {
            endpoint: None,
            bucket: None,
            access_key: None,
            secret_key: None,
            region: "us-east-1".into(),
            path_style: false,
        }
    }
}

/// A SQLite node's backups.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Backups {
    /// `APP_BACKUP_DIR`: where they are kept (put it on another disk); with `APP_BACKUP_S3` on,
    /// they go to the `APP_S3_*` bucket under `backups/` instead.
    pub dir: PathBuf,
    pub to_s3: bool,
    /// `APP_BACKUP_EVERY_MINUTES`: how long after the last backup the next is taken; 0 for none
    /// but those asked for (the console, `booking backup now`).
    pub every_minutes: u32,
    /// `APP_BACKUP_KEEP_LAST` and `APP_BACKUP_KEEP_DAILY`: the newest backups kept, and beside
    /// them the newest of each of that many days.
    pub keep_last: u32,
    pub keep_daily: u32,
}

impl Default for Backups {
    fn default() -> Self {
        Self {
            dir: PathBuf::from("data/backups"),
            to_s3: false,
            every_minutes: 60,
            keep_last: 24,
            keep_daily: 14,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Orders {
    /// `APP_ORDER_PAYMENT_WINDOW_MINUTES`: how long an unpaid order waits before it lapses.
    pub payment_window_minutes: u32,
    /// `APP_MASSAGE_PAYMENT_WINDOW_MINUTES`: how long an unpaid massage order holds its therapists.
    pub massage_payment_window_minutes: u32,
    /// `APP_MAX_UNPAID_ORDERS`, `APP_MAX_UNPAID_MASSAGE_ORDERS`: what one customer may hold
    /// unpaid at once; 0 for no cap (a bench whose one account orders for everyone).
    pub max_unpaid: u32,
    pub max_unpaid_massage: u32,
    /// `APP_ORDER_EXPIRY_INTERVAL_SECS`: how often the expiry job looks for lapsed orders.
    pub expiry_interval_secs: u32,
    /// `APP_CHANGE_UNTIL_HOURS`: until how long before the service a paid order may be changed,
    /// `24` for every category or `24,dragon-massage=6` (a default, then categories by slug).
    pub change_until_hours: String,
    /// `APP_VAT_PERCENT`: the VAT each category's prices include, `10` for every category or
    /// `8,dragon-massage=10` (a default, then categories by slug): 0, 5, 8 or 10.
    pub vat_percent: String,
    /// `APP_DISPATCH_AUTO`: paid orders are offered to partners in turn without an operator
    /// (`jobs::dispatch`); off, operators offer every job by hand.
    pub dispatch_auto: bool,
}

impl Default for Orders {
    fn default() -> Self {
        Self {
            payment_window_minutes: 60,
            massage_payment_window_minutes: 20,
            max_unpaid: 8,
            max_unpaid_massage: 2,
            expiry_interval_secs: 30,
            change_until_hours: "24".into(),
            vat_percent: "10".into(),
            dispatch_auto: true,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Payments {
    /// `APP_PAYMENT_DEV_PROVIDER`: offer the dev provider, which pays at once. Dev environment
    /// only (on by default there); prod never offers it.
    pub dev_provider: Option<bool>,
    pub vietqr: VietQr,
    /// `APP_BANK_WEBHOOK_SECRET`: the secret the bank signs its transfer notices with (dev has a
    /// fixed one). Without it, only operators mark transfers paid.
    pub bank_webhook_secret: Option<Secret>,
    pub vnpay: VnPay,
    /// `APP_CANCEL_FREE_HOURS` and `APP_CANCEL_LATE_FEE_PERCENT`: a paid order cancels free until
    /// this many hours before the service, then for this share of the price.
    pub cancel_free_hours: u32,
    pub cancel_late_fee_percent: u32,
}

impl Default for Payments {
    fn default() -> Self {
        Self {
            dev_provider: None,
            vietqr: VietQr::default(),
            bank_webhook_secret: None,
            vnpay: VnPay::default(),
            cancel_free_hours: 24,
            cancel_late_fee_percent: 50,
        }
    }
}

/// `APP_VIETQR_BIN`, `APP_VIETQR_ACCOUNT`, `APP_VIETQR_HOLDER`, `APP_VIETQR_BANK_NAME`: the
/// account VietQR transfers go to. Without them there is no VietQR, except in dev, which shows a
/// demo account.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct VietQr {
    pub bin: Option<String>,
    pub account: Option<String>,
    pub holder: Option<String>,
    pub bank_name: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VnPay {
    /// `APP_VNPAY_TMN_CODE` and `APP_VNPAY_HASH_SECRET`: the merchant's credentials; VNPay is
    /// offered only with both.
    pub tmn_code: Option<String>,
    pub hash_secret: Option<Secret>,
    /// `APP_VNPAY_PAY_URL`: VNPay's payment page (the sandbox's by default).
    pub pay_url: String,
    /// `APP_VNPAY_EXPIRE_MINUTES`: how long VNPay's page accepts a payment.
    pub expire_minutes: u32,
    /// `APP_VNPAY_API_URL`: VNPay's `merchant_webapi/api/transaction`, where refunds are asked
    /// (the sandbox's by default).
    pub api_url: String,
}

impl Default for VnPay {
    fn default() -> Self {
        Self {
            tmn_code: None,
            hash_secret: None,
            pay_url: "https://sandbox.vnpayment.vn/paymentv2/vpcpay.html".into(),
            expire_minutes: 15,
            api_url: "https://sandbox.vnpayment.vn/merchant_webapi/api/transaction".into(),
        }
    }
}

/// Reminders of coming services, to travellers, partners and operators.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Reminders {
    /// `APP_REMINDERS`: send them (every node looks each minute; each reminder goes once).
    pub on: bool,
    /// `APP_REMIND_TRAVELLER_AT` and `APP_REMIND_TRAVELLER_BEFORE_MINUTES`: the traveller's
    /// reminder the day before at this time (Vietnam time, `HH:MM`), and again this long before.
    pub traveller_at: String,
    pub traveller_before_minutes: u32,
    /// `APP_REMIND_PARTNER_AT` and `APP_REMIND_PARTNER_BEFORE_MINUTES`: the same for the partner
    /// who took the job.
    pub partner_at: String,
    pub partner_before_minutes: u32,
    /// `APP_REMIND_UNASSIGNED_HOURS`: operators are told of a service this near that nobody has.
    pub unassigned_hours: u32,
    /// `APP_QUIET_HOURS`: `HH:MM-HH:MM`, Vietnam time, when travellers and partners are not sent
    /// reminders (one that would fall then goes when they begin); empty for none.
    pub quiet_hours: String,
}

impl Default for Reminders {
    fn default() -> Self {
        Self {
            on: true,
            traveller_at: "18:00".into(),
            traveller_before_minutes: 120,
            partner_at: "20:00".into(),
            partner_before_minutes: 60,
            unassigned_hours: 24,
            quiet_hours: "22:00-07:00".into(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Mail {
    /// `APP_MAILBOX_DIR`: where the dev mailbox keeps mails when no SMTP relay is set.
    pub mailbox_dir: PathBuf,
    pub smtp: Smtp,
}

impl Default for Mail {
    fn default() -> Self {
        Self {
            mailbox_dir: PathBuf::from("data/mailbox"),
            smtp: Smtp::default(),
        }
    }
}

/// `APP_SMTP_HOST` and the other `APP_SMTP_*`: the relay for mails; required in prod.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Smtp {
    pub host: Option<String>,
    pub port: u16,
    pub tls: adapters::providers::mail::SmtpTls,
    pub username: Option<String>,
    pub password: Option<Secret>,
    pub from: String,
}

impl Default for Smtp {
    fn default() -> Self {
        Self {
            host: None,
            port: 587,
            tls: adapters::providers::mail::SmtpTls::Starttls,
            username: None,
            password: None,
            from: "越南旅遊預約 <no-reply@localhost>".into(),
        }
    }
}

/// Web Push.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Push {
    /// `APP_VAPID_PRIVATE_KEY`: the key messages are signed with (its 32 bytes, base64url, as web
    /// push tools write a VAPID private key); or `APP_VAPID_KEY_FILE`, a file that holds it. Dev
    /// makes the file when it is missing (`data/vapid.key`); prod sends no push without one.
    pub vapid_private_key: Option<Secret>,
    pub vapid_key_file: Option<PathBuf>,
    /// `APP_VAPID_SUBJECT`: whom push services may contact about our messages (`mailto:…`); the
    /// site's address by default.
    pub vapid_subject: Option<String>,
    /// `APP_PUSH_SERVICES`: the push services a device's endpoint may be at, as host names (a
    /// domain takes the hosts under it), comma-separated; the browsers' own by default; `*` for
    /// any public host.
    pub services: String,
}

impl Default for Push {
    fn default() -> Self {
        Self {
            vapid_private_key: None,
            vapid_key_file: None,
            vapid_subject: None,
            services: domain::notifications::BROWSER_PUSH_SERVICES.join(","),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Line {
    /// `APP_LINE_CHANNEL_TOKEN`: the Messaging API channel's access token; with it, travellers who
    /// signed in with LINE (the `line` provider) or linked it get their notices on LINE too.
    pub channel_token: Option<Secret>,
    /// `APP_LINE_API_URL`: where the Messaging API is.
    pub api_url: String,
}

impl Default for Line {
    fn default() -> Self {
        Self {
            channel_token: None,
            api_url: "https://api.line.me".into(),
        }
    }
}

/// Zalo's notification service (ZNS), for partners who ask for their notices there.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Zalo {
    /// `APP_ZALO_ACCESS_TOKEN`: the Official Account's access token, kept fresh from outside;
    /// with it (or the app below) and the template, partners who asked get their notices on Zalo
    /// too.
    pub access_token: Option<Secret>,
    /// `APP_ZALO_APP_ID`: the Zalo app the Official Account granted; with its secret and refresh
    /// token the site renews the access token itself (and `APP_ZALO_ACCESS_TOKEN` is not used).
    pub app_id: String,
    /// `APP_ZALO_APP_SECRET`: that app's secret key.
    pub app_secret: Option<Secret>,
    /// `APP_ZALO_REFRESH_TOKEN`: the refresh token of the grant; the ones after it are kept in
    /// the database. A new one (after a new grant) starts afresh.
    pub refresh_token: Option<Secret>,
    /// `APP_ZALO_TEMPLATE_ID`: the approved ZNS template (parameters `title`, `content`, `link`).
    pub template_id: String,
    /// `APP_ZALO_API_URL`: where ZNS is.
    pub api_url: String,
    /// `APP_ZALO_OAUTH_URL`: where Zalo's OAuth is.
    pub oauth_url: String,
}

impl Default for Zalo {
    fn default() -> Self {
        Self {
            access_token: None,
            app_id: String::new(),
            app_secret: None,
            refresh_token: None,
            template_id: String::new(),
            api_url: "https://business.openapi.zalo.me".into(),
            oauth_url: "https://oauth.zaloapp.com".into(),
        }
    }
}

/// The flight-status provider, FlightAware's AeroAPI: with a key, an airport pick-up's flight is
/// checked when it is booked and followed once it is paid.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Flights {
    /// `APP_FLIGHTS_API_KEY`: the AeroAPI key.
    pub api_key: Option<Secret>,
    /// `APP_FLIGHTS_API_URL`: where AeroAPI is.
    pub api_url: String,
}

impl Default for Flights {
    fn default() -> Self {
        Self {
            api_key: None,
            api_url: "https://aeroapi.flightaware.com/aeroapi".into(),
        }
    }
}

/// A partner on the way: the routing service that times their drive to the traveller (unset:
/// the straight line's estimate), and the tiles of the pages' map (unset: no map).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Maps {
    /// `APP_MAPS_ROUTING_URL`: an OSRM server's base address (`http://osrm:5000`); its
    /// `route/v1/driving` times the drive.
    pub routing_url: Option<String>,
    /// `APP_MAPS_TILES_URL`: the raster tiles the pages draw the partner on
    /// (`https://tile.example/{z}/{x}/{y}.png`); unset, no map.
    pub tiles_url: Option<String>,
    /// `APP_MAPS_ATTRIBUTION`: the words the tiles' licence asks for under the map.
    pub attribution: String,
}

/// The e-invoice provider, Viettel S-Invoice: invoices are issued once `APP_EINVOICE_USERNAME`
/// and `APP_EINVOICE_PASSWORD` are set (until then they wait, pending, and are issued after).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Invoices {
    /// `APP_EINVOICE_URL`: S-Invoice's address (production's by default).
    pub url: String,
    /// `APP_EINVOICE_USERNAME`, `APP_EINVOICE_PASSWORD`: the seller's S-Invoice account.
    pub username: Option<String>,
    pub password: Option<Secret>,
    /// `APP_EINVOICE_TAX_CODE`: the seller's tax code.
    pub tax_code: String,
    /// `APP_EINVOICE_TEMPLATE`, `APP_EINVOICE_SERIES`: the template and series registered with
    /// the tax authority.
    pub template: String,
    pub series: String,
    /// `APP_EINVOICE_SELLER_NAME`, `APP_EINVOICE_SELLER_ADDRESS`: as registered.
    pub seller_name: String,
    pub seller_address: String,
    /// `APP_EINVOICE_LOOKUP_URL`: where buyers look an invoice up with its code.
    pub lookup_url: String,
    /// `APP_EINVOICE_TIMEOUT_SECS`: how long an answer is waited for.
    pub timeout_secs: u32,
}

impl Default for Invoices {
    fn default() -> Self {
        Self {
            url: "https://api-vinvoice.viettel.vn".into(),
            username: None,
            password: None,
            tax_code: String::new(),
            template: "1/001".into(),
            series: String::new(),
            seller_name: String::new(),
            seller_address: String::new(),
            lookup_url: "https://vinvoice.viettel.vn/utilities/invoice-search".into(),
            timeout_secs: 90,
        }
    }
}

/// `APP_SUPPORT_LINE_ID`, `APP_SUPPORT_ZALO_PHONE`, `APP_SUPPORT_WHATSAPP_PHONE`,
/// `APP_SUPPORT_PHONE`, `APP_SUPPORT_EMAIL`: the channels customer service answers besides the
/// member area's threads; unset ones are not shown (dev shows demo values that are no one's).
/// `APP_SUPPORT_HOURS`: when they answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Support {
    pub line_id: Option<String>,
    pub zalo_phone: Option<String>,
    pub whatsapp_phone: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub hours: String,
    pub company: Company,
}

impl Default for Support {
    fn default() -> Self {
        Self {
            line_id: None,
            zalo_phone: None,
            whatsapp_phone: None,
            phone: None,
            email: None,
            hours: "08:00-22:00".into(),
            company: Company::default(),
        }
    }
}

/// `APP_COMPANY_NAME`, `APP_COMPANY_ADDRESS`, `APP_COMPANY_REGISTRATION`: who takes the payments,
/// shown in the footer and on the about page (dev shows a labelled demo company).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Company {
    pub name: Option<String>,
    pub address: Option<String>,
    pub registration: Option<String>,
}
