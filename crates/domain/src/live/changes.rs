//! Which live event each change announces, decided here once: a store saves a value and records
//! the change this names for it, never a topic or subject of its own choosing.

use super::model::{Holder, Topic};
use crate::ordering::{Order, OrderId};
use crate::shared::UserId;
use crate::support::ThreadId;

/// A change a page may be watching: whose it is, what it is, which one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub owner: String,
    pub topic: Topic,
    pub subject: String,
}

impl Change {
    /// An order changed: its state, driver, therapist, payment or contact.
    pub fn order(order: &Order) -> Self {
        Self {
            owner: order.owner.as_str().to_owned(),
            topic: Topic::Order,
            subject: order.id.as_str().to_owned(),
        }
    }

    /// A support thread of `owner`'s changed: a message from either side, read, closed. The
    /// owner as the thread's row keeps it: announcing never fails a change that was made.
    pub fn thread(owner: &str, id: &ThreadId) -> Self {
        Self {
            owner: owner.to_owned(),
            topic: Topic::Thread,
            subject: id.as_str().to_owned(),
        }
    }

    /// Something the order's pages show beside it changed: its job, its thread.
    pub fn order_part(owner: &str, order: &OrderId) -> Self {
        Self {
            owner: owner.to_owned(),
            topic: Topic::Order,
            subject: order.as_str().to_owned(),
        }
    }

    /// The partner on `owner`'s order `order` sent where they are.
    pub fn position(owner: &UserId, order: &OrderId) -> Self {
        Self {
            owner: owner.as_str().to_owned(),
            topic: Topic::Position,
            subject: order.as_str().to_owned(),
        }
    }

    /// A job `partner` holds or is offered, or held or was offered until this change, changed:
    /// their phone reads it again.
    pub fn job(partner: &UserId, order: &OrderId) -> Self {
        Self {
            owner: partner.as_str().to_owned(),
            topic: Topic::Job,
            subject: order.as_str().to_owned(),
        }
    }

    /// A partner's own record changed (paused, resumed, their hours): their phone reads it again.
    pub fn partner(partner: &UserId) -> Self {
        Self {
            owner: partner.as_str().to_owned(),
            topic: Topic::Job,
            subject: partner.as_str().to_owned(),
        }
    }

    /// `owner`'s v-coin balance moved.
    pub fn wallet(owner: &UserId) -> Self {
        Self {
            owner: owner.as_str().to_owned(),
            topic: Topic::Wallet,
            subject: owner.as_str().to_owned(),
        }
    }

    /// The credentials of `holder` were taken back: its open watches check them again.
    pub fn access(holder: &Holder) -> Self {
        let owner = match holder {
            Holder::Account(id) => id.as_str().to_owned(),
            Holder::Key(id) => id.clone(),
        };
        Self {
            owner,
            topic: Topic::Access,
            subject: holder.subject(),
        }
    }
}
