use domain::identity::{IdentityService, ProfileUpdate, UserService};
use tonic::{Request, Response, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::pb;
use crate::texts;
use crate::wire::user::user_to_pb;

pub(crate) struct Users {
    identity: IdentityService,
    users: UserService,
}

impl Users {
    pub(crate) fn new(identity: IdentityService, users: UserService) -> Self {
        Self { identity, users }
    }
}

#[tonic::async_trait]
impl pb::user_service_server::UserService for Users {
    async fn login(
        &self,
        request: Request<pb::LoginRequest>,
    ) -> Result<Response<pb::LoginResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let user = self
            .users
            .login(&who, texts::current())
            .await
            .map_err(status)?;
        Ok(Response::new(pb::LoginResponse {
            user: Some(user_to_pb(user)),
        }))
    }

    async fn get_user(
        &self,
        request: Request<pb::GetUserRequest>,
    ) -> Result<Response<pb::GetUserResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let user = self
            .users
            .get(&who, texts::current())
            .await
            .map_err(status)?;
        Ok(Response::new(pb::GetUserResponse {
            user: Some(user_to_pb(user)),
        }))
    }

    async fn update_user(
        &self,
        request: Request<pb::UpdateUserRequest>,
    ) -> Result<Response<pb::UpdateUserResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let update = ProfileUpdate {
            display_name: r.display_name,
            phone: r.phone.map(|p| Some((p.country_code, p.number))),
            line_id: r.line_id,
            zalo_id: r.zalo_id,
            whatsapp_id: r.whatsapp_id,
            language: r.preferred_language,
        };
        let user = self.users.update(&who, update).await.map_err(status)?;
        Ok(Response::new(pb::UpdateUserResponse {
            user: Some(user_to_pb(user)),
        }))
    }
}
