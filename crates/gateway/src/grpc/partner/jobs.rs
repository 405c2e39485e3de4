//! A partner's jobs: the schedule, one job, answering an offer, the steps, the check-in, a
//! no-show, the hotel's photos and where they are.

use domain::error::DomainError;
use domain::media::{ImageId, Variant};
use tonic::{Request, Response, Status};

use super::Partners;
use crate::error::status;
use crate::pb;
use crate::wire::job::{position_from_pb, proof_from_pb, step_from_pb};
use crate::wire::order::order_id;

pub(crate) async fn list_jobs(
    me: &Partners,
    request: Request<pb::ListJobsRequest>,
) -> Result<Response<pb::ListJobsResponse>, Status> {
    let p = me.caller(&request).await?;
    let days = match request.get_ref().days {
        0 => 2,
        n => n,
    };
    let jobs = me.jobs.schedule(&p, days).await.map_err(status)?;
    Ok(Response::new(pb::ListJobsResponse {
        jobs: jobs.iter().map(|j| me.seen(&p, j)).collect(),
    }))
}

pub(crate) async fn get_job(
    me: &Partners,
    request: Request<pb::GetJobRequest>,
) -> Result<Response<pb::GetJobResponse>, Status> {
    let p = me.caller(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        me.jobs.job(&p, &id).await
    };
    let job = work.await.map_err(status)?;
    Ok(Response::new(pb::GetJobResponse {
        job: Some(me.seen(&p, &job)),
    }))
}

pub(crate) async fn accept_job(
    me: &Partners,
    request: Request<pb::AcceptJobRequest>,
) -> Result<Response<pb::AcceptJobResponse>, Status> {
    let p = me.caller(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        me.jobs.accept(&p, &id).await
    };
    let job = work.await.map_err(status)?;
    Ok(Response::new(pb::AcceptJobResponse {
        job: Some(me.seen(&p, &job)),
    }))
}

pub(crate) async fn decline_job(
    me: &Partners,
    request: Request<pb::DeclineJobRequest>,
) -> Result<Response<pb::DeclineJobResponse>, Status> {
    let p = me.caller(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = order_id(&r.order_id)?;
        me.jobs.decline(&p, &id, &r.reason).await?;
        me.jobs.job(&p, &id).await
    };
    let job = work.await.map_err(status)?;
    Ok(Response::new(pb::DeclineJobResponse {
        job: Some(me.seen(&p, &job)),
    }))
}

pub(crate) async fn decline_job_change(
    me: &Partners,
    request: Request<pb::DeclineJobChangeRequest>,
) -> Result<Response<pb::DeclineJobChangeResponse>, Status> {
    let p = me.caller(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        me.jobs.decline_change(&p, &id).await
    };
    work.await.map_err(status)?;
    Ok(Response::new(pb::DeclineJobChangeResponse {}))
}

pub(crate) async fn advance_job(
    me: &Partners,
    request: Request<pb::AdvanceJobRequest>,
) -> Result<Response<pb::AdvanceJobResponse>, Status> {
    let p = me.caller(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = order_id(&r.order_id)?;
        me.jobs.advance(&p, &id, step_from_pb(r.status)?).await
    };
    let job = work.await.map_err(status)?;
    Ok(Response::new(pb::AdvanceJobResponse {
        job: Some(me.seen(&p, &job)),
    }))
}

pub(crate) async fn check_in(
    me: &Partners,
    request: Request<pb::CheckInRequest>,
) -> Result<Response<pb::CheckInResponse>, Status> {
    let p = me.caller(&request).await?;
    let r = request.get_ref();
    let work = async {
        let id = order_id(&r.order_id)?;
        me.jobs.check_in(&p, &id, &r.voucher_code).await
    };
    let job = work.await.map_err(status)?;
    Ok(Response::new(pb::CheckInResponse {
        job: Some(me.seen(&p, &job)),
    }))
}

pub(crate) async fn get_hotel_photo(
    me: &Partners,
    request: Request<pb::GetHotelPhotoRequest>,
) -> Result<Response<pb::GetHotelPhotoResponse>, Status> {
    let p = me.caller(&request).await?;
    let r = request.into_inner();
    let variant = if r.thumbnail {
        Variant::Thumbnail
    } else {
        Variant::Full
    };
    let work = async {
        let id = order_id(&r.order_id)?;
        let image = ImageId::parse(&r.image_id).map_err(|_| DomainError::not_found("image"))?;
        me.jobs.hotel_photo(&p, &id, &image, variant).await
    };
    let jpeg = work.await.map_err(status)?;
    Ok(Response::new(pb::GetHotelPhotoResponse { jpeg }))
}

pub(crate) async fn report_no_show(
    me: &Partners,
    request: Request<pb::ReportNoShowRequest>,
) -> Result<Response<pb::ReportNoShowResponse>, Status> {
    let p = me.caller(&request).await?;
    let r = request.into_inner();
    let proof = proof_from_pb(r.photo, r.position)?;
    let work = async {
        let id = order_id(&r.order_id)?;
        me.jobs.no_show(&p, &id, proof).await
    };
    let job = work.await.map_err(status)?;
    Ok(Response::new(pb::ReportNoShowResponse {
        job: Some(me.seen(&p, &job)),
    }))
}

pub(crate) async fn report_position(
    me: &Partners,
    request: Request<pb::ReportPositionRequest>,
) -> Result<Response<pb::ReportPositionResponse>, Status> {
    let p = me.caller(&request).await?;
    let r = request.into_inner();
    let position = position_from_pb(r.position)?;
    let work = async {
        let id = order_id(&r.order_id)?;
        me.jobs.report_position(&p, &id, position).await
    };
    Ok(Response::new(match work.await.map_err(status)? {
        Ok(()) => pb::ReportPositionResponse {
            kept: true,
            ..Default::default()
        },
        Err(dropped) => {
            tracing::debug!(reason = dropped.code(), "position dropped");
            pb::ReportPositionResponse {
                kept: false,
                dropped: dropped.code().into(),
                reason: crate::texts::render(&dropped.message()),
            }
        }
    }))
}
