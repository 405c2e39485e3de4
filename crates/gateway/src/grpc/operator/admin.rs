//! The admins' calls (wallets, the catalogue, staff and service keys): each checks the admin's
//! duty before reading the request, then calls the domain, which checks it again.

use domain::DomainResult;
use domain::catalog::{PlanId, Rate, Shift};
use domain::identity::Role;
use domain::media::PhotoShape;
use domain::operations::{PlanEdit, StaffChange};
use domain::shared::{Money, UserId};
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;
use crate::wire::catalog::plan_to_pb;
use crate::wire::massage::therapist_to_pb;
use crate::wire::operator::{catalog_plan_to_pb, key_to_pb, member_to_pb, staff_role_from_pb};

pub(super) async fn adjust_wallet(
    ops: &Operators,
    request: Request<pb::AdjustWalletRequest>,
) -> Result<Response<pb::AdjustWalletResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let customer = UserId::parse(r.customer_id.trim())?;
        ops.operators
            .adjust_wallet(&by, &customer, Money::vnd(r.amount_vnd), &r.reason)
            .await
    };
    let balance = work.await.map_err(status)?;
    Ok(Response::new(pb::AdjustWalletResponse {
        balance_vnd: balance.amount(),
    }))
}

pub(super) async fn export_catalog(
    ops: &Operators,
    request: Request<pb::ExportCatalogRequest>,
) -> Result<Response<pb::ExportCatalogResponse>, Status> {
    let by = ops.admin(&request).await?;
    let text = ops.operators.export_catalog(&by).await.map_err(status)?;
    Ok(Response::new(pb::ExportCatalogResponse {
        catalog_toml: text,
    }))
}

pub(super) async fn import_catalog(
    ops: &Operators,
    request: Request<pb::ImportCatalogRequest>,
) -> Result<Response<pb::ImportCatalogResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let (plans, therapists) = ops
        .operators
        .import_catalog(&by, &r.catalog_toml)
        .await
        .map_err(status)?;
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(Response::new(pb::ImportCatalogResponse {
        plan_count: count(plans),
        therapist_count: count(therapists),
    }))
}

pub(super) async fn set_plan_active(
    ops: &Operators,
    request: Request<pb::SetPlanActiveRequest>,
) -> Result<Response<pb::SetPlanActiveResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = PlanId::parse(r.plan_id.trim())?;
        ops.operators.set_plan_active(&by, &id, r.active).await
    };
    let plan = work.await.map_err(status)?;
    Ok(Response::new(pb::SetPlanActiveResponse {
        plan: Some(plan_to_pb(plan)),
    }))
}

pub(super) async fn set_therapist_active(
    ops: &Operators,
    request: Request<pb::SetTherapistActiveRequest>,
) -> Result<Response<pb::SetTherapistActiveResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let therapist = ops
        .operators
        .set_therapist_active(&by, &r.therapist_id, r.active)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::SetTherapistActiveResponse {
        therapist: Some(therapist_to_pb(therapist, false)),
    }))
}

pub(super) async fn set_therapist_hours(
    ops: &Operators,
    request: Request<pb::SetTherapistHoursRequest>,
) -> Result<Response<pb::SetTherapistHoursResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let hours = shifts_from_pb(&r.hours)?;
        ops.operators
            .set_therapist_hours(&by, &r.therapist_id, hours)
            .await
    };
    let therapist = work.await.map_err(status)?;
    Ok(Response::new(pb::SetTherapistHoursResponse {
        therapist: Some(therapist_to_pb(therapist, false)),
    }))
}

pub(super) async fn list_staff(
    ops: &Operators,
    request: Request<pb::ListStaffRequest>,
) -> Result<Response<pb::ListStaffResponse>, Status> {
    let by = ops.admin(&request).await?;
    let staff = ops.operators.staff(&by).await.map_err(status)?;
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
        ops.operators.update_staff(&by, &id, change).await
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
    let keys = ops.operators.keys(&by).await.map_err(status)?;
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
        .operators
        .revoke_key(&by, &r.key_id)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::RevokeServiceKeyResponse {
        key: Some(key_to_pb(&key)),
    }))
}

pub(super) async fn update_plan(
    ops: &Operators,
    request: Request<pb::UpdatePlanRequest>,
) -> Result<Response<pb::UpdatePlanResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let edit = PlanEdit {
        name: r.name,
        summary: r.summary,
        description: r.description,
        rates: (!r.rates.is_empty()).then(|| {
            r.rates
                .iter()
                .map(|rate| Rate {
                    minutes: rate.minutes,
                    price: Money::vnd(rate.price_vnd),
                })
                .collect()
        }),
        seats: r.seats,
        luggage: r.luggage,
        max_people: r.max_people,
        active: r.active,
        images: r.images.map(|i| i.urls),
    };
    let work = async {
        let id = PlanId::parse(&r.plan_id)?;
        ops.operators.update_plan(&by, &id, &edit).await
    };
    let plan = work.await.map_err(status)?;
    Ok(Response::new(pb::UpdatePlanResponse {
        plan: Some(catalog_plan_to_pb(plan)),
    }))
}

pub(super) async fn update_therapist(
    ops: &Operators,
    request: Request<pb::UpdateTherapistRequest>,
) -> Result<Response<pb::UpdateTherapistResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let hours = shifts_from_pb(&r.hours)?;
        let photos = match (&r.photos, &r.photo) {
            (Some(list), _) => Some(list.urls.clone()),
            (None, Some(one)) => Some(vec![one.clone()]),
            (None, None) => None,
        };
        ops.operators
            .update_therapist(
                &by,
                &r.therapist_id,
                &r.languages,
                &r.skills,
                hours,
                photos.as_deref(),
            )
            .await
    };
    let therapist = work.await.map_err(status)?;
    Ok(Response::new(pb::UpdateTherapistResponse {
        therapist: Some(therapist_to_pb(therapist, false)),
    }))
}

/// A therapist's weekly hours as the request gives them.
fn shifts_from_pb(hours: &[pb::Shift]) -> DomainResult<Vec<Shift>> {
    hours
        .iter()
        .map(|s| Shift::parse(&s.days, &s.from, &s.until))
        .collect()
}

pub(super) async fn upload_catalog_photo(
    ops: &Operators,
    request: Request<pb::UploadCatalogPhotoRequest>,
) -> Result<Response<pb::UploadCatalogPhotoResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let shape = match pb::PhotoShape::try_from(r.shape) {
        Ok(pb::PhotoShape::Square) => PhotoShape::Square,
        _ => PhotoShape::Wide,
    };
    let url = ops
        .operators
        .upload_photo(&by, shape, r.data)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::UploadCatalogPhotoResponse { url }))
}
