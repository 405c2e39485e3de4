//! Group commit for new orders. One writer task per store takes the orders that arrived while it
//! wrote the previous group and writes them in one transaction, so that they share one sync to
//! disk: more orders than syncs per second. One order's refusal (a key already used, a reached
//! cap, a taken therapist) undoes that order alone: the cap is counted and the key claimed before
//! anything of the order is written, and an order that can be refused later is written in a
//! savepoint of its own. None is answered before its group has committed.

use domain::ordering::{KeyClaim, Order, StoreError, UnpaidCap};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, Set, TransactionTrait, TryInsertResult,
};
use tokio::sync::{mpsc, oneshot};

use crate::db::{DbLock, begin_write, take_lock};
use crate::entities::{idempotency_key, order};
use crate::live;
use crate::sql_common::{ms, storage};
use crate::sql_order_rows::{event_rows, order_to_row};
use crate::sql_orders::{insert_events, sync_massage, unpaid_of};

/// At most this many orders share a transaction: enough to cover every request a node has in
/// flight, few enough that one group's locks are short.
const GROUP: usize = 64;

/// Orders waiting for the writer; a request beyond this waits to be queued.
const QUEUE: usize = 1024;

struct Job {
    order: Order,
    claim: Option<KeyClaim>,
    cap: UnpaidCap,
    done: oneshot::Sender<Result<(), StoreError>>,
}

impl Job {
    /// Whether the customer's unpaid orders must be counted (under their lock) first.
    fn capped(&self) -> bool {
        self.order.state.is_unpaid() && !self.cap.is_none()
    }

    /// Whether the order can be refused after its first row is written (a therapist already
    /// held), and so needs a savepoint to undo it alone. The cap is counted before any write and
    /// the key is the first one, written only when free.
    fn refusable_late(&self) -> bool {
        self.order.therapist_hold().is_some()
    }
}

/// The handle requests write through; the writer task ends when the last handle is dropped.
pub(crate) struct OrderWriter {
    jobs: mpsc::Sender<Job>,
}

impl OrderWriter {
    pub(crate) fn start(db: DatabaseConnection) -> Self {
        let (jobs, queue) = mpsc::channel(QUEUE);
        tokio::spawn(run(db, queue));
        Self { jobs }
    }

    /// Writes `order` (with its key claim and transitions) in the next group, under `cap`, and
    /// answers once that group has committed or failed.
    pub(crate) async fn insert(
        &self,
        order: &Order,
        claim: Option<&KeyClaim>,
        cap: UnpaidCap,
    ) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        let job = Job {
            order: order.clone(),
            claim: claim.cloned(),
            cap,
            done,
        };
        self.jobs.send(job).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

fn stopped() -> StoreError {
    StoreError::Other(domain::DomainError::Unavailable("order writer".into()))
}

async fn run(db: DatabaseConnection, mut queue: mpsc::Receiver<Job>) {
    let mut group = Vec::with_capacity(GROUP);
    while queue.recv_many(&mut group, GROUP).await > 0 {
        let jobs = std::mem::take(&mut group);
        match write(&db, &jobs).await {
            Ok(outcomes) => {
                for (job, outcome) in jobs.into_iter().zip(outcomes) {
                    let _ = job.done.send(outcome);
                }
            }
            Err(e) => {
                // Nothing of the group was written: every order in it fails, and may be retried.
                let e = StoreError::Other(storage(e));
                for job in jobs {
                    let _ = job.done.send(Err(e.clone()));
                }
            }
        }
    }
}

/// One transaction for the group: each order in a savepoint, their live events last, then the
/// commit. Answers each order's outcome, or the error that undid the whole group.
async fn write(
    db: &DatabaseConnection,
    jobs: &[Job],
) -> Result<Vec<Result<(), StoreError>>, DbErr> {
    let txn = begin_write(db).await?;
    // On PostgreSQL every capped customer's lock is taken first and in one order, so two groups
    // (or two nodes) never wait on each other; on SQLite the write lock covers them.
    let mut owners: Vec<&str> = jobs
        .iter()
        .filter(|j| j.capped())
        .map(|j| j.order.owner.as_str())
        .collect();
    owners.sort_unstable();
    owners.dedup();
    for owner in owners {
        take_lock(&txn, DbLock::OrdersOf(owner)).await?;
    }
    let mut outcomes = Vec::with_capacity(jobs.len());
    for job in jobs {
        let outcome = if job.refusable_late() {
            let savepoint = txn.begin().await?;
            let outcome = insert_one(&savepoint, job).await;
            if outcome.is_ok() {
                savepoint.commit().await?;
            } else {
                savepoint.rollback().await?;
            }
            outcome
        } else {
            insert_one(&txn, job).await
        };
        if let Err(StoreError::Other(_)) = outcome {
            // A storage failure is not the order's fault: the group is undone, and its clients
            // may retry.
            return Err(DbErr::Custom(
                "an order of the group could not be written".into(),
            ));
        }
        outcomes.push(outcome);
    }
    let written: Vec<live::Change> = jobs
        .iter()
        .zip(&outcomes)
        .filter(|(_, outcome)| outcome.is_ok())
        .map(|(job, _)| live::Change {
            owner: job.order.owner.as_str(),
            topic: domain::live::Topic::Order,
            subject: job.order.id.as_str(),
        })
        .collect();
    let at = jobs
        .iter()
        .map(|j| ms(j.order.updated_at))
        .max()
        .unwrap_or(0);
    live::record(&txn, at, &written).await?;
    txn.commit().await?;
    Ok(outcomes)
}

/// One order, in the group's transaction: the cap, the key (first, so that a concurrent
/// duplicate fails before any order), the order, its transitions and its therapist hold.
async fn insert_one(db: &impl ConnectionTrait, job: &Job) -> Result<(), StoreError> {
    let o = &job.order;
    if job.capped() {
        let (held, massage) = unpaid_of(db, &o.owner, o.created_at, job.cap.orders).await?;
        if !job.cap.admits(held, massage, o) {
            return Err(StoreError::TooManyUnpaid);
        }
    }
    if let Some(c) = &job.claim {
        let row = idempotency_key::ActiveModel {
            owner: Set(c.owner.as_str().into()),
            key: Set(c.key.as_str().into()),
            fingerprint: Set(c.fingerprint.clone()),
            order_id: Set(c.order_id.as_str().into()),
            created_at_ms: Set(ms(c.created_at)),
        };
        let written = idempotency_key::Entity::insert(row)
            .on_conflict_do_nothing()
            .exec_without_returning(db)
            .await
            .map_err(storage)?;
        if !matches!(written, TryInsertResult::Inserted(1)) {
            return Err(StoreError::KeyTaken);
        }
    }
    order::Entity::insert(order_to_row(o))
        .exec(db)
        .await
        .map_err(storage)?;
    insert_events(db, event_rows(o, 0)).await.map_err(storage)?;
    sync_massage(db, o).await
}
