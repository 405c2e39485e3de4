//! Admins' and operators' calls on partners and their jobs.

use domain::partners::Offering;
use domain::shared::UserId;
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;
use crate::wire::operator::order_id;
use crate::wire::partner::{job_to_pb, new_partner_from_pb, partner_to_pb};

pub(super) async fn list_partners(
    ops: &Operators,
    request: Request<pb::ListPartnersRequest>,
) -> Result<Response<pb::ListPartnersResponse>, Status> {
    let by = ops.admin(&request).await?;
    let partners = ops.s.partners.list(&by).await.map_err(status)?;
    Ok(Response::new(pb::ListPartnersResponse {
        partners: partners.iter().map(partner_to_pb).collect(),
    }))
}

pub(super) async fn invite_partner(
    ops: &Operators,
    request: Request<pb::InvitePartnerRequest>,
) -> Result<Response<pb::InvitePartnerResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let continue_url = if r.continue_url.is_empty() {
        "/partner"
    } else {
        r.continue_url.as_str()
    };
    let work = async {
        let new = new_partner_from_pb(r.partner.unwrap_or_default())?;
        ops.s
            .partners
            .invite(&by, &ops.s.operators, &r.email, new, continue_url)
            .await
    };
    let partner = work.await.map_err(status)?;
    Ok(Response::new(pb::InvitePartnerResponse {
        partner: Some(partner_to_pb(&partner)),
    }))
}

pub(super) async fn offer_job(
    ops: &Operators,
    request: Request<pb::OfferJobRequest>,
) -> Result<Response<pb::OfferJobResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = order_id(&r.order_id)?;
        let to = match r.partner_id.trim() {
            "" => Offering::Eligible,
            partner => Offering::One(UserId::parse(partner)?),
        };
        ops.s.partners.offer(&by, &id, to).await
    };
    let (job, offered) = work.await.map_err(status)?;
    let now = ops.s.partners.clock().now();
    Ok(Response::new(pb::OfferJobResponse {
        job: Some(job_to_pb(&job, None, now)),
        offered_to: offered.iter().map(|p| p.as_str().to_owned()).collect(),
    }))
}
