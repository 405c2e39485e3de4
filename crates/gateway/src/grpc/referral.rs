//! A customer's invitations: their code and standing, and claiming a friend's.

use domain::identity::IdentityService;
use domain::referrals::ReferralService;
use tonic::{Request, Response, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::pb;
use crate::wire::referral::mine_to_pb;

pub(crate) struct Referrals {
    identity: IdentityService,
    referrals: ReferralService,
}

impl Referrals {
    pub(crate) fn new(identity: IdentityService, referrals: ReferralService) -> Self {
        Self {
            identity,
            referrals,
        }
    }
}

#[tonic::async_trait]
impl pb::referral_service_server::ReferralService for Referrals {
    async fn get_referral(
        &self,
        request: Request<pb::GetReferralRequest>,
    ) -> Result<Response<pb::GetReferralResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let mine = self.referrals.mine(&who.user_id).await.map_err(status)?;
        Ok(Response::new(mine_to_pb(&mine)))
    }

    async fn claim_referral(
        &self,
        request: Request<pb::ClaimReferralRequest>,
    ) -> Result<Response<pb::ClaimReferralResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let code = request.into_inner().code;
        let claim = self
            .referrals
            .claim(&who.user_id, &code)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::ClaimReferralResponse {
            referred_vnd: claim.terms.referred.amount(),
            credit_days: claim.terms.credit_days.unwrap_or(0),
        }))
    }
}
