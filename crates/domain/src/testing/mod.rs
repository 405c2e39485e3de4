//! In-memory fakes of the domain's ports and services built on them, for the domain's unit tests:
//! each service's rules are tested with `cargo test -p domain` alone, without a database.

mod catalog;
mod media;
mod orders;
mod partners;
mod payments;
mod promotions;
mod reviews;
mod support;

use std::sync::Mutex;

use chrono::{DateTime, Utc};

pub(crate) use catalog::{Catalog, plan, therapist};
pub(crate) use media::{MemoryBlobs, MemoryImages, media};
pub(crate) use orders::{Setup, Store, draft_order, massage, massage_at, now, setup, shuttle};
pub(crate) use partners::Partners;
pub(crate) use payments::{Bank, Payments, payments};
pub(crate) use promotions::MemoryPromos;
pub(crate) use reviews::MemoryReviews;
pub(crate) use support::{Limiter, Threads};

use crate::error::DomainResult;
use crate::shared::{Clock, Randomness, Unit, Work};

/// The in-memory stores' unit of work: each write is checked when it is made and applied when
/// the unit commits, in order; a unit dropped uncommitted leaves the stores as they were.
#[derive(Default)]
pub(crate) struct MemWork(Vec<Box<dyn FnOnce() -> DomainResult<()> + Send>>);

impl MemWork {
    pub(crate) fn of(unit: &mut Unit) -> &mut MemWork {
        unit.work().expect("a unit of the in-memory stores")
    }

    /// Applies `write` when the unit commits.
    pub(crate) fn then(&mut self, write: impl FnOnce() -> DomainResult<()> + Send + 'static) {
        self.0.push(Box::new(write));
    }
}

#[async_trait::async_trait]
impl Work for MemWork {
    fn as_any(&mut self) -> &mut (dyn std::any::Any + Send) {
        self
    }

    async fn commit(self: Box<Self>) -> DomainResult<()> {
        self.0.into_iter().try_for_each(|write| write())
    }
}

/// A clock that shows what the test sets.
pub(crate) struct FixedClock(pub Mutex<DateTime<Utc>>);

impl FixedClock {
    pub(crate) fn at(now: DateTime<Utc>) -> Self {
        Self(Mutex::new(now))
    }
}

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

/// Ids `r1`, `r2`, … in order.
#[derive(Default)]
pub(crate) struct Sequence(pub Mutex<u32>);

impl Randomness for Sequence {
    fn secret(&self) -> String {
        unreachable!()
    }
    fn id(&self) -> String {
        let mut n = self.0.lock().unwrap();
        *n += 1;
        // Distinct in its first characters too: an order id keeps only nine.
        format!("r{n:08}x{n:011}")
    }
}

/// The message code a refusal carries, for tests that assert which rule refused (`not_found` for
/// a refusal that says only that the thing is not there, as another's job is).
pub(crate) fn refusal_code(e: crate::DomainError) -> &'static str {
    use crate::DomainError;
    match e {
        DomainError::FailedPrecondition(m)
        | DomainError::PermissionDenied(m)
        | DomainError::Conflict(m) => m.code,
        DomainError::InvalidArgument { message, .. } => message.code,
        DomainError::NotFound { .. } => "not_found",
        other => panic!("{other:?}"),
    }
}
