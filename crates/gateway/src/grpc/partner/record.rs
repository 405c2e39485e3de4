//! The partner's own record: who they are, and when they work.

use tonic::{Request, Response, Status};

use super::Partners;
use crate::error::status;
use crate::pb;
use crate::wire::massage::shifts_from_pb;
use crate::wire::partner::{availability_to_pb, days_off_from_pb, partner_to_pb};

pub(super) async fn get_partner(
    me: &Partners,
    request: Request<pb::GetPartnerRequest>,
) -> Result<Response<pb::GetPartnerResponse>, Status> {
    let p = me.caller(&request).await?;
    Ok(Response::new(pb::GetPartnerResponse {
        partner: Some(partner_to_pb(&p)),
    }))
}

pub(super) async fn get_availability(
    me: &Partners,
    request: Request<pb::GetAvailabilityRequest>,
) -> Result<Response<pb::GetAvailabilityResponse>, Status> {
    let p = me.caller(&request).await?;
    let a = me.partners.availability(&p).await.map_err(status)?;
    Ok(Response::new(pb::GetAvailabilityResponse {
        availability: Some(availability_to_pb(&p, &a)),
    }))
}

pub(super) async fn set_availability(
    me: &Partners,
    request: Request<pb::SetAvailabilityRequest>,
) -> Result<Response<pb::SetAvailabilityResponse>, Status> {
    let p = me.caller(&request).await?;
    let r = request.into_inner();
    let work = async {
        let hours = shifts_from_pb(&r.hours)?;
        let days = days_off_from_pb(&r.days_off)?;
        me.partners.set_availability(&p, hours, days).await
    };
    let a = work.await.map_err(status)?;
    Ok(Response::new(pb::SetAvailabilityResponse {
        availability: Some(availability_to_pb(&p, &a)),
    }))
}

pub(super) async fn set_zalo_notices(
    me: &Partners,
    request: Request<pb::SetZaloNoticesRequest>,
) -> Result<Response<pb::SetZaloNoticesResponse>, Status> {
    let p = me.caller(&request).await?;
    let on = request.get_ref().on;
    let p = me.partners.set_zalo_notices(&p, on).await.map_err(status)?;
    Ok(Response::new(pb::SetZaloNoticesResponse {
        partner: Some(partner_to_pb(&p)),
    }))
}
