use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use app::{Config, jobs, server, telemetry};
use clap::{Parser, Subcommand};
use domain::audit::Staff;
use domain::identity::Role;
use domain::operations::SearchOrders;
use domain::shared::PageRequest;

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

#[derive(Subcommand)]
enum Backup {
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

#[derive(Subcommand)]
enum Admin {
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

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
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
            let listener = tokio::net::TcpListener::bind(config.listen)
                .await
                .with_context(|| format!("binding {}", config.listen))?;
            server::serve(config, listener, jobs::shutdown_signal()).await
        }
        Command::Migrate => {
            let db = adapters::sql::db::connect(&config.database_url).await?;
            adapters::sql::db::migrate(&db).await?;
            tracing::info!("database is up to date");
            Ok(())
        }
        Command::SeedDemo => {
            let db = adapters::sql::db::connect(&config.database_url).await?;
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

async fn run_backup(config: &Config, backup: Backup) -> anyhow::Result<()> {
    match backup {
        Backup::Restore { name } => {
            let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ").to_string();
            let shelf = config.backup_shelf()?;
            let aside = adapters::providers::backups::restore_sqlite(
                &shelf,
                &name,
                &config.database_url,
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
    let url = &config.database_url;
    anyhow::ensure!(
        url.starts_with("postgres://") || url.starts_with("postgresql://"),
        "dumps are PostgreSQL's; a SQLite node's backups are `booking backup now`"
    );
    Ok(url.clone())
}

fn backups_of(app: &server::App) -> anyhow::Result<&domain::backups::BackupService> {
    app.services
        .backups
        .as_ref()
        .context("backups here are SQLite's; PostgreSQL's: docs/deploying.md")
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

async fn run_admin(config: &Config, admin: Admin) -> anyhow::Result<()> {
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
