//! `booking backup …`: SQLite's backups kept by the node, PostgreSQL's dumps.

use std::path::PathBuf;

use anyhow::Context;
use clap::Subcommand;

use super::{said, shell};
use crate::{Config, server};

#[derive(Subcommand)]
pub(super) enum Backup {
    /// Takes a backup now, while the node serves or not, and lets go of those no longer kept.
    Now {
        /// Who asks, for the audit log.
        #[arg(long, default_value = "admin")]
        by: String,
    },
    /// Lists the backups kept, newest first: name, size in bytes, when taken (UTC).
    List,
    /// Puts a kept backup in place of the database of a stopped node. The file it replaces is
    /// moved aside (`….before-restore-…`), never deleted.
    Restore { name: String },
    /// PostgreSQL: writes a dump of the whole database to FILE (pg_dump's custom format), while
    /// it serves.
    Dump { file: PathBuf },
    /// PostgreSQL: loads a dump into the database of DATABASE_URL, which must be new (no
    /// tables); all of it or nothing.
    Load { file: PathBuf },
}

pub(super) async fn run_backup(config: &Config, backup: Backup) -> anyhow::Result<()> {
    match backup {
        Backup::Restore { name } => {
            let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ").to_string();
            let shelf = config.backup_shelf()?;
            let aside = adapters::providers::backups::restore_sqlite(
                &shelf,
                &name,
                &config.database.url,
                &stamp,
            )
            .await
            .map_err(anyhow::Error::msg)?;
            match aside {
                Some(old) => println!(
                    "restored {name}; the database it replaced is {}",
                    old.display()
                ),
                None => println!("restored {name}"),
            }
        }
        Backup::Dump { file } => {
            let bytes = adapters::providers::backups::dump_postgres(&postgres_url(config)?, &file)
                .await
                .map_err(anyhow::Error::msg)?;
            println!("{} {bytes}", file.display());
        }
        Backup::Load { file } => {
            adapters::providers::backups::load_postgres(&postgres_url(config)?, &file)
                .await
                .map_err(anyhow::Error::msg)?;
            println!("loaded {}", file.display());
        }
        Backup::Now { by } => {
            let app = server::App::start(config).await?;
            let taken = backups_of(&app)?
                .take(domain::backups::Trigger::Staff(&shell(&by)))
                .await
                .map_err(said)?;
            println!("{} {}", taken.name, taken.bytes);
        }
        Backup::List => {
            let app = server::App::start(config).await?;
            for b in backups_of(&app)?
                .list(&shell("admin"))
                .await
                .map_err(said)?
            {
                println!("{} {} {}", b.name, b.bytes, b.taken_at.to_rfc3339());
            }
        }
    }
    Ok(())
}

/// DATABASE_URL, when it is PostgreSQL's (dumps are pg_dump's).
fn postgres_url(config: &Config) -> anyhow::Result<String> {
    let url = &config.database.url;
    anyhow::ensure!(
        url.starts_with("postgres://") || url.starts_with("postgresql://"),
        "dumps are PostgreSQL's; a SQLite node's backups are `booking backup now`"
    );
    Ok(url.expose().to_owned())
}

fn backups_of(app: &server::App) -> anyhow::Result<&domain::backups::BackupService> {
    app.services
        .backups
        .as_ref()
        .context("backups here are SQLite's; PostgreSQL's: docs/deploying.md")
}
