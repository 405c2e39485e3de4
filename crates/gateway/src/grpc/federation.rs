use domain::identity::IdentityService;
use domain::identity::federation::ProviderTrust;
use tonic::{Request, Response, Status};

use crate::auth::{client_addr, grpc_caller};
use crate::error::status;
use crate::pb;
use crate::wire::identity::session_to_pb;

pub(crate) struct Federation {
    service: IdentityService,
}

impl Federation {
    pub(crate) fn new(service: IdentityService) -> Self {
        Self { service }
    }
}

fn provider_to_pb(p: &ProviderTrust) -> pb::IdentityProvider {
    pb::IdentityProvider {
        id: p.id.as_str().into(),
        display_name: p.display_name_in(crate::texts::current()).into(),
    }
}

#[tonic::async_trait]
impl pb::federation_service_server::FederationService for Federation {
    async fn list_providers(
        &self,
        _: Request<pb::ListProvidersRequest>,
    ) -> Result<Response<pb::ListProvidersResponse>, Status> {
        Ok(Response::new(pb::ListProvidersResponse {
            providers: self
                .service
                .providers()
                .iter()
                .map(provider_to_pb)
                .collect(),
        }))
    }

    async fn begin_sign_in(
        &self,
        request: Request<pb::BeginSignInRequest>,
    ) -> Result<Response<pb::BeginSignInResponse>, Status> {
        let who = if request.get_ref().link {
            Some(grpc_caller(&self.service, &request).await?)
        } else {
            None
        };
        let client = client_addr(request.extensions());
        let r = request.into_inner();
        let start = self
            .service
            .begin_federated(
                &r.provider,
                &r.return_to,
                who.as_ref(),
                r.reauthenticate,
                &client,
            )
            .await
            .map_err(status)?;
        Ok(Response::new(pb::BeginSignInResponse {
            authorization_url: start.authorization_url,
            state: start.state,
        }))
    }

    async fn finish_held_sign_in(
        &self,
        request: Request<pb::FinishHeldSignInRequest>,
    ) -> Result<Response<pb::FinishHeldSignInResponse>, Status> {
        let client = client_addr(request.extensions());
        let r = request.into_inner();
        let (session, return_to) = self
            .service
            .finish_held(&r.ticket, &r.email, &r.password, &client)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::FinishHeldSignInResponse {
            session: Some(session_to_pb(session)),
            return_to,
        }))
    }

    async fn get_ways_in(
        &self,
        request: Request<pb::GetWaysInRequest>,
    ) -> Result<Response<pb::GetWaysInResponse>, Status> {
        let who = grpc_caller(&self.service, &request).await?;
        let ways = self.service.ways_in(&who).await.map_err(status)?;
        Ok(Response::new(pb::GetWaysInResponse {
            linked: ways
                .linked
                .iter()
                .map(|(link, trust)| pb::LinkedProvider {
                    provider: Some(provider_to_pb(trust)),
                    email: link.email.clone(),
                    linked_at_ms: link.linked_at.timestamp_millis(),
                })
                .collect(),
            linkable: ways.linkable.iter().map(provider_to_pb).collect(),
            has_password: ways.has_password,
            can_unlink: ways.can_unlink(),
        }))
    }

    async fn unlink_provider(
        &self,
        request: Request<pb::UnlinkProviderRequest>,
    ) -> Result<Response<pb::UnlinkProviderResponse>, Status> {
        let who = grpc_caller(&self.service, &request).await?;
        self.service
            .unlink_provider(&who, &request.get_ref().provider)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::UnlinkProviderResponse {}))
    }

    async fn set_password(
        &self,
        request: Request<pb::SetPasswordRequest>,
    ) -> Result<Response<pb::SetPasswordResponse>, Status> {
        let who = grpc_caller(&self.service, &request).await?;
        let session = self
            .service
            .set_password(&who, &request.get_ref().new_password)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::SetPasswordResponse {
            session: Some(session_to_pb(session)),
        }))
    }
}
