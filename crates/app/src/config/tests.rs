use std::net::SocketAddr;

use figment::Jail;

use super::providers::create_key_file;
use super::*;

#[test]
fn servers_of_one_process_making_the_key_at_once_share_one() {
    let dir = std::env::temp_dir().join(format!("kek-race-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let path = dir.join("key-encryption.key");
    let start = std::sync::Arc::new(std::sync::Barrier::new(8));
    let makers: Vec<_> = (0..8)
        .map(|_| {
            let (path, start) = (path.clone(), start.clone());
            std::thread::spawn(move || {
                start.wait();
                let kek = adapters::security::key_sealing::Kek::generate;
                create_key_file(&path, kek, "a key").map_err(|e| e.to_string())
            })
        })
        .collect();
    for maker in makers {
        assert_eq!(maker.join().unwrap(), Ok(()));
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(adapters::security::key_sealing::Kek::parse(&text).is_ok());
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no file left aside"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn reminder_times_and_quiet_hours_are_read_or_refused_by_name() {
    let settings = Config::default().reminder_settings().unwrap();
    assert_eq!(settings, domain::reminders::ReminderSettings::default());
    let mut bad = Config::default();
    bad.reminders.partner_at = "8pm".into();
    let e = bad.reminder_settings().unwrap_err().to_string();
    assert!(e.contains("APP_REMIND_PARTNER_AT"), "{e}");
    let mut bad = Config::default();
    bad.reminders.quiet_hours = "22-7".into();
    let e = bad.reminder_settings().unwrap_err().to_string();
    assert!(e.contains("APP_QUIET_HOURS"), "{e}");
    let mut none = Config::default();
    none.reminders.quiet_hours = String::new();
    assert_eq!(none.reminder_settings().unwrap().quiet, None);
}

#[test]
fn push_is_off_in_prod_without_a_key_and_a_bad_key_is_refused() {
    let prod = Config {
        env: Environment::Prod,
        ..Config::default()
    };
    assert!(prod.vapid().unwrap().is_none());
    let key = adapters::providers::push::VapidKey::generate();
    let mut given = prod.clone();
    given.push.vapid_private_key = Some(key.into());
    assert_eq!(given.vapid().unwrap().unwrap().public().len(), 87);
    let mut bad = prod;
    bad.push.vapid_private_key = Some("not a key".into());
    assert!(
        bad.vapid()
            .unwrap_err()
            .to_string()
            .contains("APP_VAPID_PRIVATE_KEY")
    );
}

/// Every leaf of the sections, as `a.b.c`.
fn settings_of(value: &figment::value::Value, at: &str, out: &mut Vec<String>) {
    match value.as_dict() {
        Some(dict) => {
            for (key, value) in dict {
                let path = if at.is_empty() {
                    key.clone()
                } else {
                    format!("{at}.{key}")
                };
                settings_of(value, &path, out);
            }
        }
        None => out.push(at.to_owned()),
    }
}

#[test]
fn every_setting_has_one_environment_name_and_every_name_one_setting() {
    let defaults = Figment::from(Serialized::defaults(Config::default()));
    let mut settings = Vec::new();
    settings_of(&defaults.find_value("").unwrap(), "", &mut settings);
    // The file's identity provider tables, and the database's address (`DATABASE_URL`).
    settings.retain(|s| s != "oidc" && s != "database.url");
    let mut mapped: Vec<String> = ENV.iter().map(|(_, path)| (*path).to_owned()).collect();
    settings.sort();
    mapped.sort();
    assert_eq!(mapped, settings);
    let mut names: Vec<&str> = ENV.iter().map(|(name, _)| *name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), ENV.len(), "a name sets one setting");
    // And each is in the README's table, as operators look them up.
    let readme = include_str!("../../../../README.md");
    for (name, _) in ENV {
        let variable = format!("`APP_{}`", name.to_uppercase());
        assert!(
            readme.contains(&variable),
            "{variable} is not in the README"
        );
    }
}

#[test]
fn the_file_nests_by_subject_and_the_environment_keeps_its_flat_names() {
    Jail::expect_with(|jail| {
        jail.create_file(
            "app.toml",
            "[server]\nlisten = \"0.0.0.0:9000\"\n[mail.smtp]\nhost = \"smtp.example\"\nport = 25",
        )?;
        jail.set_env("APP_SMTP_PORT", "2525");
        jail.set_env("APP_MAX_UNPAID_ORDERS", "3");
        jail.set_env("APP_REMINDERS", "false");
        let c = Config::load(Some(Path::new("app.toml"))).map_err(|e| e.to_string())?;
        assert_eq!(c.server.listen.port(), 9000);
        assert_eq!(c.mail.smtp.host.as_deref(), Some("smtp.example"));
        assert_eq!(c.mail.smtp.port, 2525, "the environment wins over the file");
        assert_eq!(c.orders.max_unpaid, 3);
        assert!(!c.reminders.on);
        Ok(())
    });
}

#[test]
fn layers_defaults_file_and_environment() {
    Jail::expect_with(|jail| {
        jail.create_file(
            "app.toml",
            "[server]\nlisten = \"0.0.0.0:9000\"\n[telemetry]\nlog = \"debug\"",
        )?;
        jail.set_env("APP_ENV", "prod");
        jail.set_env("APP_LOG", "warn");
        jail.set_env("DATABASE_URL", "postgres://db/x");
        jail.set_env("APP_SIGN_UPS_PER_ADDRESS_HOUR", "50");
        let c = Config::load(Some(Path::new("app.toml"))).map_err(|e| e.to_string())?;
        assert_eq!(c.server.listen, SocketAddr::from(([0, 0, 0, 0], 9000)));
        assert_eq!(c.env, Environment::Prod);
        assert_eq!(
            c.telemetry.log, "warn",
            "the environment wins over the file"
        );
        assert_eq!(c.database.url.expose(), "postgres://db/x");
        assert_eq!(c.accounts.sign_ups_per_address_hour, 50);
        assert!(!c.seeds_demo());
        Ok(())
    });
}

#[test]
fn a_bad_value_is_an_error_not_a_default() {
    Jail::expect_with(|jail| {
        jail.set_env("APP_ENV", "staging");
        assert!(Config::load(None).is_err());
        jail.set_env("APP_ENV", "prod");
        jail.set_env("APP_SMTP_PORT", "twenty-five");
        let e = Config::load(None).unwrap_err().to_string();
        assert!(e.contains("APP_SMTP_PORT"), "named as it was set: {e}");
        Ok(())
    });
}

#[test]
fn object_storage_is_all_or_nothing() {
    Jail::expect_with(|jail| {
        let c = Config::load(None).map_err(|e| e.to_string())?;
        assert!(matches!(c.s3(), Ok(None)), "the directory by default");
        jail.set_env("APP_S3_ENDPOINT", "https://s3.ap-southeast-1.amazonaws.com");
        assert!(Config::load(None).map_err(|e| e.to_string())?.s3().is_err());
        jail.set_env("APP_S3_BUCKET", "hotel-images");
        assert!(Config::load(None).map_err(|e| e.to_string())?.s3().is_err());
        jail.set_env("APP_S3_ACCESS_KEY", "AKIA");
        jail.set_env("APP_S3_SECRET_KEY", "secret");
        jail.set_env("APP_S3_PATH_STYLE", "true");
        let s3 = Config::load(None).map_err(|e| e.to_string())?.s3();
        let s3 = s3.map_err(|e| e.to_string())?.ok_or("configured")?;
        assert_eq!(
            (s3.bucket.as_str(), s3.region.as_str()),
            ("hotel-images", "us-east-1")
        );
        assert!(s3.path_style);
        Ok(())
    });
}

#[test]
fn identity_providers_come_from_the_environment_with_their_defaults() {
    Jail::expect_with(|jail| {
        jail.set_env("APP_OIDC_PROVIDERS", "google, my-idp");
        jail.set_env("APP_OIDC_GOOGLE_CLIENT_ID", "g-id");
        jail.set_env("APP_OIDC_GOOGLE_CLIENT_SECRET", "g-secret");
        jail.set_env("APP_OIDC_MY_IDP_CLIENT_ID", "m-id");
        jail.set_env("APP_OIDC_MY_IDP_CLIENT_SECRET", "m-secret");
        jail.set_env("APP_OIDC_MY_IDP_ISSUER", "https://idp.example");
        jail.set_env("APP_OIDC_MY_IDP_NAME", "My IdP");
        jail.set_env("APP_OIDC_MY_IDP_NAME_VI", "IdP của tôi");
        let providers = Config::load(None).unwrap().identity_providers().unwrap();
        let google = &providers[0];
        assert_eq!(google.trust.id.as_str(), "google");
        assert_eq!(google.trust.display_name, "Google");
        assert!(
            google.trust.links_by_email,
            "Google's word on its mailboxes is trusted"
        );
        assert_eq!(google.issuer, "https://accounts.google.com");
        let mine = &providers[1];
        assert_eq!(
            (mine.trust.display_name.as_str(), mine.trust.links_by_email),
            ("My IdP", false)
        );
        assert_eq!(mine.scopes, ["openid", "email", "profile"]);
        use domain::shared::Language;
        assert_eq!(mine.trust.display_name_in(Language::Vi), "IdP của tôi");
        assert_eq!(mine.trust.display_name_in(Language::En), "My IdP");
        // Half a provider is refused at start, not at the first sign-in.
        jail.set_env("APP_OIDC_MY_IDP_ISSUER", "");
        assert!(Config::load(None).unwrap().identity_providers().is_err());
        jail.set_env("APP_OIDC_PROVIDERS", "apple");
        assert!(
            Config::load(None).unwrap().identity_providers().is_err(),
            "Apple needs its key"
        );
        Ok(())
    });
}

#[test]
fn no_secret_is_printed_with_the_configuration() {
    Jail::expect_with(|jail| {
        let secrets = [
            ("DATABASE_URL", "postgres://booking:db-pass-7f3@db/x"),
            ("APP_SMTP_PASSWORD", "smtp-pass-91c"),
            ("APP_KEY_ENCRYPTION_KEY", "kek-current-5d2"),
            ("APP_KEY_ENCRYPTION_KEY_PREVIOUS", "kek-previous-0a8"),
            ("APP_VAPID_PRIVATE_KEY", "vapid-private-44e"),
            ("APP_LINE_CHANNEL_TOKEN", "line-token-b71"),
            ("APP_BANK_WEBHOOK_SECRET", "bank-secret-6c0"),
            ("APP_VNPAY_HASH_SECRET", "vnpay-secret-e19"),
            ("APP_S3_SECRET_KEY", "s3-secret-2b9"),
        ];
        for (name, value) in secrets {
            jail.set_env(name, value);
        }
        jail.create_file(
            "app.toml",
            "[oidc.google]\nclient_id = \"client-id\"\nclient_secret = \"oidc-secret-3f5\"",
        )?;
        let c = Config::load(Some(Path::new("app.toml"))).map_err(|e| e.to_string())?;
        // Each was read, and is there to be used.
        assert_eq!(c.mail.smtp.password.as_deref(), Some("smtp-pass-91c"));
        assert_eq!(
            c.oidc["google"].client_secret.as_deref(),
            Some("oidc-secret-3f5")
        );
        let printed = format!("{c:?} {c:#?}");
        let pieces = secrets.iter().map(|(name, value)| (*name, *value));
        for (name, value) in pieces.chain([("client_secret", "oidc-secret-3f5")]) {
            // The password of the database's address, or the whole secret.
            let secret = value.rsplit(':').next().unwrap_or(value);
            let secret = secret.split('@').next().unwrap_or(secret);
            assert!(
                !printed.contains(secret),
                "{name} printed in the configuration's Debug"
            );
        }
        assert!(printed.contains("Secret([redacted])"));
        Ok(())
    });
}
