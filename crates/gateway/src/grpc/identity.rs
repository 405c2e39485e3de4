use domain::identity::IdentityService;
use tonic::{Request, Response, Status};

use crate::auth::{client_addr, grpc_caller};
use crate::error::status;
use crate::pb;
use crate::texts;
use crate::wire::identity::{mode_to_pb, session_to_pb};

pub(crate) struct Identity {
    service: IdentityService,
}

impl Identity {
    pub(crate) fn new(service: IdentityService) -> Self {
        Self { service }
    }
}

#[tonic::async_trait]
impl pb::identity_service_server::IdentityService for Identity {
    async fn sign_up(
        &self,
        request: Request<pb::SignUpRequest>,
    ) -> Result<Response<pb::SignUpResponse>, Status> {
        let client = client_addr(request.extensions());
        let r = request.into_inner();
        let session = self
            .service
            .sign_up(
                &r.email,
                &r.password,
                &r.continue_url,
                &client,
                texts::current(),
            )
            .await
            .map_err(status)?;
        Ok(Response::new(pb::SignUpResponse {
            session: Some(session_to_pb(session)),
        }))
    }

    async fn sign_in_with_password(
        &self,
        request: Request<pb::SignInWithPasswordRequest>,
    ) -> Result<Response<pb::SignInWithPasswordResponse>, Status> {
        let client = client_addr(request.extensions());
        let r = request.into_inner();
        let session = self
            .service
            .sign_in(&r.email, &r.password, &client)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::SignInWithPasswordResponse {
            session: Some(session_to_pb(session)),
        }))
    }

    async fn refresh_token(
        &self,
        request: Request<pb::RefreshTokenRequest>,
    ) -> Result<Response<pb::RefreshTokenResponse>, Status> {
        let r = request.into_inner();
        let session = self
            .service
            .refresh(&r.refresh_token)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::RefreshTokenResponse {
            session: Some(session_to_pb(session)),
        }))
    }

    async fn sign_out(
        &self,
        request: Request<pb::SignOutRequest>,
    ) -> Result<Response<pb::SignOutResponse>, Status> {
        let who = grpc_caller(&self.service, &request).await?;
        self.service.sign_out(&who).await.map_err(status)?;
        Ok(Response::new(pb::SignOutResponse {}))
    }

    async fn send_verification_email(
        &self,
        request: Request<pb::SendVerificationEmailRequest>,
    ) -> Result<Response<pb::SendVerificationEmailResponse>, Status> {
        let who = grpc_caller(&self.service, &request).await?;
        let r = request.into_inner();
        self.service
            .send_verification_email(&who, &r.continue_url)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::SendVerificationEmailResponse {}))
    }

    async fn check_action_code(
        &self,
        request: Request<pb::CheckActionCodeRequest>,
    ) -> Result<Response<pb::CheckActionCodeResponse>, Status> {
        let info = self
            .service
            .check_action_code(&request.into_inner().oob_code)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::CheckActionCodeResponse {
            mode: mode_to_pb(info.mode).into(),
            email: info.email.as_str().into(),
            password_min_length: u32::try_from(info.password_min).unwrap_or(u32::MAX),
        }))
    }

    async fn apply_action_code(
        &self,
        request: Request<pb::ApplyActionCodeRequest>,
    ) -> Result<Response<pb::ApplyActionCodeResponse>, Status> {
        let info = self
            .service
            .apply_action_code(&request.into_inner().oob_code)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::ApplyActionCodeResponse {
            email: info.email.as_str().into(),
        }))
    }

    async fn send_password_reset(
        &self,
        request: Request<pb::SendPasswordResetRequest>,
    ) -> Result<Response<pb::SendPasswordResetResponse>, Status> {
        let client = client_addr(request.extensions());
        let r = request.into_inner();
        self.service
            .send_password_reset(&r.email, &r.continue_url, &client, texts::current())
            .await
            .map_err(status)?;
        Ok(Response::new(pb::SendPasswordResetResponse {}))
    }

    async fn confirm_password_reset(
        &self,
        request: Request<pb::ConfirmPasswordResetRequest>,
    ) -> Result<Response<pb::ConfirmPasswordResetResponse>, Status> {
        let r = request.into_inner();
        let info = self
            .service
            .confirm_password_reset(&r.oob_code, &r.new_password)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::ConfirmPasswordResetResponse {
            email: info.email.as_str().into(),
        }))
    }

    async fn change_password(
        &self,
        request: Request<pb::ChangePasswordRequest>,
    ) -> Result<Response<pb::ChangePasswordResponse>, Status> {
        let who = grpc_caller(&self.service, &request).await?;
        let r = request.into_inner();
        let session = self
            .service
            .change_password(&who, &r.current_password, &r.new_password)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::ChangePasswordResponse {
            session: Some(session_to_pb(session)),
        }))
    }

    async fn change_email(
        &self,
        request: Request<pb::ChangeEmailRequest>,
    ) -> Result<Response<pb::ChangeEmailResponse>, Status> {
        let who = grpc_caller(&self.service, &request).await?;
        let r = request.into_inner();
        let session = self
            .service
            .change_email(&who, &r.password, &r.new_email, &r.continue_url)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::ChangeEmailResponse {
            session: Some(session_to_pb(session)),
        }))
    }
}
