//! A job's thread as its partner has it, and the writing in it that the traveller's side shares.

use domain::jobs::{JobService, Talker};
use tonic::{Request, Response, Status};

use super::Partners;
use crate::error::status;
use crate::pb;
use crate::wire::job::{said_from_pb, thread_to_pb};
use crate::wire::order::order_id;

pub(crate) async fn get_job_thread(
    me: &Partners,
    request: Request<pb::GetJobThreadRequest>,
) -> Result<Response<pb::GetJobThreadResponse>, Status> {
    let p = me.caller(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        me.jobs.talk(Talker::Partner(&p), &id).await
    };
    let talk = work.await.map_err(status)?;
    Ok(Response::new(pb::GetJobThreadResponse {
        thread: Some(thread_to_pb(&talk, Some(&p.user_id))),
    }))
}

pub(crate) async fn send_job_message(
    me: &Partners,
    request: Request<pb::SendJobMessageRequest>,
) -> Result<Response<pb::SendJobMessageResponse>, Status> {
    use pb::send_job_message_request::Said as Of;
    let p = me.caller(&request).await?;
    let r = request.into_inner();
    let (phrase, text) = match r.said {
        Some(Of::Phrase(code)) => (Some(code), None),
        Some(Of::Text(body)) => (None, Some(body)),
        None => (None, None),
    };
    let who = Talker::Partner(&p);
    let talk = say_and_read(&me.jobs, who, &r.order_id, (phrase, text), &r.key).await?;
    Ok(Response::new(pb::SendJobMessageResponse {
        thread: Some(thread_to_pb(&talk, Some(&p.user_id))),
    }))
}

/// Writes a message in a job's thread (a phrase's code or free text), then reads the thread as
/// the writer now has it.
pub(crate) async fn say_and_read(
    jobs: &JobService,
    who: Talker<'_>,
    order: &str,
    (phrase, text): (Option<String>, Option<String>),
    key: &str,
) -> Result<domain::jobs::Talk, Status> {
    let work = async {
        let id = order_id(order)?;
        let said = said_from_pb(phrase, text)?;
        jobs.say(who, &id, said, key).await?;
        jobs.talk(who, &id).await
    };
    work.await.map_err(status)
}
