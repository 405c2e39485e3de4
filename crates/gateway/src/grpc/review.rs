use domain::catalog::PlanId;
use domain::identity::IdentityService;
use domain::reviews::{ReviewService, Subject};
use domain::shared::PageRequest;
use tonic::{Request, Response, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::pb;
use crate::pb::list_reviews_request::Subject as PbSubject;
use crate::wire::order::order_id;
use crate::wire::review::{Reader, review_to_pb, summary_to_pb};

pub(crate) struct Reviews {
    identity: IdentityService,
    reviews: ReviewService,
}

impl Reviews {
    pub(crate) fn new(identity: IdentityService, reviews: ReviewService) -> Self {
        Self { identity, reviews }
    }

    /// The customer's own review, with whether the domain lets it change now.
    fn own(&self, review: domain::reviews::Review) -> pb::Review {
        pb::Review {
            editable: self.reviews.editable(&review),
            ..review_to_pb(review, Reader::Private)
        }
    }
}

#[tonic::async_trait]
impl pb::review_service_server::ReviewService for Reviews {
    async fn submit_review(
        &self,
        request: Request<pb::SubmitReviewRequest>,
    ) -> Result<Response<pb::SubmitReviewResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = order_id(&r.order_id)?;
            self.reviews
                .submit(&who.user_id, &id, r.rating, &r.comment)
                .await
        };
        let review = work.await.map_err(status)?;
        Ok(Response::new(pb::SubmitReviewResponse {
            review: Some(self.own(review)),
        }))
    }

    async fn get_order_review(
        &self,
        request: Request<pb::GetOrderReviewRequest>,
    ) -> Result<Response<pb::GetOrderReviewResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let work = async {
            let id = order_id(&request.get_ref().order_id)?;
            self.reviews.of_order(&who.user_id, &id).await
        };
        let review = work.await.map_err(status)?;
        Ok(Response::new(pb::GetOrderReviewResponse {
            review: review.map(|r| self.own(r)),
        }))
    }

    async fn list_reviews(
        &self,
        request: Request<pb::ListReviewsRequest>,
    ) -> Result<Response<pb::ListReviewsResponse>, Status> {
        let r = request.into_inner();
        let work = async {
            let subject = match r.subject {
                Some(PbSubject::TherapistId(t)) => Subject::Therapist(t.trim().to_owned()),
                Some(PbSubject::PlanId(p)) => Subject::Plan(PlanId::parse(p.trim())?),
                None => Subject::Plan(PlanId::parse("")?),
            };
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            let reviews = self.reviews.list(&subject, &page).await?;
            let summary = self.reviews.summary(&subject).await?;
            Ok::<_, domain::DomainError>((reviews, summary))
        };
        let (page, summary) = work.await.map_err(status)?;
        Ok(Response::new(pb::ListReviewsResponse {
            reviews: page
                .items
                .into_iter()
                .map(|r| review_to_pb(r, Reader::Public))
                .collect(),
            next_page_token: page.next_token.unwrap_or_default(),
            summary: Some(summary_to_pb(summary)),
        }))
    }
}
