//! Partners' positions, written in groups: one writer per node takes every reading waiting and
//! writes them in one transaction, so 400 readings a second cost a few commits a second, not 400
//! (issue 67: each its own commit, they queued behind SQLite's one write lock and PostgreSQL's
//! live-events lock). Each reading keeps its own rule in its own statement (replaced unless the
//! kept one is newer or was kept too recently), so readings of one phone sent at once, in one
//! group or on several nodes, still keep one.

use std::sync::OnceLock;

use chrono::{DateTime, Utc};
use domain::jobs::KeptPosition;
use domain::live::Change;
use domain::ordering::OrderId;
use domain::shared::UserId;
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, OnConflict};
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, Set};
use tokio::sync::{mpsc, oneshot};

use crate::sql::common::{ms, storage};
use crate::sql::entities::job_position;
use crate::stores::live;

/// Readings waiting for the writer; a phone past it waits for room.
const WAITING: usize = 4096;
/// The most readings one transaction writes.
const GROUP: usize = 512;

struct Reading {
    order: OrderId,
    owner: UserId,
    kept: KeptPosition,
    unless_kept_after: DateTime<Utc>,
    /// Whether it was kept.
    answer: oneshot::Sender<Result<bool, String>>,
}

/// The node's position writer, started with its first reading.
#[derive(Default)]
pub(super) struct PositionWriter {
    readings: OnceLock<mpsc::Sender<Reading>>,
}

impl PositionWriter {
    /// Keeps `kept` as the job's reading unless the one kept is newer or was kept after
    /// `unless_kept_after`; answers whether it was kept, once its group has committed.
    pub(super) async fn keep(
        &self,
        db: &DatabaseConnection,
        order: &OrderId,
        owner: &UserId,
        kept: &KeptPosition,
        unless_kept_after: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let readings = self.readings.get_or_init(|| {
            let (send, receive) = mpsc::channel(WAITING);
            tokio::spawn(write(db.clone(), receive));
            send
        });
        let (answer, answered) = oneshot::channel();
        let reading = Reading {
            order: order.clone(),
            owner: owner.clone(),
            kept: kept.clone(),
            unless_kept_after,
            answer,
        };
        let gone = || DomainError::Unavailable("the position writer stopped".into());
        readings.send(reading).await.map_err(|_| gone())?;
        answered
            .await
            .map_err(|_| gone())?
            .map_err(DomainError::Unavailable)
    }
}

/// The writer: waits for a reading, takes every other one waiting (up to a group), writes them
/// in one transaction and answers each.
async fn write(db: DatabaseConnection, mut readings: mpsc::Receiver<Reading>) {
    let mut group = Vec::with_capacity(GROUP);
    while readings.recv_many(&mut group, GROUP).await > 0 {
        match write_group(&db, &group).await {
            Ok(kept) => {
                for (reading, kept) in group.drain(..).zip(kept) {
                    reading.answer.send(Ok(kept)).ok();
                }
            }
            Err(e) => {
                let e = storage(e).to_string();
                for reading in group.drain(..) {
                    reading.answer.send(Err(e.clone())).ok();
                }
            }
        }
    }
}

async fn write_group(db: &DatabaseConnection, group: &[Reading]) -> Result<Vec<bool>, DbErr> {
    let txn = live::begin(db).await?;
    // Replaced within seconds: not worth a disk flush, and its commit holds the live events'
    // lock the shorter.
    crate::sql::db::commit_without_flush(&txn).await?;
    let mut kept = Vec::with_capacity(group.len());
    let mut changes = Vec::new();
    for r in group {
        let written = keep_one(&txn, r).await?;
        if written {
            changes.push((
                ms(r.kept.position.taken_at),
                Change::position(&r.owner, &r.order),
            ));
        }
        kept.push(written);
    }
    // One event a reading kept, at the time it was taken.
    txn.commit_each(&changes).await?;
    Ok(kept)
}

/// One reading, in one statement: it replaces the one before unless that one is newer (a phone's
/// retry arriving late) or was kept too recently (a phone sending too often).
async fn keep_one(txn: &DatabaseTransaction, r: &Reading) -> Result<bool, DbErr> {
    use job_position::Column as C;
    let p = &r.kept.position;
    let row = job_position::ActiveModel {
        order_id: Set(r.order.as_str().to_owned()),
        partner_id: Set(r.kept.partner.as_str().to_owned()),
        latitude: Set(p.latitude),
        longitude: Set(p.longitude),
        accuracy: Set(p.accuracy),
        taken_at_ms: Set(ms(p.taken_at)),
        kept_at_ms: Set(ms(r.kept.kept_at)),
    };
    let excluded = |c: C| Expr::col((Alias::new("excluded"), c));
    let newer = Expr::col((job_position::Entity, C::TakenAtMs))
        .lt(excluded(C::TakenAtMs))
        .and(Expr::col((job_position::Entity, C::KeptAtMs)).lte(ms(r.unless_kept_after)))
        .or(Expr::col((job_position::Entity, C::PartnerId)).ne(excluded(C::PartnerId)));
    let written = job_position::Entity::insert(row)
        .on_conflict(
            OnConflict::column(C::OrderId)
                .update_columns([
                    C::PartnerId,
                    C::Latitude,
                    C::Longitude,
                    C::Accuracy,
                    C::TakenAtMs,
                    C::KeptAtMs,
                ])
                .action_and_where(newer)
                .to_owned(),
        )
        .exec_without_returning(txn)
        .await?;
    Ok(written > 0)
}
