//! What every SQL store shares: opening the database, the tables as SeaORM entities, errors and
//! instants, keyset pages.

pub(crate) mod common;
pub mod db;
pub(crate) mod entities;
pub(crate) mod outbox;
pub(crate) mod paging;
