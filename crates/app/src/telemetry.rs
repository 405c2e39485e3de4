//! Logs through `tracing`: readable lines in dev, JSON lines in prod.

use tracing_subscriber::EnvFilter;

use crate::config::{Config, Environment};

pub fn init(config: &Config) {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(&config.log))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    // A second init (tests start several apps in one process) keeps the first subscriber.
    let _ = match config.env {
        Environment::Prod => builder.json().try_init(),
        Environment::Dev => builder.compact().try_init(),
    };
}
