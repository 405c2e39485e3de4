//! The backups' part of `OperatorService`: what is kept, and taking one now (admins).

use domain::DomainError;
use domain::backups::{Backup, BackupService, Trigger};
use domain::error::msg;
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;
use crate::wire::order::timestamp;

fn backup_to_pb(b: &Backup) -> pb::Backup {
    pb::Backup {
        name: b.name.clone(),
        taken_at: Some(timestamp(b.taken_at)),
        bytes: b.bytes,
    }
}

/// This node's backups, or why it takes none.
fn service(ops: &Operators) -> Result<&BackupService, Status> {
    ops.s
        .backups
        .as_ref()
        .ok_or_else(|| status(DomainError::FailedPrecondition(msg("backup.none_here"))))
}

pub(super) async fn get_backups(
    ops: &Operators,
    request: Request<pb::GetBackupsRequest>,
) -> Result<Response<pb::GetBackupsResponse>, Status> {
    let by = ops.admin(&request).await?;
    let backups = service(ops)?;
    let status_now = backups.status(&by).await.map_err(status)?;
    Ok(Response::new(pb::GetBackupsResponse {
        backups: status_now.kept.iter().map(backup_to_pb).collect(),
        total_bytes: status_now.bytes(),
        next_at: status_now.next_at.map(timestamp),
        place: status_now.place,
    }))
}

pub(super) async fn start_backup(
    ops: &Operators,
    request: Request<pb::StartBackupRequest>,
) -> Result<Response<pb::StartBackupResponse>, Status> {
    let by = ops.admin(&request).await?;
    let taken = service(ops)?
        .take(Trigger::Staff(&by))
        .await
        .map_err(status)?;
    Ok(Response::new(pb::StartBackupResponse {
        backup: Some(backup_to_pb(&taken)),
    }))
}
