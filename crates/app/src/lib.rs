//! The booking binary's library half: configuration, start-up and the HTTP server, so that the API
//! tests start exactly what production starts.

pub mod cli;
pub mod config;
pub mod jobs;
mod linger;
pub mod listener;
mod mailbox_page;
pub mod metrics;
pub mod server;
pub mod telemetry;
mod web;

pub use config::{Config, Environment, OidcSettings};
