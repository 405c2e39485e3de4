//! A traveller following their order's job (`TravellerJobService`, first published as
//! `JobProgressService`).

use domain::identity::IdentityService;
use domain::jobs::{JobService, Talker};
use domain::shared::Money;
use domain::tips::{TIP_MAX, TIP_MIN, TipService};

use crate::grpc::partner::thread::say_and_read;
use tonic::{Request, Response, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::grpc::payment::paying_of;
use crate::pb;
use crate::wire::job::{point_from_pb, progress_to_pb, thread_to_pb};
use crate::wire::order::{order_id, timestamp};
use crate::wire::payment::checkout_to_pb;

/// The traveller's side of a job: any customer's ID token; another's order is NOT_FOUND.
pub(crate) struct Progress {
    identity: IdentityService,
    jobs: JobService,
    tips: TipService,
    map_tiles: Option<crate::MapTiles>,
}

impl Progress {
    pub(crate) fn new(
        identity: IdentityService,
        jobs: JobService,
        tips: TipService,
        map_tiles: Option<crate::MapTiles>,
    ) -> Self {
        Self {
            map_tiles,
            identity,
            jobs,
            tips,
        }
    }
}

pub(crate) async fn get_tip(
    me: &Progress,
    request: Request<pb::GetTipRequest>,
) -> Result<Response<pb::GetTipResponse>, Status> {
    let caller = grpc_caller(&me.identity, &request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        me.tips.standing(&caller.user_id, &id).await
    };
    let standing = work.await.map_err(status)?;
    Ok(Response::new(pb::GetTipResponse {
        given_vnd: standing.given.map_or(0, |m| m.amount()),
        open_until: standing.until.map(timestamp),
        min_vnd: TIP_MIN.amount(),
        max_vnd: TIP_MAX.amount(),
    }))
}

pub(crate) async fn tip_partner(
    me: &Progress,
    request: Request<pb::TipPartnerRequest>,
) -> Result<Response<pb::TipPartnerResponse>, Status> {
    let caller = grpc_caller(&me.identity, &request).await?;
    let paying = paying_of(&request, request.get_ref().method).map_err(status)?;
    let r = request.into_inner();
    let id = order_id(&r.order_id).map_err(status)?;
    let amount = Money::vnd(r.amount_vnd);
    let answer = match paying {
        None => {
            let given = me.tips.tip(&caller.user_id, &id, amount).await;
            given.map(|g| pb::TipPartnerResponse {
                given_vnd: g.amount(),
                payment: None,
            })
        }
        Some(paying) => {
            let checkout = me.tips.tip_by(&caller.user_id, &id, amount, paying).await;
            checkout.map(|c| pb::TipPartnerResponse {
                given_vnd: 0,
                payment: Some(checkout_to_pb(&c)),
            })
        }
    };
    answer.map(Response::new).map_err(status)
}

pub(crate) async fn get_job_progress(
    me: &Progress,
    request: Request<pb::GetJobProgressRequest>,
) -> Result<Response<pb::GetJobProgressResponse>, Status> {
    let caller = grpc_caller(&me.identity, &request).await?;
    let r = request.into_inner();
    let near = point_from_pb(r.near)?;
    let work = async {
        let id = order_id(&r.order_id)?;
        me.jobs.progress(&caller.user_id, &id, near).await
    };
    let progress = work.await.map_err(status)?;
    // The map, while there is someone to show on it.
    let tiles = crate::MapTiles::when(
        me.map_tiles.as_ref(),
        progress.as_ref().is_some_and(|p| p.whereabouts.is_some()),
    );
    Ok(Response::new(pb::GetJobProgressResponse {
        progress: progress.as_ref().map(progress_to_pb),
        tiles,
    }))
}

pub(crate) async fn get_traveller_thread(
    me: &Progress,
    request: Request<pb::GetTravellerThreadRequest>,
) -> Result<Response<pb::GetTravellerThreadResponse>, Status> {
    let caller = grpc_caller(&me.identity, &request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        me.jobs.talk(Talker::Traveller(&caller.user_id), &id).await
    };
    let talk = work.await.map_err(status)?;
    Ok(Response::new(pb::GetTravellerThreadResponse {
        thread: Some(thread_to_pb(&talk, Some(&caller.user_id))),
    }))
}

pub(crate) async fn send_traveller_message(
    me: &Progress,
    request: Request<pb::SendTravellerMessageRequest>,
) -> Result<Response<pb::SendTravellerMessageResponse>, Status> {
    use pb::send_traveller_message_request::Said as Of;
    let caller = grpc_caller(&me.identity, &request).await?;
    let r = request.into_inner();
    let (phrase, text) = match r.said {
        Some(Of::Phrase(code)) => (Some(code), None),
        Some(Of::Text(body)) => (None, Some(body)),
        None => (None, None),
    };
    let who = Talker::Traveller(&caller.user_id);
    let talk = say_and_read(&me.jobs, who, &r.order_id, (phrase, text), &r.key).await?;
    Ok(Response::new(pb::SendTravellerMessageResponse {
        thread: Some(thread_to_pb(&talk, Some(&caller.user_id))),
    }))
}

serve_by_subject! {
    pb::job_progress_service_server::JobProgressService, Progress, {
        get_job_progress(GetJobProgressRequest, GetJobProgressResponse) => get_job_progress;
        get_traveller_thread(GetTravellerThreadRequest, GetTravellerThreadResponse) => get_traveller_thread;
        send_traveller_message(SendTravellerMessageRequest, SendTravellerMessageResponse) => send_traveller_message;
    }
}
