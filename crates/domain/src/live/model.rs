use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::identity::{Principal, Role};
use crate::shared::UserId;

/// What changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// An order: its state, driver, therapist, payment or contact.
    Order,
    /// A support thread: a message from either side, or it was read.
    Thread,
    /// A customer's v-coin balance.
    Wallet,
    /// Where the partner on an order's job is: a new reading from their phone, every few
    /// seconds, announced apart from the order's own changes so that pages read only the job.
    Position,
    /// A partner's work: a job they hold or are offered changed (offered, taken, taken back, a
    /// step, a message in its thread), its owner the partner and its subject the order; or their
    /// own record (paused, hours), its subject their id. Only that partner is shown it.
    Job,
    /// An account's or a key's credentials were taken back (signed out, disabled, a new password
    /// or address, a revoked key): the watches they hold open check them again at once. No
    /// viewer is shown it.
    Access,
}

impl Topic {
    pub const fn code(self) -> &'static str {
        match self {
            Topic::Order => "order",
            Topic::Thread => "thread",
            Topic::Wallet => "wallet",
            Topic::Position => "position",
            Topic::Job => "job",
            Topic::Access => "access",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "order" => Some(Topic::Order),
            "thread" => Some(Topic::Thread),
            "wallet" => Some(Topic::Wallet),
            "position" => Some(Topic::Position),
            "job" => Some(Topic::Job),
            "access" => Some(Topic::Access),
            _ => None,
        }
    }
}

/// One change, numbered by the database in the order the changes were written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveEvent {
    pub id: i64,
    pub at: DateTime<Utc>,
    /// The customer whose order, thread or wallet it is; the partner whose work it is.
    pub owner: UserId,
    pub topic: Topic,
    /// The order's id, the thread's id, or the wallet's owner.
    pub subject: String,
}

/// Who watches: staff see every change, a customer only their own orders, threads and wallet, a
/// partner only their own work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Viewer {
    Staff,
    Customer(UserId),
    Partner(UserId),
}

impl Viewer {
    pub fn of(principal: &Principal) -> Self {
        match principal.role {
            Role::Customer => Viewer::Customer(principal.user_id.clone()),
            Role::Partner => Viewer::Partner(principal.user_id.clone()),
            Role::Operator | Role::Admin => Viewer::Staff,
        }
    }

    /// A partner's position reaches the order's customer, and staff only for the orders their
    /// watch follows (`sees_following`): every few seconds per job, all of them would flood the
    /// console. Staff follow a job through its order's events, so a partner's own are theirs
    /// alone.
    pub fn sees(&self, event: &LiveEvent) -> bool {
        match (self, event.topic) {
            (_, Topic::Access) | (Viewer::Staff, Topic::Position | Topic::Job) => false,
            (Viewer::Staff, _) => true,
            (Viewer::Customer(id), topic) => topic != Topic::Job && *id == event.owner,
            (Viewer::Partner(id), topic) => topic == Topic::Job && *id == event.owner,
        }
    }

    /// What a watch that follows `orders` sees: what its viewer sees, and for staff the
    /// positions of those orders' partners (an order's page, the board's jobs on the way). The
    /// others' `orders` widen nothing.
    pub fn sees_following(&self, event: &LiveEvent, orders: &BTreeSet<String>) -> bool {
        self.sees(event)
            || (*self == Viewer::Staff
                && event.topic == Topic::Position
                && orders.contains(&event.subject))
    }
}

/// Whose credentials keep a watch open: an account's token, or a service key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Holder {
    Account(UserId),
    Key(String),
}

impl Holder {
    /// The subject of the access events that concern these credentials.
    pub fn subject(&self) -> String {
        match self {
            Holder::Account(id) => format!("account:{}", id.as_str()),
            Holder::Key(id) => format!("key:{id}"),
        }
    }

    /// Whether `event` takes these credentials back.
    pub fn revoked_by(&self, event: &LiveEvent) -> bool {
        event.topic == Topic::Access && event.subject == self.subject()
    }
}
