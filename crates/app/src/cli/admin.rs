//! `booking admin …`: operators' essentials from a shell.

use std::path::PathBuf;

use anyhow::Context;
use clap::Subcommand;
use domain::identity::Role;
use domain::operations::SearchOrders;
use domain::shared::PageRequest;

use super::{said, shell};
use crate::{Config, server};

#[derive(Subcommand)]
pub(super) enum Admin {
    /// Makes a staff account (separate from customers'), an admin unless `--role operator`; the
    /// password is read from the first line of standard input.
    CreateOperator {
        #[arg(long)]
        email: String,
        /// `admin` (catalogue, prices, wallets, staff and keys too) or `operator`.
        #[arg(long, default_value = "admin")]
        role: String,
        /// Who makes it, for the audit log.
        #[arg(long, default_value = "admin")]
        by: String,
    },
    /// Issues an API key for an internal service; it is printed once and never shown again.
    IssueKey {
        /// What the key is for, as `dispatch`.
        #[arg(long)]
        name: String,
        /// Whether the key may do an admin's duties (an operator's otherwise).
        #[arg(long)]
        admin: bool,
        #[arg(long, default_value = "admin")]
        by: String,
    },
    /// Revokes a service key at once.
    RevokeKey {
        key_id: String,
        #[arg(long, default_value = "admin")]
        by: String,
    },
    /// Lists the service keys (never their secrets).
    ListKeys,
    /// Loads plans and therapists from a catalogue file (TOML), replacing entries with the same
    /// ids; a file with one bad entry changes nothing.
    ImportCatalog {
        file: PathBuf,
        #[arg(long, default_value = "admin")]
        by: String,
    },
    /// Writes the whole catalogue (inactive entries too) as a file `import-catalog` reads; `-`
    /// for standard output.
    ExportCatalog { file: PathBuf },
    /// Keeps a photo for the catalogue (JPEG, PNG or WebP) and prints its address, for a plan's
    /// `images` or a therapist's `photo` in the catalogue file.
    UploadPhoto {
        file: PathBuf,
        /// `wide` (16:9, plans) or `square` (therapists).
        #[arg(long, default_value = "wide")]
        shape: String,
        #[arg(long, default_value = "admin")]
        by: String,
    },
    /// Lists orders, newest first.
    ListOrders {
        /// Only orders in this state (PAID, CONFIRMED, …).
        #[arg(long)]
        state: Option<String>,
        /// Only this customer's orders.
        #[arg(long)]
        email: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: u32,
    },
}

pub(super) async fn run_admin(config: &Config, admin: Admin) -> anyhow::Result<()> {
    let app = server::App::start(config).await?;
    let operators = &app.services.operators;
    let catalog_admin = &app.services.catalog_admin;
    match admin {
        Admin::CreateOperator { email, role, by } => {
            let mut password = String::new();
            std::io::stdin()
                .read_line(&mut password)
                .context("reading the password from standard input")?;
            let account = operators
                .create_operator(
                    &shell(&by),
                    &email,
                    password.trim_end_matches(['\r', '\n']),
                    Role::from_code(&role),
                )
                .await
                .map_err(said)?;
            println!("{} {}", account.id.as_str(), account.email.as_str());
        }
        Admin::IssueKey { name, admin, by } => {
            let (key, secret) = operators
                .issue_key(&shell(&by), &name, admin)
                .await
                .map_err(said)?;
            println!("{} {}", key.id, secret);
        }
        Admin::RevokeKey { key_id, by } => {
            let key = operators
                .revoke_key(&shell(&by), &key_id)
                .await
                .map_err(said)?;
            println!("{} revoked", key.id);
        }
        Admin::ListKeys => {
            for key in operators.keys(&shell("admin")).await.map_err(said)? {
                let state = key.revoked_at.map_or_else(
                    || "active".to_owned(),
                    |at| format!("revoked {}", at.to_rfc3339()),
                );
                println!(
                    "{}\t{}\t{}\t{}\t{}",
                    key.id,
                    key.name,
                    key.created_by,
                    key.created_at.to_rfc3339(),
                    state
                );
            }
        }
        Admin::ImportCatalog { file, by } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let (plans, therapists) = catalog_admin
                .import_catalog(&shell(&by), &text)
                .await
                .map_err(said)?;
            println!("{plans} plans, {therapists} therapists");
        }
        Admin::UploadPhoto { file, shape, by } => {
            let shape = match shape.as_str() {
                "wide" => domain::media::PhotoShape::Wide,
                "square" => domain::media::PhotoShape::Square,
                other => anyhow::bail!("--shape is wide or square, not {other}"),
            };
            let bytes =
                std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            let url = app
                .services
                .media
                .upload_photo(&shell(&by), shape, bytes)
                .await
                .map_err(said)?;
            println!("{url}");
        }
        Admin::ExportCatalog { file } => {
            let text = catalog_admin
                .export_catalog(&shell("admin"))
                .await
                .map_err(said)?;
            if file.as_os_str() == "-" {
                print!("{text}");
            } else {
                std::fs::write(&file, text)
                    .with_context(|| format!("writing {}", file.display()))?;
            }
        }
        Admin::ListOrders {
            state,
            email,
            limit,
        } => {
            let states = match state {
                Some(code) => vec![domain::ordering::OrderState::from_code(&code).map_err(said)?],
                None => vec![],
            };
            let search = SearchOrders {
                filter: domain::ordering::OrderFilter {
                    states,
                    ..Default::default()
                },
                customer_email: email,
                text: None,
            };
            let page = PageRequest::new(limit.min(PageRequest::MAX_SIZE), None).map_err(said)?;
            for o in operators
                .search_orders(&search, &page)
                .await
                .map_err(said)?
                .items
            {
                println!(
                    "{}\t{}\t{}\t{}\t{}\t{}",
                    o.id.as_str(),
                    o.state.code(),
                    o.category.slug(),
                    o.details.start(),
                    o.estimate.total.amount(),
                    o.plan_name
                );
            }
        }
    }
    Ok(())
}
