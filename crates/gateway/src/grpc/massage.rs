use domain::favorites::FavoriteService;
use domain::identity::IdentityService;
use domain::reviews::ReviewService;
use tonic::{Request, Response, Status};

use crate::auth::{grpc_caller, grpc_maybe_caller};
use crate::error::status;
use crate::pb;
use crate::wire::massage::{found_to_pb, query_from_pb};
use crate::wire::review::summary_of;

pub(crate) struct Massage {
    identity: IdentityService,
    favorites: FavoriteService,
    reviews: ReviewService,
}

impl Massage {
    pub(crate) fn new(
        identity: IdentityService,
        favorites: FavoriteService,
        reviews: ReviewService,
    ) -> Self {
        Self {
            identity,
            favorites,
            reviews,
        }
    }
}

#[tonic::async_trait]
impl pb::massage_service_server::MassageService for Massage {
    async fn list_therapists(
        &self,
        request: Request<pb::ListTherapistsRequest>,
    ) -> Result<Response<pb::ListTherapistsResponse>, Status> {
        let viewer = grpc_maybe_caller(&self.identity, &request).await?;
        let (query, own, page) = query_from_pb(request.into_inner()).map_err(status)?;
        let page = self
            .favorites
            .find(
                viewer.as_ref().map(|p| &p.user_id),
                &query,
                own.as_ref(),
                &page,
            )
            .await
            .map_err(status)?;
        let table = self.reviews.therapist_summaries().await.map_err(status)?;
        Ok(Response::new(pb::ListTherapistsResponse {
            therapists: page
                .items
                .into_iter()
                .map(|f| {
                    let reviews = summary_of(&table, &f.therapist.id);
                    pb::Therapist {
                        reviews: Some(reviews),
                        ..found_to_pb(f)
                    }
                })
                .collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn get_favorite_therapists(
        &self,
        request: Request<pb::GetFavoriteTherapistsRequest>,
    ) -> Result<Response<pb::GetFavoriteTherapistsResponse>, Status> {
        let caller = grpc_caller(&self.identity, &request).await?;
        let ids = self.favorites.get(&caller.user_id).await.map_err(status)?;
        Ok(Response::new(pb::GetFavoriteTherapistsResponse {
            therapist_ids: ids,
        }))
    }

    async fn set_favorite_therapists(
        &self,
        request: Request<pb::SetFavoriteTherapistsRequest>,
    ) -> Result<Response<pb::SetFavoriteTherapistsResponse>, Status> {
        let caller = grpc_caller(&self.identity, &request).await?;
        let ids = self
            .favorites
            .replace(&caller.user_id, request.into_inner().therapist_ids)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::SetFavoriteTherapistsResponse {
            therapist_ids: ids,
        }))
    }
}
