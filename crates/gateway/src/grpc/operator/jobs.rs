//! Operators' calls on jobs: offering one, taking it back, the board, an order's job and its
//! thread.

use domain::catalog::Category;
use domain::jobs::{Offering, Talker};
use domain::shared::UserId;
use tonic::{Request, Response, Status};

use super::Operators;
use crate::MapTiles;
use crate::error::status;
use crate::pb;
use crate::wire::catalog::{category_from_pb, category_to_pb};
use crate::wire::job::{board_job_to_pb, job_to_pb, thread_to_pb, whereabouts_to_pb};
use crate::wire::order::order_id;

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
        ops.s.jobs.offer(&by, &id, to).await
    };
    let (job, offered) = work.await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    Ok(Response::new(pb::OfferJobResponse {
        job: Some(job_to_pb(&job, None, now)),
        offered_to: offered.iter().map(|p| p.as_str().to_owned()).collect(),
    }))
}

pub(super) async fn withdraw_job(
    ops: &Operators,
    request: Request<pb::WithdrawJobRequest>,
) -> Result<Response<pb::WithdrawJobResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        ops.s.jobs.withdraw(&by, &id).await
    };
    let job = work.await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    Ok(Response::new(pb::WithdrawJobResponse {
        job: Some(job_to_pb(&job, None, now)),
    }))
}

pub(super) async fn set_job_dispatch(
    ops: &Operators,
    request: Request<pb::SetJobDispatchRequest>,
) -> Result<Response<pb::SetJobDispatchResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let r = request.get_ref();
        let id = order_id(&r.order_id)?;
        ops.s.jobs.set_by_hand(&by, &id, r.by_hand).await
    };
    let job = work.await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    Ok(Response::new(pb::SetJobDispatchResponse {
        job: Some(job_to_pb(&job, None, now)),
    }))
}

pub(super) async fn list_category_dispatch(
    ops: &Operators,
    request: Request<pb::ListCategoryDispatchRequest>,
) -> Result<Response<pb::ListCategoryDispatchResponse>, Status> {
    let by = ops.staff(&request).await?;
    let all = ops.s.jobs.category_dispatch(&by).await.map_err(status)?;
    Ok(Response::new(pb::ListCategoryDispatchResponse {
        categories: category_dispatch_to_pb(&all),
    }))
}

pub(super) async fn set_category_dispatch(
    ops: &Operators,
    request: Request<pb::SetCategoryDispatchRequest>,
) -> Result<Response<pb::SetCategoryDispatchResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let category = category_from_pb(r.category)?;
    let all = ops
        .s
        .jobs
        .set_category_dispatch(&by, category, r.by_hand)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::SetCategoryDispatchResponse {
        categories: category_dispatch_to_pb(&all),
    }))
}

fn category_dispatch_to_pb(all: &[(Category, bool)]) -> Vec<pb::CategoryDispatch> {
    all.iter()
        .map(|(c, by_hand)| pb::CategoryDispatch {
            category: category_to_pb(*c).into(),
            by_hand: *by_hand,
        })
        .collect()
}

pub(super) async fn list_job_board(
    ops: &Operators,
    request: Request<pb::ListJobBoardRequest>,
) -> Result<Response<pb::ListJobBoardResponse>, Status> {
    let by = ops.staff(&request).await?;
    let days = match request.get_ref().days {
        0 => 2,
        d => d,
    };
    let jobs = ops.s.jobs.board(&by, days).await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    // The map, while someone on the board shares where they are.
    let shared = jobs
        .iter()
        .any(|j| j.position.is_some() && j.job.status.shares_position());
    Ok(Response::new(pb::ListJobBoardResponse {
        jobs: jobs.iter().map(|j| board_job_to_pb(j, now)).collect(),
        tiles: MapTiles::when(ops.s.map_tiles.as_ref(), shared),
    }))
}

pub(super) async fn get_order_job(
    ops: &Operators,
    request: Request<pb::GetOrderJobRequest>,
) -> Result<Response<pb::GetOrderJobResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        ops.s.jobs.job_of(&by, &id).await
    };
    let progress = work.await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    let whereabouts = progress.as_ref().and_then(|p| p.whereabouts.as_ref());
    Ok(Response::new(pb::GetOrderJobResponse {
        job: progress.as_ref().map(|p| job_to_pb(&p.job, None, now)),
        whereabouts: whereabouts.map(whereabouts_to_pb),
        tiles: MapTiles::when(ops.s.map_tiles.as_ref(), whereabouts.is_some()),
    }))
}

pub(super) async fn get_order_job_thread(
    ops: &Operators,
    request: Request<pb::GetOrderJobThreadRequest>,
) -> Result<Response<pb::GetOrderJobThreadResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        ops.s.jobs.talk(Talker::Staff(&by), &id).await
    };
    let talk = work.await.map_err(status)?;
    Ok(Response::new(pb::GetOrderJobThreadResponse {
        thread: Some(thread_to_pb(&talk, None)),
    }))
}
