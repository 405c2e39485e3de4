//! SeaORM entities: rows as stored. They never leave this crate; repositories map them to and from
//! the domain's types.

pub mod plan;
pub mod therapist;
