//! Group commit for new orders. One writer task per store takes the orders that arrived while it
//! wrote the previous group and writes them in one transaction, so that they share one sync to
//! disk: more orders than syncs per second. One order's refusal (a key already used, a reached
//! cap, a taken therapist) undoes that order alone: the cap is counted and the key claimed before
//! anything of the order is written, and an order that can be refused later is written in a
//! savepoint of its own. None is answered before its group has committed.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::catalog::Category;
use domain::live::Change;
use domain::ordering::{KeyClaim, Order, StoreError, UnpaidCap};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait,
    QueryFilter, Set, TransactionTrait, TryInsertResult,
};
use tokio::sync::{mpsc, oneshot};

use super::saving::{sync_massage, unpaid_of_each};
use super::statements::{Announce, insert_rows, latest};
use crate::sql::common::{ms, storage};
use crate::sql::db::{DbLock, message_limit, take_locks};
use crate::sql::entities::idempotency_key;
use crate::stores::live;

/// At most this many orders share a transaction: enough to cover every request a node has in
/// flight, few enough that one group's locks are short.
pub(super) const GROUP: usize = 64;

/// At most this many orders have their keys claimed and their caps counted in one statement on
/// PostgreSQL (their rows go in statements within `db::message_limit`); a group of more takes several,
/// still one transaction and one commit. 16 keys and 16 customers keep those statements a few
/// kilobytes.
const STATEMENT_ON_POSTGRES: usize = 16;

/// The orders whose keys and caps go in one statement.
fn statement_bound(backend: DbBackend) -> usize {
    if backend == DbBackend::Postgres {
        STATEMENT_ON_POSTGRES
    } else {
        GROUP
    }
}

/// Orders waiting for the writer; a request beyond this waits to be queued.
const QUEUE: usize = 1024;

/// On SQLite, the orders after which the writer copies the log into the database once no order
/// waits: about the pages of `db::WAL_CHECKPOINT_PAGES` (an order writes eight or so). Done in
/// the commit that crossed the mark, as SQLite does on its own (off on the writer's connection,
/// see `db::connect_order_writer`), the copy and its sync held up that group's answers as well as the
/// orders queued behind it; between bursts it holds up none. A copy by another connection while
/// the writer went on never caught up under a steady load: the log only restarts once copied
/// whole, and it grew past 500 MB.
const CHECKPOINT_EVERY: usize = 25;

/// On SQLite, the orders after which the writer copies the log even with orders waiting: a
/// writer that is never idle still keeps its log to a few megabytes.
const CHECKPOINT_AT_MOST: usize = 4 * CHECKPOINT_EVERY;

struct Job {
    order: Order,
    claim: Option<KeyClaim>,
    cap: UnpaidCap,
    /// A test's stand-in for a bug: the group panics once its rows are written.
    #[cfg(feature = "testing")]
    panics: bool,
}

/// Where an order's outcome is answered.
type Answer = oneshot::Sender<Result<(), StoreError>>;

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
    jobs: mpsc::Sender<(Job, Answer)>,
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
        self.send(Job {
            order: order.clone(),
            claim: claim.cloned(),
            cap,
            #[cfg(feature = "testing")]
            panics: false,
        })
        .await
    }

    /// Writes `order` in a group that panics before its commit, as a bug there would.
    #[cfg(feature = "testing")]
    pub(crate) async fn insert_panicking(&self, order: &Order) -> Result<(), StoreError> {
        self.send(Job {
            order: order.clone(),
            claim: None,
            cap: UnpaidCap::NONE,
            panics: true,
        })
        .await
    }

    async fn send(&self, job: Job) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs.send((job, done)).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

fn stopped() -> StoreError {
    StoreError::Other(DomainError::Unavailable("order writer".into()))
}

async fn run(db: DatabaseConnection, mut queue: mpsc::Receiver<(Job, Answer)>) {
    let backend = db.get_database_backend();
    let limit = message_limit(&db);
    let mut group = Vec::with_capacity(GROUP);
    let mut unchecked = 0;
    while queue.recv_many(&mut group, GROUP).await > 0 {
        let (jobs, answers): (Vec<Job>, Vec<Answer>) = group.drain(..).unzip();
        unchecked += jobs.len();
        for (answer, outcome) in answers.into_iter().zip(written(&db, jobs, limit).await) {
            let _ = answer.send(outcome);
        }
        let due =
            unchecked >= CHECKPOINT_AT_MOST || (unchecked >= CHECKPOINT_EVERY && queue.is_empty());
        if due {
            if backend == DbBackend::Sqlite {
                checkpoint(&db).await;
            }
            unchecked = 0;
        }
    }
}

/// Each order's outcome once its group is written. The group is written in a task of its own, so
/// that a panic there (a bug) fails that group's orders, as a group the database refused, and
/// not every order after it: its transaction is dropped, so rolled back, with the task.
async fn written(
    db: &DatabaseConnection,
    jobs: Vec<Job>,
    limit: Option<usize>,
) -> Vec<Result<(), StoreError>> {
    let count = jobs.len();
    let db = db.clone();
    let failure = match tokio::spawn(async move { write(&db, &jobs, limit).await }).await {
        Ok(Ok(outcomes)) => return outcomes,
        Ok(Err(e)) => storage(e),
        Err(panicked) => storage(DbErr::Custom(format!("writing a group: {panicked}"))),
    };
    // Nothing of the group was written: every order in it fails, and may be retried.
    vec![Err(StoreError::Other(failure)); count]
}

/// Copies the log into the database, between two groups: the orders written are answered
/// already, and the log restarts at the next group, nothing else having been written meanwhile.
/// A failed copy is left for the next: the log only grows meanwhile.
async fn checkpoint(db: &DatabaseConnection) {
    if let Err(e) = db
        .execute_unprepared("PRAGMA wal_checkpoint(PASSIVE)")
        .await
    {
        tracing::warn!(error = %e, "copying the log into the database");
    }
}

/// The group in a fixed number of statements whatever its size (on PostgreSQL, for every 16
/// orders). Each order that can be refused after it is written goes first, in a savepoint of its
/// own, with its therapist hold; then the others all at once (`insert_all`), their live events
/// in their last statement; then the late ones' live events and the commit. Answers each order's
/// outcome, or the error that undid the whole group.
async fn write(
    db: &DatabaseConnection,
    jobs: &[Job],
    limit: Option<usize>,
) -> Result<Vec<Result<(), StoreError>>, DbErr> {
    let mut outcomes: Vec<Result<(), StoreError>> = vec![Ok(()); jobs.len()];
    let txn = live::begin(db).await?;
    // On PostgreSQL every capped customer's lock is taken first and in one order, so two groups
    // (or two nodes) never wait on each other; on SQLite the write lock covers them.
    let mut owners: Vec<&str> = jobs
        .iter()
        .filter(|j| j.capped())
        .map(|j| j.order.owner.as_str())
        .collect();
    owners.sort_unstable();
    owners.dedup();
    take_locks(&txn, owners.into_iter().map(DbLock::OrdersOf)).await?;
    let (late, plain): (Vec<usize>, Vec<usize>) =
        (0..jobs.len()).partition(|&i| jobs[i].refusable_late());
    for &i in &late {
        let savepoint = txn.begin().await?;
        insert_all(
            &savepoint,
            jobs,
            &[i],
            &mut outcomes,
            Announce::Later,
            limit,
        )
        .await?;
        if outcomes[i].is_ok() {
            match sync_massage(&savepoint, &jobs[i].order).await {
                Ok(()) => {}
                // A storage failure is not the order's fault: the group is undone, and its
                // clients may retry.
                Err(StoreError::Other(_)) => {
                    return Err(DbErr::Custom(
                        "a therapist hold could not be written".into(),
                    ));
                }
                Err(refused) => outcomes[i] = Err(refused),
            }
        }
        if outcomes[i].is_ok() {
            savepoint.commit().await?;
        } else {
            savepoint.rollback().await?;
        }
    }
    for part in plain.chunks(statement_bound(db.get_database_backend())) {
        insert_all(&txn, jobs, part, &mut outcomes, Announce::WithRows, limit).await?;
    }
    let late_written: Vec<&Order> = late
        .iter()
        .filter(|&&i| outcomes[i].is_ok())
        .map(|&i| &jobs[i].order)
        .collect();
    #[cfg(feature = "testing")]
    if jobs.iter().any(|j| j.panics) {
        panic!("a bug in the order writer, as a test makes one");
    }
    let changes: Vec<Change> = late_written.iter().map(|o| Change::order(o)).collect();
    txn.commit(latest(&late_written), &changes).await?;
    Ok(outcomes)
}

/// Writes the orders `among` in `db`, each step one statement for all of them: their keys, then
/// their customers' caps, then the orders admitted with their transitions (and, as `announce`
/// says, their live events). The refused ones' outcomes are set in `outcomes`; nothing of them is
/// written.
async fn insert_all(
    db: &impl ConnectionTrait,
    jobs: &[Job],
    among: &[usize],
    outcomes: &mut [Result<(), StoreError>],
    announce: Announce,
    limit: Option<usize>,
) -> Result<(), DbErr> {
    for i in keys_taken(db, jobs, among).await? {
        outcomes[i] = Err(StoreError::KeyTaken);
    }
    let over = over_cap(db, jobs, among, outcomes)
        .await
        .map_err(|_| DbErr::Custom("counting unpaid orders".into()))?;
    // An order over its customer's cap keeps no key: a retry must find it free.
    release_keys(db, over.iter().filter_map(|&i| jobs[i].claim.as_ref())).await?;
    for i in over {
        outcomes[i] = Err(StoreError::TooManyUnpaid);
    }
    let admitted: Vec<&Order> = among
        .iter()
        .filter(|&&i| outcomes[i].is_ok())
        .map(|&i| &jobs[i].order)
        .collect();
    if !admitted.is_empty() {
        insert_rows(db, &admitted, announce, limit).await?;
    }
    Ok(())
}

fn key_row(c: &KeyClaim) -> idempotency_key::ActiveModel {
    idempotency_key::ActiveModel {
        owner: Set(c.owner.as_str().into()),
        key: Set(c.key.as_str().into()),
        fingerprint: Set(c.fingerprint.clone()),
        order_id: Set(c.order_id.as_str().into()),
        created_at_ms: Set(ms(c.created_at)),
    }
}

/// Claims the keys of `among` in one statement and answers which of them were taken already
/// (by an earlier request, or by an order before them in this group). When every key was
/// free, as nearly always, that is all it costs; otherwise the stored claims say whose each is.
async fn keys_taken(
    db: &impl ConnectionTrait,
    jobs: &[Job],
    among: &[usize],
) -> Result<Vec<usize>, DbErr> {
    let claims: Vec<(usize, &KeyClaim)> = among
        .iter()
        .filter_map(|&i| jobs[i].claim.as_ref().map(|c| (i, c)))
        .collect();
    if claims.is_empty() {
        return Ok(Vec::new());
    }
    let written = idempotency_key::Entity::insert_many(claims.iter().map(|(_, c)| key_row(c)))
        .on_conflict_do_nothing()
        .exec_without_returning(db)
        .await?;
    if matches!(written, TryInsertResult::Inserted(n) if n == claims.len() as u64) {
        return Ok(Vec::new());
    }
    let stored = idempotency_key::Entity::find()
        .filter(claims.iter().fold(Condition::any(), |any, (_, c)| {
            any.add(
                Condition::all()
                    .add(idempotency_key::Column::Owner.eq(c.owner.as_str()))
                    .add(idempotency_key::Column::Key.eq(c.key.as_str())),
            )
        }))
        .all(db)
        .await?;
    Ok(claims
        .iter()
        .filter(|(_, c)| {
            !stored.iter().any(|r| {
                r.owner == c.owner.as_str()
                    && r.key == c.key.as_str()
                    && r.order_id == c.order_id.as_str()
            })
        })
        .map(|(i, _)| *i)
        .collect())
}

/// Which of `among` (those not refused yet) their customer's cap refuses, in the group's order:
/// the customers' unpaid orders are counted once, all in one query, then the group's own
/// admitted ones added.
async fn over_cap(
    db: &impl ConnectionTrait,
    jobs: &[Job],
    among: &[usize],
    outcomes: &[Result<(), StoreError>],
) -> Result<Vec<usize>, StoreError> {
    let capped: Vec<usize> = among
        .iter()
        .copied()
        .filter(|&i| outcomes[i].is_ok() && jobs[i].capped())
        .collect();
    // Each customer's orders lapse as of their first order in the group, as if counted alone.
    let mut first: Vec<(&str, DateTime<Utc>)> = Vec::new();
    for &i in &capped {
        let o = &jobs[i].order;
        if !first.iter().any(|&(owner, _)| owner == o.owner.as_str()) {
            first.push((o.owner.as_str(), o.created_at));
        }
    }
    let mut held = unpaid_of_each(db, &first).await?;
    let mut over = Vec::new();
    for i in capped {
        let (o, cap) = (&jobs[i].order, jobs[i].cap);
        let counts = held.entry(o.owner.as_str()).or_default();
        if cap.admits(counts.0, counts.1, o) {
            counts.0 += 1;
            counts.1 += u32::from(o.category == Category::DragonMassage);
        } else {
            over.push(i);
        }
    }
    Ok(over)
}

/// Gives back the keys of orders refused after their keys were claimed.
async fn release_keys<'a>(
    db: &impl ConnectionTrait,
    claims: impl Iterator<Item = &'a KeyClaim>,
) -> Result<(), DbErr> {
    let any = claims.fold(Condition::any(), |any, c| {
        any.add(
            Condition::all()
                .add(idempotency_key::Column::Owner.eq(c.owner.as_str()))
                .add(idempotency_key::Column::Key.eq(c.key.as_str()))
                .add(idempotency_key::Column::OrderId.eq(c.order_id.as_str())),
        )
    });
    if !any.is_empty() {
        idempotency_key::Entity::delete_many()
            .filter(any)
            .exec(db)
            .await?;
    }
    Ok(())
}
