//! Admins' referral program: what inviting a friend gives.

use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;
use crate::wire::referral::{program_from_pb, program_to_pb};

pub(super) async fn get_referral_program(
    ops: &Operators,
    request: Request<pb::GetReferralProgramRequest>,
) -> Result<Response<pb::GetReferralProgramResponse>, Status> {
    let by = ops.admin(&request).await?;
    let program = ops.s.referrals.program(&by).await.map_err(status)?;
    Ok(Response::new(pb::GetReferralProgramResponse {
        program: Some(program_to_pb(&program)),
    }))
}

pub(super) async fn update_referral_program(
    ops: &Operators,
    request: Request<pb::UpdateReferralProgramRequest>,
) -> Result<Response<pb::UpdateReferralProgramResponse>, Status> {
    let by = ops.admin(&request).await?;
    let work = async {
        let program = program_from_pb(request.into_inner().program)?;
        ops.s.referrals.save_program(&by, &program).await?;
        Ok(program)
    };
    let program = work.await.map_err(status)?;
    Ok(Response::new(pb::UpdateReferralProgramResponse {
        program: Some(program_to_pb(&program)),
    }))
}
