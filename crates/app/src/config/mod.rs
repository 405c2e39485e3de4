//! Configuration, layered: defaults, then an optional TOML file (`--config` or `APP_CONFIG`), then
//! `APP_*` environment variables, then `DATABASE_URL`. Nested by subject (`sections.rs`): a file
//! gives `[server] listen = …`, the environment `APP_LISTEN`, one flat name a setting as
//! operators have always set it (`ENV` maps each to its place). Passed by value; no globals.

use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::{Deserialize, Serialize};

mod oidc;
mod providers;
mod secret;
mod sections;
pub use oidc::OidcSettings;
pub use secret::Secret;
pub use sections::*;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    #[default]
    Dev,
    Prod,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Config {
    /// `APP_ENV`: `dev` enables the demo catalogue and the dev providers.
    pub env: Environment,
    pub server: Server,
    pub database: Database,
    pub telemetry: Telemetry,
    pub accounts: Accounts,
    pub sealing: Sealing,
    pub storage: Storage,
    pub backups: Backups,
    pub orders: Orders,
    pub payments: Payments,
    pub invoices: Invoices,
    pub reminders: Reminders,
    pub mail: Mail,
    pub push: Push,
    pub line: Line,
    pub zalo: Zalo,
    pub flights: Flights,
    pub maps: Maps,
    pub support: Support,
    /// `[oidc.{name}]` in the config file: the identity providers' settings as tables.
    pub oidc: std::collections::BTreeMap<String, OidcSettings>,
}

/// Each environment variable (without `APP_`, lowercase) and the setting it sets. A test holds
/// it to the sections: every setting has one name, every name one setting.
const ENV: &[(&str, &str)] = &[
    ("env", "env"),
    ("listen", "server.listen"),
    ("web_dir", "server.web_dir"),
    ("public_url", "server.public_url"),
    ("trust_proxy", "server.trust_proxy"),
    ("outbound_allow", "server.outbound_allow"),
    (
        "live_streams_per_account",
        "server.live_streams_per_account",
    ),
    ("header_read_secs", "server.header_read_secs"),
    ("body_idle_secs", "server.body_idle_secs"),
    ("body_min_bytes_per_sec", "server.body_min_bytes_per_sec"),
    ("body_deadline_secs", "server.body_deadline_secs"),
    ("shutdown_grace_secs", "server.shutdown_grace_secs"),
    ("shutdown_deadline_secs", "server.shutdown_deadline_secs"),
    ("migrate_on_start", "database.migrate_on_start"),
    ("seed_demo", "database.seed_demo"),
    ("log", "telemetry.log"),
    ("otlp_endpoint", "telemetry.otlp_endpoint"),
    ("signing_key_days", "accounts.signing_key_days"),
    (
        "sign_ups_per_address_hour",
        "accounts.sign_ups_per_address_hour",
    ),
    (
        "refresh_reuse_grace_secs",
        "accounts.refresh_reuse_grace_secs",
    ),
    ("oidc_providers", "accounts.oidc_providers"),
    ("key_encryption_key", "sealing.key"),
    ("key_encryption_key_file", "sealing.key_file"),
    ("key_encryption_key_previous", "sealing.previous_key"),
    ("media_dir", "storage.media_dir"),
    ("s3_endpoint", "storage.s3.endpoint"),
    ("s3_bucket", "storage.s3.bucket"),
    ("s3_access_key", "storage.s3.access_key"),
    ("s3_secret_key", "storage.s3.secret_key"),
    ("s3_region", "storage.s3.region"),
    ("s3_path_style", "storage.s3.path_style"),
    ("backup_dir", "backups.dir"),
    ("backup_s3", "backups.to_s3"),
    ("backup_every_minutes", "backups.every_minutes"),
    ("backup_keep_last", "backups.keep_last"),
    ("backup_keep_daily", "backups.keep_daily"),
    (
        "order_payment_window_minutes",
        "orders.payment_window_minutes",
    ),
    (
        "massage_payment_window_minutes",
        "orders.massage_payment_window_minutes",
    ),
    ("max_unpaid_orders", "orders.max_unpaid"),
    ("max_unpaid_massage_orders", "orders.max_unpaid_massage"),
    ("order_expiry_interval_secs", "orders.expiry_interval_secs"),
    ("change_until_hours", "orders.change_until_hours"),
    ("vat_percent", "orders.vat_percent"),
    ("dispatch_auto", "orders.dispatch_auto"),
    ("payment_dev_provider", "payments.dev_provider"),
    ("vietqr_bin", "payments.vietqr.bin"),
    ("vietqr_account", "payments.vietqr.account"),
    ("vietqr_holder", "payments.vietqr.holder"),
    ("vietqr_bank_name", "payments.vietqr.bank_name"),
    ("bank_webhook_secret", "payments.bank_webhook_secret"),
    ("vnpay_tmn_code", "payments.vnpay.tmn_code"),
    ("vnpay_hash_secret", "payments.vnpay.hash_secret"),
    ("vnpay_pay_url", "payments.vnpay.pay_url"),
    ("vnpay_expire_minutes", "payments.vnpay.expire_minutes"),
    ("vnpay_api_url", "payments.vnpay.api_url"),
    ("einvoice_url", "invoices.url"),
    ("einvoice_username", "invoices.username"),
    ("einvoice_password", "invoices.password"),
    ("einvoice_tax_code", "invoices.tax_code"),
    ("einvoice_template", "invoices.template"),
    ("einvoice_series", "invoices.series"),
    ("einvoice_seller_name", "invoices.seller_name"),
    ("einvoice_seller_address", "invoices.seller_address"),
    ("einvoice_lookup_url", "invoices.lookup_url"),
    ("einvoice_timeout_secs", "invoices.timeout_secs"),
    ("cancel_free_hours", "payments.cancel_free_hours"),
    (
        "cancel_late_fee_percent",
        "payments.cancel_late_fee_percent",
    ),
    ("reminders", "reminders.on"),
    ("remind_traveller_at", "reminders.traveller_at"),
    (
        "remind_traveller_before_minutes",
        "reminders.traveller_before_minutes",
    ),
    ("remind_partner_at", "reminders.partner_at"),
    (
        "remind_partner_before_minutes",
        "reminders.partner_before_minutes",
    ),
    ("remind_unassigned_hours", "reminders.unassigned_hours"),
    ("quiet_hours", "reminders.quiet_hours"),
    ("mailbox_dir", "mail.mailbox_dir"),
    ("smtp_host", "mail.smtp.host"),
    ("smtp_port", "mail.smtp.port"),
    ("smtp_tls", "mail.smtp.tls"),
    ("smtp_username", "mail.smtp.username"),
    ("smtp_password", "mail.smtp.password"),
    ("smtp_from", "mail.smtp.from"),
    ("vapid_private_key", "push.vapid_private_key"),
    ("vapid_key_file", "push.vapid_key_file"),
    ("vapid_subject", "push.vapid_subject"),
    ("push_services", "push.services"),
    ("line_channel_token", "line.channel_token"),
    ("line_api_url", "line.api_url"),
    ("zalo_access_token", "zalo.access_token"),
    ("zalo_template_id", "zalo.template_id"),
    ("zalo_api_url", "zalo.api_url"),
    ("zalo_app_id", "zalo.app_id"),
    ("zalo_app_secret", "zalo.app_secret"),
    ("zalo_refresh_token", "zalo.refresh_token"),
    ("zalo_oauth_url", "zalo.oauth_url"),
    ("flights_api_key", "flights.api_key"),
    ("flights_api_url", "flights.api_url"),
    ("maps_routing_url", "maps.routing_url"),
    ("maps_tiles_url", "maps.tiles_url"),
    ("maps_attribution", "maps.attribution"),
    ("support_line_id", "support.line_id"),
    ("support_zalo_phone", "support.zalo_phone"),
    ("support_whatsapp_phone", "support.whatsapp_phone"),
    ("support_phone", "support.phone"),
    ("support_email", "support.email"),
    ("support_hours", "support.hours"),
    ("company_name", "support.company.name"),
    ("company_address", "support.company.address"),
    ("company_registration", "support.company.registration"),
];

/// The `APP_*` variables (and `DATABASE_URL`), each set where `ENV` says, and named as it was
/// set when a value is refused.
struct Variables;

impl Variables {
    fn env() -> Env {
        Env::raw().filter_map(|name| {
            if name == "DATABASE_URL" {
                return Some("database.url".into());
            }
            // Others (`APP_CONFIG`, `APP_OIDC_{NAME}_…`) are read elsewhere.
            let name = name.as_str().strip_prefix("APP_")?;
            let (_, path) = ENV.iter().find(|(n, _)| name.eq_ignore_ascii_case(n))?;
            Some((*path).into())
        })
    }
}

impl figment::Provider for Variables {
    fn metadata(&self) -> figment::Metadata {
        figment::Metadata::named("environment variable").interpolater(|_, keys| {
            let path = keys.join(".");
            match ENV.iter().find(|(_, p)| *p == path) {
                Some((name, _)) => format!("APP_{}", name.to_uppercase()),
                None if path == "database.url" => "DATABASE_URL".into(),
                None => path,
            }
        })
    }

    fn data(
        &self,
    ) -> Result<figment::value::Map<figment::Profile, figment::value::Dict>, figment::Error> {
        Self::env().data()
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
        figment.merge(Variables).extract().map_err(Box::new)
    }

    pub fn seeds_demo(&self) -> bool {
        self.database
            .seed_demo
            .unwrap_or(self.env == Environment::Dev)
    }

    pub fn timeouts(&self) -> crate::listener::Timeouts {
        let secs = |s: u32| std::time::Duration::from_secs(u64::from(s.max(1)));
        crate::listener::Timeouts {
            header_read: secs(self.server.header_read_secs),
            body_idle: secs(self.server.body_idle_secs),
            body_min_bytes_per_sec: u64::from(self.server.body_min_bytes_per_sec),
            body_deadline: secs(self.server.body_deadline_secs),
        }
    }

    pub fn drain(&self) -> crate::listener::Drain {
        let secs = |s: u32| std::time::Duration::from_secs(u64::from(s));
        crate::listener::Drain {
            grace: secs(self.server.shutdown_grace_secs.unwrap_or(match self.env {
                Environment::Prod => 10,
                Environment::Dev => 0,
            })),
            deadline: secs(self.server.shutdown_deadline_secs),
        }
    }

    /// The VAT each category's prices include.
    pub fn vat_rates(&self) -> anyhow::Result<domain::invoicing::VatRates> {
        domain::invoicing::VatRates::parse(&self.orders.vat_percent)
            .map_err(|e| anyhow::anyhow!("APP_VAT_PERCENT: {e}"))
    }

    pub fn order_policy(&self) -> anyhow::Result<domain::ordering::OrderPolicy> {
        let change = domain::catalog::ChangePolicy::parse(&self.orders.change_until_hours)
            .map_err(|e| anyhow::anyhow!("APP_CHANGE_UNTIL_HOURS: {e}"))?;
        Ok(domain::ordering::OrderPolicy {
            payment_window: chrono::Duration::minutes(i64::from(
                self.orders.payment_window_minutes.max(1),
            )),
            massage_payment_window: chrono::Duration::minutes(i64::from(
                self.orders.massage_payment_window_minutes.max(1),
            )),
            // 0 lifts a cap.
            unpaid: domain::ordering::UnpaidCap {
                orders: Some(self.orders.max_unpaid)
                    .filter(|n| *n > 0)
                    .unwrap_or(u32::MAX),
                massage: Some(self.orders.max_unpaid_massage)
                    .filter(|n| *n > 0)
                    .unwrap_or(u32::MAX),
            },
            change,
            ..Default::default()
        })
    }

    /// Which addresses users give that the server calls (`APP_OUTBOUND_ALLOW`).
    pub fn outbound(&self) -> anyhow::Result<domain::shared::outbound::OutboundPolicy> {
        domain::shared::outbound::OutboundPolicy::allowing(self.server.outbound_allow.split(','))
            .map_err(|e| anyhow::anyhow!("APP_OUTBOUND_ALLOW: {e}"))
    }

    /// Where devices' push endpoints may be (`APP_PUSH_SERVICES`, `APP_OUTBOUND_ALLOW`).
    pub fn push_rules(&self) -> anyhow::Result<domain::notifications::PushRules> {
        let services: Vec<String> = self
            .push
            .services
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
            every: (self.backups.every_minutes > 0)
                .then(|| chrono::Duration::minutes(i64::from(self.backups.every_minutes))),
            retention: domain::backups::Retention {
                last: self.backups.keep_last,
                daily: self.backups.keep_daily,
            },
        }
    }

    /// When reminders go, as the settings say; a time that cannot be read is refused by name.
    pub fn reminder_settings(&self) -> anyhow::Result<domain::reminders::ReminderSettings> {
        use domain::reminders::{QuietHours, ReminderSettings};
        let time = |name: &str, raw: &str| {
            chrono::NaiveTime::parse_from_str(raw.trim(), "%H:%M")
                .map_err(|_| anyhow::anyhow!("{name} must be a time like 18:00, not {raw:?}"))
        };
        let minutes = |m: u32| chrono::Duration::minutes(i64::from(m));
        let quiet = match self.reminders.quiet_hours.trim() {
            "" => None,
            raw => Some(QuietHours::parse(raw).ok_or_else(|| {
                anyhow::anyhow!("APP_QUIET_HOURS must be like 22:00-07:00, not {raw:?}")
            })?),
        };
        Ok(ReminderSettings {
            traveller_evening: time("APP_REMIND_TRAVELLER_AT", &self.reminders.traveller_at)?,
            traveller_before: minutes(self.reminders.traveller_before_minutes),
            partner_evening: time("APP_REMIND_PARTNER_AT", &self.reminders.partner_at)?,
            partner_before: minutes(self.reminders.partner_before_minutes),
            unassigned_within: chrono::Duration::hours(i64::from(self.reminders.unassigned_hours)),
            quiet,
        })
    }

    /// The site's origin, without a trailing slash.
    pub fn site_url(&self) -> String {
        self.server
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", self.server.listen))
            .trim_end_matches('/')
            .to_owned()
    }

    pub(super) fn dev(&self) -> bool {
        self.env == Environment::Dev
    }

    /// What the payment service offers, and its cancellation policy.
    pub fn payment_settings(&self) -> anyhow::Result<domain::payment::PaymentSettings> {
        use domain::payment::BankAccount;
        let bank = match (&self.payments.vietqr.bin, &self.payments.vietqr.account) {
            (Some(bin), Some(account)) => Some(BankAccount::new(
                bin,
                account,
                self.payments.vietqr.holder.as_deref().unwrap_or_default(),
                self.payments
                    .vietqr
                    .bank_name
                    .as_deref()
                    .unwrap_or_default(),
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
            dev_provider: self.dev() && self.payments.dev_provider.unwrap_or(true),
            cancellation: domain::payment::CancellationPolicy {
                free_until_hours: self.payments.cancel_free_hours,
                late_fee_percent: self.payments.cancel_late_fee_percent.min(100),
            },
        })
    }

    /// Customer service's other channels: configured, or in dev demo values.
    pub fn contact_channels(&self) -> domain::support::ContactChannels {
        let pick = |set: &Option<String>, demo: &str| {
            set.clone()
                .or_else(|| self.dev().then(|| demo.to_owned()))
                .unwrap_or_default()
        };
        domain::support::ContactChannels {
            line_id: pick(&self.support.line_id, "@booking-demo"),
            zalo_phone: pick(&self.support.zalo_phone, "84900000000"),
            whatsapp_phone: pick(&self.support.whatsapp_phone, "84900000000"),
            phone: pick(&self.support.phone, "+84 28 0000 0000"),
            email: pick(&self.support.email, "support@example.com"),
            hours: self.support.hours.clone(),
            company: domain::support::Company {
                name: pick(
                    &self.support.company.name,
                    "越南旅遊預約示範有限公司（示範資料）",
                ),
                address: pick(
                    &self.support.company.address,
                    "胡志明市第一郡黎利街 1 號（示範地址）",
                ),
                registration: pick(&self.support.company.registration, "0300000000（示範）"),
            },
        }
    }
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment's Jail fixes the closure's error type
mod tests;
