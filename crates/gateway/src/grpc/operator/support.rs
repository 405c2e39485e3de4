//! Operators' calls on support: every customer's threads, replies, closing and reopening.

use crate::wire::operator::operator_thread_to_pb;
use crate::wire::support::{message_to_pb, thread_to_pb};
use domain::shared::PageRequest;
use domain::support::{ThreadId, ThreadView};
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;

pub(super) async fn list_support_threads(
    ops: &Operators,
    request: Request<pb::ListSupportThreadsRequest>,
) -> Result<Response<pb::ListSupportThreadsResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let page = PageRequest::new(r.page_size, Some(r.page_token))?;
        let view = match pb::ThreadView::try_from(r.view).unwrap_or_default() {
            pb::ThreadView::Waiting => ThreadView::Waiting,
            pb::ThreadView::Open => ThreadView::Open,
            pb::ThreadView::Closed => ThreadView::Closed,
            pb::ThreadView::Unspecified if r.waiting_only => ThreadView::Waiting,
            pb::ThreadView::Unspecified => ThreadView::All,
        };
        ops.s.support.all_threads(view, &page).await
    };
    let page = work.await.map_err(status)?;
    Ok(Response::new(pb::ListSupportThreadsResponse {
        threads: page.items.iter().map(operator_thread_to_pb).collect(),
        next_page_token: page.next_token.unwrap_or_default(),
    }))
}

pub(super) async fn get_support_thread(
    ops: &Operators,
    request: Request<pb::GetSupportThreadRequest>,
) -> Result<Response<pb::GetSupportThreadResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = ThreadId::parse(r.thread_id.trim())?;
        ops.s.support.any_thread(&id).await
    };
    let (thread, messages) = work.await.map_err(status)?;
    Ok(Response::new(pb::GetSupportThreadResponse {
        thread: Some(operator_thread_to_pb(&thread)),
        messages: messages.iter().map(message_to_pb).collect(),
    }))
}

pub(super) async fn reply_to_thread(
    ops: &Operators,
    request: Request<pb::ReplyToThreadRequest>,
) -> Result<Response<pb::ReplyToThreadResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = ThreadId::parse(r.thread_id.trim())?;
        ops.s.support.reply(&by, &id, &r.message).await
    };
    let thread = work.await.map_err(status)?;
    Ok(Response::new(pb::ReplyToThreadResponse {
        thread: Some(thread_to_pb(&thread)),
    }))
}

pub(super) async fn set_thread_closed(
    ops: &Operators,
    request: Request<pb::SetThreadClosedRequest>,
) -> Result<Response<pb::SetThreadClosedResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = ThreadId::parse(r.thread_id.trim())?;
        ops.s.support.set_closed(&by, &id, r.closed).await
    };
    let thread = work.await.map_err(status)?;
    Ok(Response::new(pb::SetThreadClosedResponse {
        thread: Some(operator_thread_to_pb(&thread)),
    }))
}
