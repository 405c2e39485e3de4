//! Group commit for new orders. One writer task per store takes the orders that arrived while it
//! wrote the previous group and writes them in one transaction, so that they share one sync to
//! disk: more orders than syncs per second. One order's refusal (a key already used, a reached
//! cap, a taken therapist) undoes that order alone: the cap is counted and the key claimed before
//! anything of the order is written, and an order that can be refused later is written in a
//! savepoint of its own. None is answered before its group has committed.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use domain::catalog::Category;
use domain::ordering::{KeyClaim, Order, StoreError, UnpaidCap};
use sea_orm::sea_query::{CommonTableExpression, Values, WithClause};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait,
    QueryFilter, QueryTrait, Set, Statement, TransactionTrait, TryInsertResult,
};
use tokio::sync::{mpsc, oneshot};

use crate::db::{DbLock, begin_write, take_lock};
use crate::entities::{idempotency_key, order, order_event};
use crate::live;
use crate::sql_common::{ms, storage};
use crate::sql_order_rows::{event_rows, order_to_row};
use crate::sql_orders::{sync_massage, unpaid_of};

/// At most this many orders share a transaction: enough to cover every request a node has in
/// flight, few enough that one group's locks are short.
const GROUP: usize = 64;

/// At most this many orders share a transaction on PostgreSQL. sqlx 0.9.0 leaves Nagle's
/// algorithm on for its TCP sockets (transact-rs/sqlx#4335): a statement whose message passes
/// about 30 kB has its last segment held until the server's delayed ACK, 40 ms later. An order
/// and its transition are about 1.4 kB of parameters, so 16 of them keep a group's one insert
/// under that (measured: 24 orders a group, 600 orders/s and p99 60 ms at the peak; 16, 3,100/s
/// and 16 ms).
const GROUP_ON_POSTGRES: usize = 16;

fn group_bound(backend: DbBackend) -> usize {
    if backend == DbBackend::Postgres {
        GROUP_ON_POSTGRES
    } else {
        GROUP
    }
}

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
        let backend = db.get_database_backend();
        tokio::spawn(run(db, queue, group_bound(backend)));
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

async fn run(db: DatabaseConnection, mut queue: mpsc::Receiver<Job>, most: usize) {
    let mut group = Vec::with_capacity(most);
    while queue.recv_many(&mut group, most).await > 0 {
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

/// One transaction for the group, in a fixed number of statements whatever its size: the orders
/// that can only be refused before they are written all at once (`insert_all`); then each order
/// that can be refused later the same way in a savepoint of its own, with its therapist hold;
/// their live events last; then the commit. Answers each order's outcome,
/// or the error that undid the whole group.
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
    let mut outcomes: Vec<Result<(), StoreError>> = vec![Ok(()); jobs.len()];
    let (late, plain): (Vec<usize>, Vec<usize>) =
        (0..jobs.len()).partition(|&i| jobs[i].refusable_late());
    insert_all(&txn, jobs, &plain, &mut outcomes).await?;
    for i in late {
        let savepoint = txn.begin().await?;
        insert_all(&savepoint, jobs, &[i], &mut outcomes).await?;
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

/// Writes the orders `among` in `db`, each step one statement for all of them: their keys, then
/// their customers' caps, then the orders admitted and their transitions. The refused ones'
/// outcomes are set in `outcomes`; nothing of them is written.
async fn insert_all(
    db: &impl ConnectionTrait,
    jobs: &[Job],
    among: &[usize],
    outcomes: &mut [Result<(), StoreError>],
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
        insert_rows(db, &admitted).await?;
    }
    Ok(())
}

/// Writes `orders` and their transitions in one round trip to the database (on SQLite, one call
/// to its thread): a statement each is a wait each for the whole group. PostgreSQL takes the
/// orders' insert as a `WITH` of the transitions' (their foreign key is checked at the end of the
/// statement, when the orders are in); SQLite, the only other backend, the two in one string.
async fn insert_rows(db: &impl ConnectionTrait, orders: &[&Order]) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let orders_insert =
        order::Entity::insert_many(orders.iter().map(|o| order_to_row(o))).into_query();
    let events: Vec<_> = orders.iter().flat_map(|o| event_rows(o, 0)).collect();
    if events.is_empty() {
        db.execute(&orders_insert).await?;
        return Ok(());
    }
    let events_insert = order_event::Entity::insert_many(events).into_query();
    let statement = if backend == DbBackend::Postgres {
        let new_orders = CommonTableExpression::new()
            .query(orders_insert)
            .table_name("new_orders")
            .to_owned();
        backend.build(&events_insert.with(WithClause::new().cte(new_orders).to_owned()))
    } else {
        let (first, second) = (backend.build(&orders_insert), backend.build(&events_insert));
        let values = [first.values, second.values]
            .into_iter()
            .flatten()
            .flat_map(|v| v.0)
            .collect();
        Statement::from_sql_and_values(
            backend,
            format!("{}; {}", first.sql, second.sql),
            Values(values),
        )
    };
    db.execute_raw(statement).await?;
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
/// each customer's unpaid orders are counted once, then the group's own admitted ones added.
async fn over_cap(
    db: &impl ConnectionTrait,
    jobs: &[Job],
    among: &[usize],
    outcomes: &[Result<(), StoreError>],
) -> Result<Vec<usize>, StoreError> {
    let mut held: HashMap<&str, (u32, u32)> = HashMap::new();
    let mut over = Vec::new();
    for &i in among.iter().filter(|&&i| outcomes[i].is_ok()) {
        let job = &jobs[i];
        if !job.capped() {
            continue;
        }
        let o = &job.order;
        let counts = match held.entry(o.owner.as_str()) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                e.insert(unpaid_of(db, &o.owner, o.created_at, job.cap.orders).await?)
            }
        };
        if job.cap.admits(counts.0, counts.1, o) {
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
