//! Operators' calls on reviews: all of them, hidden ones too, and hiding one.

use crate::wire::order::order_id;
use crate::wire::review::{Reader, review_to_pb};
use domain::shared::PageRequest;
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;

pub(super) async fn list_all_reviews(
    ops: &Operators,
    request: Request<pb::ListAllReviewsRequest>,
) -> Result<Response<pb::ListAllReviewsResponse>, Status> {
    ops.staff(&request).await?;
    let r = request.into_inner();
    let hidden = match pb::ReviewView::try_from(r.view) {
        Ok(pb::ReviewView::Shown) => Some(false),
        Ok(pb::ReviewView::Hidden) => Some(true),
        _ => None,
    };
    let work = async {
        let page = PageRequest::new(r.page_size, Some(r.page_token))?;
        ops.s.reviews.all(hidden, &page).await
    };
    let page = work.await.map_err(status)?;
    Ok(Response::new(pb::ListAllReviewsResponse {
        reviews: page
            .items
            .into_iter()
            .map(|r| review_to_pb(r, Reader::Private))
            .collect(),
        next_page_token: page.next_token.unwrap_or_default(),
    }))
}

pub(super) async fn hide_review(
    ops: &Operators,
    request: Request<pb::HideReviewRequest>,
) -> Result<Response<pb::HideReviewResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = order_id(&r.order_id)?;
        ops.s.reviews.hide(&by, &id, &r.reason).await
    };
    let review = work.await.map_err(status)?;
    Ok(Response::new(pb::HideReviewResponse {
        review: Some(review_to_pb(review, Reader::Private)),
    }))
}
