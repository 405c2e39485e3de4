//! A unit of work: writes made through several subjects' ports that commit together or not at
//! all (a job accepted with its order confirmed, a payment settled with its order paid). The
//! ordering port opens one (`OrderStore::begin`), as every such write changes an order; each
//! store writes in it what is its own, and the order is written by the ordering port alone
//! (`OrderStore::save_in`). What a unit holds is the adapter's (a database transaction), which
//! its stores take back by type. Dropped without `commit`, nothing written in it is kept.

use std::any::Any;

use async_trait::async_trait;

use crate::error::DomainResult;

/// The adapter's side of a unit.
#[async_trait]
pub trait Work: Any + Send {
    fn as_any(&mut self) -> &mut (dyn Any + Send);
    async fn commit(self: Box<Self>) -> DomainResult<()>;
}

#[must_use = "commit it, or nothing written in it is kept"]
pub struct Unit(Box<dyn Work>);

impl Unit {
    pub fn new(work: impl Work) -> Self {
        Self(Box::new(work))
    }

    /// The adapter's work, if this unit is of its kind (a store given another adapter's unit
    /// refuses it).
    pub fn work<T: Work>(&mut self) -> Option<&mut T> {
        self.0.as_any().downcast_mut()
    }

    pub async fn commit(self) -> DomainResult<()> {
        self.0.commit().await
    }
}
