//! Shared by the programs under `bench/`: the server in process or as the shipped binary, and the
//! bounds the figures are measured against.

pub mod bounds;
pub mod child;
pub mod customer;
pub mod hey;
pub mod host;
pub mod ledger;
pub mod server;
pub mod workers;
pub mod world;
