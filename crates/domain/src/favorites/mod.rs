//! Favourite therapists, and the therapist finder that puts a customer's favourites first.

mod service;
#[cfg(test)]
mod tests;

pub use service::{FavoriteService, Found};
