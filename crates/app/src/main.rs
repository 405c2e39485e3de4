use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use app::{Config, server, telemetry};
use clap::{Parser, Subcommand};

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
        /// Who confirms (recorded in the order's history).
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
        /// Country code, as `84`.
        #[arg(long, default_value = "84")]
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
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    adapters::install_tls_provider();
    let cli = Cli::parse();
    let config = Config::load(cli.config.as_deref()).context("reading the configuration")?;
    telemetry::init(&config);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let listener = tokio::net::TcpListener::bind(config.listen)
                .await
                .with_context(|| format!("binding {}", config.listen))?;
            server::serve(config, listener, server::shutdown_signal()).await
        }
        Command::Migrate => {
            let db = adapters::db::connect(&config.database_url).await?;
            adapters::db::migrate(&db).await?;
            tracing::info!("database is up to date");
            Ok(())
        }
        Command::SeedDemo => {
            let db = adapters::db::connect(&config.database_url).await?;
            adapters::db::migrate(&db).await?;
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
                .confirm_transfer(&operator, &id, &bank_ref)
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
            let phone = domain::identity::Phone::parse(&country_code, &phone)?;
            let order = app
                .services
                .orders
                .assign_driver(&operator, &id, &name, phone, &plate)
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
            let thread = app.services.support.reply(&operator, &id, &message).await?;
            println!("{} {}", thread.id.as_str(), thread.message_count);
            Ok(())
        }
    }
}
