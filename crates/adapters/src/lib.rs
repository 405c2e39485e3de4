//! Implementations of the domain's ports.

pub mod catalog_file;
pub mod db;
mod entities;
mod sql_catalog;
#[cfg(feature = "testing")]
pub mod testing;

pub use sql_catalog::SqlCatalogRepository;
