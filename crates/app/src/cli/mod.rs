//! The command line: serving (the default), migrating, and what operators do from a shell. Every
//! command that acts on the data starts the services as the server does and calls them as
//! `Staff::Shell`, so the same rules and audit entries apply.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, Subcommand};
use domain::audit::Staff;

use crate::{Config, jobs, server, telemetry};

mod admin;
mod backup;

use admin::{Admin, run_admin};
use backup::{Backup, run_backup};

/// The booking platform: one process serving gRPC, gRPC-Web, REST and the web app.
#[derive(Parser)]
#[command(name = "booking", version)]
struct Cli {
    /// A TOML configuration file (also `APP_CONFIG`); `APP_*` variables override it.
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve everything on `APP_LISTEN` (the default command).
    Serve,
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Load the demo catalogue (plans and therapists), replacing entries with the same ids.
    SeedDemo,
    /// An operator saw a bank transfer for an order arrive: mark the order paid.
    ConfirmTransfer {
        /// The order the transfer pays.
        order_id: String,
        /// Who confirms (recorded in the order's history and the audit log).
        #[arg(long)]
        operator: String,
        /// The bank's transaction reference.
        #[arg(long)]
        bank_ref: String,
    },
    /// An operator puts a driver (or guide) on a paid order, which confirms it; the customer sees
    /// the driver in the order's detail.
    AssignDriver {
        order_id: String,
        #[arg(long)]
        operator: String,
        #[arg(long)]
        name: String,
        /// Country code, as `84` (Vietnam's when left out).
        #[arg(long, default_value = domain::shared::HOME_COUNTRY_CODE)]
        country_code: String,
        #[arg(long)]
        phone: String,
        /// Empty for a guide on foot.
        #[arg(long, default_value = "")]
        plate: String,
    },
    /// An operator answers a customer-service thread.
    SupportReply {
        thread_id: String,
        #[arg(long)]
        operator: String,
        #[arg(long)]
        message: String,
    },
    /// Operators' essentials from a shell: accounts, service keys, the catalogue, orders.
    #[command(subcommand)]
    Admin(Admin),
    /// Backups of a SQLite database: take one now, list those kept, put one back.
    #[command(subcommand)]
    Backup(Backup),
}

/// Parses the command line and runs its command, with the configuration and telemetry it names.
pub async fn main() -> anyhow::Result<()> {
    adapters::install_tls_provider();
    let cli = Cli::parse();
    let config = Config::load(cli.config.as_deref()).context("reading the configuration")?;
    let telemetry = telemetry::init(&config);
    let result = run(cli.command.unwrap_or(Command::Serve), config).await;
    telemetry.shutdown().await;
    result
}

async fn run(command: Command, config: Config) -> anyhow::Result<()> {
    match command {
        Command::Serve => {
            let listener = tokio::net::TcpListener::bind(config.server.listen)
                .await
                .with_context(|| format!("binding {}", config.server.listen))?;
            server::serve(config, listener, jobs::shutdown_signal()).await
        }
        Command::Migrate => {
            let db = adapters::sql::db::connect(&config.database.url).await?;
            adapters::sql::db::migrate(&db).await?;
            tracing::info!("database is up to date");
            Ok(())
        }
        Command::SeedDemo => {
            let db = adapters::sql::db::connect(&config.database.url).await?;
            adapters::sql::db::migrate(&db).await?;
            let repo = adapters::SqlCatalogRepository::new(db);
            let catalog = domain::catalog::CatalogService::new(Arc::new(repo));
            server::seed_demo(&catalog, true).await?;
            tracing::info!("demo catalogue loaded");
            Ok(())
        }
        Command::ConfirmTransfer {
            order_id,
            operator,
            bank_ref,
        } => {
            let app = server::App::start(&config).await?;
            let id = domain::ordering::OrderId::parse(&order_id)?;
            let order = app
                .services
                .payments
                .confirm_transfer(&shell(&operator), &id, &bank_ref)
                .await?;
            println!("{} {}", order.id.as_str(), order.state.code());
            Ok(())
        }
        Command::AssignDriver {
            order_id,
            operator,
            name,
            country_code,
            phone,
            plate,
        } => {
            let app = server::App::start(&config).await?;
            let id = domain::ordering::OrderId::parse(&order_id)?;
            let phone = domain::shared::Phone::parse(&country_code, &phone)?;
            let order = app
                .services
                .orders
                .assign_driver(&shell(&operator), (&id, None), &name, phone, &plate)
                .await?;
            println!("{} {}", order.id.as_str(), order.state.code());
            Ok(())
        }
        Command::SupportReply {
            thread_id,
            operator,
            message,
        } => {
            let app = server::App::start(&config).await?;
            let id = domain::support::ThreadId::parse(&thread_id)?;
            let thread = app
                .services
                .support
                .reply(&shell(&operator), &id, &message)
                .await?;
            println!("{} {}", thread.id.as_str(), thread.message_count);
            Ok(())
        }
        Command::Admin(admin) => run_admin(&config, admin).await,
        Command::Backup(backup) => run_backup(&config, backup).await,
    }
}

/// Someone at the server's shell, named for the audit log.
fn shell(name: &str) -> Staff {
    Staff::Shell {
        name: name.trim().to_owned(),
    }
}

/// A refusal of the domain's in the words the API says it with.
fn said(e: domain::DomainError) -> anyhow::Error {
    anyhow::Error::msg(gateway::describe(e))
}
