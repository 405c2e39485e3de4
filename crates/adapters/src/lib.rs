//! Implementations of the domain's ports.

pub mod catalog_file;
pub mod db;
mod entities;
mod sql_catalog;

pub use sql_catalog::SqlCatalogRepository;
