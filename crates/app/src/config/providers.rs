//! What the adapters are given: the providers' settings (mail, object storage, payments, push,
//! LINE, identity), the keys read or made, and the stores the configuration decides.

use std::path::{Path, PathBuf};

use domain::shared::web_pages;

use super::{Config, Environment, Secret, oidc};

impl Config {
    /// The backups of a SQLite database (`None` on PostgreSQL, whose are pgBackRest's and
    /// `booking backup dump`'s: docs/deploying.md).
    pub fn backups(
        &self,
        db: &adapters::sql::db::DatabaseConnection,
        audit: std::sync::Arc<dyn domain::operations::AuditLog>,
    ) -> anyhow::Result<Option<domain::backups::BackupService>> {
        if adapters::sql::db::sqlite_file(&self.database.url).is_none() {
            return Ok(None);
        }
        let port = adapters::providers::backups::SqliteBackups::new(
            db.clone(),
            &self.database.url,
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
        if !self.backups.to_s3 {
            return Ok(Shelf::Folder(self.backups.dir.clone()));
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

    /// The bank's notice secret: configured, or in dev a fixed one docs/trying.md shows.
    pub fn bank_secret(&self) -> Option<String> {
        self.payments
            .bank_webhook_secret
            .as_ref()
            .map(|s| s.expose().to_owned())
            .or_else(|| self.dev().then(|| "dev-bank-secret".to_owned()))
    }

    pub fn vnpay(&self) -> Option<adapters::providers::payments::VnPayConfig> {
        match (
            &self.payments.vnpay.tmn_code,
            &self.payments.vnpay.hash_secret,
        ) {
            (Some(tmn), Some(secret)) => Some(adapters::providers::payments::VnPayConfig {
                tmn_code: tmn.clone(),
                hash_secret: secret.expose().to_owned(),
                pay_url: self.payments.vnpay.pay_url.clone(),
                return_url: format!("{}{}", self.site_url(), web_pages::PAYMENT_COMPLETE),
                expire_minutes: self.payments.vnpay.expire_minutes,
            }),
            _ => None,
        }
    }

    /// VNPay's refund call, with VNPay's credentials; an answer is waited for 20 s.
    pub fn vnpay_refunds(&self) -> Option<adapters::providers::vnpay_refunds::VnPayRefundClient> {
        self.vnpay().map(|c| {
            adapters::providers::vnpay_refunds::VnPayRefundClient::new(
                &c,
                self.payments.vnpay.api_url.clone(),
                // VNPay records the caller's address; the one this server listens on.
                self.server.listen.ip().to_string(),
                std::time::Duration::from_secs(20),
            )
        })
    }

    /// Viettel S-Invoice, once its account is set.
    pub fn einvoices(&self) -> Option<adapters::providers::einvoice::ViettelInvoices> {
        let i = &self.invoices;
        let (Some(username), Some(password)) = (&i.username, &i.password) else {
            return None;
        };
        Some(adapters::providers::einvoice::ViettelInvoices::new(
            adapters::providers::einvoice::ViettelConfig {
                base_url: i.url.trim_end_matches('/').to_owned(),
                username: username.clone(),
                password: password.expose().to_owned(),
                tax_code: i.tax_code.clone(),
                template: i.template.clone(),
                series: i.series.clone(),
                seller_name: i.seller_name.clone(),
                seller_address: i.seller_address.clone(),
                lookup_url: i.lookup_url.clone(),
            },
            std::time::Duration::from_secs(u64::from(i.timeout_secs.max(1))),
        ))
    }

    /// The identity providers configured for sign-in.
    pub fn identity_providers(
        &self,
    ) -> anyhow::Result<Vec<adapters::providers::oidc::ProviderConfig>> {
        let mut settings = self.oidc.clone();
        if let Some(list) = &self.accounts.oidc_providers {
            settings.extend(oidc::from_env(list, |k| std::env::var(k).ok())?);
        }
        oidc::providers(&settings)
    }

    /// Object storage for images, when configured; half a configuration is an error.
    pub fn s3(&self) -> anyhow::Result<Option<adapters::providers::media::S3Config>> {
        let (Some(endpoint), Some(bucket)) = (&self.storage.s3.endpoint, &self.storage.s3.bucket)
        else {
            if self.storage.s3.endpoint.is_some() || self.storage.s3.bucket.is_some() {
                anyhow::bail!("APP_S3_ENDPOINT and APP_S3_BUCKET go together");
            }
            return Ok(None);
        };
        let (Some(access_key), Some(secret_key)) =
            (&self.storage.s3.access_key, &self.storage.s3.secret_key)
        else {
            anyhow::bail!("object storage needs APP_S3_ACCESS_KEY and APP_S3_SECRET_KEY");
        };
        Ok(Some(adapters::providers::media::S3Config {
            endpoint: endpoint.clone(),
            bucket: bucket.clone(),
            region: self.storage.s3.region.clone(),
            access_key: access_key.clone(),
            secret_key: secret_key.expose().to_owned(),
            path_style: self.storage.s3.path_style,
        }))
    }

    /// What seals the token signing keys: the key given, or the file's; in dev a file is made
    /// (`data/key-encryption.key` unless named) the first time, atomically, so nodes that start
    /// together on one machine end up with the same key.
    pub fn sealing(&self) -> anyhow::Result<adapters::security::key_sealing::Sealing> {
        use adapters::security::key_sealing::{Kek, Sealing};
        let parse = |text: &str| Kek::parse(text).map_err(anyhow::Error::msg);
        let current = match (&self.sealing.key, &self.sealing.key_file) {
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
            .sealing
            .previous_key
            .as_deref()
            .map(parse)
            .transpose()?;
        Ok(Sealing::new(current, previous))
    }

    /// The key Web Push is signed with; `None` when this site sends no push.
    pub fn vapid(&self) -> anyhow::Result<Option<adapters::providers::push::VapidKey>> {
        use adapters::providers::push::VapidKey;
        let text = match (
            &self.push.vapid_private_key,
            &self.push.vapid_key_file,
            self.env,
        ) {
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
            .push
            .vapid_subject
            .clone()
            .unwrap_or_else(|| self.site_url());
        VapidKey::parse(&text, &subject)
            .map(Some)
            .map_err(|e| anyhow::anyhow!("APP_VAPID_PRIVATE_KEY: {e}"))
    }

    /// The LINE channel notices go out through; `None` without its token.
    pub fn line(&self) -> Option<adapters::providers::line::LineChannel> {
        let token = self.line.channel_token.as_deref()?.trim();
        (!token.is_empty()).then(|| adapters::providers::line::LineChannel {
            api: self.line.api_url.trim_end_matches('/').to_owned(),
            access_token: token.to_owned(),
        })
    }

    /// The Zalo Official Account partners' notices go out through; `None` without a token (or
    /// the app that renews one) and a template. The app, when given whole, is preferred.
    pub fn zalo(&self) -> Option<adapters::providers::zalo::ZaloAccount> {
        use adapters::providers::zalo::{ZaloAccount, ZaloApp, ZaloAuth};
        let given = |s: &Option<Secret>| {
            s.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
        };
        let z = &self.zalo;
        let app = match (
            z.app_id.trim(),
            given(&z.app_secret),
            given(&z.refresh_token),
        ) {
            (id, Some(secret_key), Some(refresh_token)) if !id.is_empty() => {
                Some(ZaloAuth::Renewed(ZaloApp {
                    oauth: z.oauth_url.trim_end_matches('/').to_owned(),
                    app_id: id.to_owned(),
                    secret_key,
                    refresh_token,
                }))
            }
            _ => None,
        };
        let auth = app.or_else(|| given(&z.access_token).map(ZaloAuth::Given))?;
        let template = z.template_id.trim();
        (!template.is_empty()).then(|| ZaloAccount {
            api: z.api_url.trim_end_matches('/').to_owned(),
            auth,
            template_id: template.to_owned(),
        })
    }

    /// The flight-status account; `None` without its key.
    pub fn flights(&self) -> Option<adapters::providers::flights::AeroApiAccount> {
        let key = self.flights.api_key.as_deref()?.trim();
        (!key.is_empty()).then(|| adapters::providers::flights::AeroApiAccount {
            api: self.flights.api_url.trim_end_matches('/').to_owned(),
            key: key.to_owned(),
        })
    }

    /// The pages' map tiles, when a tile server with `{z}`, `{x}` and `{y}` is set.
    pub fn map_tiles(&self) -> Option<gateway::MapTiles> {
        let url = self.maps.tiles_url.as_deref()?.trim();
        let templated = ["{z}", "{x}", "{y}"].iter().all(|p| url.contains(p));
        (templated && url.starts_with("http")).then(|| gateway::MapTiles {
            url: url.to_owned(),
            attribution: self.maps.attribution.trim().to_owned(),
        })
    }

    pub fn smtp(&self) -> Option<adapters::providers::mail::SmtpConfig> {
        self.mail
            .smtp
            .host
            .as_ref()
            .map(|host| adapters::providers::mail::SmtpConfig {
                host: host.clone(),
                port: self.mail.smtp.port,
                tls: self.mail.smtp.tls,
                username: self.mail.smtp.username.clone(),
                password: self
                    .mail
                    .smtp
                    .password
                    .as_ref()
                    .map(|s| s.expose().to_owned()),
                from: self.mail.smtp.from.clone(),
            })
    }
}

/// Writes a new key (`make`) to `path` unless one is there: written aside, then linked into
/// place, which fails if another process got there first (its key is then the one).
pub(super) fn create_key_file(path: &Path, make: fn() -> String, what: &str) -> anyhow::Result<()> {
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
