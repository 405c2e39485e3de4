//! Admins' calls on staff and service keys, and everyone's read of the audit log.

use crate::wire::operator::{entry_to_pb, key_to_pb, member_to_pb, staff_role_from_pb};
use crate::wire::order::instant;
use domain::identity::Role;
use domain::operations::{AuditFilter, StaffChange};
use domain::shared::{PageRequest, UserId};
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;

pub(super) async fn list_staff(
    ops: &Operators,
    request: Request<pb::ListStaffRequest>,
) -> Result<Response<pb::ListStaffResponse>, Status> {
    let by = ops.admin(&request).await?;
    let staff = ops.s.operators.staff(&by).await.map_err(status)?;
    Ok(Response::new(pb::ListStaffResponse {
        staff: staff.iter().map(member_to_pb).collect(),
    }))
}

pub(super) async fn invite_staff(
    ops: &Operators,
    request: Request<pb::InviteStaffRequest>,
) -> Result<Response<pb::InviteStaffResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let role = staff_role_from_pb(r.role).unwrap_or(Role::Operator);
    let continue_url = if r.continue_url.is_empty() {
        "/ops"
    } else {
        r.continue_url.as_str()
    };
    let member = ops
        .s
        .operators
        .invite_staff(&by, &r.email, &r.display_name, role, continue_url)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::InviteStaffResponse {
        member: Some(member_to_pb(&member)),
    }))
}

pub(super) async fn update_staff(
    ops: &Operators,
    request: Request<pb::UpdateStaffRequest>,
) -> Result<Response<pb::UpdateStaffResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = UserId::parse(r.account_id.trim())
            .map_err(|_| domain::DomainError::not_found("operator"))?;
        let change = StaffChange {
            role: staff_role_from_pb(r.role),
            disabled: r.disabled,
            email: Some(r.email.trim()).filter(|e| !e.is_empty()),
            name: Some(r.display_name.as_str()).filter(|n| !n.trim().is_empty()),
        };
        ops.s.operators.update_staff(&by, &id, change).await
    };
    let member = work.await.map_err(status)?;
    Ok(Response::new(pb::UpdateStaffResponse {
        member: Some(member_to_pb(&member)),
    }))
}

pub(super) async fn list_service_keys(
    ops: &Operators,
    request: Request<pb::ListServiceKeysRequest>,
) -> Result<Response<pb::ListServiceKeysResponse>, Status> {
    let by = ops.admin(&request).await?;
    let keys = ops.s.operators.keys(&by).await.map_err(status)?;
    Ok(Response::new(pb::ListServiceKeysResponse {
        keys: keys.iter().map(key_to_pb).collect(),
    }))
}

pub(super) async fn issue_service_key(
    ops: &Operators,
    request: Request<pb::IssueServiceKeyRequest>,
) -> Result<Response<pb::IssueServiceKeyResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let (key, secret) = ops
        .s
        .operators
        .issue_key(&by, &r.name, r.admin)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::IssueServiceKeyResponse {
        key: Some(key_to_pb(&key)),
        secret,
    }))
}

pub(super) async fn revoke_service_key(
    ops: &Operators,
    request: Request<pb::RevokeServiceKeyRequest>,
) -> Result<Response<pb::RevokeServiceKeyResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let key = ops
        .s
        .operators
        .revoke_key(&by, &r.key_id)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::RevokeServiceKeyResponse {
        key: Some(key_to_pb(&key)),
    }))
}

pub(super) async fn list_audit_entries(
    ops: &Operators,
    request: Request<pb::ListAuditEntriesRequest>,
) -> Result<Response<pb::ListAuditEntriesResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let given = |s: &str| Some(s.trim().to_owned()).filter(|t| !t.is_empty());
    let filter = AuditFilter {
        target: given(&r.target),
        actor_part: given(&r.actor),
        action: given(&r.action),
        from: r.from.as_ref().map(instant).transpose()?,
        until: r.until.as_ref().map(instant).transpose()?,
    };
    let work = async {
        let page = PageRequest::new(r.page_size, Some(r.page_token))?;
        ops.s.operators.audit_entries(&filter, &page).await
    };
    let page = work.await.map_err(status)?;
    Ok(Response::new(pb::ListAuditEntriesResponse {
        entries: page.items.iter().map(entry_to_pb).collect(),
        next_page_token: page.next_token.unwrap_or_default(),
    }))
}
